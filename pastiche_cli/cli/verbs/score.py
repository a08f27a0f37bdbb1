"""`pastiche score FILE` for every game: scores, derivation, ranks, winners and the deciding step, as it tells them."""

from __future__ import annotations

import click

from pastiche_cli import games
from pastiche_cli.cli.answer import show
from pastiche_cli.cli.face import decorated, serves, verbs  # noqa: F401 - root asks `serves`
from pastiche_cli.cli.game import load, terminal
from pastiche_cli.cli.shell import (
    brief_option,
    fail,
    output_options,
    position_argument,
    to_position_options,
    write_sheet_position,
)


def command_for(registered) -> click.Command:
    game = games.declared(registered)
    face, told = terminal(game), verbs(registered)
    options = [position_argument, face.options, output_options, to_position_options]
    if told.detail:
        options.append(click.option("--detail", is_flag=True, help=told.detail))

    def score(position, as_json, fmt, brief, to_position, force, detail=False, **opts) -> None:
        from pastiche_cli.kernel.problems import PositionError

        needs, fatal = game.reader.needs.get("score", ()), game.reader.unscorable
        loaded = load(game, position, opts, as_json=as_json, needs=needs, fatal=fatal)
        if write_sheet_position(position, loaded, to_position, force, as_json):
            return
        try:
            answer = game.teller.told_score(loaded, position, detail=detail, brief=brief)
        except PositionError as exc:  # what the scores need and the file cannot say (located)
            fail(position, exc.problems, as_json)
        show(answer, as_json, fmt, face.styles)

    return click.command("score", help=told.score)(decorated(score, [*options, brief_option]))
