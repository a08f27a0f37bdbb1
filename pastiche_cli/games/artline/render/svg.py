"""The Artline table as an SVG picture: paintings, open cells, each gallery's feature listed under the grid."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable

from pastiche_cli.games.artline.core.position import COLUMN, ROW, Cell, Line, Position
from pastiche_cli.render.svg import NAMESPACE, Sheet, lines_of

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
LEGEND = "a wide frame lies landscape, a tall one stands portrait; a thick frame is in two galleries"


def board_svg(
    position: Position,
    spots: Iterable[Cell],
    title: str,
    bounds: tuple[int, int, int, int] | None = None,
    lines: Iterable[Line] | None = None,
) -> str:
    """The table, narrow enough to read on a phone: the numbered grid, each painting in its cell, the open spots,
    and the galleries listed under it. `bounds` (x0, y0, x1, y1) and `lines` fix the frame a game's steps share."""
    spots = set(spots)
    xs = [p.at[0] for p in position.table] + [c[0] for c in spots] + ([bounds[0], bounds[2]] if bounds else [])
    ys = [p.at[1] for p in position.table] + [c[1] for c in spots] + ([bounds[1], bounds[3]] if bounds else [])
    x0, y0 = min(xs, default=0), min(ys, default=0)
    columns, rows = max(xs, default=0) - x0 + 1, max(ys, default=0) - y0 + 1
    open_lines = {g.line for g in position.galleries}
    slots = sorted(set(lines or ()) | open_lines, key=lambda line: line.index)
    listed = {axis: [s for s in slots if s.axis == axis] for axis in (ROW, COLUMN)}
    width = max(PAD * 2 + LEFT + columns * W, MIN_WIDTH)
    grid_top = PAD + TITLE + TOP
    list_top = grid_top + rows * H + 22
    legend_top = list_top + max(len(listed[ROW]), len(listed[COLUMN]), 1) * LINE + 8
    height = legend_top + 2 * LINE + PAD
    root = ET.Element("svg", xmlns=NAMESPACE, width=str(width), height=str(height), viewBox=f"0 0 {width} {height}")
    root.attrib.update({"font-family": "sans-serif", "font-size": "13"})
    sheet = Sheet(root, str)
    sheet.add("title", title)
    sheet.add("rect", width=width, height=height, fill="white")
    sheet.wrapped(PAD, PAD + 14, title, 14, width - 2 * PAD, 1, font_weight="bold")
    for c in range(columns):
        _number(sheet, PAD + LEFT + c * W + W // 2, grid_top - 6, "middle", x0 + c, Line(COLUMN, x0 + c) in open_lines)
    for r in range(rows):
        _number(sheet, PAD + LEFT - 5, grid_top + r * H + H // 2 + 4, "end", y0 + r, Line(ROW, y0 + r) in open_lines)

    def origin(cell: Cell) -> tuple[int, int]:
        return PAD + LEFT + (cell[0] - x0) * W, grid_top + (cell[1] - y0) * H

    for cell in sorted(spots):
        x, y = origin(cell)
        spot = sheet.rect(x + 4, y + 4, W - 8, H - 8, fill="none", stroke="#888", stroke_dasharray="4 3")
        sheet.add("title", f"a painting may go at [{cell[0]}, {cell[1]}]", spot)
        sheet.wrapped(x + W // 2, y + H // 2 - 3, "may go here", 12, W - 10, 2, fill="#555", text_anchor="middle")
    for p in position.table:
        two = Line(ROW, p.at[1]) in open_lines and Line(COLUMN, p.at[0]) in open_lines
        _painting(sheet, p, *origin(p.at), two)
    _galleries(sheet, position, listed, list_top, (width - 2 * PAD) / 2)
    sheet.wrapped(PAD, legend_top + 12, LEGEND, 12, width - 2 * PAD, 2, fill="#555")
    return sheet.written()


def _galleries(sheet: Sheet, position: Position, listed: dict, top: int, half: float) -> None:
    """The galleries under the grid, rows on the left and columns on the right, each at its line's place."""
    for side, axis in enumerate((ROW, COLUMN)):
        for k, line in enumerate(listed[axis]):
            gallery = position.gallery_on(line)
            if gallery is not None:
                heading = f"{axis} {line.index}:"
                sheet.labelled(PAD + side * half, top + k * LINE, heading, gallery.feature, half - 8)


def _number(sheet: Sheet, x: int, y: int, anchor: str, number: int, bold: bool) -> None:
    """A column's or a row's number beside the grid, in bold where a gallery lies along it."""
    fill, weight = ("#000", "bold") if bold else ("#777", "normal")
    sheet.add("text", str(number), x=x, y=y, font_size="12", text_anchor=anchor, fill=fill, font_weight=weight)


def _painting(sheet: Sheet, p, x: int, y: int, two: bool) -> None:
    """A painting in its cell at (x, y): its frame lying or standing, thick in two galleries, named."""
    if p.orientation == "landscape":
        box = (x + 3, y + 8, W - 6, H - 16)
    else:
        box = (x + (W - (H - 6) * 3 // 4) // 2, y + 3, (H - 6) * 3 // 4, H - 6)
    name = p.title or p.by or "start"
    frame = sheet.rect(*box, fill="#f4efe3", stroke="black", stroke_width="3" if two else "1")
    where = f"{name} at [{p.at[0]}, {p.at[1]}], {p.orientation}"
    sheet.add("title", where + (", in two galleries" if two else ""), frame)
    lift = 3 if len(lines_of(name, 13, W - 8, 2)) > 1 else -4
    sheet.wrapped(x + W // 2, y + H // 2 - lift, name, 13, W - 8, 2, text_anchor="middle")
