"""The mixing phase: one hex laid and the mixed cards or a centre primary taken [place]."""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.board import Placement, board_of, judge_placement, same_hex
from pastiche_cli.games.pastiche.core.geometry import Cell, cell_text
from pastiche_cli.games.pastiche.core.notation import HexTile, parse_hex
from pastiche_cli.games.pastiche.core.position import PlacedHex, Player, Position
from pastiche_cli.games.pastiche.core.rule_ids import PLACE, PLACE_BANK, PLACE_CENTRE
from pastiche_cli.games.pastiche.core.turns import MIXING, check_turn, turn_after
from pastiche_cli.kernel.moves import MoveError
from pastiche_cli.kernel.verdict import Verdict


class PlaceJudgement(NamedTuple):
    """A placement's verdict and the cards the player takes with it."""

    placement: Placement
    cards: tuple[str, ...]


def place_verdict(position: Position, me: Player, tile: HexTile, at: Cell, take: str | None) -> Verdict:
    """[place] May the player lay `tile` at `at` now, and take the mixed cards (or the centre primary `take`)?"""
    if position.start is None:
        raise MoveError("the position has no board.start, so no hex can be laid")
    strict = position.house_rules.strict_adjacency
    p = judge_placement(board_of(position), tile, at, bank=position.bank(), player=me.name, strict=strict)
    refused = PlaceJudgement(p, ())
    # Whose turn and which phase first: every kind of move is refused by the same rule when it is not
    # the player's moment, whatever else is wrong with it.
    turn = check_turn(position.turn, [me.name], MIXING, PLACE, f"{me.name} lays a hex")
    if not turn.allowed:
        return turn.refused(refused)
    if not p.legal:
        return Verdict(False, p.rule, p.reason, detail=refused)
    if take is not None and take not in p.centre:
        why = f"the centre of {p.tile} shows {' or '.join(p.centre)}, not {take}"
        return Verdict(False, PLACE_CENTRE, why, turn_checked=turn.checked, detail=refused)
    if take is not None and take in p.centre_short:
        return Verdict(False, PLACE_BANK, f"the bank has no {take} left", turn_checked=turn.checked, detail=refused)
    cards = (take,) if take is not None else tuple(colours.as_list(p.takeable))
    effects = [f"{me.name} lays {p.tile} at {cell_text(p.cell)}", f"{me.name} takes {', '.join(cards) or 'nothing'}"]
    if take is None and p.short:
        effects.append(f"the bank has run out of {', '.join(p.short)}, which cannot be taken [{PLACE_BANK}]")
    unlisted = None
    if (me.hexes_listed or me.hexes) and not any(same_hex(parse_hex(t), tile) for t in me.hexes):
        unlisted = f"{me.name}'s hexes do not list {tile} in any rotation"
    return Verdict(True, p.rule, p.reason, tuple(effects), turn.notes(unlisted), turn.checked, PlaceJudgement(p, cards))


def after_place(position: Position, me: Player, tile: HexTile, at: Cell, verdict: Verdict) -> Position:
    """The hex on the table, out of the player's hexes, the cards taken in hand; painting begins."""
    hexes = list(me.hexes)
    for i, text in enumerate(hexes):
        if same_hex(parse_hex(text), tile):
            del hexes[i]
            break
    after = me._replace(palette=me.palette + Counter(verdict.detail.cards), hexes=tuple(hexes))
    return position.with_players(
        after,
        placed=position.placed + (PlacedHex(at, str(tile), me.name),),
        turn=turn_after(position.turn, MIXING, position, me.name),
    )
