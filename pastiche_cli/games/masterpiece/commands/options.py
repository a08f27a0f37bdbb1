"""`pastiche masterpiece options FILE --player NAME`: every thesis the player could present now."""

from __future__ import annotations

import click

from pastiche_cli.cli.answer import show
from pastiche_cli.cli.game import load
from pastiche_cli.cli.shell import output_options, position_argument
from pastiche_cli.games.masterpiece.commands._shell import find_player, player_option, theses_option
from pastiche_cli.games.masterpiece.core.endgame import turns_spent
from pastiche_cli.games.masterpiece.game import GAME


@click.command("options")
@position_argument
@player_option("Whose options.")
@theses_option
@output_options
def command(position: str, player: str, theses: str | None, as_json: bool, fmt: str) -> None:
    """Every thesis the player could present now from hand plus citable cards, with the cards it would use.

    For each thesis: how many card sets would do, and the one shown (owing the fewest cards, then
    using the fewest hand cards), or why it cannot be presented.

    \b
    Example:
      pastiche masterpiece options game.yaml --player Ana
    """
    from pastiche_cli.games.masterpiece.core.options import options
    from pastiche_cli.games.masterpiece.render.moves import options_told

    pos = load(GAME, position, {"theses": theses}, as_json=as_json).position
    who = find_player(pos, player)
    show(options_told(who.name, options(pos, who), turns_spent(pos, who.name)), as_json, fmt)
