"""`pastiche check FILE` for a Masterpiece position: every problem, located, all at once."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import output_options, position_argument, report_check
from pastiche_cli.games.masterpiece.commands._shell import theses_option


@click.command("check")
@position_argument
@theses_option
@output_options(tables=False)
def command(position: str, theses: str | None, as_json: bool) -> None:
    """Everything wrong with a Masterpiece position (or game record), each problem located as FILE:LINE:COL.

    Exit 0 if the position is valid (warnings allowed), 3 if the file cannot be read or does not
    fit the format, 4 if it breaks the rules of the game.

    \b
    Example:
      pastiche check examples/positions/masterpiece/midgame.yaml
    """
    from pastiche_cli.formats.reading import all_problems
    from pastiche_cli.games.masterpiece.game import GAME

    report_check(position, all_problems(GAME, position, {"theses": theses})[1], as_json)
