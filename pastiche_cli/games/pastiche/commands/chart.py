"""`pastiche chart`: the colour chart, card values and copies (SPEC 1.1, 1.2)."""

from __future__ import annotations

import click

from pastiche_cli.cli.answer import show
from pastiche_cli.cli.shell import output_options
from pastiche_cli.games.pastiche.core import colours


@click.command("chart")
@output_options
def command(as_json: bool, fmt: str) -> None:
    """The colour chart (what dabs mix into), and every card's value and copies.

    \b
    Example:
      pastiche chart --format markdown
    """
    from pastiche_cli.games.pastiche.render.chart import chart_told

    show(chart_told(colours.chart(), colours.card_kinds()), as_json, fmt)
