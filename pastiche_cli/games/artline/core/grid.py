"""The table's square grid: neighbours, connection, the extent the paintings cover and the bounds."""

from __future__ import annotations

from collections.abc import Iterable

from pastiche_cli.games.artline.core.position import Bounds, Cell
from pastiche_cli.kernel.reach import reachable

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))  # right, left, down, up


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The four orthogonal neighbours: right, left, below, above."""
    x, y = cell
    return tuple((x + dx, y + dy) for dx, dy in STEPS)


def frontier(cells: frozenset) -> list[Cell]:
    """Every empty cell orthogonally next to a painting, in reading order (top row first)."""
    found = {n for c in cells for n in neighbours(c) if n not in cells}
    return sorted(found, key=lambda c: (c[1], c[0]))


def connected_to(start: Cell, cells: frozenset) -> set:
    """The cells joined to `start` through orthogonal neighbours."""
    return reachable([start], neighbours, cells) if start in cells else set()


def extent(cells: Iterable[Cell]) -> tuple[int, int]:
    """(columns, rows) the cells cover, from the leftmost and topmost to the rightmost and lowest."""
    cells = list(cells)
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return max(xs) - min(xs) + 1, max(ys) - min(ys) + 1


def within(bounds: Bounds | None, cells: Iterable[Cell]) -> bool:
    if bounds is None:
        return True
    columns, rows = extent(cells)
    return columns <= bounds.columns and rows <= bounds.rows


def cell_text(cell: Cell) -> str:
    return f"[{cell[0]}, {cell[1]}]"
