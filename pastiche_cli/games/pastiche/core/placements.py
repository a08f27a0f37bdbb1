"""Every legal placement of a player's hexes, ranked by what it is worth to that player (SPEC 6.4)."""

from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cache
from typing import NamedTuple

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.board import (
    Board,
    Placement,
    corner_context,
    hex_identity,
    judge_placement,
    open_cells,
)
from pastiche_cli.games.pastiche.core.commission_needs import commission_needs
from pastiche_cli.games.pastiche.core.geometry import Cell, corner_sharers, neighbours
from pastiche_cli.games.pastiche.core.notation import HexTile, parse_hex
from pastiche_cli.games.pastiche.core.position import Player


class Option(NamedTuple):
    take: str  # "mix" or "centre:red"
    cards: tuple[str, ...]  # what the player would receive (the bank permitting)
    points: int  # their card values
    needed: tuple[str, ...]  # those the player's commissions in hand still need

    @property
    def worth(self) -> int:
        """Card points, with cards a commission in hand still needs counted twice."""
        return self.points + sum(colours.value(card) for card in self.needed)


class Opening(NamedTuple):
    """An open cell where two equal dabs now meet at a corner: a third there makes that primary."""

    cell: Cell
    corner: int  # the corner of the open cell where they meet
    dab: str


class RankedPlacement(NamedTuple):
    placement: Placement
    options: tuple[Option, ...]
    best: Option
    opens: tuple[Opening, ...]


def shortfall(player: Player) -> Counter:
    """Cards the player's commissions in hand need beyond what their palette holds."""
    return commission_needs(player.commissions) - player.palette


@cache
def _chart_order() -> dict[str, int]:
    return {name: i for i, name in enumerate(colours.card_names())}


@cache
def _values() -> dict[str, int]:
    return {name: kind.value for name, kind in colours.card_kinds().items()}


def options_of(placement: Placement, missing: Mapping[str, int]) -> tuple[Option, ...]:
    """The mixing option and each centre primary, as the player would receive them."""
    order, values = _chart_order(), _values()

    def option(take: str, cards: list[str]) -> Option:
        cards.sort(key=order.__getitem__)
        needed = []
        if missing:  # else no commission in hand lacks a card, and none of these is needed
            left = dict(missing)
            for card in cards:
                if left.get(card, 0) > 0:
                    left[card] -= 1
                    needed.append(card)
        return Option(take, tuple(cards), sum(values[c] for c in cards), tuple(needed))

    out = [option("mix", colours.as_list(placement.takeable) if placement.short else placement.cards)]
    out += [option(f"centre:{c}", [c]) for c in placement.centre_available]
    return tuple(out)


def openings(placement: Placement) -> tuple[Opening, ...]:
    """Corners of the new hex where it meets exactly one hex with the same dab; the third cell is open."""
    out = []
    for m in placement.corners:
        if len(m.others) == 1 and m.others[0][2] == m.own:
            met = m.others[0][0]
            for cell, index in corner_sharers(placement.cell, m.corner):
                if cell != met:
                    out.append(Opening(cell, index, m.own))
    return tuple(out)


def distinct_hexes(hexes: Iterable[str]) -> list[HexTile]:
    """The player's hexes, one of each (two copies of one hex give the same placements)."""
    seen: dict[str, HexTile] = {}
    for text in hexes:
        tile = parse_hex(text)
        seen.setdefault(hex_identity(tile), tile)
    return list(seen.values())


def list_placements(
    board: Board, hexes: Iterable[str], *, player: Player, bank: Mapping[str, int], strict: bool = False
) -> list[RankedPlacement]:
    """Every legal placement of the hexes, in every distinct rotation, best first."""
    missing = shortfall(player)
    cells = open_cells(board)
    moves = []
    around = [
        (cell, corner_context(board, cell), tuple(n for n in neighbours(cell) if n in board.tiles)) for cell in cells
    ]
    name = player.name
    for tile in distinct_hexes(hexes):
        for turned in tile.rotations():
            for cell, context, touching in around:
                p = judge_placement(
                    board, turned, cell, bank=bank, player=name, strict=strict, context=context, touching=touching
                )
                if not p.legal:
                    continue
                options = options_of(p, missing)
                best = max(options, key=lambda o: (o.worth, o.points, len(o.cards), o.take == "mix"))
                moves.append(RankedPlacement(p, options, best, openings(p)))
    order = {cell: i for i, cell in enumerate(cells)}
    # Ties go to the placement that opens fewer primaries to the next player.
    moves.sort(
        key=lambda m: (
            -m.best.worth,
            -m.best.points,
            len(m.opens),
            -len(m.best.cards),
            order[m.placement.cell],
            str(m.placement.tile),
        )
    )
    return moves
