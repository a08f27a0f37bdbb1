"""The checks of one thesis card as a group types it: points, copies, and a requirement this deck can meet."""

from typing import NamedTuple

from pastiche_cli.games.masterpiece.core.deck import facts
from pastiche_cli.games.masterpiece.core.position import Thesis
from pastiche_cli.games.masterpiece.core.requirements import feasible
from pastiche_cli.games.masterpiece.core.rule_ids import END_FLAG, THESIS_CARD


class Finding(NamedTuple):
    code: str
    rule: str
    message: str


def flag_facts() -> dict:
    return facts()["end_flag"]


def check_thesis(thesis: Thesis) -> list[Finding]:
    """Everything that rules the thesis out: points outside 1-9, no copies, an impossible requirement."""
    out = []
    why = feasible(thesis.requirement)
    if why:
        out.append(Finding("impossible-requirement", thesis.requirement.rule, f"thesis '{thesis.id}': {why}"))
    low, high = facts()["thesis_points"]["min"], facts()["thesis_points"]["max"]
    flag_points = flag_facts()["points"]
    if thesis.is_flag and thesis.points != flag_points:
        why = f"thesis '{thesis.id}' is the end flag, worth {flag_points} point, not {thesis.points}"
        out.append(Finding("flag-points", END_FLAG, why))
    elif not thesis.is_flag and not low <= thesis.points <= high:
        why = f"thesis '{thesis.id}' is worth {thesis.points} points; a thesis is worth {low} to {high}"
        out.append(Finding("points", THESIS_CARD, why))
    if thesis.copies < 1:
        why = f"thesis '{thesis.id}' has {thesis.copies} copies; a thesis in the box has at least 1"
        out.append(Finding("copies", THESIS_CARD, why))
    return out


def table_findings(theses) -> list[tuple[Thesis, Finding]]:
    """Each thesis's findings, and more than one end flag in one table."""
    out = [(t, f) for t in theses for f in check_thesis(t)]
    flags = [t for t in theses if t.is_flag]
    for extra in flags[1:]:
        why = f"thesis '{extra.id}' is a second end flag ('{flags[0].id}' is one); the game has one"
        out.append((extra, Finding("two-flags", END_FLAG, why)))
    return out
