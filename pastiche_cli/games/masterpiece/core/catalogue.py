"""The checks of one thesis card as a group types it: points, copies, and a requirement this deck can meet."""

from typing import NamedTuple

from pastiche_cli.games.masterpiece.core.position import Thesis
from pastiche_cli.games.masterpiece.core.requirements import feasible
from pastiche_cli.games.masterpiece.core.rule_ids import END_FLAG, THESIS_CARD


class Finding(NamedTuple):
    code: str
    rule: str
    message: str


def _facts() -> dict:
    from pastiche_cli.facts import game_data

    return game_data("masterpiece", "deck.json")


def points_range() -> tuple[int, int]:
    raw = _facts()["thesis_points"]
    return raw["min"], raw["max"]


def flag_facts() -> dict:
    return _facts()["end_flag"]


def check_thesis(thesis: Thesis) -> list[Finding]:
    """Everything that rules the thesis out: points outside 1-9, no copies, an impossible requirement."""
    out = []
    why = feasible(thesis.requirement)
    if why:
        out.append(Finding("impossible-requirement", thesis.requirement.rule, f"thesis '{thesis.id}': {why}"))
    low, high = points_range()
    if thesis.is_flag:
        if thesis.points != flag_facts()["points"]:
            out.append(
                Finding(
                    "flag-points",
                    END_FLAG,
                    f"thesis '{thesis.id}' is the end flag, worth {flag_facts()['points']} point, not {thesis.points}",
                )
            )
    elif not low <= thesis.points <= high:
        out.append(
            Finding(
                "points",
                THESIS_CARD,
                f"thesis '{thesis.id}' is worth {thesis.points} points; a thesis is worth {low} to {high}",
            )
        )
    if thesis.copies < 1:
        out.append(
            Finding(
                "copies",
                THESIS_CARD,
                f"thesis '{thesis.id}' has {thesis.copies} copies; a thesis in the box has at least 1",
            )
        )
    return out


def table_findings(theses) -> list[tuple[Thesis, Finding]]:
    """Each thesis's findings, and more than one end flag in one table."""
    out = [(t, f) for t in theses for f in check_thesis(t)]
    flags = [t for t in theses if t.is_flag]
    for extra in flags[1:]:
        out.append(
            (
                extra,
                Finding(
                    "two-flags",
                    END_FLAG,
                    f"thesis '{extra.id}' is a second end flag ('{flags[0].id}' is one); the game has one",
                ),
            )
        )
    return out
