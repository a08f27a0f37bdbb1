"""The colour chart told: `chart`'s tables and `mix`'s answer, as JSON and as text."""

from __future__ import annotations

from pastiche_cli.games.pastiche.core.rule_ids import PLACE_MIX
from pastiche_cli.render.answer import BLANK, Lines, Table, Told


def chart_told(chart: dict, kinds: dict) -> Told:
    """`chart`: every mix of dabs and the card it makes; every card's group, value and copies."""
    copies = sum(k.copies for k in kinds.values())
    columns = ["card", "group", "value", "copies"]
    listed = [{"name": k.name, "group": k.group, "value": k.value, "copies": k.copies} for k in kinds.values()]
    answer = {"mixes": [{"dabs": d, "card": c} for d, c in chart.items()], "cards": listed, "total_copies": copies}
    rows = [[d, c or "nothing"] for d, c in chart.items()]
    mixes = Table(["dabs", "card"], rows, "Colour chart (R red, Y yellow, B blue)")
    rows = [[k.name, k.group, k.value, k.copies] for k in kinds.values()]
    cards = Table(columns, rows, f"Palette cards ({copies} in all)", ["left", "left", "right", "right"])
    return Told(answer, (mixes, BLANK, cards))


def mix_told(mixes: list[tuple[str, str, str | None]]) -> Told:
    """`mix`: each (dabs sorted, as typed, the card they make or None)."""
    answer = {"mixes": [{"dabs": d, "input": typed, "card": card} for d, typed, card in mixes], "rule": PLACE_MIX}
    lines = [f"{d:<4} -> {card or 'nothing (two alike dabs make no card)'}" for d, _, card in mixes]
    return Told(answer, (Lines([*lines, f"[{PLACE_MIX}] by the colour chart (`pastiche chart` prints it)"]),))
