"""The change each move makes to a position file's round-trip YAML, comments kept (SPEC 3, 7)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from pastiche_cli.formats.yamledit import Refused, append_block, append_to, flow
from pastiche_cli.formats.yamledit import named_player_node as player_node  # names read as the loader reads them
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.board import same_hex
from pastiche_cli.games.pastiche.core.commissions import CommissionStatus, catalogue_card, find_commission, statuses
from pastiche_cli.games.pastiche.core.moves import (
    TRADES,
    BankTrade,
    Complete,
    Discard,
    DrawCommission,
    DrawHex,
    End,
    Move,
    Place,
    PlayerTrade,
    Swap,
)
from pastiche_cli.games.pastiche.core.notation import parse_hex
from pastiche_cli.games.pastiche.core.position import Commission, Position


def edit(data, moves: Sequence[Move], positions: Sequence[Position]) -> list[str]:
    """Make the edits of `moves` in order (positions[i] is before moves[i]), a run of trades as one; the notes."""
    notes: list[str] = []
    i = 0
    while i < len(moves):
        if isinstance(moves[i], TRADES):
            j = i
            while j < len(moves) and isinstance(moves[j], TRADES):
                j += 1
            notes += trades(data, moves[i:j], positions[i], positions[j])
            i = j
            continue
        notes += EDITS[type(moves[i])](data, moves[i], positions[i], positions[i + 1])
        i += 1
    return notes


def _node(data, position: Position, name: str):
    return player_node(data, position.player(name).name)


def _status(position: Position, name: str, ref: str) -> CommissionStatus:
    return find_commission(statuses(position, position.player(name)), ref)


def _phase(data, before: Position, after: Position, notes: list[str] | None = None) -> list[str]:
    """Record a phase the move moved on (a file that gives no phase keeps none); the notes, said."""
    notes = [] if notes is None else notes
    if before.turn is None or after.turn is None or before.turn.phase == after.turn.phase:
        return notes
    turn = data.get("turn")
    if turn is not None and hasattr(turn, "get") and turn.get("phase") is not None:
        turn["phase"] = after.turn.phase
        notes.append(f"turn.phase is now {after.turn.phase}")
    if before.turn.swapped and not after.turn.swapped and hasattr(turn, "get") and "swapped" in turn:
        from pastiche_cli.formats.yamledit import delete_item

        delete_item(data, "turn", "swapped")  # a flag left from an earlier turn
        notes.append("turn.swapped cleared: no swap has been made this painting phase")
    return notes


def _commission_entry(data, card: Commission):
    """A commission as the file writes it: its id when the file's own catalogue has it, else the card on one line."""
    from pastiche_cli.games.pastiche.formats.catalogue import card_mapping

    catalogue = data.get("catalogue")
    if card.id is not None and hasattr(catalogue, "get") and card.id in catalogue:
        return card.id
    return card_mapping(card)  # quoted where YAML would misread a title, as the catalogue writes it


def change_palette(node, remove: Mapping[str, int], add: Mapping[str, int]) -> None:
    """Take `remove` out of a player's palette and put `add` in (first, so comments stay put), style kept."""
    remove, add = +(Counter(remove) - Counter(add)), +(Counter(add) - Counter(remove))
    palette = node.get("palette")
    if palette is None:
        from ruamel.yaml.comments import CommentedSeq

        palette = CommentedSeq()
        palette.fa.set_flow_style()
        node["palette"] = palette
    from pastiche_cli.formats.yamledit import adding_at_end, delete_item

    if isinstance(palette, list):
        held = len(palette)
        adding_at_end(palette, lambda: palette.extend(colours.as_list(add)))
        for card, n in remove.items():
            for _ in range(n):
                index = next((i for i in range(held - 1, -1, -1) if colours.parse_card(palette[i]) == card), None)
                if index is None:
                    raise Refused(f"the palette does not hold the {card} to remove")
                delete_item(node, "palette", index)
                held -= 1
        return
    if isinstance(palette, Mapping):
        keys = {colours.parse_card(k): k for k in palette}
        for card in remove:
            key = keys.get(card)
            if key is None or int(palette[key]) < remove[card]:
                raise Refused(f"the palette does not hold the {card} to remove")

        def count_in() -> None:
            for card, n in colours.ordered(add):
                key = keys.get(card)
                if key is None:
                    palette[card] = n
                    keys[card] = card
                else:
                    palette[key] = int(palette[key]) + n

        adding_at_end(palette, count_in)
        for card, n in remove.items():
            key = keys[card]
            left = int(palette[key]) - n
            if left:
                palette[key] = left
            else:
                delete_item(node, "palette", key)
        return
    raise Refused("the palette is neither a list nor a mapping")


def place(data, move: Place, before: Position, after: Position) -> list[str]:
    """[place] The hex joins board.placed, leaves the player's hexes, and its cards join the palette."""
    from pastiche_cli.formats.yamledit import delete_item

    name = before.player(move.player).name
    notes: list[str] = []
    append_block(data["board"], "placed", flow({"at": list(move.at), "hex": str(move.hex), "by": name}, mapping=True))
    node = _node(data, before, name)
    hexes = node.get("hexes")
    if hexes:
        for i, text in enumerate(hexes):
            if same_hex(parse_hex(str(text)), move.hex):
                delete_item(node, "hexes", i)
                notes.append(f"took {text} out of {name}'s hexes")
                break
        else:
            notes.append(f"{name}'s hexes do not list {move.hex} in any rotation; left as they are")
    taken = Counter(after.player(name).palette) - Counter(before.player(name).palette)
    palette = node.get("palette")
    if palette is not None and not palette:
        palette.fa.set_flow_style()  # an empty palette is written [] or {}: it stays on one line
    change_palette(node, Counter(), taken)
    cards = colours.as_list(taken)
    notes.append(f"{name} takes: {', '.join(cards) if cards else 'nothing'}")
    return _phase(data, before, after, notes)


def trades(data, moves: Sequence[BankTrade | PlayerTrade], before: Position, after: Position) -> list[str]:
    """[trade] Each hand the trades changed, from what it held before to what it holds after."""
    for p in before.players:
        held, now = Counter(p.palette), Counter(after.player(p.name).palette)
        if +held != +now:
            change_palette(_node(data, before, p.name), +(held - now), +(now - held))
    return []


def swap(data, move: Swap, before: Position, after: Position) -> list[str]:
    """[commission.swap] The two cards change places, and the turn remembers its swap is used."""
    from pastiche_cli.formats.yamledit import swap_items

    give, take = _status(before, move.player, move.give), _status(before, move.player, move.take)
    # Each card takes its end-of-line comment along to its new place.
    swap_items(_node(data, before, move.player), "commissions", give.index, data, "gallery", take.index)
    if after.turn is not None and after.turn.swapped:
        data["turn"]["swapped"] = True
    return []


def complete(data, move: Complete, before: Position, after: Position) -> list[str]:
    """[commission.complete] The card moves to `completed`; its palette's cards leave the hand."""
    from pastiche_cli.formats.yamledit import move_item

    status = _status(before, move.player, move.commission)
    me = _node(data, before, move.player)
    parent, key = (me, "commissions") if status.source == "hand" else (data, "gallery")
    if me.get("completed") is None:
        from ruamel.yaml.comments import CommentedSeq

        me["completed"] = CommentedSeq()
    move_item(parent, key, status.index, me, "completed")  # its end-of-line comment goes along
    change_palette(me, status.commission.needs, Counter())
    return []


def draw_commission(data, move: DrawCommission, before: Position, after: Position) -> list[str]:
    """[commission.complete] The card drawn joins the hand or the gallery, where the completed one was."""
    card = catalogue_card(before, move.commission)
    to_hand = before.pending_draw[1] == "hand"
    parent, key = (_node(data, before, move.player), "commissions") if to_hand else (data, "gallery")
    append_to(parent, key, _commission_entry(data, card))
    return []


def discard(data, move: Discard, before: Position, after: Position) -> list[str]:
    """[cleanup.hand-limit] The cards leave the palette."""
    change_palette(_node(data, before, move.player), Counter(move.cards), Counter())
    return _phase(data, before, after)


def draw_hex(data, move: DrawHex, before: Position, after: Position) -> list[str]:
    """[cleanup.draw] The hex joins the player's hexes."""
    append_to(_node(data, before, move.player), "hexes", str(move.hex))
    return _phase(data, before, after)


def end(data, move: End, before: Position, after: Position) -> list[str]:
    """The turn passes: `turn:` names the next player, in the mixing phase, with no swap used."""
    from pastiche_cli.formats.yamledit import delete_item

    turn = data.get("turn")
    if turn is None:
        turn = data["turn"] = flow(mapping=True)
    turn["player"] = after.turn.player
    turn["phase"] = after.turn.phase
    if "swapped" in turn:
        delete_item(data, "turn", "swapped")
    return [f"it is {after.turn.player}'s turn now"]


EDITS: dict[type, Callable] = {
    Place: place,
    BankTrade: trades,
    PlayerTrade: trades,
    Swap: swap,
    Complete: complete,
    DrawCommission: draw_commission,
    Discard: discard,
    DrawHex: draw_hex,
    End: end,
}


def _facts(position: Position) -> dict:
    """What a file edit must get right: hands, commissions, hexes, gallery, board, turn (not where they are written)."""
    from pastiche_cli.kernel.problems import Loc

    def cards(commissions) -> tuple:  # the cards themselves, not how the file names them (an id or inline)
        return tuple(c._replace(loc=Loc(), id=None) for c in commissions)

    out: dict = {}
    for p in position.players:
        out[f"{p.name}'s palette"] = p.palette
        out[f"{p.name}'s commissions"] = cards(p.commissions)
        out[f"{p.name}'s completed commissions"] = cards(p.completed)
        out[f"{p.name}'s hexes"] = p.hexes
    out["the players"] = tuple(p.name for p in position.players)
    out["the gallery"] = cards(position.gallery)
    out["board.placed"] = tuple((h.at, h.hex, h.by) for h in position.placed)
    out["turn"] = None if position.turn is None else (position.turn.player, position.turn.phase, position.turn.swapped)
    return out


def difference(written: Position, meant: Position) -> str | None:
    """Why the re-read file is not the position meant, or None when it is."""
    have, want = _facts(written), _facts(meant)
    for what in want:
        if have.get(what) != want[what]:
            if what.endswith("palette") and what in have:
                return f"{what} would come out as {colours.describe(have[what])}, not {colours.describe(want[what])}"
            return f"{what} would not come out as the move leaves it"
    return None
