"""The edit each Masterpiece move makes to a position file's YAML; `summary` is what the re-read file must equal."""

from __future__ import annotations

from pastiche_cli.formats.yamledit import Refused, append_to, delete_item, flow
from pastiche_cli.games.masterpiece.core.deck import CardError, parse_card
from pastiche_cli.games.masterpiece.core.position import Position


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


def _remove_cards(parent, key, cards) -> None:
    items = parent.get(key) or []
    doomed = [i for i, item in enumerate(items) if _card_of(item) in set(cards)]
    if len(doomed) != len(set(cards)):
        raise Refused(f"the file's {key} does not hold every card to take out")
    for i in reversed(doomed):
        delete_item(parent, key, i)


def _after_turn(data, before: Position, after: Position) -> None:
    if after.end != before.end and after.end is not None:
        if data.get("end") is None:
            data["end"] = flow([("triggered_by", after.end.triggered_by)], mapping=True)
        end = data["end"]
        if after.end.triggered_by and end.get("triggered_by") is None:
            end["triggered_by"] = after.end.triggered_by
        if after.end.turns_taken:
            if end.get("turns_taken") is None:
                end["turns_taken"] = flow([], mapping=True)
            for name, n in after.end.turns_taken:
                end["turns_taken"][name] = n
        if after.end.over is not None and after.end.over != (before.end.over if before.end else None):
            end["over"] = after.end.over
    if after.turn is not None and before.turn is not None and after.turn.player != before.turn.player:
        data["turn"]["player"] = after.turn.player


def _present(data, before: Position, after: Position, move) -> None:
    """A thesis laid (or the end flag): the cards and gifts out of the hand, the thesis under review or accepted."""
    from pastiche_cli.games.masterpiece.core.moves import Flag

    name = move.player
    thesis = after.flag().id if isinstance(move, Flag) else move.thesis
    hand_cards = [move.card] if isinstance(move, Flag) else list(move.cards)
    gifts = () if isinstance(move, Flag) else move.gifts
    player = _player(data, name)
    _remove_cards(player, "hand", hand_cards + [g.card for g in gifts])
    accepted = next((a for a in after.player(name).accepted if a.thesis == thesis), None)
    if accepted is not None and all(a.thesis != thesis for a in before.player(name).accepted):
        append_to(player, "accepted", flow([("thesis", thesis), ("card", str(accepted.cards[0]))], mapping=True))
    else:
        laid = flow([str(c) for c in next(t for t in after.player(name).published if t.thesis == thesis).cards])
        append_to(player, "published", flow([("thesis", thesis), ("cards", laid)], mapping=True))
    for g in gifts:
        append_to(_player(data, g.to), "hand", str(g.card))


def _review(data, before: Position, after: Position, move) -> None:
    """A card taken from under a thesis into the reviewer's hand; the thesis accepted when one card is left."""
    author = _player(data, move.author)
    entries = author.get("published") or []
    index = next((i for i, e in enumerate(entries) if str(e.get("thesis", "")).strip() == move.thesis), None)
    if index is None:
        raise Refused(f"the file has no published '{move.thesis}' of {move.author}")
    accepted = next((a for a in after.player(move.author).accepted if a.thesis == move.thesis), None)
    if accepted is not None:
        delete_item(author, "published", index)
        append_to(author, "accepted", flow([("thesis", move.thesis), ("card", str(accepted.cards[0]))], mapping=True))
    else:
        _remove_cards(entries[index], "cards", [move.card])
    append_to(_player(data, move.player), "hand", str(move.card))


def _research(data, before: Position, after: Position, move) -> None:
    """A card into the hand: the top of the discard pile taken, or the one kept of two drawn (the other discarded)."""
    from pastiche_cli.games.masterpiece.core.moves import TakeDiscard

    if isinstance(move, TakeDiscard):
        items = data.get("discard") or []
        if not items or _card_of(items[-1]) != move.card:
            raise Refused(f"the file's discard pile does not end with {move.card}")
        delete_item(data, "discard", len(items) - 1)
        append_to(_player(data, move.player), "hand", str(move.card))
    else:
        append_to(_player(data, move.player), "hand", str(move.keep))
        append_to(data, "discard", str(move.discard))
        if after.deck_count is not None and data.get("deck") is not None:
            data["deck"] = after.deck_count


def edit(data, moves, positions) -> list[str]:
    """Change the loaded data as the moves did (positions: before, then after each move); no notes to add."""
    from pastiche_cli.games.masterpiece.core.moves import Research, Review, TakeDiscard

    for move, before, after in zip(moves, positions, positions[1:]):
        if isinstance(move, (Research, TakeDiscard)):
            _research(data, before, after, move)
        elif isinstance(move, Review):
            _review(data, before, after, move)
        else:
            _present(data, before, after, move)
        _after_turn(data, before, after)
    return []


def summary(position: Position) -> tuple:
    """What a move may change, where the order of cards in a hand or under a thesis and locations do not matter."""

    def seat(player) -> tuple:
        published = tuple((laid.thesis, frozenset(laid.cards)) for laid in player.published)
        accepted = tuple((laid.thesis, laid.cards) for laid in player.accepted)
        return player.name, frozenset(player.hand), published, accepted

    end = position.end
    ended = (end.triggered_by, frozenset(end.turns_taken), end.over) if end else None
    turn = position.turn.player if position.turn else None
    return tuple(seat(player) for player in position.players), position.discard, position.deck_count, ended, turn


def difference(written: Position, expected: Position) -> str | None:
    """None when the re-read file is the position the moves computed, else what the refusal says."""
    return None if summary(written) == summary(expected) else "the edited file is not the position after the move"
