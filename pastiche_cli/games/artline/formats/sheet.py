"""Artline's short sheet (docs/quick.md): per player the paintings left in hand (`Ana: 2`); the position written
holds only that, the starting painting, and every other painting counted in the deck (the table is not scored)."""

from __future__ import annotations

from pastiche_cli.formats.sheet import Emitter, Sheet, heading, is_count, yaml_scalar
from pastiche_cli.kernel.problems import FORMAT, Problem

KEYS: tuple[str, ...] = ()
QUESTIONS: tuple[tuple[str, str], ...] = ()
FIELDS = (("hand", "paintings left in hand"),)
# How a phone enters each field (serve/sheet.py): a number.
SHAPES = {"hand": "number"}


def words(field: str, sheet: Sheet, opts: dict) -> list[str]:
    return []


def build(sheet: Sheet, opts: dict) -> tuple[Emitter | None, list[Problem]]:
    from pastiche_cli.games.artline.core.facts import facts

    problems: list[Problem] = []
    f = facts()
    only = "A sheet gives the hands only: the other paintings are counted in the deck, the table is not written."
    out = Emitter(heading(sheet.path) + [only])
    game = sheet.keys.get("game")
    out.add("game: artline", game[0] if game else None)
    if not sheet.players:
        problems.append(Problem(FORMAT, "no-players", "the sheet names no player (a line `Ana: 0` per player)"))
    out.add("players:")
    held = 0
    for entry in sheet.players:
        tokens = [t for field in entry.fields for t in field]
        if len(tokens) != 1 or not is_count(tokens[0].text):
            at = tokens[1] if len(tokens) > 1 else tokens[0] if tokens else entry.name
            why = f"{entry.name.text}: write the number of paintings left in hand (`{entry.name.text}: 2`)"
            problems.append(Problem(FORMAT, "sheet-field", why, at.line, at.column))
            continue
        held += int(tokens[0].text)
        out.add(f"  - {{name: {yaml_scalar(entry.name.text)}, hand: {int(tokens[0].text)}}}", tokens[0])
    out.add("table:")
    out.add(f"  - {{at: [{f.start[0]}, {f.start[1]}], orientation: {f.start_orientation}, title: Start}}")
    out.add(f"deck: {max(f.cards - held - 1, 0)}")
    return out, problems
