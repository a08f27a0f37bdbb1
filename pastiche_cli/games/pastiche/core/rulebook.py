"""Pastiche's rules reference: every rule id the tool cites, explained in our own words (data/pastiche/rules.json).

The mechanics (lookup, Markdown) are the kernel's `Rulebook`, shared by every game.

Lookup by exact id, by prefix (`trade` or `trade.bank`) or by a word (`bisque`); an unknown topic
gets the nearest id or word as a suggestion.
"""

from __future__ import annotations

import re
from functools import lru_cache

from pastiche_cli.kernel.rulebook import Lookup, Rule, Rulebook

GROUPS = ("place", "trade", "commission", "cleanup", "end", "score", "house")

# A rule id as written in code: "trade.bank.three", "[score.palette]" — a known group, then one or
# two lower-case parts. Used by the test that every id the code cites is explained here.
RULE_ID = re.compile(r"(?:%s)(?:\.[a-z][a-z0-9_-]*){1,2}" % "|".join(GROUPS))


__all__ = ["GROUPS", "RULE_ID", "Lookup", "Rule", "book", "rules", "ids", "get", "members", "lookup",
           "suggest", "as_markdown"]


@lru_cache(maxsize=None)
def book() -> Rulebook:
    from pastiche_cli.formats.data import game_data

    return Rulebook("pastiche", game_data("pastiche", "rules.json"))


def rules() -> dict[str, Rule]:
    """Every entry of the rules reference, by id, in the order of its data file (groups first)."""
    return book().table


def ids() -> list[str]:
    return book().ids()


def get(rule_id: str) -> Rule | None:
    return book().get(rule_id)


def members(group: str) -> list[Rule]:
    return book().members(group)


def lookup(topic: str | None) -> Lookup:
    return book().lookup(topic)


def suggest(topic: str) -> str | None:
    return book().suggest(topic)


def as_markdown() -> str:
    """The whole reference as Markdown (docs/rules.md is this, checked by a test)."""
    return book().as_markdown("The rules as pastiche applies them",
                              "python -m pastiche_cli.games.pastiche.core.rulebook > docs/rules.md",
                              "rules/pastiche-rulebook-en.txt")


if __name__ == "__main__":
    print(as_markdown(), end="")
