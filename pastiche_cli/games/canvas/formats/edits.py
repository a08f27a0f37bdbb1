"""The change each Canvas move makes to a position file (comments kept): derived from the moves and the
positions `apply` computed, never from options; and what a re-read file has that `apply` did not compute."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pastiche_cli.formats.yamledit import Refused, adding_at_end, delete_item, flow, scalar_text
from pastiche_cli.formats.yamledit import named_player_node as player_node
from pastiche_cli.games.canvas.core.turns import Take


def record_take(data, name: str, take: Take, drawn: str | None) -> list[str]:
    """Move the taken card to the hand, pay and gain tokens, slide the market; `drawn` refills slot 5."""
    node = player_node(data, name)
    market = data.get("market")
    if not isinstance(market, list) or len(market) < take.slot:
        raise Refused("the file's market is not the one judged")
    for i in range(take.slot - 1):  # one token on each card passed over
        entry = market[i]
        tokens = take.market_after[i].tokens
        if isinstance(entry, Mapping):
            entry["tokens"] = tokens
        else:
            market[i] = flow({"card": scalar_text(entry), "tokens": tokens}, mapping=True)
    delete_item(data, "market", take.slot - 1)
    notes = []
    if drawn is not None:
        adding_at_end(market, lambda: market.append(drawn))
    else:
        notes.append("slot 5 stays empty: the deck is used up")  # (while it holds a card, the take names it)
    hand = node.get("hand")
    if hand is None:
        node["hand"] = flow([take.card])
    else:
        adding_at_end(hand, lambda: hand.append(take.card))
    node["inspiration"] = take.inspiration_after
    return notes


def record_paint(data, name: str, cards: Sequence[str]) -> list[str]:
    """The three cards leave the hand (each entry's comment kept at its place) and become a painting, bottom to top."""
    node = player_node(data, name)
    hand = node.get("hand")
    for card in cards:
        held = [(scalar_text(entry) or "").casefold() for entry in hand or ()]
        at = held.index(card.casefold()) if card.casefold() in held else None
        if at is None:
            raise Refused(f"the file's hand of {name} does not hold {card}")
        delete_item(node, "hand", at)
    painting = flow(list(cards))
    paintings = node.get("paintings")
    if paintings is None:
        node["paintings"] = [painting]
    else:
        adding_at_end(paintings, lambda: paintings.append(painting))
    return []


def record_turn(data, before, after) -> None:
    """`turn:` as the move leaves it, when the file says whose turn it is (a file without it gets none)."""
    if before.turn is None or after.turn == before.turn:
        return
    if after.turn is None:
        data.pop("turn", None)
    else:
        data["turn"] = after.turn


def edit(data, moves: Sequence, positions: Sequence) -> list[str]:
    """Make the edits of `moves` in order (positions[i] is the position before moves[i]); the notes."""
    from pastiche_cli.games.canvas.core.moves import Paint, judge

    notes: list[str] = []
    for i, move in enumerate(moves):
        before, after = positions[i], positions[i + 1]
        name = before.player(move.player).name
        if isinstance(move, Paint):
            notes += record_paint(data, name, move.cards)
        else:
            notes += record_take(data, name, judge(before, move).detail, move.refill)
        record_turn(data, before, after)
    return notes


def facts(position) -> dict:
    """What a position says about the game, by what a message calls it (not where the file writes it)."""
    market = None if position.market is None else [(s.card, s.tokens) for s in position.market]
    out = {"the scoring cards": position.scoring, "the house rules": position.house, "turn": position.turn}
    out |= {"the market": market, "the players": [p.name for p in position.players]}
    for p in position.players:
        out[f"{p.name}'s inspiration"] = p.inspiration
        out[f"{p.name}'s hand"] = p.hand
        out[f"{p.name}'s paintings"] = p.paintings
    return out


def difference(written, meant) -> str | None:
    """Why the re-read file is not the position meant, or None when it is."""
    have, want = facts(written), facts(meant)
    for what in want:
        if have.get(what) != want[what]:
            return f"{what} would not come out as the move leaves it"
    return None
