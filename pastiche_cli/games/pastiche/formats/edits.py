"""The change each move makes to a position file: one function per kind of move (SPEC 3, 7).

Each works on the file's round-trip YAML (comments kept, through formats/yamledit and the palette
and player helpers of cli/apply) and is derived from the move and the positions before and after
it, never from a command's options. Each returns notes for the user (what it took out, what it
changed). The driver, cli/apply.apply_move, then re-reads the text and checks it is the position
`apply` computed.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Sequence

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.board import same_hex
from pastiche_cli.games.pastiche.core.commissions import CommissionStatus, find_commission, statuses
from pastiche_cli.games.pastiche.core.moves import (TRADES, BankTrade, Complete, Discard, DrawCommission, DrawHex,
                                                    End, Move, Place, PlayerTrade, Swap, catalogue_card)
from pastiche_cli.games.pastiche.core.notation import parse_hex
from pastiche_cli.games.pastiche.core.position import Commission, Position


def edit(data, moves: Sequence[Move], positions: Sequence[Position]) -> list[str]:
    """Make the edits of `moves` in order (positions[i] is the one before moves[i]); the notes.

    A run of trades is recorded as one change of each hand, from before the first to after the last.
    """
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


# --- helpers -------------------------------------------------------------------------------------

def _flow_seq(items):
    from ruamel.yaml.comments import CommentedSeq

    seq = CommentedSeq(items)
    seq.fa.set_flow_style()
    return seq


def _list(parent, key: str):
    """parent[key] as a list to add to, made (`key: []`-style) when the file has none."""
    found = parent.get(key)
    if found is None:
        found = parent[key] = _flow_seq([])
    return found


def _append(seq, item) -> None:
    from pastiche_cli.formats.yamledit import adding_at_end

    adding_at_end(seq, lambda: seq.append(item))


def _node(data, position: Position, name: str):
    from pastiche_cli.cli.apply import player_node

    return player_node(data, position.player(name).name)


def _status(position: Position, name: str, ref: str) -> CommissionStatus:
    return find_commission(statuses(position, position.player(name)), ref)


def _phase(data, before: Position, after: Position, notes: list[str]) -> None:
    """Record a phase the move moved on (a file that gives no phase keeps none)."""
    if before.turn is None or after.turn is None or before.turn.phase == after.turn.phase:
        return
    turn = data.get("turn")
    if turn is not None and hasattr(turn, "get") and turn.get("phase") is not None:
        turn["phase"] = after.turn.phase
        notes.append(f"turn.phase is now {after.turn.phase}")


def _commission_entry(data, card: Commission):
    """A commission as the file writes it: its id when the file's own catalogue has it, else the card on one line."""
    from ruamel.yaml.comments import CommentedMap

    catalogue = data.get("catalogue")
    if card.id is not None and hasattr(catalogue, "get") and card.id in catalogue:
        return card.id
    entry = CommentedMap()
    entry["title"], entry["artist"], entry["points"] = card.title, card.artist, card.points
    entry["palette"] = _flow_seq(list(card.palette))
    if card.artist_bonus is not None:
        entry["artist_bonus"] = card.artist_bonus
    entry.fa.set_flow_style()
    return entry


# --- one edit per kind of move -------------------------------------------------------------------

def place(data, move: Place, before: Position, after: Position) -> list[str]:
    """[place] The hex joins board.placed, leaves the player's hexes, and its cards join the palette."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    from pastiche_cli.cli.apply import change_palette
    from pastiche_cli.formats.yamledit import delete_item

    name = before.player(move.player).name
    notes: list[str] = []
    board = data["board"]
    entry = CommentedMap()
    entry["at"] = _flow_seq(list(move.at))
    entry["hex"] = str(move.hex)
    entry["by"] = name
    entry.fa.set_flow_style()
    placed = board.get("placed")
    if placed is None:
        placed = board["placed"] = CommentedSeq()
    if not placed:
        placed.fa.set_block_style()
    _append(placed, entry)
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
        palette.fa.set_flow_style()    # an empty palette is written [] or {}: it stays on one line
    change_palette(node, Counter(), taken)
    cards = colours.as_list(taken)
    notes.append(f"{name} takes: {', '.join(cards) if cards else 'nothing'}")
    _phase(data, before, after, notes)
    return notes


def trades(data, moves: Sequence[BankTrade | PlayerTrade], before: Position, after: Position) -> list[str]:
    """[trade] Each hand the trades changed, from what it held before to what it holds after."""
    from pastiche_cli.cli.apply import change_palette

    for p in before.players:
        held, now = Counter(p.palette), Counter(after.player(p.name).palette)
        if +held != +now:
            change_palette(_node(data, before, p.name), +(held - now), +(now - held))
    return []


def swap(data, move: Swap, before: Position, after: Position) -> list[str]:
    """[commission.swap] The two cards change places, and the turn remembers its swap is used."""
    give, take = _status(before, move.player, move.give), _status(before, move.player, move.take)
    hand = _node(data, before, move.player)["commissions"]
    gallery = data["gallery"]
    hand[give.index], gallery[take.index] = gallery[take.index], hand[give.index]
    if after.turn is not None and after.turn.swapped:
        data["turn"]["swapped"] = True
    return []


def complete(data, move: Complete, before: Position, after: Position) -> list[str]:
    """[commission.complete] The card moves to `completed`; its palette's cards leave the hand."""
    from pastiche_cli.cli.apply import change_palette
    from pastiche_cli.formats.yamledit import delete_item

    status = _status(before, move.player, move.commission)
    me = _node(data, before, move.player)
    parent, key = (me, "commissions") if status.source == "hand" else (data, "gallery")
    node = parent[key][status.index]
    delete_item(parent, key, status.index)
    if me.get("completed") is None:
        from ruamel.yaml.comments import CommentedSeq

        me["completed"] = CommentedSeq()
    _append(me["completed"], node)
    change_palette(me, status.commission.needs, Counter())
    return []


def draw_commission(data, move: DrawCommission, before: Position, after: Position) -> list[str]:
    """[commission.complete] The card drawn joins the hand or the gallery, where the completed one was."""
    card = catalogue_card(before, move.commission)
    if before.pending_draw[1] == "hand":
        target = _list(_node(data, before, move.player), "commissions")
    else:
        target = _list(data, "gallery")
    _append(target, _commission_entry(data, card))
    return []


def discard(data, move: Discard, before: Position, after: Position) -> list[str]:
    """[cleanup.hand-limit] The cards leave the palette."""
    from pastiche_cli.cli.apply import change_palette

    change_palette(_node(data, before, move.player), Counter(move.cards), Counter())
    notes: list[str] = []
    _phase(data, before, after, notes)
    return notes


def draw_hex(data, move: DrawHex, before: Position, after: Position) -> list[str]:
    """[cleanup.draw] The hex joins the player's hexes."""
    _append(_list(_node(data, before, move.player), "hexes"), str(move.hex))
    notes: list[str] = []
    _phase(data, before, after, notes)
    return notes


def end(data, move: End, before: Position, after: Position) -> list[str]:
    """The turn passes: `turn:` names the next player, in the mixing phase, with no swap used."""
    from ruamel.yaml.comments import CommentedMap

    from pastiche_cli.formats.yamledit import delete_item

    turn = data.get("turn")
    if turn is None:
        turn = CommentedMap()
        turn.fa.set_flow_style()
        data["turn"] = turn
    turn["player"] = after.turn.player
    turn["phase"] = after.turn.phase
    if "swapped" in turn:
        delete_item(data, "turn", "swapped")
    return [f"it is {after.turn.player}'s turn now"]


EDITS: dict[type, Callable] = {Place: place, BankTrade: trades, PlayerTrade: trades, Swap: swap, Complete: complete,
                               DrawCommission: draw_commission, Discard: discard, DrawHex: draw_hex, End: end}
