"""The board as an SVG picture, built with the standard library's xml.etree only."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from pastiche_cli.games.pastiche.core.board import Board, cell_labels
from pastiche_cli.games.pastiche.core.geometry import START_CELLS, cell_text, centre_point, corner_point

DAB_FILL = {"R": "#d1262b", "Y": "#f5c518", "B": "#1f56b8"}
DAB_TEXT = {"R": "#ffffff", "Y": "#222222", "B": "#ffffff"}
PLACED_FILL = "#f7f1e3"
START_FILL = "#e3d5b8"
SIZE = 48.0          # circumradius of a hex, in pixels
MARGIN = 24.0


def _points(cell, size: float, dx: float, dy: float) -> str:
    pts = [corner_point(cell, k, size) for k in range(6)]
    return " ".join(f"{x + dx:.1f},{y + dy:.1f}" for x, y in pts)


def board_svg(board: Board, title: str = "") -> str:
    """The layout as SVG text: every hex with its six dabs and centre, open cells dashed and labelled."""
    labels = cell_labels(board)
    cells = list(board.tiles) + list(labels.values())
    xs, ys = [], []
    for cell in cells:
        for k in range(6):
            x, y = corner_point(cell, k, SIZE)
            xs.append(x)
            ys.append(y)
    head = 30.0 if title else 0.0
    dx, dy = MARGIN - min(xs), MARGIN + head - min(ys)
    width, height = max(xs) - min(xs) + 2 * MARGIN, max(ys) - min(ys) + 2 * MARGIN + head

    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "version": "1.1",
                             "width": f"{width:.0f}", "height": f"{height:.0f}",
                             "viewBox": f"0 0 {width:.0f} {height:.0f}",
                             "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif"})
    ET.SubElement(svg, "rect", {"width": "100%", "height": "100%", "fill": "#ffffff"})
    if title:
        t = ET.SubElement(svg, "text", {"x": f"{MARGIN:.0f}", "y": "26", "font-size": "16", "fill": "#222"})
        t.text = title

    def text(parent, x: float, y: float, body: str, size: float, fill: str, weight: str = "normal") -> None:
        node = ET.SubElement(parent, "text", {"x": f"{x:.1f}", "y": f"{y:.1f}", "font-size": f"{size:.0f}",
                                              "fill": fill, "text-anchor": "middle",
                                              "dominant-baseline": "central", "font-weight": weight})
        node.text = body

    def dab(parent, x: float, y: float, r: float, letter: str) -> None:
        ET.SubElement(parent, "circle", {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": f"{r:.1f}",
                                         "fill": DAB_FILL[letter], "stroke": "#333", "stroke-width": "0.8"})
        text(parent, x, y, letter, r * 1.1, DAB_TEXT[letter], "bold")

    opens = ET.SubElement(svg, "g", {"id": "open-cells"})
    for label, cell in labels.items():
        ET.SubElement(opens, "polygon", {"points": _points(cell, SIZE * 0.96, dx, dy), "fill": "none",
                                         "stroke": "#999", "stroke-width": "1", "stroke-dasharray": "4 3"})
        x, y = centre_point(cell, SIZE)
        text(opens, x + dx, y + dy - 5, label, 16, "#444", "bold")
        text(opens, x + dx, y + dy + 12, cell_text(cell), 9, "#888")

    hexes = ET.SubElement(svg, "g", {"id": "hexes"})
    for cell, tile in board.tiles.items():
        group = ET.SubElement(hexes, "g", {"id": f"hex-{cell_text(cell)}"})
        title_node = ET.SubElement(group, "title")
        who = board.placers.get(cell)
        title_node.text = (f"{tile} at {cell_text(cell)}" + (" (starting piece)" if cell in START_CELLS else "")
                           + (f", laid by {who}" if who else ""))
        ET.SubElement(group, "polygon", {"points": _points(cell, SIZE, dx, dy),
                                         "fill": START_FILL if cell in START_CELLS else PLACED_FILL,
                                         "stroke": "#5a4a32", "stroke-width": "1.5"})
        for k, letter in enumerate(tile.corners):
            x, y = corner_point(cell, k, SIZE, inset=0.7)
            dab(group, x + dx, y + dy, SIZE * 0.15, letter)
        x, y = centre_point(cell, SIZE)
        if len(tile.centre) == 1:
            dab(group, x + dx, y + dy, SIZE * 0.24, tile.centre)
        else:
            for offset, letter in zip((-0.17, 0.17), tile.centre):
                dab(group, x + dx + SIZE * offset, y + dy, SIZE * 0.15, letter)
    ET.indent(svg)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(svg, encoding="unicode") + "\n"
