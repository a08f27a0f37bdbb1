"""The words and JSON of a painting's score, shared by `score`, `painting`, `best` and the record."""

from __future__ import annotations

from pastiche_cli.games.canvas.core.cards import SWATCHES
from pastiche_cli.games.canvas.core.house import HouseRules
from pastiche_cli.games.canvas.core.rule_ids import BONUS, HOUSE_BONUS_RIBBON_POINTS, HOUSE_HIERARCHY, LAYER
from pastiche_cli.games.canvas.core.scoring import PaintingScore
from pastiche_cli.render.told import plural


def visible_json(score: PaintingScore) -> dict:
    return {SWATCHES[s]: [i.kind for i in score.layered.visible[s]] for s in range(len(SWATCHES))}


def painting_json(score: PaintingScore) -> dict:
    """The painting's facts: what shows where and from which card, each card's ribbons with their icons."""
    layered = score.layered
    shown = {"visible": visible_json(score), "shown_by": dict(zip(SWATCHES, layered.shown_by))}
    ribbons = {"ribbons": {r.card: r.count for r in score.ribbons}, "bonus_ribbons": score.bonus_count}
    derived = {"derivation": {r.card: r.as_json() for r in score.ribbons}, "bonus": [b.as_json() for b in score.bonus]}
    shown["covered"] = [i.as_json() for i in layered.hidden]
    return {"cards": list(score.words), "rule": LAYER} | shown | ribbons | derived


def ribbon_lines(score: PaintingScore, indent: str = "    ") -> list[str]:
    """One line per scoring card: its ribbons, the rule, and which icons made them (or why none)."""
    lines = []
    for r in score.ribbons:
        note = f" (reading: {r.reading})" if r.reading else ""
        lines.append(f"{indent}{r.card} {r.count} [{r.rule}]{note}: {r.reason}")
    for b in score.bonus:
        if b.count:
            matched = ", ".join(SWATCHES[i.swatch] for i in b.elements)
            lines.append(f"{indent}grey {b.count} [{BONUS}]: {b.bonus} matches the {b.bonus.kind[6:]} in {matched}")
        else:
            lines.append(f"{indent}grey 0 [{BONUS}]: {b.bonus} finds no {b.bonus.kind[6:]} showing")
    return lines


def reading_lines(house: HouseRules, scoring: tuple[str, ...], has_bonus: bool) -> list[str]:
    """Which reading of each open question an answer used, where it matters."""
    lines = []
    if "hierarchy" in scoring:
        which = "tone at least as often as every other element (the default)"
        if house.hierarchy == "texture-strict":
            which = "texture must be the single most shown element (house rule)"
        lines.append(f"Reading: hierarchy: {which} [{HOUSE_HIERARCHY}]")
    if has_bonus:
        which = "the default" if house.bonus_ribbon_points == 2 else "house rule"
        worth = plural(house.bonus_ribbon_points, "point")
        lines.append(f"Reading: a grey ribbon is worth {worth} ({which}) [{HOUSE_BONUS_RIBBON_POINTS}]")
    return lines
