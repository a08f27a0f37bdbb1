"""`pastiche artline spots FILE`: every cell a painting may go now, with what it would join or open."""

from __future__ import annotations

import click

from pastiche_cli.cli.answer import show
from pastiche_cli.cli.game import load
from pastiche_cli.cli.shell import output_options, player_option, position_argument
from pastiche_cli.cli.tab import complete_file_player
from pastiche_cli.games.artline.commands._shell import who
from pastiche_cli.games.artline.game import GAME


@click.command("spots")
@position_argument
@player_option("Whose turn (default: whose turn the file says it is).", complete_file_player)
@output_options
def command(position: str, player: str | None, as_json: bool, fmt: str) -> None:
    """Every cell a painting may go now: the galleries it would join (its painting must show their
    features: the players' decision) or open (a new feature to name), and whether it is an exhibition.

    \b
    Example:
      pastiche artline spots examples/positions/artline/midgame.yaml
      pastiche artline spots game.yaml --json
    """
    from pastiche_cli.games.artline.core.placement import spots
    from pastiche_cli.games.artline.render.moves import spots_told

    pos = load(GAME, position, as_json=as_json).position
    name = who(pos, player)
    refused, found = spots(pos, name)
    show(spots_told(name, refused, found), as_json, fmt)
    if refused is not None:
        raise SystemExit(1)
