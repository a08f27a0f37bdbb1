"""Masterpiece's rules reference: every rule id the tool cites, in our own words (data/masterpiece/rules.json)."""

from functools import lru_cache

from pastiche_cli.kernel.rulebook import Rulebook

PREFIX = "masterpiece."


@lru_cache(maxsize=None)
def book() -> Rulebook:
    from pastiche_cli.formats.data import game_data

    return Rulebook("masterpiece", game_data("masterpiece", "rules.json"), prefix=PREFIX)


def as_markdown() -> str:
    return book().as_markdown("Pastiche: The Birth of a Masterpiece, as pastiche applies it",
                              "python -m pastiche_cli.games.masterpiece.core.rulebook",
                              "rules/masterpiece-description-ru.txt, read in spec/masterpiece.md")
