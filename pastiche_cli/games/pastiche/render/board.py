"""`board`'s answer: the board's JSON, and its picture with the count of hexes and open cells' labels."""

from __future__ import annotations

import os

from pastiche_cli.games.pastiche.core.board import Board, cell_labels
from pastiche_cli.games.pastiche.core.geometry import START_CELLS, cell_text
from pastiche_cli.render.answer import BLANK, Plain, Runs, Told

# Lines besides the picture in a terminal: the count, a note on the layout, the blanks and the heading
# of the legend (whose own lines are added), so the picture's top does not scroll away.
_AROUND_PICTURE = 6


def title(board: Board, placed: int, path: str) -> str:
    """The SVG picture's title: the file, the hexes placed and the open cells."""
    return f"{os.path.basename(path)}: {placed} hexes placed, {len(cell_labels(board))} open cells"


def board_json(board: Board, svg_path: str | None) -> dict:
    """Every hex laid (where, which, whether of the starting piece, by whom) and every open cell's label."""
    hexes = [
        {"at": list(cell), "hex": str(tile), "start": cell in START_CELLS, "by": board.placers.get(cell)}
        for cell, tile in board.tiles.items()
    ]
    opened = [{"label": label, "at": list(cell)} for label, cell in cell_labels(board).items()]
    return {"hexes": hexes, "open": opened, "svg": svg_path}


def told(board: Board, placed: int, svg_path: str | None, screen) -> Told:
    """The answer; its text drawn for `screen` (cli/verbs/board.py: columns, rows, colour), None for JSON."""
    if screen is None:
        return Told(board_json(board, svg_path))
    from pastiche_cli.games.pastiche.render.text import STYLES, fit_picture, legend_for

    columns = screen.columns
    legend = legend_for(board, columns)
    tall = screen.rows
    picture = fit_picture(board, columns, None if tall is None else max(10, tall - _AROUND_PICTURE - len(legend)))
    said = [f"{placed} hexes placed around the starting piece; {len(cell_labels(board))} open cells"]
    if picture.layout == "compact":
        fitted = f"{columns} columns" if columns is not None else "the terminal"
        said.append(f"(the compact drawing, to fit {fitted}: each cell's top dabs, its centre, its bottom dabs)")
    elif picture.layout == "window":
        said.append(
            f"Only the cells within {columns} columns around the last hex laid ({cell_text(picture.focus)}): "
            f"{picture.hidden} of {len(board.tiles)} hexes are left out. For the whole board, widen the "
            f"terminal, pass --width, or draw it with --svg FILE."
        )
    if screen.colour:
        drawn = Runs([[(text, STYLES.get(key) if key else None) for text, key in line] for line in picture.runs])
    else:
        drawn = Plain(picture.lines)
    legend_head = Plain(["Open cells (for `pastiche place ... --at LABEL`):"], columns)
    text = [Plain(said, columns), BLANK, drawn, BLANK, legend_head, Plain(["  " + line for line in legend])]
    if svg_path:
        text.append(Plain(["", f"SVG written to {svg_path}"], columns))
    return Told(board_json(board, svg_path), text)
