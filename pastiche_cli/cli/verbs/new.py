"""`pastiche new --players NAMES` for every game: a starting position (or record), FILL-IN where the table decides."""

from __future__ import annotations

import click

from pastiche_cli import games
from pastiche_cli.cli.face import decorated, serves, verbs  # noqa: F401 - root asks `serves`
from pastiche_cli.cli.shell import echo_file, err, output_file_options, parse_players, write_output

RECORD = click.option(
    "--record",
    "as_record",
    is_flag=True,
    help="Start a game record (setup: and moves:) to play move by move, instead of a position.",
)


def written(path: str, names: list[str]) -> str:
    """What was written, and what to do next."""
    from pastiche_cli.formats.nodes import PLACEHOLDER

    return (
        f"Wrote {path} ({len(names)} players, {names[0]} starts). Next: replace each {PLACEHOLDER}, "
        f"then run `pastiche check {path}`."
    )


def command_for(registered) -> click.Command:
    game, told = games.declared(registered), verbs(registered)

    def new(players_text: str, output: str | None, force: bool, as_record: bool, **own) -> None:
        names, choices = told.new_setup(parse_players(players_text, game.writer.names_problem), **own)
        text = game.writer.new_position(names, **choices)
        if as_record:
            from pastiche_cli.formats.record import starting_record

            text = starting_record(text, game.name)
        if output is None:
            echo_file(text)
            return
        write_output(output, text, force)
        err(game.teller.new_written(output, names) or written(output, names))

    players = click.option("--players", "players_text", required=True, metavar="NAMES", help=told.players)
    options = [players, *told.new_options(), output_file_options, RECORD]
    return click.command("new", help=told.new)(decorated(new, options))
