"""A new game as the rulebook sets it up ("Setup"): the seating, the start player, what each player gets."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.endgame import printed_threshold
from pastiche_cli.games.pastiche.core.validate import (
    GALLERY_SIZE,
    HAND_COMMISSIONS,
    HEXES_IN_HAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
)
from pastiche_cli.kernel.names import seating_problem

START_HEXES = 3  # the starting piece: three hexes, at (0,0), (1,0) and (0,1)
FIRST_PHASE = "mixing"  # a turn begins by laying a hex


class PlayerSetup(NamedTuple):
    name: str
    palette: tuple[str, ...]  # the cards each player starts with
    commissions: int  # commission cards dealt onto their easels
    hexes: int  # palette hexes drawn


class Setup(NamedTuple):
    players: tuple[PlayerSetup, ...]  # in turn order, the start player first
    gallery: int  # commission cards laid face up
    start_hexes: int
    first_phase: str
    end_threshold: int  # as printed for this many players

    @property
    def start_player(self) -> str:
        return self.players[0].name


def starting_palette() -> tuple[str, ...]:
    """One of each secondary card (Player Setup), in chart order."""
    return tuple(c for c in colours.card_names() if colours.group(c) == "secondary")


def names_problem(names: Sequence[str]) -> str | None:
    """Why these names cannot be the players of a game (too few, too many, one twice), or None."""
    twice = "'{first}' is named twice; names must be unique"
    return seating_problem(names, "Pastiche", MIN_PLAYERS, MAX_PLAYERS, twice)


def new_game(names: Sequence[str]) -> Setup:
    """The setup for these players, seated in turn order, the first to start."""
    palette = starting_palette()
    players = tuple(PlayerSetup(name, palette, HAND_COMMISSIONS, HEXES_IN_HAND) for name in names)
    return Setup(players, GALLERY_SIZE, START_HEXES, FIRST_PHASE, printed_threshold(len(names)))
