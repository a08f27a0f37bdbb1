"""`pastiche board POSITION [--svg FILE]`: a picture of the layout with the open cells labelled."""

from __future__ import annotations

import os
import sys
from functools import lru_cache

import click

from pastiche_cli.games.pastiche.core.board import Board, board_of, cell_labels
from pastiche_cli.games.pastiche.core.geometry import START_CELLS, Cell, cell_text, neighbours
from pastiche_cli.kernel.problems import EXIT_USAGE
from pastiche_cli.cli.shell import abort, emit_json, output_options, position_argument
from pastiche_cli.games.pastiche.commands._shell import catalogue_option, load

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


def use_colour(choice: bool | None) -> bool:
    if choice is not None:
        return choice
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


@click.command("board")
@position_argument
@click.option("--svg", "svg_path", metavar="FILE", type=click.Path(dir_okay=False, path_type=str),
              help="Also write the picture as SVG (opens in any browser).")
@click.option("--colour/--no-colour", "--color/--no-color", "colour", default=None,
              help="Colour the dabs (default: when writing to a terminal and NO_COLOR is not set).")
@catalogue_option
@output_options(tables=False)
def command(position: str, svg_path: str | None, colour: bool | None, catalogue: str | None,
            as_json: bool) -> None:
    """A picture of the layout: every corner dab as its letter, open cells labelled for `place --at`.

    Each hex shows its six corner dabs around its centre: (RB) is a placed hex's centre, [R] one
    of the starting piece. Open cells show their label between dots; the list below gives q,r.

    \b
    Example:
      pastiche board examples/positions/board-midgame-4p.yaml
      pastiche board game.yaml --svg board.svg
    """
    pos, _ = load(position, catalogue, as_json=as_json, needs=("board.start",))
    board = board_of(pos)
    labels = cell_labels(board)
    if svg_path:
        from pastiche_cli.formats.safewrite import same_file
        from pastiche_cli.formats.yamlio import atomic_write
        from pastiche_cli.games.pastiche.formats.catalogue import path_for
        from pastiche_cli.games.pastiche.render.svg import board_svg

        for source, what in ((position, "the position file"), (path_for(catalogue), "the catalogue")):
            if same_file(svg_path, source):
                abort(f"--svg {svg_path} is {what} this command reads; write the picture to another file",
                      EXIT_USAGE)
        title = f"{os.path.basename(position)}: {len(pos.placed)} hexes placed, {len(labels)} open cells"
        try:
            atomic_write(svg_path, board_svg(board, title))
        except OSError as exc:
            abort(f"cannot write {svg_path}: {exc.strerror or exc}", EXIT_USAGE)
    if as_json:
        emit_json({
            "hexes": [{"at": list(cell), "hex": str(tile), "start": cell in START_CELLS,
                       "by": board.placers.get(cell)} for cell, tile in board.tiles.items()],
            "open": [{"label": label, "at": list(cell)} for label, cell in labels.items()],
            "svg": svg_path,
        })
        return
    paint = use_colour(colour)
    click.echo(f"{len(pos.placed)} hexes placed around the starting piece; {len(labels)} open cells")
    click.echo("")
    click.echo("\n".join(text_picture(board, paint)), color=paint or None)
    click.echo("")
    click.echo("Open cells (for `pastiche place ... --at LABEL`):")
    click.echo("\n".join("  " + line for line in legend(board)))
    if svg_path:
        click.echo(f"\nSVG written to {svg_path}")
