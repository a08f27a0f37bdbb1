"""The board as text for a terminal: each hex's six dabs around its centre, open cells labelled.

The SVG picture is render/svg.py; both draw from core/board.py's Board and core/geometry.py's cells.
"""

from __future__ import annotations

from functools import lru_cache

from pastiche_cli.games.pastiche.core.board import Board, cell_labels
from pastiche_cli.games.pastiche.core.geometry import START_CELLS, Cell, cell_text, neighbours

ANSI = {"R": "\x1b[1;31m", "Y": "\x1b[1;33m", "B": "\x1b[1;34m", "label": "\x1b[2m"}
RESET = "\x1b[0m"

# Each cell is 12 columns wide with rows 5 lines apart (a character is about twice as tall as wide).
# Every character is given to its nearest cell; where that cell changes, a dot draws the edge. Each
# hex's dabs sit inside it near their corners, so the three dabs meeting at a point show as a triangle.
COLS, LINES = 6, 5
EDGE = {(1, 0): "|", (-1, 0): "|", (1, -1): "\\", (-1, 1): "\\", (0, -1): "/", (0, 1): "/"}
CORNER_OFFSETS = ((-2, 0), (-1, 4), (1, 4), (2, 0), (1, -4), (-1, -4))   # (line, column) per corner


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


@lru_cache(maxsize=None)
def _edge_template() -> tuple[tuple[int, int, Cell], ...]:
    """(line, column, direction) of the characters owned by cell (0,0) whose right-hand neighbour
    belongs to the neighbouring cell in that direction: where an edge is drawn."""
    out = []
    for dl in range(-LINES, LINES + 1):
        for dc in range(-2 * COLS, 2 * COLS + 1):
            if _cell_at(dl, dc) == (0, 0) and _cell_at(dl, dc + 1) != (0, 0):
                out.append((dl, dc, _cell_at(dl, dc + 1)))
    return tuple(out)


def text_picture(board: Board, colour: bool = False) -> list[str]:
    """The layout as lines of text: corner dabs around each hex's centre, open cells by label."""
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
        for k, letter in enumerate(tile.corners):
            dl, dc = CORNER_OFFSETS[k]
            put(line + dl, col + dc, letter, letter)
        left_mark, right_mark = ("[", "]") if cell in START_CELLS else ("(", ")")
        body = tile.centre
        start = col - len(body) // 2
        put(line, start - 1, left_mark)
        for i, letter in enumerate(body):
            put(line, start + i, letter, letter)
        put(line, start + len(body), right_mark)
    for label, cell in labels.items():
        line, col = centre(cell)
        put(line, col - len(label) // 2, label, "label")

    top, bottom = min(l for l, _ in grid), max(l for l, _ in grid)
    left, right = min(c for _, c in grid), max(c for _, c in grid)
    out = []
    for line in range(top, bottom + 1):
        text = []
        for col in range(left, right + 1):
            ch = grid.get((line, col), " ")
            style = styles.get((line, col))
            text.append(f"{ANSI[style]}{ch}{RESET}" if colour and style else ch)
        out.append("".join(text).rstrip())
    while out and not out[0].strip():
        out.pop(0)
    while out and not out[-1].strip():
        out.pop()
    return out


def legend(board: Board) -> list[str]:
    labels = cell_labels(board)
    entries = [f"{label:>2} = {cell_text(cell):<6}" for label, cell in labels.items()]
    rows = [" ".join(entries[i:i + 6]).rstrip() for i in range(0, len(entries), 6)]
    return rows
