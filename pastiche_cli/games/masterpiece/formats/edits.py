"""The edit each Masterpiece move makes to a position file's round-trip YAML, comments kept.

`edit_present` and `edit_review` change the loaded data the way core/moves.py's apply changes the
position; `summary` is what the re-read file must equal (cards as sets, theses in order), so a
written file is always the position the move computed.
"""

from __future__ import annotations

from pastiche_cli.formats.yamledit import Refused, append_item, delete_item
from pastiche_cli.games.masterpiece.core.deck import CardError, parse_card
from pastiche_cli.games.masterpiece.core.position import Position


def _flow_seq(items):
    from ruamel.yaml.comments import CommentedSeq

    seq = CommentedSeq(items)
    seq.fa.set_flow_style()
    return seq


def _flow_map(pairs):
    from ruamel.yaml.comments import CommentedMap

    entry = CommentedMap(pairs)
    entry.fa.set_flow_style()
    return entry


def _player(data, name: str):
    for entry in data.get("players") or []:
        if str(entry.get("name", "")).strip() == name:
            return entry
    raise Refused(f"the file has no player {name} to edit")


def _card_of(item):
    try:
        return parse_card(str(item))
    except CardError:
        return None


def _list(parent, key):
    if parent.get(key) is None:
        parent[key] = _flow_seq([])
    return parent[key]


def _remove_cards(parent, key, cards) -> None:
    items = parent.get(key) or []
    doomed = [i for i, item in enumerate(items) if _card_of(item) in set(cards)]
    if len(doomed) != len(set(cards)):
        raise Refused(f"the file's {key} does not hold every card to take out")
    for i in reversed(doomed):
        delete_item(parent, key, i)


def _add_card(parent, key, card) -> None:
    _list(parent, key)
    append_item(parent, key, str(card))


def _after_turn(data, before: Position, after: Position) -> None:
    if after.end != before.end and after.end is not None:
        if data.get("end") is None:
            data["end"] = _flow_map([("triggered_by", after.end.triggered_by)])
        end = data["end"]
        if after.end.triggered_by and end.get("triggered_by") is None:
            end["triggered_by"] = after.end.triggered_by
        if after.end.turns_taken:
            if end.get("turns_taken") is None:
                end["turns_taken"] = _flow_map([])
            for name, n in after.end.turns_taken:
                end["turns_taken"][name] = n
    if after.turn is not None and before.turn is not None and after.turn.player != before.turn.player:
        data["turn"]["player"] = after.turn.player


def edit_present(data, before: Position, after: Position, verdict, gifts) -> None:
    player = _player(data, verdict.player)
    hand_cards = [c for part in verdict.assignment for c, s in part.cards if s.owner is None]
    _remove_cards(player, "hand", hand_cards + [g.card for g in gifts])
    if verdict.accepted:
        _list(player, "accepted")
        append_item(player, "accepted", _flow_map([("thesis", verdict.thesis), ("card", str(hand_cards[0]))]))
    else:
        laid = next(t for t in after.player(verdict.player).published if t.thesis == verdict.thesis)
        _list(player, "published")
        append_item(player, "published", _flow_map([("thesis", verdict.thesis),
                                                    ("cards", _flow_seq([str(c) for c in laid.cards]))]))
    for g in gifts:
        _add_card(_player(data, g.to), "hand", g.card)
    _after_turn(data, before, after)


def edit_review(data, before: Position, after: Position, verdict) -> None:
    author = _player(data, verdict.author)
    entries = author.get("published") or []
    index = next((i for i, e in enumerate(entries) if str(e.get("thesis", "")).strip() == verdict.thesis), None)
    if index is None:
        raise Refused(f"the file has no published '{verdict.thesis}' of {verdict.author}")
    if verdict.accepted:
        delete_item(author, "published", index)
        _list(author, "accepted")
        append_item(author, "accepted", _flow_map([("thesis", verdict.thesis), ("card", str(verdict.left[0]))]))
    else:
        _remove_cards(entries[index], "cards", [verdict.card])
    _add_card(_player(data, verdict.reviewer), "hand", verdict.card)
    _after_turn(data, before, after)


def summary(position: Position) -> tuple:
    """What a move may change, in a form where card order and locations do not matter."""
    return (tuple((p.name, frozenset(p.hand), tuple((t.thesis, frozenset(t.cards)) for t in p.published),
                   tuple((t.thesis, t.cards) for t in p.accepted)) for p in position.players),
            frozenset(position.discard),
            (position.end.triggered_by, frozenset(position.end.turns_taken)) if position.end else None,
            position.turn.player if position.turn else None)
