"""`pastiche mix DABS…`: what meeting dabs make, by the colour chart (SPEC 1.2)."""

from __future__ import annotations

import click

from pastiche_cli.cli.answer import show
from pastiche_cli.cli.game import terminal
from pastiche_cli.cli.shell import output_options
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.game import GAME


@click.command("mix")
@click.argument("dabs", nargs=-1, required=True)
@output_options(tables=False)
def command(dabs: tuple[str, ...], as_json: bool) -> None:
    """What 2 or 3 meeting dabs make, in any order of letters (R, Y, B).

    \b
    Example:
      pastiche mix RY YYB RR      # orange, olive, nothing
    """
    from pastiche_cli.games.pastiche.render.chart import mix_told

    mixes = []
    for text in dabs:
        try:
            card = colours.mix(text)
        except ValueError as exc:
            raise click.BadParameter(f"'{text}': {exc}", param_hint="DABS") from exc
        mixes.append((colours.sort_dabs(text), text, card))
    show(mix_told(mixes), as_json, styles=terminal(GAME).styles)
