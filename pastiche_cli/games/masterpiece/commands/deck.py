"""`pastiche masterpiece deck`: the 49 cards, by suit, with how many of each value exist."""

from __future__ import annotations

import click

from pastiche_cli.cli.answer import show
from pastiche_cli.cli.shell import output_options


@click.command("deck")
@output_options
def command(as_json: bool, fmt: str) -> None:
    """The 49 cards: seven suits of seven consecutive values, and the copies of each value.

    \b
    Example:
      pastiche masterpiece deck
    """
    from pastiche_cli.games.masterpiece.core.deck import deck
    from pastiche_cli.games.masterpiece.render.deck import deck_told

    show(deck_told(deck()), as_json, fmt)
