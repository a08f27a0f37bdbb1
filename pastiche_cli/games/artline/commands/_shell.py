"""Artline's options for its commands: --player, --at X,Y (what all games share is cli/shell.py)."""

from __future__ import annotations

import re

import click

from pastiche_cli.cli.shell import find_player  # noqa: F401 - the commands find players through here
from pastiche_cli.games.artline.core.position import Cell, Position

_CELL = re.compile(r"\s*\[?\s*([-+]?\d{1,6})\s*,\s*([-+]?\d{1,6})\s*\]?\s*\Z")


def parse_cell(text: str) -> Cell:
    """X,Y (or [X, Y]) as a cell, or a usage error."""
    match = _CELL.match(text)
    if not match:
        why = f"'{text}' is not a cell: write X,Y such as 1,0 (use --at=-1,0 for a negative X)"
        raise click.BadParameter(why, param_hint="'--at'")
    return int(match.group(1)), int(match.group(2))


def who(position: Position, player: str | None) -> str | None:
    """--player as the file spells the name, else whose turn the file says it is, else None."""
    if player is not None:
        return find_player(position, player).name
    return position.turn
