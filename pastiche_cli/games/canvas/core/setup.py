"""How a new game of Canvas is set up: players with 4 tokens and no cards, the scoring cards, a market of 5."""

from __future__ import annotations

from typing import NamedTuple

from pastiche_cli.games.canvas.core.cards import MARKET_SLOTS, MAX_PLAYERS, TOKENS_PER_PLAYER, Scenario
from pastiche_cli.kernel.names import seating_problem


class Setup(NamedTuple):
    players: tuple[str, ...]
    tokens: int
    scoring: tuple[str, ...] | None  # None: the group lays out its own four
    scenario: Scenario | None
    market_slots: int = MARKET_SLOTS


def names_problem(names: list[str]) -> str | None:
    """Why these names cannot be a game's players, or None."""
    twice = "each player needs a name of their own ({all} is given twice)"
    return seating_problem(names, "Canvas", 1, MAX_PLAYERS, twice)


def new_game(names: list[str], scenario: Scenario | None = None) -> Setup:
    return Setup(tuple(names), TOKENS_PER_PLAYER, scenario.scoring if scenario else None, scenario)
