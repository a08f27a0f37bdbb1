"""`pastiche end FILE` for every game: whether the end is triggered, by whom, what is left, as the game tells it."""

from __future__ import annotations

import click

from pastiche_cli import games
from pastiche_cli.cli.answer import show
from pastiche_cli.cli.face import decorated, serves, verbs  # noqa: F401 - root asks `serves`
from pastiche_cli.cli.game import load, terminal
from pastiche_cli.cli.shell import output_options, position_argument


def command_for(registered) -> click.Command:
    game = games.declared(registered)

    def end(position: str, as_json: bool, **opts) -> None:
        loaded = load(game, position, opts, as_json=as_json, needs=game.reader.needs.get("end", ()))
        show(game.teller.told_end(loaded, position), as_json)

    options = [position_argument, terminal(game).options, output_options(tables=False)]
    return click.command("end", help=verbs(registered).end)(decorated(end, options))
