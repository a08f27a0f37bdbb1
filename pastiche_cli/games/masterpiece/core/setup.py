"""A new game's players: 3 to 5 distinct names, in turn order."""

from pastiche_cli.games.masterpiece.core.deck import facts
from pastiche_cli.kernel.names import seating_problem


def count_problem(count: int) -> str | None:
    """Why this many players cannot play, or None."""
    low, high = facts()["players"]["min"], facts()["players"]["max"]
    return None if low <= count <= high else f"the game is for {low} to {high} players, not {count}"


def names_problem(names: list[str]) -> str | None:
    """Why these names cannot seat a game, or None."""
    low, high = facts()["players"]["min"], facts()["players"]["max"]
    twice = "two players share the name {first}; give each a name of their own"
    return seating_problem(names, "the game", low, high, twice)
