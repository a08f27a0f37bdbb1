"""The change a move makes to an Artline position file (comments kept), derived from the positions before and
after it, never from a command's options; `difference` says how a re-read file differs from the position meant.
"""

from __future__ import annotations

from collections.abc import Mapping

from pastiche_cli.formats.yamledit import append_block, flow
from pastiche_cli.formats.yamledit import named_player_node as player_node
from pastiche_cli.games.artline.core.position import DRAW, Painting, Position


def _common(data, before: Position, after: Position, notes: list[str]) -> None:
    """Hands, deck, discard pile and turn: whatever changed between the two positions."""
    for old, new in zip(before.players, after.players):
        if old.hand != new.hand:
            player_node(data, new.name)["hand"] = new.hand
            notes.append(f"{new.name}'s hand {old.hand} to {new.hand}")
    if before.deck != after.deck:
        data["deck"] = after.deck
        notes.append(f"deck {before.deck} to {after.deck}")
    if before.discard != after.discard:
        data["discard"] = after.discard
        notes.append(f"discard pile {before.discard} to {after.discard}")
    if before.turn != after.turn and after.turn is not None:
        turn = data.get("turn")
        if isinstance(turn, Mapping):
            turn["player"] = after.turn
        else:
            data["turn"] = flow({"player": after.turn}, mapping=True)
        notes.append(f"it is {after.turn}'s turn now")
    if before.phase != after.phase and after.turn is not None:
        turn = data["turn"]
        if after.phase == DRAW:
            turn["phase"] = DRAW
            notes.append(f"{after.turn} owes the draw that ends the turn")
        elif "phase" in turn:
            del turn["phase"]


def place(data, before: Position, after: Position) -> list[str]:
    """The new painting joins the table, each gallery it opened joins galleries; hands, deck and turn follow."""
    notes: list[str] = []
    painting: Painting = after.table[-1]
    laid = {"at": list(painting.at), "orientation": painting.orientation, "by": painting.by}
    append_block(data, "table", flow(laid, mapping=True))
    notes.append(f"a painting at [{painting.at[0]}, {painting.at[1]}] by {painting.by}")
    for gallery in after.galleries[len(before.galleries) :]:
        opened = {gallery.line.axis: gallery.line.index, "feature": gallery.feature, "opened_by": gallery.opened_by}
        append_block(data, "galleries", flow(opened, mapping=True))
        notes.append(f"the {gallery.line} gallery '{gallery.feature}'")
    _common(data, before, after, notes)
    return notes


def draw(data, before: Position, after: Position) -> list[str]:
    """A discard, or the draw that ends a turn: the hands, the deck, the discard pile and the turn."""
    notes: list[str] = []
    _common(data, before, after, notes)
    return notes


discard = draw


def edit(data, moves, positions) -> list[str]:
    """The turn's edit: a place (or a discard) and the draw that ends it change the file as one step."""
    from pastiche_cli.games.artline.core.moves import Place

    change = place if isinstance(moves[0], Place) else draw
    return change(data, positions[0], positions[-1])


def difference(written: Position, meant: Position) -> str | None:
    """How a re-read file differs from the position meant, in a sentence, or None when it is the same."""
    if [(p.name, p.hand) for p in written.players] != [(p.name, p.hand) for p in meant.players]:
        return "the rewritten players' hands are not what the move leaves"
    laid = [sorted((p.at, p.orientation, p.by) for p in position.table) for position in (written, meant)]
    if laid[0] != laid[1]:
        return "the rewritten table is not what the move leaves"
    if sorted((g.line, g.feature) for g in written.galleries) != sorted((g.line, g.feature) for g in meant.galleries):
        return "the rewritten galleries are not what the move leaves"
    counts = [(position.deck, position.discard, position.turn, position.phase) for position in (written, meant)]
    if counts[0] != counts[1]:
        return "the rewritten deck, discard pile or turn is not what the move leaves"
    return None
