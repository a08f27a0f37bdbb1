"""The house rules of Canvas: the open questions of the rules text and the reading each key chooses."""

from __future__ import annotations

from typing import NamedTuple

HIERARCHY_TONE = "tone"  # the printed card: tone at least as often as any other; ties score
HIERARCHY_TEXTURE_STRICT = "texture-strict"  # the early rules text: texture the single most used; ties do not
HIERARCHY_READINGS = (HIERARCHY_TONE, HIERARCHY_TEXTURE_STRICT)
BONUS_RIBBON_POINTS = (2, 1)  # the port's grey ribbon; the early text's 1 point per element


class HouseRules(NamedTuple):
    hierarchy: str = HIERARCHY_TONE
    bonus_ribbon_points: int = 2

    def as_json(self) -> dict:
        return {"hierarchy": self.hierarchy, "bonus_ribbon_points": self.bonus_ribbon_points}
