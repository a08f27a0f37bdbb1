"""Artline's loading and options for its commands: the position checked, --player, --at X,Y.

What all games share (output switches, messages, tables) is cli/shell.py.
"""

from __future__ import annotations

import re

import click

from pastiche_cli.cli.shell import fail, report_problems
from pastiche_cli.games.artline.core.position import Cell, Position
from pastiche_cli.kernel.problems import WARNING, Problem
from pastiche_cli.cli.shell import find_player  # noqa: F401 - the commands find players through here

_CELL = re.compile(r"\s*\[?\s*([-+]?\d{1,6})\s*,\s*([-+]?\d{1,6})\s*\]?\s*\Z")


def load(path: str, *, as_json: bool = False) -> tuple[Position, list[Problem]]:
    """The position, checked; on any error, report every problem (located) and exit 3 or 4.

    Warnings are printed on stderr and returned."""
    from pastiche_cli.games.artline.formats.loader import all_problems

    position, problems = all_problems(path)
    errors = [p for p in problems if p.kind != WARNING]
    if errors or position is None:
        fail(path, problems, as_json)
    warnings = [p for p in problems if p.kind == WARNING]
    report_problems(path, warnings)
    return position, warnings


def parse_cell(text: str) -> Cell:
    """X,Y (or [X, Y]) as a cell, or a usage error."""
    match = _CELL.match(text)
    if not match:
        raise click.BadParameter(f"'{text}' is not a cell: write X,Y such as 1,0 (use --at=-1,0 for a negative X)",
                                 param_hint="'--at'")
    return int(match.group(1)), int(match.group(2))


def who(position: Position, player: str | None) -> str | None:
    """--player as the file spells the name, else whose turn the file says it is, else None."""
    if player is not None:
        return find_player(position, player).name
    return position.turn
