"""The board as text for a terminal: each hex's six dabs around its centre, open cells labelled."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from pastiche_cli.games.pastiche.core.board import Board, cell_labels
from pastiche_cli.games.pastiche.core.geometry import START_CELLS, Cell, cell_text, neighbours

# The dab letters' colours, as rich styles (the board command draws them through rich). Each meets
# WCAG AA (4.5:1) on a black and on a white background alike (tests/cli/test_contrast.py), so a yellow
# dab reads on a light terminal too; an open cell's outline and label are dim.
STYLES = {"R": "bold #eb0800", "Y": "bold #8b7400", "B": "bold #316cf5", "label": "dim"}

Runs = list[tuple[str, "str | None"]]  # a line as (text, style key) runs; the key None: unstyled


def _runs(cells: list[tuple[str, str | None]]) -> Runs:
    """A line's characters with their style keys, joined into runs, trailing blanks dropped."""
    while cells and cells[-1][0] == " ":
        cells.pop()
    out: Runs = []
    for ch, style in cells:
        if out and out[-1][1] == style:
            out[-1] = (out[-1][0] + ch, style)
        else:
            out.append((ch, style))
    return out


def plain(runs: Runs) -> str:
    return "".join(text for text, _ in runs)


# Each cell is 12 columns wide with rows 5 lines apart (a character is about twice as tall as wide).
# Every character is given to its nearest cell; where that cell changes, a dot draws the edge. Each
# hex's dabs sit inside it near their corners, so the three dabs meeting at a point show as a triangle.
COLS, LINES = 6, 5
EDGE = {(1, 0): "|", (-1, 0): "|", (1, -1): "\\", (-1, 1): "\\", (0, -1): "/", (0, 1): "/"}
CORNER_OFFSETS = ((-2, 0), (-1, 4), (1, 4), (2, 0), (1, -4), (-1, -4))  # (line, column) per corner


def _cell_at(line: int, col: int) -> Cell:
    """The cell whose centre is nearest to this character (cube rounding)."""
    # A small nudge keeps characters exactly between two centres on one side, so edges run straight.
    r = (line + 0.01) / LINES
    q = ((col + 0.1) / COLS - r) / 2
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (rq, rr)


@cache
def _edge_template() -> tuple[tuple[int, int, Cell], ...]:
    """(line, column, direction) of cell (0,0)'s characters where an edge to a neighbour is drawn."""
    out = []
    for dl in range(-LINES, LINES + 1):
        for dc in range(-2 * COLS, 2 * COLS + 1):
            if _cell_at(dl, dc) == (0, 0) and _cell_at(dl, dc + 1) != (0, 0):
                out.append((dl, dc, _cell_at(dl, dc + 1)))
    return tuple(out)


def _draw_hex(put, cell: Cell, tile, line: int, col: int, corners, start: int) -> None:
    """A hex's corner dabs at `corners` around (line, col), its centre's letters bracketed from column `start`."""
    for (dl, dc), letter in zip(corners, tile.corners):
        put(line + dl, col + dc, letter, letter)
    marks = "[]" if cell in START_CELLS else "()"
    put(line, start - 1, marks[0], None)
    for i, letter in enumerate(tile.centre):
        put(line, start + i, letter, letter)
    put(line, start + len(tile.centre), marks[1], None)


def text_picture(board: Board) -> list[str]:
    """The layout as lines of text: corner dabs around each hex's centre, open cells by label."""
    return [plain(line) for line in picture_runs(board)]


def picture_runs(board: Board) -> list[Runs]:
    """`text_picture`'s lines as styled runs (`STYLES`' keys)."""
    labels = cell_labels(board)
    drawn = set(board.tiles) | set(labels.values())
    grid: dict[tuple[int, int], str] = {}
    styles: dict[tuple[int, int], str] = {}

    def put(line: int, col: int, body: str, style: str | None = None) -> None:
        for i, ch in enumerate(body):
            grid[(line, col + i)] = ch
            if style:
                styles[(line, col + i)] = style

    def centre(cell: Cell) -> tuple[int, int]:
        q, r = cell
        return (LINES * r, COLS * (2 * q + r))

    # The pattern of edge characters is the same around every cell: stamp it around each cell that
    # is drawn or borders one, instead of deciding every character of the picture.
    around = drawn | {n for c in drawn for n in neighbours(c)}
    for cell in around:
        line, col = centre(cell)
        for dl, dc, (dq, dr) in _edge_template():
            other = (cell[0] + dq, cell[1] + dr)
            if cell in drawn or other in drawn:
                solid = cell in board.tiles or other in board.tiles
                put(line + dl, col + dc + 1, EDGE[(dq, dr)], None if solid else "label")

    for cell, tile in board.tiles.items():
        line, col = centre(cell)
        _draw_hex(put, cell, tile, line, col, CORNER_OFFSETS, col - len(tile.centre) // 2)
    for label, cell in labels.items():
        line, col = centre(cell)
        put(line, col - len(label) // 2, label, "label")

    top, bottom = min(ln for ln, _ in grid), max(ln for ln, _ in grid)
    left, right = min(c for _, c in grid), max(c for _, c in grid)
    # Each line filled from the characters put on it (not every column of the picture looked up).
    rows: list[list[tuple[str, str | None]]] = [[(" ", None)] * (right - left + 1) for _ in range(top, bottom + 1)]
    for (line, col), ch in grid.items():
        rows[line - top][col - left] = (ch, styles.get((line, col)))
    out = [_runs(row) for row in rows]
    while out and not plain(out[0]).strip():
        out.pop(0)
    while out and not plain(out[-1]).strip():
        out.pop()
    return out


# Narrower terminals get the compact drawing: each cell in 3 lines and 5 columns (`Y B R`, `(RB)`, `B Y R`),
# 8 apart; narrower still, only the whole cells that fit around the last hex laid, never a cell cut at the edge.

COMPACT_PITCH, COMPACT_HALF = 8, 2  # columns from one centre to the next; half a cell's width
COMPACT_CORNERS = ((-1, 0), (-1, 2), (1, 2), (1, 0), (1, -2), (-1, -2))  # (line, column) per corner


class Picture(NamedTuple):
    lines: list[str]  # the drawing, plain
    layout: str  # "full", "compact" or "window"
    shown: frozenset  # the cells drawn (hexes and open cells)
    hidden: int  # hexes left out of a window
    focus: Cell | None  # the cell a window is centred on
    boxes: dict  # cell -> (line, first column, last column) in `lines`: a hex's
    # five columns, an open cell's label
    runs: list  # the drawing as styled runs (`STYLES`' keys), line by line


def _compact(board: Board, cells: set, labels: dict[str, Cell], left: int) -> Picture:
    grid: dict[tuple[int, int], tuple[str, str | None]] = {}
    boxes = {}

    def put(line: int, col: int, body: str, style: str | None) -> None:
        for i, ch in enumerate(body):
            grid[(line, col + i)] = (ch, style)

    def centre(cell: Cell) -> tuple[int, int]:
        q, r = cell
        return 3 * r, COMPACT_PITCH * q + (COMPACT_PITCH // 2) * r - left

    for cell in cells:
        line, col = centre(cell)
        tile = board.tiles.get(cell)
        if tile is None:
            continue
        boxes[cell] = (line, col - COMPACT_HALF, col + COMPACT_HALF)
        _draw_hex(put, cell, tile, line, col, COMPACT_CORNERS, col - (len(tile.centre) + 1) // 2)
    for label, cell in labels.items():
        if cell in cells:
            line, col = centre(cell)
            start = col - (len(label) - 1) // 2
            put(line, start, label, "label")
            boxes[cell] = (line, start, start + len(label) - 1)
    if not grid:
        return Picture([], "compact", frozenset(cells), 0, None, boxes, [])
    top, bottom = min(ln for ln, _ in grid), max(ln for ln, _ in grid)
    first = min(c for _, c in grid)
    last_on: dict[int, int] = {}  # each line's last column drawn, found in one pass over the grid
    for ln, c in grid:
        if c > last_on.get(ln, first - 1):
            last_on[ln] = c
    out = []
    for line in range(top, bottom + 1):
        last = last_on.get(line, first - 1)
        out.append(_runs([grid.get((line, col), (" ", None)) for col in range(first, last + 1)]))
    boxes = {cell: (ln - top, a - first, b - first) for cell, (ln, a, b) in boxes.items()}
    return Picture([plain(r) for r in out], "compact", frozenset(cells), 0, None, boxes, out)


def _dabs_overflow(board: Board, width: int | None, height: int | None) -> bool:
    """Whether the full drawing cannot fit `width` or `height`, known from its dabs alone."""
    columns = [COLS * (2 * q + r) for q, r in board.tiles]
    lines = [LINES * r for _, r in board.tiles]
    wide = width is not None and max(columns) - min(columns) + 9 > width
    return wide or (height is not None and max(lines) - min(lines) + 5 > height)


def fit_picture(board: Board, width: int | None, height: int | None = None) -> Picture:
    """The full drawing where it fits, else the compact one where it fits the width, else a window of it."""
    labels = cell_labels(board)
    cells = set(board.tiles) | set(labels.values())
    if not _dabs_overflow(board, width, height):
        full = picture_runs(board)
        lines = [plain(r) for r in full]
        fits_width = width is None or max(map(len, lines), default=0) <= width
        if fits_width and (height is None or len(lines) <= height):
            return Picture(lines, "full", frozenset(cells), 0, None, {}, full)
    compact = _compact(board, cells, labels, 0)
    if width is None or max(map(len, compact.lines), default=0) <= width:
        return compact
    # A window: the whole cells whose five columns lie within `width` columns centred on the focus.
    focus = board.order[-1] if board.order else START_CELLS[0]

    def x(cell: Cell) -> int:
        return COMPACT_PITCH * cell[0] + (COMPACT_PITCH // 2) * cell[1]

    low = x(focus) - width // 2
    lo = min(x(c) for c in cells) - COMPACT_HALF
    hi = max(x(c) for c in cells) + COMPACT_HALF
    low = max(lo, min(low, hi - width + 1))  # no empty margin when the focus is near an edge
    inside = {c for c in cells if x(c) - COMPACT_HALF >= low and x(c) + COMPACT_HALF <= low + width - 1}
    window = _compact(board, inside, labels, 0)
    hidden = sum(1 for c in board.tiles if c not in inside)
    return window._replace(layout="window", hidden=hidden, focus=focus)


def legend_for(board: Board, width: int | None) -> list[str]:
    """The open cells' labels and coordinates, as many to a line as `width` allows (6 without a width)."""
    labels = cell_labels(board)
    entries = [f"{label:>2} = {cell_text(cell):<6}" for label, cell in labels.items()]
    per_line = 6 if width is None else max(1, min(6, (width - 2 + 1) // (max(map(len, entries), default=1) + 1)))
    return [" ".join(entries[i : i + per_line]).rstrip() for i in range(0, len(entries), per_line)]
