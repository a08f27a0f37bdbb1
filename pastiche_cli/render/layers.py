"""Many pictures of one game as one SVG, for the record page: each top-level part written once, marked with
the steps it shows at (`data-s="0-4 9-12"`; none when at every step), the page's script showing a step's parts.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence

NAMESPACE = ' xmlns="http://www.w3.org/2000/svg"'


def ranges(steps: Iterable[int]) -> str:
    """Steps as ranges: [0, 1, 2, 5] -> '0-2 5-5'."""
    out: list[str] = []
    start = previous = None
    for s in sorted(set(steps)):
        if previous is not None and s == previous + 1:
            previous = s
            continue
        if start is not None:
            out.append(f"{start}-{previous}")
        start = previous = s
    if start is not None:
        out.append(f"{start}-{previous}")
    return " ".join(out)


def shown_at(mark: str, step: int) -> bool:
    """Whether a `data-s` mark includes the step."""
    for part in mark.split():
        low, high = part.split("-")
        if int(low) <= step <= int(high):
            return True
    return False


def _root(text: str) -> ET.Element:
    text = text.split("?>", 1)[1] if text.lstrip().startswith("<?xml") else text
    return ET.fromstring(text.replace(NAMESPACE, "", 1))


def merge(pictures: Sequence[str | None]) -> str | None:
    """One SVG for the steps' pictures (None: none at that step), each distinct part once, after the part drawn
    before it where it first appears; the root's attributes are the last picture's, and where the steps'
    viewBoxes differ, each step's is kept in `data-views` (`;`-separated) for the script to set."""
    roots = [None if p is None else _root(p) for p in pictures]
    present = [r for r in roots if r is not None]
    if not present:
        return None
    last = present[-1]
    order: list[str] = []
    seen: dict[str, tuple[ET.Element, list[int]]] = {}
    for step, root in enumerate(roots):
        if root is None:
            continue
        before = -1
        for child in root:
            child.tail = None
            key = ET.tostring(child, encoding="unicode")
            if key not in seen:
                seen[key] = (child, [])
                order.insert(before + 1, key)
            seen[key][1].append(step)
            before = order.index(key)
    every = set(range(len(roots)))
    svg = ET.Element("svg", dict(last.attrib))
    views = [(r.get("viewBox") if r is not None else "") or "" for r in roots]
    if len(set(views)) > 1:
        svg.set("data-views", ";".join(views))
        for size in ("width", "height"):
            svg.attrib.pop(size, None)
    final = len(roots) - 1
    for key in order:
        child, steps = seen[key]
        if set(steps) != every:
            mark = ranges(steps)
            child.set("data-s", mark)
            if not shown_at(mark, final):
                child.set("style", "display:none")
        svg.append(child)
    ET.indent(svg)
    return ET.tostring(svg, encoding="unicode").replace("<svg", "<svg" + NAMESPACE, 1)
