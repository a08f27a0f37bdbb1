"""A new game of Artline as the rules text sets it up: five paintings each, the start, the deck."""

from __future__ import annotations

from pastiche_cli.games.artline.core.facts import facts
from pastiche_cli.games.artline.core.position import Painting, Player, Position
from pastiche_cli.kernel.names import seating_problem


def names_problem(names: list[str]) -> str | None:
    """Why these cannot be the players of a game, or None."""
    f = facts()
    twice = "each player needs a name of their own: {all} is given twice"
    return seating_problem(names, "Artline", f.min_players, f.max_players, twice)


def new_game(names: list[str], start_title: str | None = None) -> Position:
    """The table after dealing: each hand full, the starting painting face up, the rest the deck."""
    f = facts()
    players = tuple(Player(n, f.hand) for n in names)
    start = Painting(f.start, f.start_orientation, start_title)
    return Position(players, (start,), (), f.cards - f.hand * len(names) - 1, 0, names[0])
