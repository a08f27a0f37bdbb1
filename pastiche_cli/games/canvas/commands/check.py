"""`pastiche check FILE` for a Canvas file: everything wrong with it, located, all at once (spec section 4)."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import output_options, position_argument, report_check


@click.command("check")
@position_argument
@output_options(tables=False)
def command(position: str, as_json: bool) -> None:
    """Everything wrong with a Canvas position file or game record, each problem located as FILE:LINE:COL.

    Exit 0 if the position is valid (warnings allowed), 3 if the file cannot be read or does not
    fit the format (an unknown card word or scoring card, a painting not of 3 cards), 4 if it breaks
    the rules (a card in two places, a hand over 5, over 3 paintings, a scoring card twice, tokens).

    \b
    Example:
      pastiche check examples/positions/canvas/two-player-tiebreak.yaml
    """
    from pastiche_cli.formats.reading import all_problems
    from pastiche_cli.games.canvas.game import GAME

    report_check(position, all_problems(GAME, position)[1], as_json, position_of="a Canvas position", rules_of="Canvas")
