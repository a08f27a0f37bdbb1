"""Hex notation (SPEC 2): six corner dabs clockwise from 12 o'clock, `/`, the centre: `RYBBYR/R`."""

from __future__ import annotations

from typing import NamedTuple

DABS = "RYB"


class NotationError(ValueError):
    """Bad hex notation; `index` is the 0-based position of the offending character."""

    def __init__(self, message: str, index: int = 0):
        super().__init__(message)
        self.index = index


class HexTile(NamedTuple):
    corners: str  # six letters, corner 0 (12 o'clock) first, clockwise
    centre: str  # one primary, or two different primaries in R-Y-B order

    def __str__(self) -> str:
        return f"{self.corners}/{self.centre}"

    def rotated(self, steps: int = 1) -> HexTile:
        """Turned clockwise by `steps` sixths: each step moves the last corner letter to the front."""
        k = steps % 6
        return HexTile(self.corners[-k:] + self.corners[:-k] if k else self.corners, self.centre)

    def rotations(self) -> list[HexTile]:
        """The distinct orientations, in order of clockwise steps from this one."""
        seen: dict[str, HexTile] = {}
        for k in range(6):
            tile = self.rotated(k)
            seen.setdefault(tile.corners, tile)
        return list(seen.values())


def parse_hex(text: str) -> HexTile:
    """Parse `RYBBYR/R` (any case, spaces around allowed); raise NotationError saying which letter is wrong."""
    if not isinstance(text, str):
        raise NotationError("a hex is written as six corner letters, '/', and the centre, e.g. RYBBYR/R")
    raw = text
    lead = len(raw) - len(raw.lstrip())
    body = raw.strip().upper()
    if "/" not in body:
        raise NotationError(
            f"'{raw.strip()}' has no '/': write the six corner letters, '/', then the centre, e.g. RYBBYR/R",
            lead + len(body),
        )
    corners, _, centre = body.partition("/")
    for i, ch in enumerate(corners):
        if ch not in DABS:
            raise NotationError(f"corner letter {i + 1} is '{raw.strip()[i]}': dabs are R, Y or B", lead + i)
    if len(corners) != 6:
        raise NotationError(f"a hex has 6 corner letters, '{corners}' has {len(corners)}", lead + min(len(corners), 6))
    base = lead + len(corners) + 1
    for i, ch in enumerate(centre):
        if ch not in DABS:
            raise NotationError(f"centre letter '{raw.strip()[len(corners) + 1 + i]}' is not R, Y or B", base + i)
    if not 1 <= len(centre) <= 2:
        raise NotationError(
            f"the centre shows one primary or two, '{centre}' has {len(centre)}", base + min(len(centre), 2)
        )
    if len(centre) == 2 and centre[0] == centre[1]:
        raise NotationError(f"a two-colour centre shows two different primaries, not '{centre}'", base + 1)
    return HexTile(corners, "".join(sorted(centre, key=DABS.index)))
