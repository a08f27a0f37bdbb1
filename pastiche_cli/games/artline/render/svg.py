"""The table as an SVG picture (standard library only): paintings, open cells, each gallery's feature
listed under the grid."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable

from pastiche_cli.games.artline.core.position import COLUMN, ROW, Cell, Line, Position
from pastiche_cli.render.svgxml import clean

# A cell is small enough that a table of six columns is about 420 units wide, so on a phone (a picture
# some 366 px wide) its 12-unit text is drawn over 10 px; the galleries are listed under the grid, not
# in a margin beside it that would shrink the whole picture.
W, H = 64, 60  # a cell: a landscape frame lies in it, a portrait one stands upright
PAD = 8
LEFT = 22  # the row numbers
TOP = 18  # the column numbers
TITLE = 16
LINE = 17  # a line of the gallery list
MIN_WIDTH = 360  # the title and the list need this much even for a small table


def lines_of(text: str, size: float, room: float, most: int = 3) -> list[str]:
    """`text` broken at spaces into lines that fit `room` px at font `size` (a character ~0.6 em); the
    last line cut with an ellipsis when it does not all fit."""
    per_line = max(4, int(room / (0.6 * size)))
    out: list[str] = []
    for word in text.split():
        while len(word) > per_line:
            out.append(word[: per_line - 1] + "-")
            word = word[per_line - 1 :]
        if out and len(out[-1]) + 1 + len(word) <= per_line:
            out[-1] += " " + word
        else:
            out.append(word)
    if len(out) > most:
        out = out[:most]
        out[-1] = out[-1][: per_line - 1].rstrip() + "\u2026"
    return out or [""]


def _lines(
    svg, x: float, y: float, text: str, size: float, room: float, most: int = 3, heading: str = "", **attrs
) -> None:
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


def board_svg(
    position: Position,
    spots: Iterable[Cell],
    title: str,
    bounds: tuple[int, int, int, int] | None = None,
    lines: Iterable[Line] | None = None,
) -> str:
    """The table, narrow enough to read on a phone: the grid with its column numbers above and its row
    numbers beside it (a gallery's line in bold), each painting in its cell (its name fitting the cell,
    a wide frame lying landscape, a tall one standing portrait, a thick one in two galleries, the whole
    in the frame's <title>), the open spots; under the grid the galleries, rows on the left and columns
    on the right, each `row 0: feature` on a line of its own. `bounds` (x0, y0, x1, y1) fixes the drawn
    cells and `lines` the galleries' places in the list, so a game's steps share one frame."""
    spots = set(spots)
    xs = [p.at[0] for p in position.table] + [c[0] for c in spots]
    ys = [p.at[1] for p in position.table] + [c[1] for c in spots]
    if bounds is not None:
        xs += [bounds[0], bounds[2]]
        ys += [bounds[1], bounds[3]]
    if not xs:
        xs, ys = [0], [0]
    x0, y0 = min(xs), min(ys)
    columns, rows = max(xs) - x0 + 1, max(ys) - y0 + 1
    open_lines = {g.line for g in position.galleries}
    slots = sorted(set(lines or ()) | open_lines, key=lambda line: line.index)
    listed = {ROW: [s for s in slots if s.axis == ROW], COLUMN: [s for s in slots if s.axis == COLUMN]}
    width = max(PAD * 2 + LEFT + columns * W, MIN_WIDTH)
    half = (width - 2 * PAD) / 2
    grid_top = PAD + TITLE + TOP
    list_top = grid_top + rows * H + 22
    list_lines = max(len(listed[ROW]), len(listed[COLUMN]), 1)
    legend_top = list_top + list_lines * LINE + 8
    height = legend_top + 2 * LINE + PAD
    svg = ET.Element(
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        width=str(width),
        height=str(height),
        viewBox=f"0 0 {width} {height}",
        **{"font-family": "sans-serif", "font-size": "13"},
    )
    ET.SubElement(svg, "title").text = title
    ET.SubElement(svg, "rect", width=str(width), height=str(height), fill="white")
    _lines(svg, PAD, PAD + 14, title, 14, width - 2 * PAD, 1, **{"font-weight": "bold"})

    def origin(cell: Cell) -> tuple[int, int]:
        return PAD + LEFT + (cell[0] - x0) * W, grid_top + (cell[1] - y0) * H

    for c in range(columns):
        bold = Line(COLUMN, x0 + c) in open_lines
        ET.SubElement(
            svg,
            "text",
            x=str(PAD + LEFT + c * W + W // 2),
            y=str(grid_top - 6),
            **{
                "font-size": "12",
                "text-anchor": "middle",
                "fill": "#000" if bold else "#777",
                "font-weight": "bold" if bold else "normal",
            },
        ).text = str(x0 + c)
    for r in range(rows):
        bold = Line(ROW, y0 + r) in open_lines
        ET.SubElement(
            svg,
            "text",
            x=str(PAD + LEFT - 5),
            y=str(grid_top + r * H + H // 2 + 4),
            **{
                "font-size": "12",
                "text-anchor": "end",
                "fill": "#000" if bold else "#777",
                "font-weight": "bold" if bold else "normal",
            },
        ).text = str(y0 + r)
    for cell in sorted(spots):
        x, y = origin(cell)
        node = ET.SubElement(
            svg,
            "rect",
            x=str(x + 4),
            y=str(y + 4),
            width=str(W - 8),
            height=str(H - 8),
            fill="none",
            stroke="#888",
            **{"stroke-dasharray": "4 3"},
        )
        ET.SubElement(node, "title").text = f"a painting may go at [{cell[0]}, {cell[1]}]"
        _lines(svg, x + W // 2, y + H // 2 - 3, "may go here", 12, W - 10, 2, fill="#555", **{"text-anchor": "middle"})
    for p in position.table:
        x, y = origin(p.at)
        if p.orientation == "landscape":
            box = (x + 3, y + 8, W - 6, H - 16)
        else:
            box = (x + (W - (H - 6) * 3 // 4) // 2, y + 3, (H - 6) * 3 // 4, H - 6)
        two = Line(ROW, p.at[1]) in open_lines and Line(COLUMN, p.at[0]) in open_lines
        name = p.title or p.by or "start"
        node = ET.SubElement(
            svg,
            "rect",
            x=str(box[0]),
            y=str(box[1]),
            width=str(box[2]),
            height=str(box[3]),
            fill="#f4efe3",
            stroke="black",
            **{"stroke-width": "3" if two else "1"},
        )
        ET.SubElement(node, "title").text = f"{name} at [{p.at[0]}, {p.at[1]}], {p.orientation}" + (
            ", in two galleries" if two else ""
        )
        _lines(
            svg,
            x + W // 2,
            y + H // 2 - (3 if len(lines_of(name, 13, W - 8, 2)) > 1 else -4),
            name,
            13,
            W - 8,
            2,
            **{"text-anchor": "middle"},
        )
    # The galleries, each at its line's place in the list (so a step's list lines up with the game's),
    # its line in bold and its feature after it, wrapped under it where it is long.
    for side, axis in enumerate((ROW, COLUMN)):
        x = PAD + side * half
        for k, line in enumerate(listed[axis]):
            gallery = position.gallery_on(line)
            if gallery is not None:
                _label(svg, x, list_top + k * LINE, f"{axis} {line.index}:", gallery.feature, half - 8)
    _lines(
        svg,
        PAD,
        legend_top + 12,
        "a wide frame lies landscape, a tall one stands portrait; a thick frame is in two galleries",
        12,
        width - 2 * PAD,
        2,
        fill="#555",
    )
    return ET.tostring(clean(svg), encoding="unicode") + "\n"


def _label(svg, x: float, y: float, heading: str, text: str, room: float, size: float = 12) -> None:
    """`heading` in bold, then `text` on the same line (cut with an ellipsis, the whole in a <title>)."""
    lead = 0.62 * size * (len(heading) + 1)
    node = ET.SubElement(svg, "text", x=f"{x:g}", y=f"{y:g}", **{"font-size": f"{size:g}"})
    shown = lines_of(text, size, room - lead, 1)[0]
    if shown != " ".join(text.split()):
        ET.SubElement(node, "title").text = f"{heading} {text}"
    ET.SubElement(node, "tspan", **{"font-weight": "bold"}).text = heading
    ET.SubElement(node, "tspan", dx=f"{0.3 * size:g}").text = shown
