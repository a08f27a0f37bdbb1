"""The help and own options of the shared verbs (cli/verbs/) as a game's TERMINAL declares them: `Verbs`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

DETAIL = "With --json, add each player's derivation under 'detail'."


def as_given(names: list[str], **own) -> tuple[list[str], dict]:
    """new's players as given, and no choices for the game's starting position."""
    return names, {}


class Verbs(NamedTuple):
    """The help of each shared verb for one game, and its own options."""

    score: str
    check: str
    end: str
    new: str
    board: str | None = None  # None: the game has no board, and `board` says so
    detail: str | None = DETAIL  # score --detail's help; None: score has no --detail
    check_several: bool = False  # check reads several files (POSITION...), each answered
    players: str = ""  # new --players's help: how many names
    # new's own options (click decorators, top first), asked for when `new` is served (they may import)
    new_options: Callable[[], Sequence[Callable]] = tuple
    # new's own options made into (the players seated in turn order, the choices for game.new_position)
    new_setup: Callable[..., tuple[list[str], dict]] = as_given
    board_options: Callable[[], Sequence[Callable]] = tuple  # board's own options, likewise


def verbs(registered) -> Verbs | None:
    """The shared verbs' declaration of a game (a registry entry): its commands package's TERMINAL's, or None."""
    from pastiche_cli import games

    return getattr(getattr(games.commands(registered), "TERMINAL", None), "verbs", None)


def serves(registered) -> bool:
    """Whether a game declares its shared verbs to the terminal."""
    return verbs(registered) is not None


def decorated(f: Callable, options: Sequence[Callable]) -> Callable:
    """`f` under `options`, listed in --help in the order given (as if written top to bottom)."""
    for option in reversed(options):
        f = option(f)
    return f
