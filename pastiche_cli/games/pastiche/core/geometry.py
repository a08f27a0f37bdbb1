"""The hex grid of SPEC 2: pointy-top axial cells (q, r), sides clockwise from NE, corners from 12 o'clock.

Corner i lies between side i-1 and side i; a corner point is keyed by its three cells' cube-coordinate sum.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

Cell = tuple[int, int]
CornerKey = tuple[int, int, int]

# Side i of a cell faces the neighbour at cell + DIRECTIONS[i].
DIRECTIONS: tuple[Cell, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
CORNER_NAMES = ("top", "upper right", "lower right", "bottom", "lower left", "upper left")

# The starting piece: three hexes meeting at corner 2 of (0, 0).
START_CELLS: tuple[Cell, Cell, Cell] = ((0, 0), (1, 0), (0, 1))


def neighbour(cell: Cell, side: int) -> Cell:
    dq, dr = DIRECTIONS[side % 6]
    return (cell[0] + dq, cell[1] + dr)


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The six cells sharing a side with this one, side 0 (NE) first, clockwise."""
    q, r = cell
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def corner_sharers(cell: Cell, corner: int) -> tuple[tuple[Cell, int], tuple[Cell, int]]:
    """The two other cells at this corner, each with that corner's index on it (i+4 across side i, i+2 across i-1)."""
    i = corner % 6
    return ((neighbour(cell, i - 1), (i + 2) % 6), (neighbour(cell, i), (i + 4) % 6))


def cube(cell: Cell) -> tuple[int, int, int]:
    q, r = cell
    return (q, r, -q - r)


def corner_key(cell: Cell, corner: int) -> CornerKey:
    """The canonical name of a corner point: the sum of its three cells' cube coordinates."""
    (a, _), (b, _) = corner_sharers(cell, corner)
    cells = (cell, a, b)
    return tuple(sum(cube(c)[k] for c in cells) for k in range(3))  # type: ignore[return-value]


def distance(a: Cell, b: Cell) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def parse_cell(text: str) -> Cell | None:
    """`q,r` (spaces, brackets or parentheses allowed) as a cell, or None."""
    body = text.strip().strip("[]()").replace(" ", "")
    parts = body.split(",")
    if len(parts) != 2:
        return None
    try:
        return (int(parts[0]), int(parts[1]))
    except ValueError:
        return None


def cell_text(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


SQRT3 = math.sqrt(3)


def centre_point(cell: Cell, size: float = 1.0) -> tuple[float, float]:
    """The centre of a cell in the plane (x right, y down), for hexes of circumradius `size`."""
    q, r = cell
    return (size * SQRT3 * (q + r / 2), size * 1.5 * r)


def corner_point(cell: Cell, corner: int, size: float = 1.0, inset: float = 1.0) -> tuple[float, float]:
    """Where a corner is drawn; `inset` < 1 pulls it towards the cell's centre."""
    x, y = centre_point(cell, size)
    angle = math.radians(-90 + 60 * (corner % 6))
    return (x + size * inset * math.cos(angle), y + size * inset * math.sin(angle))


def sort_cells(cells: Iterable[Cell]) -> list[Cell]:
    """Reading order: top row first, left to right."""
    return sorted(cells, key=lambda c: (c[1], c[0]))
