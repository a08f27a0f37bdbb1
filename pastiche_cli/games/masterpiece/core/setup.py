"""A new game's players: 3 to 5 distinct names, in turn order."""

from pastiche_cli.games.masterpiece.core.deck import facts
from pastiche_cli.kernel.names import named_twice, twins_note


def count_problem(count: int) -> str | None:
    """Why this many players cannot play, or None."""
    low, high = facts()["players"]["min"], facts()["players"]["max"]
    return None if low <= count <= high else f"the game is for {low} to {high} players, not {count}"


def names_problem(names: list[str]) -> str | None:
    """Why these names cannot seat a game, or None."""
    wrong = count_problem(len(names))
    if wrong:
        return wrong
    twice = named_twice(names)
    if twice:
        return f"two players share the name {twice[0]}; give each a name of their own{twins_note(names, twice[0])}"
    return None
