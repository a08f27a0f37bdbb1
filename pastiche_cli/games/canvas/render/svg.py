"""A painting as an SVG picture: the five swatches, each card's layer, the visible icons named.

Built with the standard library's xml.etree only. Icons are written as words (never colour alone).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from pastiche_cli.games.canvas.core.cards import SWATCHES
from pastiche_cli.games.canvas.core.painting import Layered
from pastiche_cli.render.svgxml import clean

SWATCH_FILL = {"red": "#d64541", "yellow": "#f2c230", "green": "#3f9e4d", "blue": "#2f6fb3", "violet": "#8a4fa8"}
# A swatch's name is written in a dark shade of its colour, beside a solid key of the colour itself:
# the yellow name in yellow on the yellow column's pale wash could not be read.
SWATCH_INK = {"red": "#9e2a26", "yellow": "#6b5400", "green": "#23682f", "blue": "#1f4f86", "violet": "#64337e"}
COLUMN = 120
ROW = 26
MARGIN = 20
HEAD = 56


def painting_svg(painting: Layered, title: str = "") -> str:
    """The layered painting: one column per swatch; each card drawn as a translucent layer where it prints,
    the icons that show written in full, covered icons struck through below."""
    layers = len(painting.cards)
    rows = max([len(v) for v in painting.visible] + [1])
    hidden_rows = max([sum(1 for i in painting.hidden if i.swatch == s) for s in range(5)] + [0])
    body = HEAD + (layers + 1) * ROW + rows * ROW + hidden_rows * ROW + 2 * ROW
    width, height = 5 * COLUMN + 2 * MARGIN, body + MARGIN
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "version": "1.1", "width": str(width),
                             "height": str(height), "viewBox": f"0 0 {width} {height}",
                             "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif"})
    ET.SubElement(svg, "rect", {"width": "100%", "height": "100%", "fill": "#ffffff"})

    def text(x: float, y: float, body: str, size: int = 13, fill: str = "#222", weight: str = "normal",
             anchor: str = "middle", decoration: str = "") -> None:
        attrs = {"x": f"{x:.0f}", "y": f"{y:.0f}", "font-size": str(size), "fill": fill, "text-anchor": anchor,
                 "font-weight": weight}
        if decoration:
            attrs["text-decoration"] = decoration
        ET.SubElement(svg, "text", attrs).text = body

    text(MARGIN, 26, title or "Painting (bottom to top): " + ", ".join(c.word for c in painting.cards),
         15, anchor="start", weight="bold")
    top = HEAD
    for s, name in enumerate(SWATCHES):
        x = MARGIN + s * COLUMN
        ET.SubElement(svg, "rect", {"x": str(x + 2), "y": str(top), "width": str(COLUMN - 4),
                                    "height": str(body - top - ROW), "fill": SWATCH_FILL[name],
                                    "fill-opacity": "0.18", "stroke": SWATCH_FILL[name]})
        ET.SubElement(svg, "rect", {"x": str(x + 2), "y": str(top), "width": str(COLUMN - 4), "height": "5",
                                    "fill": SWATCH_FILL[name]})
        text(x + COLUMN / 2, top + 20, name, 13, SWATCH_INK[name], "bold")
    # The layers, bottom first: where a card prints, a translucent band with its word.
    for k, card in enumerate(painting.cards):
        y = top + ROW + k * ROW
        text(MARGIN - 4, y + 17, str(k + 1), 10, "#666", anchor="end")
        for s in range(5):
            if card.covers(s):
                x = MARGIN + s * COLUMN
                shows = painting.shown_by[s] == card.word
                ET.SubElement(svg, "rect", {"x": str(x + 8), "y": str(y + 3), "width": str(COLUMN - 16),
                                            "height": str(ROW - 6), "rx": "4", "fill": "#ffffff",
                                            "fill-opacity": "0.85" if shows else "0.45",
                                            "stroke": "#333" if shows else "#999",
                                            "stroke-dasharray": "" if shows else "3,3"})
                text(x + COLUMN / 2, y + 17, card.word, 11, "#222" if shows else "#888")
    y = top + (layers + 1) * ROW + 8
    for s in range(5):
        x = MARGIN + s * COLUMN
        icons = painting.visible[s]
        if not icons:
            text(x + COLUMN / 2, y + 16, "(empty)", 12, "#666")
        for r, icon in enumerate(icons):
            text(x + COLUMN / 2, y + 16 + r * ROW, icon.kind, 14, "#111", "bold")
        for r, icon in enumerate(i for i in painting.hidden if i.swatch == s):
            text(x + COLUMN / 2, y + 16 + (rows + r) * ROW, f"{icon.kind} ({icon.card})", 11, "#888",
                 decoration="line-through")
    return ET.tostring(clean(svg), encoding="unicode") + "\n"


CELL = 84
STRIP = 34


def table_svg(position, title: str = "", paintings: int = 0) -> str:
    """The table for a record's page: the market slot by slot with its tokens, then each player's tokens,
    hand and paintings, each painting a strip of the five swatches with the icons that show (as words).
    With `paintings`, each player has room for that many (so the parts stay put as a game goes on)."""
    from pastiche_cli.games.canvas.core import cards
    from pastiche_cli.games.canvas.core.painting import layer

    room = [max(paintings, len(p.paintings)) for p in position.players]
    rows = 2 + sum(2 + n for n in room)
    width, height = 2 * MARGIN + 150 + 5 * CELL, HEAD + rows * STRIP + MARGIN
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "version": "1.1", "width": str(width),
                             "height": str(height), "viewBox": f"0 0 {width} {height}",
                             "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif"})
    ET.SubElement(svg, "rect", {"width": "100%", "height": "100%", "fill": "#ffffff"})

    def text(x: float, y: float, body: str, size: int = 12, fill: str = "#222", weight: str = "normal",
             anchor: str = "start") -> None:
        ET.SubElement(svg, "text", {"x": f"{x:.0f}", "y": f"{y:.0f}", "font-size": str(size), "fill": fill,
                                    "text-anchor": anchor, "font-weight": weight}).text = body

    def box(x: float, y: float, fill: str, opacity: str = "1") -> None:
        ET.SubElement(svg, "rect", {"x": f"{x:.0f}", "y": f"{y:.0f}", "width": str(CELL - 4),
                                    "height": str(STRIP - 6), "rx": "3", "fill": fill, "fill-opacity": opacity,
                                    "stroke": "#888"})

    text(MARGIN, 28, title or "The table", 15, weight="bold")
    y = HEAD
    text(MARGIN, y + 18, "market", 12, weight="bold")
    for i, slot in enumerate(position.market or ()):
        x = MARGIN + 150 + i * CELL
        box(x, y, "#f4efe4")
        text(x + CELL / 2 - 2, y + 13, slot.card, 11, anchor="middle")
        text(x + CELL / 2 - 2, y + 24, f"slot {i + 1}" + (f", {slot.tokens} token{'s' if slot.tokens != 1 else ''}"
                                                         if slot.tokens else ""), 9, "#666", anchor="middle")
    y += STRIP
    for s, name in enumerate(cards.SWATCHES):
        ET.SubElement(svg, "rect", {"x": str(MARGIN + 150 + s * CELL), "y": str(y + 4), "width": str(CELL - 4),
                                    "height": "5", "fill": SWATCH_FILL[name]})
        text(MARGIN + 150 + s * CELL + CELL / 2 - 2, y + 24, name, 11, SWATCH_INK[name], "bold", "middle")
    y += STRIP
    for p, space in zip(position.players, room):
        turn = " (to play)" if position.turn == p.name else ""
        text(MARGIN, y + 18, f"{p.name}{turn}: {p.inspiration} token{'s' if p.inspiration != 1 else ''}", 12,
             weight="bold")
        y += STRIP
        text(MARGIN + 10, y + 14, "hand: " + (", ".join(p.hand) or "empty"), 11, "#444")
        y += STRIP
        for k, words in enumerate(p.paintings, 1):
            shown = layer([cards.card(w) for w in words])
            text(MARGIN + 10, y + 13, f"painting {k}", 11)
            text(MARGIN + 10, y + 25, ", ".join(words), 8, "#666")
            for s, name in enumerate(cards.SWATCHES):
                x = MARGIN + 150 + s * CELL
                box(x, y, SWATCH_FILL[name], "0.22")
                icons = [i.kind for i in shown.visible[s]] or ["-"]
                for r, icon in enumerate(icons[:2]):
                    text(x + CELL / 2 - 2, y + 13 + r * 11, icon, 10, "#111", anchor="middle")
            y += STRIP
        y += (space - len(p.paintings)) * STRIP
    return ET.tostring(clean(svg), encoding="unicode") + "\n"
