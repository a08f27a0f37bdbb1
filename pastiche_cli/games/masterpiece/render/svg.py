"""The table of a Masterpiece game as an SVG picture (standard library only): each player's theses on the
table, accepted and under review, with the cards under them, and the discard pile's top card.

Cards are drawn in their suit's colour and always named (never colour alone).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from pastiche_cli.render.svgxml import clean

# The colour a card of each suit is drawn in (the suits are named by colour: data/masterpiece/deck.json).
SUIT_COLOURS = {
    "pink": "#e377c2",
    "purple": "#7b3fa0",
    "orange": "#f28e1c",
    "yellow": "#e6c700",
    "lightblue": "#8fd3f5",
    "blue": "#1f4fa8",
    "green": "#2e9d3a",
}
# One column, the players one under another, so the picture is 360 units wide whatever the number of
# players: on a phone (about 366 px across) its smallest text, 11 units, is about 11 px.
COLUMN = 336
PAD = 12
HEAD = 40
LINE = 18
PER_ROW = 3
CARD_W, CARD_H = 100, 22


def _ink(colour: str) -> str:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#fff"


def _fit(text: str, room: float, size: float) -> str:
    most = max(4, int(room / (0.6 * size)))
    return text if len(text) <= most else text[: most - 1] + "\u2026"


def table_svg(position, title: str = "") -> str:
    """The players one under another: name and accepted points, then each accepted thesis (the card left
    under it) and each thesis under review (the cards under it, dashed); the discard pile's top above."""
    from pastiche_cli.games.masterpiece.core.endgame import end_verdict, thesis_points

    def rows_of(item) -> int:
        return (len(item.cards) + PER_ROW - 1) // PER_ROW

    def height_of(p) -> int:
        items = list(p.accepted) + list(p.published)
        return LINE + 6 + (sum(LINE + rows_of(i) * (LINE + 8) + 10 for i in items) if items else LINE + 4) + 8

    players = position.players
    width = PAD * 2 + COLUMN
    height = HEAD + LINE * 2 + sum(height_of(p) for p in players) + PAD
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
        x: float, y: float, body: str, size: int = 12, fill: str = "#222", weight: str = "normal", anchor: str = "start"
    ) -> None:
        ET.SubElement(
            svg,
            "text",
            {
                "x": f"{x:.0f}",
                "y": f"{y:.0f}",
                "font-size": str(size),
                "fill": fill,
                "text-anchor": anchor,
                "font-weight": weight,
            },
        ).text = body

    def card(x: float, y: float, c) -> None:
        colour = SUIT_COLOURS.get(c.suit, "#eeeeee")
        group = ET.SubElement(svg, "g")
        ET.SubElement(group, "title").text = str(c)
        ET.SubElement(
            group,
            "rect",
            {
                "x": f"{x:.0f}",
                "y": f"{y:.0f}",
                "width": str(CARD_W),
                "height": str(CARD_H),
                "rx": "4",
                "fill": colour,
                "stroke": "#333",
            },
        )
        ET.SubElement(
            group,
            "text",
            {
                "x": f"{x + CARD_W / 2:.0f}",
                "y": f"{y + 15:.0f}",
                "font-size": "11",
                "fill": _ink(colour) if colour.startswith("#") and len(colour) == 7 else "#000",
                "text-anchor": "middle",
            },
        ).text = _fit(str(c), CARD_W - 4, 11)

    text(PAD, 26, title or "The table", 15, weight="bold")
    top = HEAD
    pile = position.discard
    text(
        PAD,
        top + 12,
        "discard pile: "
        + (f"{len(pile)} card{'s' if len(pile) != 1 else ''}, top {pile[-1]}" if pile else "empty")
        + (f"; deck: {position.deck_count}" if position.deck_count is not None else ""),
        12,
        "#444",
    )
    top += LINE * 2
    x = PAD
    y = top
    over = end_verdict(position).over  # a finished game has nobody to play
    for p in players:
        pts = thesis_points(position, p)
        turn = position.turn is not None and position.turn.player == p.name and not over
        text(
            x,
            y + 12,
            _fit(f"{p.name}: {pts} point{'s' if pts != 1 else ''}" + (" (to play)" if turn else ""), COLUMN - 12, 13),
            13,
            weight="bold",
        )
        y += LINE + 6
        for shown, items, dashed in (("accepted", p.accepted, False), ("under review", p.published, True)):
            for item in items:
                thesis = position.thesis(item.thesis)
                worth = f", {thesis.points} pt{'s' if thesis.points != 1 else ''}" if thesis is not None else ""
                text(
                    x,
                    y + 12,
                    _fit(f"{item.thesis} ({shown}{worth})", COLUMN - 12, 11),
                    11,
                    "#666" if dashed else "#222",
                )
                rows = rows_of(item)
                ET.SubElement(
                    svg,
                    "rect",
                    {
                        "x": f"{x - 4:.0f}",
                        "y": f"{y:.0f}",
                        "width": str(COLUMN - 10),
                        "height": str(LINE + rows * (LINE + 8) + 2),
                        "rx": "5",
                        "fill": "none",
                        "stroke": "#999" if dashed else "#5a4a32",
                        "stroke-dasharray": "4 3" if dashed else "",
                    },
                )
                for i, c in enumerate(item.cards):
                    card(x + (i % PER_ROW) * (CARD_W + 6), y + LINE + (i // PER_ROW) * (LINE + 8), c)
                y += LINE + rows * (LINE + 8) + 10
        if not p.accepted and not p.published:
            text(x, y + 12, "no thesis on the table", 11, "#888")
            y += LINE + 4
        y += 8
    ET.indent(clean(svg))
    return ET.tostring(svg, encoding="unicode") + "\n"
