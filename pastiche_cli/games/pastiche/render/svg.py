"""The board as an SVG picture, built with the standard library's xml.etree only."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from pastiche_cli.games.pastiche.core.board import Board, cell_labels
from pastiche_cli.games.pastiche.core.geometry import START_CELLS, cell_text, centre_point, corner_point
from pastiche_cli.render.svgxml import document

DAB_FILL = {"R": "#d1262b", "Y": "#f5c518", "B": "#1f56b8"}
DAB_TEXT = {"R": "#ffffff", "Y": "#222222", "B": "#ffffff"}
PLACED_FILL = "#f7f1e3"
START_FILL = "#e3d5b8"
SIZE = 48.0  # circumradius of a hex, in pixels
MARGIN = 24.0
# How a hex's dabs are drawn, in hex sizes: a corner dab's radius, a one-colour centre's, how far each
# of a two-colour centre's sits from the middle, and the letter's size to its dab's radius.
BOARD_DABS = (0.15, 0.24, 0.17, 1.1)
# The record page's board: a phone shows it about 366 px across, a two-player game's some 470 units,
# so its letters are larger (12 units, about 9.4 px) and its margin small.
PAGE_DABS = (0.18, 0.27, 0.2, 1.4)
PAGE_LABEL = 12
PAGE_MARGIN = 4.0


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


def _text(parent, x: float, y: float, body: str, size: float, fill: str, weight: str = "normal") -> None:
    node = ET.SubElement(
        parent,
        "text",
        {
            "x": f"{x:.1f}",
            "y": f"{y:.1f}",
            "font-size": f"{size:.0f}",
            "fill": fill,
            "text-anchor": "middle",
            "dominant-baseline": "central",
            "font-weight": weight,
        },
    )
    node.text = body


def _dab(parent, x: float, y: float, r: float, letter: str, ratio: float = BOARD_DABS[3]) -> None:
    ET.SubElement(
        parent,
        "circle",
        {
            "cx": f"{x:.1f}",
            "cy": f"{y:.1f}",
            "r": f"{r:.1f}",
            "fill": DAB_FILL[letter],
            "stroke": "#333",
            "stroke-width": "0.8",
        },
    )
    _text(parent, x, y, letter, r * ratio, DAB_TEXT[letter], "bold")


def _open_cell(parent, cell, dx: float, dy: float, label: str | None, size: float = 11) -> ET.Element:
    group = ET.SubElement(parent, "g")
    ET.SubElement(
        group,
        "polygon",
        {
            "points": _points(cell, SIZE * 0.96, dx, dy),
            "fill": "none",
            "stroke": "#999",
            "stroke-width": "1",
            "stroke-dasharray": "4 3",
        },
    )
    x, y = centre_point(cell, SIZE)
    if label is not None:
        _text(group, x + dx, y + dy - 5, label, 16, "#444", "bold")
        _text(group, x + dx, y + dy + 12, cell_text(cell), 9, "#888")
    else:
        _text(group, x + dx, y + dy, cell_text(cell), size, "#777")
    return group


def _hex(
    parent,
    cell,
    tile,
    who: str | None,
    dx: float,
    dy: float,
    hex_id: bool = True,
    dabs: tuple[float, float, float, float] = BOARD_DABS,
) -> ET.Element:
    corner, whole, apart, ratio = dabs
    group = ET.SubElement(parent, "g", {"id": f"hex-{cell_text(cell)}"} if hex_id else {})
    title_node = ET.SubElement(group, "title")
    title_node.text = (
        f"{tile} at {cell_text(cell)}"
        + (" (starting piece)" if cell in START_CELLS else "")
        + (f", laid by {who}" if who else "")
    )
    ET.SubElement(
        group,
        "polygon",
        {
            "points": _points(cell, SIZE, dx, dy),
            "fill": START_FILL if cell in START_CELLS else PLACED_FILL,
            "stroke": "#5a4a32",
            "stroke-width": "1.5",
        },
    )
    for k, letter in enumerate(tile.corners):
        x, y = corner_point(cell, k, SIZE, inset=0.7)
        _dab(group, x + dx, y + dy, SIZE * corner, letter, ratio)
    x, y = centre_point(cell, SIZE)
    if len(tile.centre) == 1:
        _dab(group, x + dx, y + dy, SIZE * whole, tile.centre, ratio)
    else:
        for offset, letter in zip((-apart, apart), tile.centre):
            _dab(group, x + dx + SIZE * offset, y + dy, SIZE * corner, letter, ratio)
    return group


def _svg(width: float, height: float) -> ET.Element:
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "version": "1.1",
            "width": f"{width:.0f}",
            "height": f"{height:.0f}",
            "viewBox": f"0 0 {width:.0f} {height:.0f}",
            "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif",
        },
    )
    ET.SubElement(svg, "rect", {"width": "100%", "height": "100%", "fill": "#ffffff"})
    return svg


def board_svg(board: Board, title: str = "") -> str:
    """The layout as SVG text: every hex with its six dabs and centre, open cells dashed and labelled."""
    labels = cell_labels(board)
    left, top, w, h = _frame(list(board.tiles) + list(labels.values()))
    head = 30.0 if title else 0.0
    dx, dy = MARGIN - left, MARGIN + head - top
    svg = _svg(w + 2 * MARGIN, h + 2 * MARGIN + head)
    if title:
        t = ET.SubElement(svg, "text", {"x": f"{MARGIN:.0f}", "y": "26", "font-size": "16", "fill": "#222"})
        t.text = title
    opens = ET.SubElement(svg, "g", {"id": "open-cells"})
    for label, cell in labels.items():
        _open_cell(opens, cell, dx, dy, label)
    hexes = ET.SubElement(svg, "g", {"id": "hexes"})
    for cell, tile in board.tiles.items():
        _hex(hexes, cell, tile, board.placers.get(cell), dx, dy)
    return document(svg)


def game_svg(final: Board, laid_at: dict, steps: int) -> str:
    """A whole game's board for the record page, drawn once: each part marked with the steps it shows
    at (render/layers.py's `data-s`): a hex from the move that laid it, an open cell (by its q,r: the
    letters change as cells open) from the move that opened it until the one that filled it, and a
    ring round the hex the move shown laid."""
    from pastiche_cli.games.pastiche.core.geometry import neighbours
    from pastiche_cli.render.layers import ranges

    every = set(final.tiles)
    for cell in final.tiles:
        every.update(n for n in neighbours(cell) if n not in final.tiles)
    left, top, w, h = _frame(every)
    dx, dy = PAGE_MARGIN - left, PAGE_MARGIN - top
    svg = _svg(w + 2 * PAGE_MARGIN, h + 2 * PAGE_MARGIN)
    svg.set("aria-label", "the board")

    def laid(cell) -> int:
        return laid_at.get(cell, 0)

    for cell in sorted(every - set(final.tiles), key=lambda c: (c[1], c[0])) + sorted(
        final.tiles, key=lambda c: (c[1], c[0])
    ):
        opened = min((laid(n) for n in neighbours(cell) if n in final.tiles), default=None)
        closes = laid(cell) - 1 if cell in final.tiles else steps
        if opened is None or opened > closes:
            continue
        part = _open_cell(svg, cell, dx, dy, None, PAGE_LABEL)
        if (opened, closes) != (0, steps):
            part.set("data-s", ranges(range(opened, closes + 1)))
    for cell, tile in sorted(final.tiles.items(), key=lambda item: (laid(item[0]), item[0])):
        part = _hex(svg, cell, tile, final.placers.get(cell), dx, dy, hex_id=False, dabs=PAGE_DABS)
        if laid(cell):
            part.set("data-s", f"{laid(cell)}-{steps}")
    for cell in sorted(laid_at, key=laid):
        ring = ET.SubElement(
            svg,
            "polygon",
            {
                "points": _points(cell, SIZE * 1.02, dx, dy),
                "fill": "none",
                "stroke": "#d4006a",
                "stroke-width": "4",
                "data-s": f"{laid(cell)}-{laid(cell)}",
            },
        )
        if laid(cell) != steps:
            ring.set("style", "display:none")
    for part in svg:
        mark = part.get("data-s")
        if mark and not mark.endswith(f"-{steps}") and part.get("style") is None:
            part.set("style", "display:none")
    return document(svg)
