"""Canvas's rules reference: every rule id the tool cites, in our own words (data/canvas/rules.json)."""

from __future__ import annotations

from functools import lru_cache

from pastiche_cli.kernel.rulebook import Rulebook


@lru_cache(maxsize=None)
def book() -> Rulebook:
    from pastiche_cli.formats.data import game_data

    return Rulebook("canvas", game_data("canvas", "rules.json"), prefix="canvas.")
