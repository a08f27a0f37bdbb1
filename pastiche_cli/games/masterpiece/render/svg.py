"""The table of a Masterpiece game as an SVG picture (standard library only), every card named as well as coloured."""

from __future__ import annotations

from pastiche_cli.render.svg import Sheet, cut
from pastiche_cli.render.told import plural

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


def _height(p) -> int:
    """The height a player's part of the table takes."""
    items = list(p.accepted) + list(p.published)
    return LINE + 6 + (sum(LINE + _rows(i) * (LINE + 8) + 10 for i in items) if items else LINE + 4) + 8


def _rows(item) -> int:
    return (len(item.cards) + PER_ROW - 1) // PER_ROW


def table_svg(position, title: str = "") -> str:
    """The discard pile, then each player: name and points, the accepted theses and those under review (dashed)."""
    from pastiche_cli.games.masterpiece.core.endgame import end_verdict

    sheet = Sheet.framed(PAD * 2 + COLUMN, HEAD + LINE * 2 + sum(_height(p) for p in position.players) + PAD)
    sheet.text(PAD, 26, title or "The table", 15, weight="bold")
    pile = position.discard
    top = f"{plural(len(pile), 'card')}, top {pile[-1]}" if pile else "empty"
    deck = f"; deck: {position.deck_count}" if position.deck_count is not None else ""
    sheet.text(PAD, HEAD + 12, f"discard pile: {top}{deck}", 12, "#444")
    y = HEAD + LINE * 2
    over = end_verdict(position).over  # a finished game has nobody to play
    to_play = None if over or position.turn is None else position.turn.player
    for p in position.players:
        y = _player(sheet, position, p, y, p.name == to_play)
    return sheet.written(indent=True)


def _player(sheet: Sheet, position, p, y: int, to_play: bool) -> int:
    """A player's name and points, then their theses, accepted and under review, from `y`; where it ends."""
    from pastiche_cli.games.masterpiece.core.endgame import thesis_points

    x = PAD
    points = plural(thesis_points(position, p), "point")
    name = cut(f"{p.name}: {points}" + (" (to play)" if to_play else ""), 13, COLUMN - 12, False)
    sheet.text(x, y + 12, name, 13, weight="bold")
    y += LINE + 6
    for shown, items, dashed in (("accepted", p.accepted, False), ("under review", p.published, True)):
        for item in items:
            thesis = position.thesis(item.thesis)
            worth = f", {plural(thesis.points, 'pt')}" if thesis is not None else ""
            label = cut(f"{item.thesis} ({shown}{worth})", 11, COLUMN - 12, False)
            sheet.text(x, y + 12, label, 11, "#666" if dashed else "#222")
            rows = _rows(item)
            stroke, dashes = ("#999", "4 3") if dashed else ("#5a4a32", "")
            height = LINE + rows * (LINE + 8) + 2
            sheet.rect(x - 4, y, COLUMN - 10, height, rx="5", fill="none", stroke=stroke, stroke_dasharray=dashes)
            for i, c in enumerate(item.cards):
                _card(sheet, x + (i % PER_ROW) * (CARD_W + 6), y + LINE + (i // PER_ROW) * (LINE + 8), c)
            y += LINE + rows * (LINE + 8) + 10
    if not p.accepted and not p.published:
        sheet.text(x, y + 12, "no thesis on the table", 11, "#888")
        y += LINE + 4
    return y + 8


def _card(sheet: Sheet, x: float, y: float, c) -> None:
    """A card in its suit's colour, named."""
    colour = SUIT_COLOURS.get(c.suit, "#eeeeee")
    group = sheet.add("g")
    sheet.add("title", str(c), group)
    sheet.rect(x, y, CARD_W, CARD_H, group, rx="4", fill=colour, stroke="#333")
    sheet.text(x + CARD_W / 2, y + 15, cut(str(c), 11, CARD_W - 4, False), 11, _ink(colour), None, "middle", group)
