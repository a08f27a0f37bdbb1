"""The board as an SVG picture, built with the standard library's xml.etree only."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from pastiche_cli.games.pastiche.core.board import Board, cell_labels
from pastiche_cli.games.pastiche.core.geometry import START_CELLS, cell_text, centre_point, corner_point
from pastiche_cli.render.svg import Sheet
from pastiche_cli.render.svgxml import document

DAB_FILL = {"R": "#d1262b", "Y": "#f5c518", "B": "#1f56b8"}
DAB_TEXT = {"R": "#ffffff", "Y": "#222222", "B": "#ffffff"}
PLACED_FILL = "#f7f1e3"
START_FILL = "#e3d5b8"
SIZE = 48.0  # circumradius of a hex, in pixels
MARGIN = 24.0
# How a hex's dabs are drawn, in hex sizes: a corner dab's radius, a one-colour centre's, how far each
# of a two-colour centre's sits from the middle, and the letter's size to its dab's radius.
Dabs = tuple[float, float, float, float]
BOARD_DABS: Dabs = (0.15, 0.24, 0.17, 1.1)
# The record page's board: a phone shows it about 366 px across, a two-player game's some 470 units,
# so its letters are larger (12 units, about 9.4 px) and its margin small.
PAGE_DABS = (0.18, 0.27, 0.2, 1.4)
PAGE_LABEL = 12
PAGE_MARGIN = 4.0
CENTRED = {"text_anchor": "middle", "dominant_baseline": "central"}  # a letter's middle on its point


def _points(cell, size: float, dx: float, dy: float) -> str:
    pts = [corner_point(cell, k, size) for k in range(6)]
    return " ".join(f"{x + dx:.1f},{y + dy:.1f}" for x, y in pts)


def _frame(cells) -> tuple[float, float, float, float]:
    """(min x, min y, width, height) of the cells' hexes, before the margins."""
    xs, ys = [], []
    for cell in cells:
        for k in range(6):
            x, y = corner_point(cell, k, SIZE)
            xs.append(x)
            ys.append(y)
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def _text(sheet: Sheet, parent, x: float, y: float, body: str, size: float, fill: str, weight: str = "normal") -> None:
    sheet.add("text", body, parent, x=x, y=y, font_size=f"{size:.0f}", fill=fill, **CENTRED, font_weight=weight)


def _dab(sheet: Sheet, parent, x: float, y: float, r: float, letter: str, ratio: float = BOARD_DABS[3]) -> None:
    sheet.add("circle", None, parent, cx=x, cy=y, r=r, fill=DAB_FILL[letter], stroke="#333", stroke_width="0.8")
    _text(sheet, parent, x, y, letter, r * ratio, DAB_TEXT[letter], "bold")


def _open_cell(sheet: Sheet, parent, cell, dx: float, dy: float, label: str | None, size: float = 11) -> ET.Element:
    group = sheet.add("g", None, parent)
    points = _points(cell, SIZE * 0.96, dx, dy)
    sheet.add(
        "polygon", None, group, points=points, fill="none", stroke="#999", stroke_width="1", stroke_dasharray="4 3"
    )
    x, y = centre_point(cell, SIZE)
    if label is not None:
        _text(sheet, group, x + dx, y + dy - 5, label, 16, "#444", "bold")
        _text(sheet, group, x + dx, y + dy + 12, cell_text(cell), 9, "#888")
    else:
        _text(sheet, group, x + dx, y + dy, cell_text(cell), size, "#777")
    return group


def _hex(
    sheet: Sheet,
    parent,
    cell,
    tile,
    who: str | None,
    dx: float,
    dy: float,
    hex_id: bool = True,
    dabs: Dabs = BOARD_DABS,
) -> ET.Element:
    corner, whole, apart, ratio = dabs
    group = sheet.add("g", None, parent, id=f"hex-{cell_text(cell)}" if hex_id else None)
    start = " (starting piece)" if cell in START_CELLS else ""
    sheet.add("title", f"{tile} at {cell_text(cell)}{start}" + (f", laid by {who}" if who else ""), group)
    fill = START_FILL if cell in START_CELLS else PLACED_FILL
    sheet.add(
        "polygon", None, group, points=_points(cell, SIZE, dx, dy), fill=fill, stroke="#5a4a32", stroke_width="1.5"
    )
    for k, letter in enumerate(tile.corners):
        x, y = corner_point(cell, k, SIZE, inset=0.7)
        _dab(sheet, group, x + dx, y + dy, SIZE * corner, letter, ratio)
    x, y = centre_point(cell, SIZE)
    if len(tile.centre) == 1:
        _dab(sheet, group, x + dx, y + dy, SIZE * whole, tile.centre, ratio)
    else:
        for offset, letter in zip((-apart, apart), tile.centre):
            _dab(sheet, group, x + dx + SIZE * offset, y + dy, SIZE * corner, letter, ratio)
    return group


def board_svg(board: Board, title: str = "") -> str:
    """The layout as SVG text: every hex with its six dabs and centre, open cells dashed and labelled."""
    labels = cell_labels(board)
    left, top, w, h = _frame(list(board.tiles) + list(labels.values()))
    head = 30.0 if title else 0.0
    dx, dy = MARGIN - left, MARGIN + head - top
    sheet = Sheet.framed(w + 2 * MARGIN, h + 2 * MARGIN + head, "{:.1f}".format)
    if title:
        sheet.add("text", title, x=f"{MARGIN:.0f}", y="26", font_size="16", fill="#222")
    opens = sheet.add("g", id="open-cells")
    for label, cell in labels.items():
        _open_cell(sheet, opens, cell, dx, dy, label)
    hexes = sheet.add("g", id="hexes")
    for cell, tile in board.tiles.items():
        _hex(sheet, hexes, cell, tile, board.placers.get(cell), dx, dy)
    return document(sheet.root)


def game_svg(final: Board, laid_at: dict, steps: int) -> str:
    """A whole game's board for the record page, each part marked with the steps it shows at (`data-s`)."""
    from pastiche_cli.games.pastiche.core.geometry import neighbours
    from pastiche_cli.render.layers import ranges

    every = set(final.tiles)
    for cell in final.tiles:
        every.update(n for n in neighbours(cell) if n not in final.tiles)
    left, top, w, h = _frame(every)
    dx, dy = PAGE_MARGIN - left, PAGE_MARGIN - top
    sheet = Sheet.framed(w + 2 * PAGE_MARGIN, h + 2 * PAGE_MARGIN, "{:.1f}".format)
    sheet.root.set("aria-label", "the board")

    def laid(cell) -> int:
        return laid_at.get(cell, 0)

    for cell in sorted(every - set(final.tiles), key=lambda c: (c[1], c[0])) + sorted(
        final.tiles, key=lambda c: (c[1], c[0])
    ):
        opened = min((laid(n) for n in neighbours(cell) if n in final.tiles), default=None)
        closes = laid(cell) - 1 if cell in final.tiles else steps
        if opened is None or opened > closes:
            continue
        part = _open_cell(sheet, sheet.root, cell, dx, dy, None, PAGE_LABEL)
        if (opened, closes) != (0, steps):
            part.set("data-s", ranges(range(opened, closes + 1)))
    for cell, tile in sorted(final.tiles.items(), key=lambda item: (laid(item[0]), item[0])):
        part = _hex(sheet, sheet.root, cell, tile, final.placers.get(cell), dx, dy, hex_id=False, dabs=PAGE_DABS)
        if laid(cell):
            part.set("data-s", f"{laid(cell)}-{steps}")
    for cell in sorted(laid_at, key=laid):
        points, mark = _points(cell, SIZE * 1.02, dx, dy), f"{laid(cell)}-{laid(cell)}"
        ring = sheet.add("polygon", points=points, fill="none", stroke="#d4006a", stroke_width="4", data_s=mark)
        if laid(cell) != steps:
            ring.set("style", "display:none")
    for part in sheet.root:
        mark = part.get("data-s")
        if mark and not mark.endswith(f"-{steps}") and part.get("style") is None:
            part.set("style", "display:none")
    return document(sheet.root)
