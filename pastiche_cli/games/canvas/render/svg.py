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
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "version": "1.1",
            "width": str(width),
            "height": str(height),
            "viewBox": f"0 0 {width} {height}",
            "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif",
        },
    )
    ET.SubElement(svg, "rect", {"width": "100%", "height": "100%", "fill": "#ffffff"})

    def text(
        x: float,
        y: float,
        body: str,
        size: int = 13,
        fill: str = "#222",
        weight: str = "normal",
        anchor: str = "middle",
        decoration: str = "",
    ) -> None:
        attrs = {
            "x": f"{x:.0f}",
            "y": f"{y:.0f}",
            "font-size": str(size),
            "fill": fill,
            "text-anchor": anchor,
            "font-weight": weight,
        }
        if decoration:
            attrs["text-decoration"] = decoration
        ET.SubElement(svg, "text", attrs).text = body

    text(
        MARGIN,
        26,
        title or "Painting (bottom to top): " + ", ".join(c.word for c in painting.cards),
        15,
        anchor="start",
        weight="bold",
    )
    top = HEAD
    for s, name in enumerate(SWATCHES):
        x = MARGIN + s * COLUMN
        ET.SubElement(
            svg,
            "rect",
            {
                "x": str(x + 2),
                "y": str(top),
                "width": str(COLUMN - 4),
                "height": str(body - top - ROW),
                "fill": SWATCH_FILL[name],
                "fill-opacity": "0.18",
                "stroke": SWATCH_FILL[name],
            },
        )
        ET.SubElement(
            svg,
            "rect",
            {"x": str(x + 2), "y": str(top), "width": str(COLUMN - 4), "height": "5", "fill": SWATCH_FILL[name]},
        )
        text(x + COLUMN / 2, top + 20, name, 13, SWATCH_INK[name], "bold")
    # The layers, bottom first: where a card prints, a translucent band with its word.
    for k, card in enumerate(painting.cards):
        y = top + ROW + k * ROW
        text(MARGIN - 4, y + 17, str(k + 1), 10, "#666", anchor="end")
        for s in range(5):
            if card.covers(s):
                x = MARGIN + s * COLUMN
                shows = painting.shown_by[s] == card.word
                ET.SubElement(
                    svg,
                    "rect",
                    {
                        "x": str(x + 8),
                        "y": str(y + 3),
                        "width": str(COLUMN - 16),
                        "height": str(ROW - 6),
                        "rx": "4",
                        "fill": "#ffffff",
                        "fill-opacity": "0.85" if shows else "0.45",
                        "stroke": "#333" if shows else "#999",
                        "stroke-dasharray": "" if shows else "3,3",
                    },
                )
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
            text(
                x + COLUMN / 2,
                y + 16 + (rows + r) * ROW,
                f"{icon.kind} ({icon.card})",
                11,
                "#888",
                decoration="line-through",
            )
    return ET.tostring(clean(svg), encoding="unicode") + "\n"


# The table for a record's page, narrow enough to read on a phone (a picture some 366 px wide shows its
# 438 units with 12-unit text at 10 px): the market across the width, the swatches' key, then each
# player with their paintings, each painting its three cards stacked.
EDGE = 6
NUMBER = 14  # a painting's number, left of its stack
WORD = 84  # a card's word, at the left of its band
SWATCH = 64  # a swatch's column
SHIFT = 4  # each card up the stack sits this much to the right of the one under it
TABLE_WIDTH = 2 * EDGE + NUMBER + WORD + 5 * SWATCH + 2 * SHIFT
LINE = 13


def _icon_lines(icons) -> list[str]:
    """A swatch's icons on a card, one a line (a bonus icon as 'bonus-' over its element, to fit)."""
    out: list[str] = []
    for icon in icons:
        out += [icon[:6], icon[6:]] if icon.startswith("bonus-") else [icon]
    return out


def _band(card) -> int:
    """A card's band: as tall as its fullest swatch."""
    return 6 + LINE * max([len(_icon_lines(i)) for i in card.icons] + [1])


def _cut(text: str, size: float, room: float) -> str:
    """`text` cut with an ellipsis to fit `room` units at font `size` (a character ~0.6 em)."""
    most = max(4, int(room / (0.6 * size)))
    return text if len(text) <= most else text[: most - 1].rstrip() + "\u2026"


def table_svg(position, title: str = "", final=None) -> str:
    """The table for a record's page: the market slot by slot with its tokens, the swatches, then each
    player's tokens, hand and paintings. A painting is its three cards stacked bottom to top, each a
    band across the five swatches set a little to the right of the one under it: its word, then what
    it prints in each swatch, solid where it shows and faded and struck through where a card above
    covers it (each painting a <g class="painting">, each card in it a <g class="card" data-card=WORD>,
    a covered icon's text of class "covered"). With `final` (the game's last position), each player has
    the room their paintings will take, so the parts stay put as the game goes on."""
    from pastiche_cli.games.canvas.core import cards
    from pastiche_cli.games.canvas.core.painting import layer

    def height_of(words) -> int:
        return sum(_band(cards.card(w)) for w in words) + 6

    later = {p.name: p.paintings for p in (final.players if final is not None else ())}
    room = [
        sum(height_of(w) for w in (later.get(p.name) if len(later.get(p.name, ())) > len(p.paintings) else p.paintings))
        for p in position.players
    ]
    width = TABLE_WIDTH
    height = 28 + 48 + 28 + sum(22 + r for r in room) + EDGE
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "version": "1.1",
            "width": str(width),
            "height": str(height),
            "viewBox": f"0 0 {width} {height}",
            "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif",
        },
    )
    ET.SubElement(svg, "rect", {"width": "100%", "height": "100%", "fill": "#ffffff"})

    def text(
        parent,
        x: float,
        y: float,
        body: str,
        size: int = 12,
        fill: str = "#222",
        weight: str = "normal",
        anchor: str = "start",
        **more,
    ) -> ET.Element:
        node = ET.SubElement(
            parent,
            "text",
            {
                "x": f"{x:g}",
                "y": f"{y:g}",
                "font-size": str(size),
                "fill": fill,
                "text-anchor": anchor,
                "font-weight": weight,
                **more,
            },
        )
        node.text = body
        return node

    def rect(parent, x, y, w, h, fill, **more) -> ET.Element:
        return ET.SubElement(
            parent, "rect", {"x": f"{x:g}", "y": f"{y:g}", "width": f"{w:g}", "height": f"{h:g}", "fill": fill, **more}
        )

    text(svg, EDGE, 20, _cut(title or "The table", 14, width - 2 * EDGE), 14, weight="bold")
    y = 28
    slot = (width - 2 * EDGE) / 5
    for i, s in enumerate(position.market or ()):
        x = EDGE + i * slot
        rect(svg, x + 2, y, slot - 4, 44, "#f4efe4", rx="3", stroke="#888")
        text(svg, x + slot / 2, y + 13, _cut(s.card, 12, slot - 8), 12, anchor="middle")
        text(svg, x + slot / 2, y + 26, f"slot {i + 1}", 12, "#555", anchor="middle")
        if s.tokens:
            text(
                svg,
                x + slot / 2,
                y + 39,
                f"{s.tokens} token{'s' if s.tokens != 1 else ''}",
                12,
                "#555",
                anchor="middle",
            )
    y += 44 + 4
    columns = EDGE + NUMBER + WORD + SHIFT
    for s, name in enumerate(cards.SWATCHES):
        rect(svg, columns + s * SWATCH + 2, y + 4, SWATCH - 4, 5, SWATCH_FILL[name])
        text(svg, columns + s * SWATCH + SWATCH / 2, y + 22, name, 12, SWATCH_INK[name], "bold", "middle")
    y += 28
    for p, space in zip(position.players, room):
        turn = " (to play)" if position.turn == p.name else ""
        head = text(svg, EDGE, y + 15, "", 13, weight="bold")
        whole = f"{p.name}{turn}: {p.inspiration} token{'s' if p.inspiration != 1 else ''}"
        hand = "; hand: " + (", ".join(p.hand) or "empty")
        ET.SubElement(head, "tspan").text = _cut(whole, 13, width - 2 * EDGE)
        rest = width - 2 * EDGE - 0.62 * 13 * len(whole)
        if rest > 60:
            ET.SubElement(
                head, "tspan", {"font-weight": "normal", "font-size": "12", "fill": "#444", "dx": "1"}
            ).text = _cut(hand, 12, rest)
        y += 22
        start = y
        for k, words in enumerate(p.paintings, 1):
            laid = [cards.card(w) for w in words]
            shown = layer(laid)
            group = ET.SubElement(svg, "g", {"class": "painting", "data-player": p.name, "data-painting": str(k)})
            ET.SubElement(group, "title").text = (
                f"{p.name}'s painting {k}, bottom to top: {', '.join(words)}; "
                "it shows "
                + "; ".join(
                    f"{name} {' '.join(i.kind for i in shown.visible[s]) or 'nothing'}"
                    for s, name in enumerate(cards.SWATCHES)
                )
            )
            bands = sum(_band(c) for c in laid)
            text(group, EDGE + NUMBER / 2, y + bands / 2 + 5, str(k), 13, "#444", "bold", "middle")
            band_y = y
            for j, card in enumerate(laid):
                band = _band(card)
                layer_group = ET.SubElement(
                    group, "g", {"class": "card", "data-card": card.word, "data-layer": str(j + 1)}
                )
                shift = j * SHIFT
                # the card itself, set right of the one under it and overlapping its foot, so a stack shows
                rect(
                    layer_group,
                    EDGE + NUMBER + shift,
                    band_y - (2 if j else 0),
                    width - 2 * EDGE - NUMBER - 2 * SHIFT,
                    band + (2 if j else 0),
                    "#fbfaf6",
                    rx="3",
                    stroke="#555",
                )
                text(
                    layer_group,
                    EDGE + NUMBER + shift + 4,
                    band_y + 13,
                    _cut(card.word, 12, WORD - 4),
                    12,
                    "#111",
                    "bold",
                )
                for s, name in enumerate(cards.SWATCHES):
                    if not card.covers(s):
                        continue
                    x = columns + s * SWATCH
                    on_top = shown.shown_by[s] == card.word
                    rect(
                        layer_group,
                        x + 2,
                        band_y + 2,
                        SWATCH - 4,
                        band - 4,
                        SWATCH_FILL[name],
                        rx="2",
                        **{
                            "fill-opacity": "0.32" if on_top else "0.08",
                            "stroke": SWATCH_FILL[name],
                            "stroke-opacity": "1" if on_top else "0.5",
                            **({} if on_top else {"stroke-dasharray": "3 2"}),
                        },
                    )
                    for r, line in enumerate(_icon_lines(card.icons[s])):
                        attrs = {} if on_top else {"class": "covered", "text-decoration": "line-through"}
                        text(
                            layer_group,
                            x + SWATCH / 2,
                            band_y + 13 + r * LINE,
                            line,
                            12,
                            "#111" if on_top else "#8a8a8a",
                            "bold" if on_top else "normal",
                            "middle",
                            **attrs,
                        )
                band_y += band
            y = band_y + 6
        y = start + space
    return ET.tostring(clean(svg), encoding="unicode") + "\n"
