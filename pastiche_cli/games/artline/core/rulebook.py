"""Artline's rules reference: every rule id the tool cites, in our own words (data/artline/rules.json)."""

from __future__ import annotations

import re
from functools import lru_cache

from pastiche_cli.kernel.rulebook import Rulebook

# A rule id cited in a string of code: the whole string ("artline.open") or in brackets ("[artline.place]").
RULE_ID = re.compile(r"""(?<=["'\[])artline(?:\.[a-z][a-z0-9_-]*)?(?=["'\]])""")


@lru_cache(maxsize=None)
def book() -> Rulebook:
    from pastiche_cli.formats.data import game_data

    return Rulebook("artline", game_data("artline", "rules.json"), prefix="artline.")


def as_markdown() -> str:
    return book().as_markdown("The rules of Artline as pastiche applies them",
                              "python -m pastiche_cli.games.artline.core.rulebook", "rules/artline-rules-es.txt")


if __name__ == "__main__":
    print(as_markdown(), end="")
