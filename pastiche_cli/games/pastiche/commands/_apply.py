"""Pastiche's --apply: the one driver (cli/apply.py: judge, apply, the edit the move makes, re-read, write)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NoReturn

from pastiche_cli.cli.apply import Refused, apply_moves


def apply_move(
    path: str, catalogue: str | None, loaded, move, refused: Callable[[str, Refused], NoReturn] | None = None
):
    """Record a move (or several, made in order) in the file through the one driver; (position after, notes).

    `loaded` is what the command's `read` gave (kernel/game.Loaded), or a plain position value of a position
    file (no text read: the file is not compared with one).
    """
    from pastiche_cli.games.pastiche.game import GAME
    from pastiche_cli.kernel.game import Loaded

    if not isinstance(loaded, Loaded):
        loaded = Loaded(loaded, [])
    return apply_moves(GAME, path, loaded, move, {"catalogue": catalogue}, refused)
