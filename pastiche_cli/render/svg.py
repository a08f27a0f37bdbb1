"""What every game's SVG pictures share: the sheet, numbers in one format, text cut or wrapped to fit (xml.etree)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable

from pastiche_cli.render.svgxml import clean

NAMESPACE = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
ELLIPSIS = "\u2026"


def per_line(size: float, room: float) -> int:
    """How many characters fit `room` units at font `size` (a character ~0.6 em; never fewer than 4)."""
    return max(4, int(room / (0.6 * size)))


def measure(text: str, size: float) -> float:
    """About how many units `text` takes at font `size` (a character ~0.62 em)."""
    return 0.62 * size * len(text)


def cut(text: str, size: float, room: float, strip: bool = True) -> str:
    """`text` cut with an ellipsis to fit `room` units at font `size` (`strip`: no space before it)."""
    most = per_line(size, room)
    if len(text) <= most:
        return text
    kept = text[: most - 1]
    return (kept.rstrip() if strip else kept) + ELLIPSIS


def lines_of(text: str, size: float, room: float, most: int = 3) -> list[str]:
    """`text` in at most `most` lines fitting `room` at font `size` (long words hyphenated, the last line cut)."""
    width = per_line(size, room)
    out: list[str] = []
    for word in text.split():
        while len(word) > width:
            out.append(word[: width - 1] + "-")
            word = word[width - 1 :]
        if out and len(out[-1]) + 1 + len(word) <= width:
            out[-1] += " " + word
        else:
            out.append(word)
    if len(out) > most:
        out = out[:most]
        out[-1] = out[-1][: width - 1].rstrip() + ELLIPSIS
    return out or [""]


class Sheet:
    """An SVG picture being drawn: its root, and the format its numbers are written in."""

    def __init__(self, root: ET.Element, number: Callable[[float], str] = "{:.0f}".format):
        self.root = root
        self.number = number

    @classmethod
    def framed(cls, width: float, height: float, number: Callable[[float], str] = "{:.0f}".format) -> Sheet:
        """A sheet `width` by `height` (its viewBox too) in the pictures' font, on a white ground."""
        w, h = f"{width:.0f}", f"{height:.0f}"
        root = ET.Element("svg", xmlns=NAMESPACE, version="1.1", width=w, height=h, viewBox=f"0 0 {w} {h}")
        root.set("font-family", FONT)
        ET.SubElement(root, "rect", width="100%", height="100%", fill="#ffffff")
        return cls(root, number)

    def add(self, tag: str, body: str | None = None, parent: ET.Element | None = None, **attrs) -> ET.Element:
        """An element under `parent` (the root by default): a number written in the sheet's format, a
        name's `_` as `-` (`fill_opacity` is fill-opacity; `class_` is class), a value None left out."""
        written = {
            name.rstrip("_").replace("_", "-"): value if isinstance(value, str) else self.number(value)
            for name, value in attrs.items()
            if value is not None
        }
        node = ET.SubElement(self.root if parent is None else parent, tag, written)
        if body is not None:
            node.text = body
        return node

    def text(
        self,
        x: float,
        y: float,
        body: str,
        size: int = 12,
        fill: str = "#222",
        weight: str | None = "normal",
        anchor: str = "start",
        parent: ET.Element | None = None,
        **more,
    ) -> ET.Element:
        """A line of text at (x, y); `weight` None writes no font-weight."""
        style = {"font_size": str(size), "fill": fill, "text_anchor": anchor, "font_weight": weight}
        return self.add("text", body, parent, x=x, y=y, **style, **more)

    def rect(self, x: float, y: float, width: float, height: float, parent: ET.Element | None = None, **more):
        """A box; its fill, stroke and the rest in `more`, in the order given."""
        return self.add("rect", None, parent, x=x, y=y, width=width, height=height, **more)

    def wrapped(self, x: float, y: float, text: str, size: float, room: float, most: int = 3, **attrs) -> None:
        """Up to `most` lines of text fitting `room` units from y, the whole text as its <title> where it was cut."""
        lines = lines_of(text, size, room, most)
        node = self.add("text", None, x=x, y=y, font_size=f"{size:g}", **attrs)
        if " ".join(lines).replace("-", "") != " ".join(text.split()).replace("-", ""):
            self.add("title", text, node)
        for k, line in enumerate(lines):
            self.add("tspan", line, node, x=x, dy="0" if k == 0 else f"{size * 1.25:g}")

    def labelled(self, x: float, y: float, heading: str, text: str, room: float, size: float = 12) -> None:
        """`heading` in bold, then `text` on the same line (cut with an ellipsis, the whole in a <title>)."""
        node = self.add("text", None, x=f"{x:g}", y=f"{y:g}", font_size=f"{size:g}")
        shown = lines_of(text, size, room - measure(heading + " ", size), 1)[0]
        if shown != " ".join(text.split()):
            self.add("title", f"{heading} {text}", node)
        self.add("tspan", heading, node, font_weight="bold")
        self.add("tspan", shown, node, dx=f"{0.3 * size:g}")

    def written(self, indent: bool = False) -> str:
        """The picture as inline SVG text (no XML declaration), every name made writable."""
        clean(self.root)
        if indent:
            ET.indent(self.root)
        return ET.tostring(self.root, encoding="unicode") + "\n"
