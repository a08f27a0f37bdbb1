"""A painting as an SVG picture, and the table for a record's page; icons are written as words, never colour alone."""

from __future__ import annotations

from pastiche_cli.games.canvas.core import cards
from pastiche_cli.games.canvas.core.cards import SWATCHES
from pastiche_cli.games.canvas.core.painting import Layered, layer
from pastiche_cli.render.svg import Sheet, cut
from pastiche_cli.render.told import plural

SWATCH_FILL = {"red": "#d64541", "yellow": "#f2c230", "green": "#3f9e4d", "blue": "#2f6fb3", "violet": "#8a4fa8"}
# A swatch's name is written in a dark shade of its colour, beside a solid key of the colour itself:
# the yellow name in yellow on the yellow column's pale wash could not be read.
SWATCH_INK = {"red": "#9e2a26", "yellow": "#6b5400", "green": "#23682f", "blue": "#1f4f86", "violet": "#64337e"}
COLUMN = 120
ROW = 26
MARGIN = 20
HEAD = 56
# A card's layer where it prints: solid where it shows, faded and dashed where a card above covers it.
LAYER = {
    True: {"fill_opacity": "0.85", "stroke": "#333", "stroke_dasharray": ""},
    False: {"fill_opacity": "0.45", "stroke": "#999", "stroke_dasharray": "3,3"},
}


def painting_svg(painting: Layered, title: str = "") -> str:
    """The layered painting: a column per swatch, each card a layer where it prints, its icons shown or struck."""
    layers = len(painting.cards)
    rows = max([len(v) for v in painting.visible] + [1])
    hidden_rows = max([sum(1 for i in painting.hidden if i.swatch == s) for s in range(5)] + [0])
    body = HEAD + (layers + 1) * ROW + rows * ROW + hidden_rows * ROW + 2 * ROW
    sheet = Sheet.framed(5 * COLUMN + 2 * MARGIN, body + MARGIN)
    words = ", ".join(c.word for c in painting.cards)
    sheet.text(MARGIN, 26, title or f"Painting (bottom to top): {words}", 15, weight="bold")
    for s, name in enumerate(SWATCHES):
        x = MARGIN + s * COLUMN
        fill = SWATCH_FILL[name]
        sheet.rect(x + 2, HEAD, COLUMN - 4, body - HEAD - ROW, fill=fill, fill_opacity="0.18", stroke=fill)
        sheet.rect(x + 2, HEAD, COLUMN - 4, 5, fill=fill)
        sheet.text(x + COLUMN / 2, HEAD + 20, name, 13, SWATCH_INK[name], "bold", "middle")
    for k, card in enumerate(painting.cards):
        y = HEAD + ROW + k * ROW
        sheet.text(MARGIN - 4, y + 17, str(k + 1), 10, "#666", anchor="end")
        for s in filter(card.covers, range(5)):
            x = MARGIN + s * COLUMN
            shows = painting.shown_by[s] == card.word
            sheet.rect(x + 8, y + 3, COLUMN - 16, ROW - 6, rx="4", fill="#ffffff", **LAYER[shows])
            sheet.text(x + COLUMN / 2, y + 17, card.word, 11, "#222" if shows else "#888", anchor="middle")
    _icons(sheet, painting, HEAD + (layers + 1) * ROW + 8, rows)
    return sheet.written()


def _icons(sheet: Sheet, painting: Layered, y: int, rows: int) -> None:
    """Each swatch's icons that show, then those covered, struck through."""
    for s in range(5):
        x = MARGIN + s * COLUMN + COLUMN / 2
        icons = painting.visible[s]
        if not icons:
            sheet.text(x, y + 16, "(empty)", 12, "#666", anchor="middle")
        for r, icon in enumerate(icons):
            sheet.text(x, y + 16 + r * ROW, icon.kind, 14, "#111", "bold", "middle")
        for r, icon in enumerate(i for i in painting.hidden if i.swatch == s):
            shown = f"{icon.kind} ({icon.card})"
            sheet.text(x, y + 16 + (rows + r) * ROW, shown, 11, "#888", anchor="middle", text_decoration="line-through")


# The table for a record's page, narrow enough to read on a phone (366 px show its 438 units' 12-unit text at 10 px).
EDGE = 6
NUMBER = 14  # a painting's number, left of its stack
WORD = 84  # a card's word, at the left of its band
SWATCH = 64  # a swatch's column
SHIFT = 4  # each card up the stack sits this much to the right of the one under it
TABLE_WIDTH = 2 * EDGE + NUMBER + WORD + 5 * SWATCH + 2 * SHIFT
COLUMNS = EDGE + NUMBER + WORD + SHIFT  # where the swatches' columns begin
LINE = 13
CARD_WIDTH = TABLE_WIDTH - 2 * EDGE - NUMBER - 2 * SHIFT
TOP = 28 + 48 + 28  # the title, the market and the swatches' key, above the players
# A card's icons in a swatch: solid where they show, faded and struck through where a card above covers them.
ICON = {
    True: {"fill": "#111", "weight": "bold"},
    False: {"fill": "#8a8a8a", "weight": "normal", "class_": "covered", "text_decoration": "line-through"},
}


def _icon_lines(icons) -> list[str]:
    """A swatch's icons on a card, one a line (a bonus icon as 'bonus-' over its element, to fit)."""
    out: list[str] = []
    for icon in icons:
        out += [icon[:6], icon[6:]] if icon.startswith("bonus-") else [icon]
    return out


def _band(card) -> int:
    """A card's band: as tall as its fullest swatch."""
    return 6 + LINE * max([len(_icon_lines(i)) for i in card.icons] + [1])


def _in_swatch(fill: str, on_top: bool) -> dict[str, str]:
    """A card's part in a swatch: solid where it shows, faded and dashed where a card above covers it."""
    if on_top:
        return {"fill_opacity": "0.32", "stroke": fill, "stroke_opacity": "1"}
    return {"fill_opacity": "0.08", "stroke": fill, "stroke_opacity": "0.5", "stroke_dasharray": "3 2"}


def table_svg(position, title: str = "", final=None) -> str:
    """The table for a record's page: the market, the swatches, then each player's tokens, hand and paintings, each
    painting its cards stacked bottom to top (<g class="painting">, <g class="card" data-card=WORD>, a covered icon's
    text of class "covered"). With `final` (the game's last position) each player has the room of their paintings."""
    later = {p.name: p.paintings for p in (final.players if final is not None else ())}
    room = [_room(max(p.paintings, later.get(p.name, ()), key=len)) for p in position.players]
    sheet = Sheet.framed(TABLE_WIDTH, TOP + sum(22 + r for r in room) + EDGE, "{:g}".format)
    sheet.text(EDGE, 20, cut(title or "The table", 14, TABLE_WIDTH - 2 * EDGE), 14, weight="bold")
    _market(sheet, position.market or (), 28)
    for s, name in enumerate(cards.SWATCHES):
        sheet.rect(COLUMNS + s * SWATCH + 2, 28 + 48 + 4, SWATCH - 4, 5, fill=SWATCH_FILL[name])
        sheet.text(COLUMNS + s * SWATCH + SWATCH / 2, 28 + 48 + 22, name, 12, SWATCH_INK[name], "bold", "middle")
    y = TOP
    for p, space in zip(position.players, room):
        _player(sheet, p, position.turn == p.name, y)
        top = y + 22
        for k, words in enumerate(p.paintings, 1):
            top = _painting(sheet, p.name, k, words, top) + 6
        y += 22 + space
    return sheet.written()


def _room(paintings) -> int:
    """The height a player's paintings take."""
    return sum(sum(_band(cards.card(w)) for w in words) + 6 for words in paintings)


def _market(sheet: Sheet, market, y: int) -> None:
    """The market across the width: each slot's card, its number, the tokens on it."""
    slot = (TABLE_WIDTH - 2 * EDGE) / 5
    for i, s in enumerate(market):
        x = EDGE + i * slot
        sheet.rect(x + 2, y, slot - 4, 44, fill="#f4efe4", rx="3", stroke="#888")
        sheet.text(x + slot / 2, y + 13, cut(s.card, 12, slot - 8), 12, anchor="middle")
        sheet.text(x + slot / 2, y + 26, f"slot {i + 1}", 12, "#555", anchor="middle")
        if s.tokens:
            sheet.text(x + slot / 2, y + 39, plural(s.tokens, "token"), 12, "#555", anchor="middle")


def _player(sheet: Sheet, p, to_play: bool, y: int) -> None:
    """A player's line: name, tokens, and the hand where there is room for it."""
    head = sheet.text(EDGE, y + 15, "", 13, weight="bold")
    whole = f"{p.name}{' (to play)' if to_play else ''}: {plural(p.inspiration, 'token')}"
    sheet.add("tspan", cut(whole, 13, TABLE_WIDTH - 2 * EDGE), head)
    rest = TABLE_WIDTH - 2 * EDGE - 0.62 * 13 * len(whole)
    if rest > 60:
        hand = "; hand: " + (", ".join(p.hand) or "empty")
        sheet.add("tspan", cut(hand, 12, rest), head, font_weight="normal", font_size="12", fill="#444", dx="1")


def _painting(sheet: Sheet, player: str, k: int, words, y: int) -> int:
    """A player's painting `k`, its cards stacked from `y` down; where it ends."""
    laid = [cards.card(w) for w in words]
    shown = layer(laid)
    group = sheet.add("g", None, class_="painting", data_player=player, data_painting=str(k))
    showing = "; ".join(
        f"{name} {' '.join(i.kind for i in shown.visible[s]) or 'nothing'}" for s, name in enumerate(cards.SWATCHES)
    )
    sheet.add("title", f"{player}'s painting {k}, bottom to top: {', '.join(words)}; it shows {showing}", group)
    bands = sum(_band(c) for c in laid)
    sheet.text(EDGE + NUMBER / 2, y + bands / 2 + 5, str(k), 13, "#444", "bold", "middle", parent=group)
    for j, card in enumerate(laid):
        _card(sheet, group, card, j, y, shown)
        y += _band(card)
    return y


def _card(sheet: Sheet, painting, card, j: int, y: int, shown: Layered) -> None:
    """Card `j` of a painting (0 the bottom): its band from `y`, set right of the one under it; its word, its icons."""
    band = _band(card)
    group = sheet.add("g", None, painting, class_="card", data_card=card.word, data_layer=str(j + 1))
    foot = 2 if j else 0
    left = EDGE + NUMBER + j * SHIFT
    sheet.rect(left, y - foot, CARD_WIDTH, band + foot, group, fill="#fbfaf6", rx="3", stroke="#555")
    sheet.text(left + 4, y + 13, cut(card.word, 12, WORD - 4), 12, "#111", "bold", parent=group)
    for s, name in enumerate(cards.SWATCHES):
        if not card.covers(s):
            continue
        x = COLUMNS + s * SWATCH
        on_top = shown.shown_by[s] == card.word
        fill = SWATCH_FILL[name]
        sheet.rect(x + 2, y + 2, SWATCH - 4, band - 4, group, fill=fill, rx="2", **_in_swatch(fill, on_top))
        for r, line in enumerate(_icon_lines(card.icons[s])):
            sheet.text(x + SWATCH / 2, y + 13 + r * LINE, line, 12, parent=group, anchor="middle", **ICON[on_top])
