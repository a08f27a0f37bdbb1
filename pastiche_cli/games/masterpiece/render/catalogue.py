"""A thesis card of the catalogue told (`pastiche masterpiece theses show`, `list --json`): as JSON and in full."""

from __future__ import annotations

from pastiche_cli.render.answer import Plain, Told


def thesis_json(t) -> dict:
    said = {"id": t.id, "requirement": t.requirement.text(), "repeats": t.requirement.repeats}
    return said | {"points": t.points, "copies": t.copies, "meaning": t.requirement.describe()}


def thesis_told(t) -> Told:
    """One thesis in full, with what its requirement means."""
    req = t.requirement
    lines = [
        f"{t.id}: {req.text()}{', repeats' if req.repeats else ''}",
        f"  means:  {req.describe()} ({req.size} cards) [{req.rule}]",
        f"  points: {t.points}",
        f"  copies: {t.copies}",
    ]
    return Told(thesis_json(t), [Plain(lines)])
