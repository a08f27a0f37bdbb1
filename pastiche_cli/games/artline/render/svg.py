"""The table as an SVG picture (standard library only): paintings, open cells, each gallery's feature."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Iterable

from pastiche_cli.games.artline.core.position import COLUMN, ROW, Cell, Line, Position

W, H = 120, 84                   # a landscape painting's cell; a portrait one is drawn upright inside it
PAD = 20
SIDE = 220                       # room on the right for row features
FOOT = 70                        # room below for column features


def board_svg(position: Position, spots: Iterable[Cell], title: str) -> str:
    spots = set(spots)
    xs = [p.at[0] for p in position.table] + [c[0] for c in spots]
    ys = [p.at[1] for p in position.table] + [c[1] for c in spots]
    x0, y0 = min(xs), min(ys)
    columns, rows = max(xs) - x0 + 1, max(ys) - y0 + 1
    width, height = PAD * 2 + columns * W + SIDE, PAD * 2 + 30 + rows * H + FOOT
    svg = ET.Element("svg", xmlns="http://www.w3.org/2000/svg", width=str(width), height=str(height),
                     viewBox=f"0 0 {width} {height}", **{"font-family": "sans-serif", "font-size": "12"})
    ET.SubElement(svg, "title").text = title
    ET.SubElement(svg, "rect", width=str(width), height=str(height), fill="white")
    ET.SubElement(svg, "text", x=str(PAD), y=str(PAD + 12), **{"font-size": "14"}).text = title

    def origin(cell: Cell) -> tuple[int, int]:
        return PAD + (cell[0] - x0) * W, PAD + 30 + (cell[1] - y0) * H

    for cell in sorted(spots):
        x, y = origin(cell)
        ET.SubElement(svg, "rect", x=str(x + 6), y=str(y + 6), width=str(W - 12), height=str(H - 12), fill="none",
                      stroke="#888", **{"stroke-dasharray": "4 3"})
        ET.SubElement(svg, "text", x=str(x + W // 2), y=str(y + H // 2 + 4), fill="#555",
                      **{"text-anchor": "middle"}).text = f"may go here [{cell[0]}, {cell[1]}]"
    for p in position.table:
        x, y = origin(p.at)
        if p.orientation == "landscape":
            box = (x + 4, y + 4, W - 8, H - 8)
        else:
            box = (x + (W - (H - 8) * 3 // 4) // 2, y + 4, (H - 8) * 3 // 4, H - 8)
        two = position.gallery_on(Line(ROW, p.at[1])) is not None and position.gallery_on(Line(COLUMN, p.at[0])) is not None
        ET.SubElement(svg, "rect", x=str(box[0]), y=str(box[1]), width=str(box[2]), height=str(box[3]),
                      fill="#f4efe3", stroke="black", **{"stroke-width": "3" if two else "1"})
        name = p.title or p.by or "start"
        ET.SubElement(svg, "text", x=str(x + W // 2), y=str(y + H // 2), **{"text-anchor": "middle"}).text = name
        note = f"[{p.at[0]}, {p.at[1]}] {p.orientation}" + (" · in two galleries" if two else "")
        ET.SubElement(svg, "text", x=str(x + W // 2), y=str(y + H // 2 + 16), fill="#444",
                      **{"text-anchor": "middle", "font-size": "9"}).text = note
    for g in position.galleries:
        if g.line.axis == ROW:
            x, y = PAD + columns * W + 10, PAD + 30 + (g.line.index - y0) * H + H // 2 + 4
            ET.SubElement(svg, "text", x=str(x), y=str(y)).text = f"row {g.line.index}: {g.feature}"
        else:
            x, y = PAD + (g.line.index - x0) * W + W // 2, PAD + 30 + rows * H + 20
            ET.SubElement(svg, "text", x=str(x), y=str(y), **{"text-anchor": "middle"}).text = \
                f"column {g.line.index}: {g.feature}"
    return ET.tostring(svg, encoding="unicode") + "\n"
