"""`board`'s answer for Artline: the table's JSON, and its grid with the galleries and the open cells."""

from __future__ import annotations

import os

from pastiche_cli.games.artline.core.rule_ids import ARTLINE_PLACE
from pastiche_cli.render.answer import BLANK, Plain, Told
from pastiche_cli.render.told import plural


def title(position, path: str) -> str:
    """The SVG picture's title: the file, the paintings and the galleries."""
    return f"{os.path.basename(path)}: {len(position.table)} paintings, {len(position.galleries)} galleries"


def board_json(position, cells, svg_path: str | None) -> dict:
    from pastiche_cli.games.artline.render.record import table_json

    table = table_json(position)
    placed = {"paintings": table["table"], "galleries": table["galleries"], "spots": [list(c) for c in cells]}
    return placed | {"deck": position.deck, "discard": position.discard, "turn": position.turn, "svg": svg_path}


def told(position, cells, over: str | None, path: str, svg_path: str | None, screen) -> Told:
    """The answer; its grid drawn within `screen.size` columns (None: JSON alone). `over`: who has won."""
    if screen is None:
        return Told(board_json(position, cells, svg_path))
    from pastiche_cli.games.artline.render.text import gallery_lines, picture

    width = screen.size
    drawn = picture(position, cells, width)
    counts = f"{plural(len(position.table), 'painting')}, {plural(len(position.galleries), 'gallery', 'galleries')}"
    whose = f"; {over} has won" if over else f"; {position.turn}'s turn" if position.turn else ""
    text = [Plain([f"{counts}; deck {position.deck}, discarded {position.discard}{whose}"]), BLANK]
    if drawn.fits:
        legend = "[..] a landscape painting, |..| a portrait one; * one in a row and a column gallery;"
        text += [Plain(drawn.lines), BLANK, Plain([legend, f"+ a cell where a painting may go now [{ARTLINE_PLACE}]"])]
    else:
        wide = f"The table is too wide to draw here: it needs {drawn.width} columns, the terminal has {width}."
        text.append(Plain([wide, f"Draw it as a picture instead: pastiche board {path} --svg table.svg"]))
    galleries = gallery_lines(position)
    if galleries:
        text += [BLANK, Plain(["Galleries:", *("  " + line for line in galleries)])]
    if svg_path:
        text.append(Plain(["", f"SVG written to {svg_path}"]))
    return Told(board_json(position, cells, svg_path), text)
