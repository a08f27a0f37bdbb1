"""An Artline table as immutable values: players and hands, the paintings laid, the galleries, the deck."""

from __future__ import annotations

from typing import NamedTuple

from pastiche_cli.kernel.problems import Loc
from pastiche_cli.kernel.turns import named

Cell = tuple[int, int]  # [x, y]: x to the right, y downwards
ROW, COLUMN = "row", "column"
# A turn lays or discards a painting (PLAY), then, unless it needs none, draws one to end it (DRAW).
PLAY, DRAW = "play", "draw"
PHASES = (PLAY, DRAW)


class Line(NamedTuple):
    """A row (all paintings with one y) or a column (all with one x): the place of one gallery."""

    axis: str  # ROW or COLUMN
    index: int  # type: ignore[assignment]  # shadows tuple.index

    def __str__(self) -> str:
        return f"{self.axis} {self.index}"

    def holds(self, cell: Cell) -> bool:
        return (cell[1] if self.axis == ROW else cell[0]) == self.index


def lines_through(cell: Cell) -> tuple[Line, Line]:
    """The row and the column a cell lies on."""
    return Line(ROW, cell[1]), Line(COLUMN, cell[0])


class Player(NamedTuple):
    name: str
    hand: int  # paintings held
    loc: Loc = Loc()


class Painting(NamedTuple):
    at: Cell
    orientation: str  # "landscape" or "portrait"
    title: str | None = None  # for people only
    by: str | None = None  # who laid it; None for the starting painting
    loc: Loc = Loc()


class Gallery(NamedTuple):
    line: Line
    feature: str  # as announced
    opened_by: str | None = None
    loc: Loc = Loc()


class Bounds(NamedTuple):
    """The table's size in cells, counted from the leftmost and topmost painting."""

    columns: int
    rows: int


class Position(NamedTuple):
    players: tuple[Player, ...]
    table: tuple[Painting, ...]
    galleries: tuple[Gallery, ...] = ()
    deck: int = 0
    discard: int = 0
    turn: str | None = None  # whose turn it is, when the file says
    bounds: Bounds | None = None
    phase: str = PLAY  # DRAW: the player on turn has played and owes the draw that ends the turn

    def player(self, name: str) -> Player | None:
        return named(self.players, name)

    def painting_at(self, cell: Cell) -> Painting | None:
        return next((p for p in self.table if p.at == cell), None)

    def cells(self) -> frozenset:
        return frozenset(p.at for p in self.table)

    def gallery_on(self, line: Line) -> Gallery | None:
        return next((g for g in self.galleries if g.line == line), None)

    def on_line(self, line: Line) -> tuple[Painting, ...]:
        return tuple(p for p in self.table if line.holds(p.at))

    def with_(self, **changes) -> Position:
        return self._replace(**changes)
