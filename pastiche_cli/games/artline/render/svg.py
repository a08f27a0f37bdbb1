"""The table as an SVG picture (standard library only): paintings, open cells, each gallery's feature."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Iterable

from pastiche_cli.games.artline.core.position import COLUMN, ROW, Cell, Line, Position
from pastiche_cli.render.svgxml import clean

W, H = 120, 84                   # a landscape painting's cell; a portrait one is drawn upright inside it
PAD = 20
SIDE = 220                       # room on the right for row features
FOOT = 70                        # room below for column features


def lines_of(text: str, size: float, room: float, most: int = 3) -> list[str]:
    """`text` broken at spaces into lines that fit `room` px at font `size` (a character ~0.6 em); the
    last line cut with an ellipsis when it does not all fit."""
    per_line = max(4, int(room / (0.6 * size)))
    out: list[str] = []
    for word in text.split():
        while len(word) > per_line:
            out.append(word[:per_line - 1] + "-")
            word = word[per_line - 1:]
        if out and len(out[-1]) + 1 + len(word) <= per_line:
            out[-1] += " " + word
        else:
            out.append(word)
    if len(out) > most:
        out = out[:most]
        out[-1] = out[-1][:per_line - 1].rstrip() + "\u2026"
    return out or [""]


def _lines(svg, x: float, y: float, text: str, size: float, room: float, most: int = 3, heading: str = "",
           **attrs) -> None:
    """A text block of up to `most` lines fitting `room` px, its first line at y (after a bold `heading`
    line, if any); the whole text as its <title> where it was cut."""
    lines = lines_of(text, size, room, most)
    node = ET.SubElement(svg, "text", x=str(x), y=str(y), **{"font-size": f"{size:g}", **attrs})
    if " ".join(lines).replace("-", "") != " ".join(text.split()).replace("-", ""):
        ET.SubElement(node, "title").text = (heading + " " if heading else "") + text
    if heading:
        ET.SubElement(node, "tspan", x=str(x), dy="0", **{"font-weight": "bold"}).text = heading
    for k, line in enumerate(lines):
        ET.SubElement(node, "tspan", x=str(x), dy="0" if k == 0 and not heading else f"{size * 1.25:g}").text = line


def board_svg(position: Position, spots: Iterable[Cell], title: str,
              bounds: tuple[int, int, int, int] | None = None) -> str:
    """The table: each painting in its cell (its name and where it is, fitting the cell), the open
    spots, each gallery's feature beside its row or under its column. `bounds` (x0, y0, x1, y1) fixes
    the drawn cells, so a game's steps share one frame."""
    spots = set(spots)
    xs = [p.at[0] for p in position.table] + [c[0] for c in spots]
    ys = [p.at[1] for p in position.table] + [c[1] for c in spots]
    if bounds is not None:
        xs += [bounds[0], bounds[2]]
        ys += [bounds[1], bounds[3]]
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
        _lines(svg, x + W // 2, y + H // 2 - 4, f"may go here [{cell[0]}, {cell[1]}]", 11, W - 16, 2,
               fill="#555", **{"text-anchor": "middle"})
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
        room = box[2] - 8
        _lines(svg, x + W // 2, y + 22, name, 12, room, 2, **{"text-anchor": "middle"})
        _lines(svg, x + W // 2, y + H - 26, f"[{p.at[0]}, {p.at[1]}] {p.orientation}", 9, room, 1,
               fill="#444", **{"text-anchor": "middle"})
        if two:
            _lines(svg, x + W // 2, y + H - 14, "in two galleries", 9, room, 1, fill="#444",
                   **{"text-anchor": "middle"})
    # A gallery's label: its line on a line of its own, the feature below it, each fitting its room
    # (a column's label within its column, so neighbours never run together).
    for g in position.galleries:
        if g.line.axis == ROW:
            x, y = PAD + columns * W + 10, PAD + 30 + (g.line.index - y0) * H + 22
            _lines(svg, x, y, g.feature, 12, SIDE - 20, 3, heading=f"row {g.line.index}:")
        else:
            x, y = PAD + (g.line.index - x0) * W + W // 2, PAD + 30 + rows * H + 18
            _lines(svg, x, y, g.feature, 11, W - 8, 3, heading=f"column {g.line.index}:",
                   **{"text-anchor": "middle"})
    return ET.tostring(clean(svg), encoding="unicode") + "\n"
