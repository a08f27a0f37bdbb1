"""`pastiche check FILE` for an Artline file: everything wrong with the position, located, all at once."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import output_options, position_argument, report_check


@click.command("check")
@position_argument
@output_options(tables=False)
def command(position: str, as_json: bool) -> None:
    """Everything wrong with an Artline position file (or record), each problem located as FILE:LINE:COL.

    Exit 0 if the position is valid (warnings allowed), 3 if the file cannot be read or does not
    fit the format, 4 if it breaks the rules of the game.

    \b
    Example:
      pastiche check examples/positions/artline/midgame.yaml
    """
    from pastiche_cli.formats.reading import all_problems
    from pastiche_cli.games.artline.game import GAME

    found, problems = all_problems(GAME, position)
    extra = None
    if found is not None:
        from pastiche_cli.games.artline.core.validate import counts

        extra = {"counts": counts(found)}
    report_check(position, problems, as_json, position_of="an Artline position", rules_of="Artline", extra=extra)
