"""The layout on the table, and what laying a hex there yields (SPEC 4.1 [place])."""

from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cache
from itertools import product
from types import MappingProxyType
from typing import NamedTuple

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.geometry import (
    START_CELLS,
    Cell,
    cell_text,
    corner_sharers,
    neighbours,
    sort_cells,
)
from pastiche_cli.games.pastiche.core.notation import HexTile, parse_hex
from pastiche_cli.games.pastiche.core.position import Position
from pastiche_cli.games.pastiche.core.rule_ids import HOUSE_STRICT_ADJACENCY, PLACE_ADJACENT
from pastiche_cli.kernel.problems import NOWHERE, Loc, Places

PALETTE_HEXES = 54


class Board(NamedTuple):
    tiles: Mapping[Cell, HexTile]  # every hex on the table, by cell
    placers: Mapping[Cell, str | None] = MappingProxyType({})  # who laid each placed hex
    order: tuple[Cell, ...] = ()  # placed cells, in the order laid

    def is_start(self, cell: Cell) -> bool:
        return cell in START_CELLS

    def with_hex(self, cell: Cell, tile: HexTile, by: str | None = None) -> "Board":
        """The board after laying `tile` at `cell`."""
        tiles = dict(self.tiles)
        tiles[cell] = tile
        placers = dict(self.placers)
        placers[cell] = by
        return Board(tiles, placers, self.order + (cell,))


def board_from(start: Iterable[str], placed: Iterable[tuple[Cell, str, str | None]] = ()) -> Board:
    """A board from the starting piece's three notations and (cell, notation, by) placements."""
    tiles: dict[Cell, HexTile] = {cell: parse_hex(text) for cell, text in zip(START_CELLS, start)}
    placers: dict[Cell, str | None] = {}
    order = []
    for cell, text, by in placed:
        if cell in tiles:
            continue  # a second hex on a taken cell is a problem for `check`, not a board
        tiles[cell] = parse_hex(text)
        placers[cell] = by
        order.append(cell)
    return Board(tiles, placers, tuple(order))


def board_of(position: Position) -> Board:
    """The position's board; needs board.start (the loader has checked every notation)."""
    if position.start is None:
        raise ValueError("the position has no board.start")
    return board_from(position.start, ((p.at, p.hex, p.by) for p in position.placed))


def open_cells(board: Board) -> list[Cell]:
    """Empty cells sharing a side with a hex on the table, in reading order (top row first)."""
    found = {n for cell in board.tiles for n in neighbours(cell) if n not in board.tiles}
    return sort_cells(found)


def label_name(index: int) -> str:
    """a, b, …, z, aa, ab, … (spreadsheet-style, lower case)."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("a") + rest) + name
    return name


def cell_labels(board: Board) -> dict[str, Cell]:
    """Label → open cell, in reading order; the labels `board` prints."""
    return {label_name(i): cell for i, cell in enumerate(open_cells(board))}


def label_of(board: Board, cell: Cell) -> str | None:
    return next((label for label, c in cell_labels(board).items() if c == cell), None)


class CornerMix(NamedTuple):
    corner: int
    own: str  # the new hex's dab at this corner
    others: tuple[tuple[Cell, int, str], ...]  # (cell, its corner index, its dab) for each hex met
    dabs: str  # every dab that mixes here in R-Y-B order, "" when nothing mixes
    card: str | None


Context = tuple[tuple[tuple[Cell, int, str], ...], ...]


def corner_context(board: Board, cell: Cell) -> Context:
    """For each corner of `cell`: the hexes already there, as (their cell, their corner, their dab)."""
    tiles = board.tiles
    return tuple(
        tuple((c, k, tiles[c].corners[k]) for c, k in corner_sharers(cell, corner) if c in tiles) for corner in range(6)
    )


@cache
def _mixes_any_order() -> dict[str, tuple[str, str | None]]:
    """Every way 2 or 3 dabs can be written -> (the dabs in R-Y-B order, the card they make)."""
    out = {}
    for n in (2, 3):
        for letters in product(colours.DABS, repeat=n):
            written = "".join(letters)
            out[written] = (colours.sort_dabs(written), colours.mix(written))
    return out


def corner_mixes(board: Board, cell: Cell, tile: HexTile, context: Context | None = None) -> tuple[CornerMix, ...]:
    """[place.mix] For each corner of `tile` laid at `cell`: the hexes met there and the card made."""
    if context is None:
        context = corner_context(board, cell)
    mixes = _mixes_any_order()
    out = []
    for corner, others in enumerate(context):
        own = tile.corners[corner]
        if others:
            dabs, card = mixes[own + "".join(d for _, _, d in others)]
        else:
            dabs, card = "", None
        out.append(CornerMix(corner, own, others, dabs, card))
    return tuple(out)


def short_of(cards: Iterable[str], bank: Mapping[str, int]) -> list[str]:
    """[place.bank] The cards (with repeats) the bank cannot give, counting repeats against its stock."""
    wanted: dict[str, int] = {}
    for card in cards:
        wanted[card] = wanted.get(card, 0) + 1
    short = {card: n - max(0, bank.get(card, 0)) for card, n in wanted.items() if n > bank.get(card, 0)}
    return colours.as_list(short) if short else []


OCCUPIED, NOT_ADJACENT, STRICT, LEGAL = "occupied", "not-adjacent", "strict-adjacency", "legal"


class Placement(NamedTuple):
    legal: bool
    rule: str  # the rule id that decided legality
    why: str  # OCCUPIED, NOT_ADJACENT, STRICT or LEGAL
    reason: str  # one sentence
    cell: Cell
    tile: HexTile  # as laid
    corners: tuple[CornerMix, ...]
    centre: tuple[str, ...]  # [place.centre] the primaries the centre offers, by name
    short: tuple[str, ...] = ()  # [place.bank] mixed cards the bank cannot give
    centre_short: tuple[str, ...] = ()  # centre primaries the bank has none of
    touching: tuple[Cell, ...] = ()  # hexes sharing a side with the cell

    @property
    def cards(self) -> list[str]:
        """The mixing option's cards, in corner order."""
        return [m.card for m in self.corners if m.card]

    @property
    def takeable(self) -> Counter:
        """The mixing option less what the bank is short of."""
        return Counter(self.cards) - Counter(self.short)

    @property
    def centre_available(self) -> tuple[str, ...]:
        return tuple(c for c in self.centre if c not in self.centre_short)


def centre_cards(tile: HexTile) -> tuple[str, ...]:
    return _centre_names(tile.centre)


@cache
def _centre_names(centre: str) -> tuple[str, ...]:
    return tuple(colours.DAB_NAMES[d] for d in centre)


def strict_ok(board: Board, touching: Iterable[Cell], player: str | None) -> bool:
    """[place.adjacent] strict reading: touches the starting piece or a hex laid by someone else."""
    mine = player.casefold() if player else None
    for c in touching:
        if board.is_start(c):
            return True
        by = board.placers.get(c)
        if by is None or by.casefold() != mine:
            return True
    return False


def judge_placement(
    board: Board,
    tile: HexTile,
    cell: Cell,
    *,
    bank: Mapping[str, int] | None = None,
    player: str | None = None,
    strict: bool = False,
    context: Context | None = None,
    touching: tuple[Cell, ...] | None = None,
) -> Placement:
    """Is laying `tile` (as oriented) at `cell` legal, and what does each option yield?"""
    centre = centre_cards(tile)
    if touching is None:
        touching = tuple(n for n in neighbours(cell) if n in board.tiles)
    where = cell_text(cell)
    if cell in board.tiles:
        what = "the starting piece" if board.is_start(cell) else "a hex"
        why = f"{where} already holds {what}; a hex goes on an empty cell"
        return Placement(False, PLACE_ADJACENT, OCCUPIED, why, cell, tile, (), centre)
    if not touching:
        why = f"{where} shares no side with a hex on the table"
        return Placement(False, PLACE_ADJACENT, NOT_ADJACENT, why, cell, tile, (), centre)
    mixes = corner_mixes(board, cell, tile, context)
    short = tuple(short_of([m.card for m in mixes if m.card], bank)) if bank is not None else ()
    centre_short = tuple(c for c in centre if bank is not None and bank.get(c, 0) < 1)
    yields = (cell, tile, mixes, centre, short, centre_short, touching)
    if strict and not strict_ok(board, touching, player):
        # Decided by the house rule's reading of [place.adjacent], so cite the house rule.
        why = (
            f"{where} touches only hexes {player} laid; under strict_adjacency a hex must touch "
            "the starting piece or a hex laid by another player"
        )
        return Placement(False, HOUSE_STRICT_ADJACENCY, STRICT, why, *yields)
    n = len(touching)
    why = f"{where} is empty and shares a side with {n} hex{'es' if n != 1 else ''} on the table"
    return Placement(True, PLACE_ADJACENT, LEGAL, why, *yields)


class _Layout(NamedTuple):
    """The hexes `board.placed` lays, each cell once: who laid it, and when."""

    taken: dict[Cell, str]  # cell -> what holds it, in words
    owner: dict[Cell, int]  # placed cell -> its index in position.placed
    placers: dict[Cell, str | None]
    # The cells on the table before placement i are those laid at an index below i (the starting piece
    # at -1): one number per cell, not one set per placement (which made 2,140 hexes quadratic).
    laid_at: dict[Cell, int]


def board_problems(position: Position, places: Places = NOWHERE) -> list:
    """Two hexes on a cell, unconnected hexes, too many hexes, strict adjacency, located through `places`."""
    from pastiche_cli.kernel.problems import Problem, problem_at
    from pastiche_cli.kernel.reach import reachable

    out: list[Problem] = []
    layout = _Layout({c: "the starting piece" for c in START_CELLS}, {}, {}, {c: -1 for c in START_CELLS})
    for i, p in enumerate(position.placed):
        if p.at in layout.taken:
            why = (
                f"this hex is placed at {cell_text(p.at)}, which already holds {layout.taken[p.at]}; one hex per "
                f"cell [{PLACE_ADJACENT}]"
            )
            out.append(problem_at(p.loc, "cell-taken", why))
            continue
        layout.taken[p.at] = f"the hex placed on line {p.loc.line}"
        layout.owner[p.at] = layout.laid_at[p.at] = i
        layout.placers[p.at] = p.by
    reached = reachable(START_CELLS, neighbours, layout.taken)  # joined to the starting piece through hexes
    for i, p in enumerate(position.placed):
        if layout.owner.get(p.at) == i:
            out += _placed_problems(position, i, layout, reached)
    return out + _hex_count_problems(position, places.loc("board.placed"))


def _placed_problems(position: Position, i: int, layout: _Layout, reached: set[Cell]) -> list:
    """[place.adjacent] The i-th hex placed joins the layout (touching another player's, under strict_adjacency)."""
    from pastiche_cli.kernel.problems import WARNING, problem_at

    p = position.placed[i]
    where = cell_text(p.at)
    touching = [n for n in neighbours(p.at) if layout.laid_at.get(n, i) < i]
    if p.at not in reached:
        why = (
            f"the hex at {where} is not connected to the layout: no chain of hexes links it to the starting "
            f"piece [{PLACE_ADJACENT}]"
        )
        return [problem_at(p.loc, "not-connected", why)]
    if not touching:
        why = (
            f"the hex at {where} touches no hex listed before it; board.placed is in the order laid, so a hex "
            f"it touches should come first [{PLACE_ADJACENT}]"
        )
        return [problem_at(p.loc, "laid-out-of-order", why, WARNING)]
    if not position.house_rules.strict_adjacency:
        return []
    if p.by is None:
        why = f"the hex at {where} has no 'by', so strict_adjacency cannot be checked for it"
        return [problem_at(p.loc, "strict-adjacency-unknown", why, WARNING)]
    mine = p.by.casefold()
    if any(n in START_CELLS or (layout.placers.get(n) or "").casefold() != mine for n in touching):
        return []
    why = (
        f"the hex at {where} touches only hexes {p.by} laid; under house_rules.strict_adjacency a hex must touch "
        f"the starting piece or a hex laid before it by another player [{HOUSE_STRICT_ADJACENCY}]"
    )
    return [problem_at(p.loc, "strict-adjacency", why)]


def _hex_count_problems(position: Position, where: Loc) -> list:
    """The game has 54 palette hexes: placed, and placed with those in hands (said `where` board.placed is)."""
    from pastiche_cli.kernel.problems import problem_at

    placed = len(position.placed)
    in_hands = sum(len(p.hexes) for p in position.players)
    if placed > PALETTE_HEXES:
        why = f"{placed} hexes are placed; the game has {PALETTE_HEXES} palette hexes"
        return [problem_at(where, "too-many-placed", why)]
    if placed + in_hands > PALETTE_HEXES:
        why = (
            f"{placed} hexes placed and {in_hands} in hands make {placed + in_hands}; the game has "
            f"{PALETTE_HEXES} palette hexes"
        )
        return [problem_at(where, "too-many-hexes-in-game", why)]
    return []


def same_hex(a: HexTile, b: HexTile) -> bool:
    """The same physical hex in some rotation."""
    return a.centre == b.centre and any(r.corners == b.corners for r in a.rotations())


def hex_identity(tile: HexTile) -> str:
    """One name for a hex whatever its rotation (the smallest rotation's notation)."""
    return str(min(tile.rotations(), key=lambda t: t.corners))
