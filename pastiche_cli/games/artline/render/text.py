"""The table as a terminal picture: a grid of cells, each gallery's feature along its row or column (no colour)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from pastiche_cli.games.artline.core.position import COLUMN, ROW, Cell, Line, Painting, Position

CELL = 8  # characters per cell
LABEL = 5  # characters of a painting's label
MARGIN = 6  # the y= labels on the left
ARTICLES = {"the", "a", "an"}


class Picture(NamedTuple):
    lines: tuple[str, ...]
    width: int  # the characters the grid needs, row features aside
    fits: bool


def label(painting: Painting) -> str:
    """What a painting is called in the grid: its title, else who laid it, else 'start'."""
    text = painting.title or painting.by or "start"
    words = text.split()
    if len(words) > 1 and words[0].casefold() in ARTICLES:
        words = words[1:]  # "The Red Coat" is told apart by "Red C~", not by "The ~"
    text = " ".join(words)
    return text[:LABEL].ljust(LABEL) if len(text) <= LABEL else text[: LABEL - 1] + "~"


def in_two(position: Position, cell: Cell) -> bool:
    return None not in (position.gallery_on(Line(ROW, cell[1])), position.gallery_on(Line(COLUMN, cell[0])))


def _cell(position: Position, cell: Cell, spots: set) -> str:
    painting = position.painting_at(cell)
    if painting is not None:
        left, right = ("[", "]") if painting.orientation == "landscape" else ("|", "|")
        return f"{left}{label(painting)}{right}{'*' if in_two(position, cell) else ' '}"
    return ("+" if cell in spots else ".").center(CELL - 1) + " "


def picture(position: Position, spots: Iterable[Cell], width: int) -> Picture:
    """The grid with one empty cell of margin all round, clipped to `width` characters a line."""
    spots = set(spots)
    xs = [p.at[0] for p in position.table]
    ys = [p.at[1] for p in position.table]
    columns = range(min(xs) - 1, max(xs) + 2)
    rows = range(min(ys) - 1, max(ys) + 2)
    need = MARGIN + len(columns) * CELL
    if need > width:
        return Picture((), need, False)

    def clip(text: str) -> str:
        text = text.rstrip()
        return text if len(text) <= width else text[: width - 1] + "~"

    out = [clip(" " * MARGIN + "".join(f"x={x}".center(CELL) for x in columns))]
    for y in rows:
        gallery = position.gallery_on(Line(ROW, y))
        line = f"y={y}".rjust(MARGIN - 1) + " " + "".join(_cell(position, (x, y), spots) for x in columns)
        if gallery:
            feature = f"  row {y}: '{gallery.feature}'"
            room = width - len(line)
            # A feature cut very short says nothing: the list of galleries below gives it in full.
            line += feature if len(feature) <= room else feature[: room - 1] + "~" if room >= 12 else ""
        out.append(clip(line))
    heads = []
    for x in columns:
        gallery = position.gallery_on(Line(COLUMN, x))
        text = gallery.feature if gallery else ""
        heads.append((text if len(text) < CELL else text[: CELL - 2] + "~").center(CELL))
    if any(h.strip() for h in heads):
        out.append(clip("column".rjust(MARGIN - 1) + " " + "".join(heads)))
    return Picture(tuple(out), need, True)


def gallery_lines(position: Position) -> list[str]:
    """Every gallery in full: its line, feature, opener and paintings."""
    out = []
    for g in sorted(position.galleries, key=lambda g: (g.line.axis != ROW, g.line.index)):
        cells = sorted((p.at for p in position.on_line(g.line)), key=lambda c: (c[1], c[0]))
        by = f", opened by {g.opened_by}" if g.opened_by else ""
        out.append(f"{g.line}: '{g.feature}'{by}; {len(cells)} paintings")
    return out
