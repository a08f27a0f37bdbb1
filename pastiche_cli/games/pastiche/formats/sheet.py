"""Pastiche's short sheet (docs/quick.md): per player the completed commissions, those in hand, the palette."""

from __future__ import annotations

from pastiche_cli.formats.sheet import (
    Emitter,
    Names,
    Sheet,
    counted,
    flow_list,
    heading,
    outside_file,
    yaml_scalar,
)
from pastiche_cli.kernel.problems import FORMAT, Problem, problem_at

KEYS = ("catalogue",)
FILES = ("catalogue",)  # keys that name a file, found beside the sheet
# The guided entry's questions: (key, question) before the players, then (field, question) per player.
QUESTIONS = (("catalogue", "Catalogue file (Enter: your saved catalogue, or --catalogue FILE)"),)
FIELDS = (
    ("completed", "commissions completed (ids or titles, or their start)"),
    ("hand", "commissions still in hand"),
    ("palette", "palette cards left, with counts (2 orange teal)"),
)
# How a phone enters each field (serve/sheet.py): chips of names ("words"), names with counts ("counted").
SHAPES = {"palette": "counted"}


def catalogue(sheet: Sheet, opts: dict, problems: list[Problem] | None = None) -> dict:
    """The commission cards a sheet names: its `catalogue:`, else --catalogue FILE, else the saved one."""
    from pastiche_cli.games.pastiche.formats.loader import outside_catalogue

    return outside_file(sheet, opts, "catalogue", outside_catalogue, problems) or {}


def commission_names(cards: dict) -> Names:
    named = {card.title: cid for cid, card in cards.items()} | {cid: cid for cid in cards}
    listing = "`pastiche catalogue list` shows the cards" if cards else "the catalogue is empty: see docs/catalogue.md"
    return Names("commission in the catalogue", named, listing)


def palette_names() -> Names:
    from pastiche_cli.games.pastiche.core import colours

    return Names(
        "palette card", {n: n for n in colours.card_names()}, "palette cards: " + ", ".join(colours.card_names())
    )


def words(field: str, sheet: Sheet, opts: dict) -> list[str]:
    """What the guided entry offers to complete an answer to `field`."""
    if field in ("completed", "hand"):
        return sorted(catalogue(sheet, opts))
    if field == "palette":
        return palette_names().words()
    return []


def _card(token, names: Names, problems: list[Problem]):
    from pastiche_cli.games.pastiche.core import colours

    return colours.parse_card(token.text) or names.pick(token, problems)


def build(sheet: Sheet, opts: dict) -> tuple[Emitter | None, list[Problem]]:
    from pastiche_cli.games.pastiche.formats.record import card_text

    problems: list[Problem] = []
    cards = catalogue(sheet, opts, problems) if sheet.players else {}
    unread = bool(problems)  # the sheet's catalogue could not be read: its problems say it, not each name
    commissions = commission_names(cards)
    palette = palette_names()
    out = Emitter(heading(sheet.path) + ["A sheet names what scoring needs: no board, bank nor turn."])
    if not sheet.players:
        problems.append(Problem(FORMAT, "no-players", "the sheet names no player (a line `Ana: ...` per player)"))
    out.add("players:")
    for entry in sheet.players:
        for extra in entry.fields[len(FIELDS) :]:
            for token in extra[:1]:
                why = "a Pastiche player has three fields: completed | in hand | palette"
                problems.append(problem_at(token, "sheet-field", why, FORMAT))
        completed = [(t, None if unread else commissions.pick(t, problems)) for t in entry.field(0)]
        hand = [(t, None if unread else commissions.pick(t, problems)) for t in entry.field(1)]
        held: dict[str, int] = {}
        for token, n in counted(entry.field(2), problems):
            name = _card(token, palette, problems)
            if name:
                held[name] = held.get(name, 0) + n
        out.add(f"  - name: {yaml_scalar(entry.name.text)}", entry.name)
        cards_held = [name for name, n in held.items() for _ in range(n)]
        out.add(f"    palette: {flow_list(cards_held)}", entry.field(2)[0] if entry.field(2) else entry.name)
        for key, named in (("commissions", hand), ("completed", completed)):
            out.add(f"    {key}:" + ("" if named else " []"), entry.name)
            for token, cid in named:
                if cid is not None:
                    out.add(f"      - {card_text(cards[cid], yaml_scalar)}", token)
    return out, problems
