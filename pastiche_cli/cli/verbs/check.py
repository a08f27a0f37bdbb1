"""`pastiche check FILE` for every game: each problem located (SPEC 3.2), the exit code of SPEC 6.1."""

from __future__ import annotations

import click

from pastiche_cli import games
from pastiche_cli.cli.face import decorated, serves, verbs  # noqa: F401 - root asks `serves`
from pastiche_cli.cli.game import terminal
from pastiche_cli.cli.shell import output_options, position_argument

SEVERAL = click.argument(
    "positions", metavar="POSITION...", nargs=-1, required=True, type=click.Path(readable=False, path_type=str)
)


def command_for(registered) -> click.Command:
    game, told = games.declared(registered), verbs(registered)

    def check(as_json: bool, position: str | None = None, positions: tuple[str, ...] = (), **opts) -> None:
        raise SystemExit(check_files(game, positions or (position,), opts, as_json))

    argument = SEVERAL if told.check_several else position_argument
    options = [argument, terminal(game).options, output_options(tables=False)]
    return click.command("check", help=told.check)(decorated(check, options))


def check_files(game, paths, opts: dict, as_json: bool) -> int:
    """Check each file with the game's reading (its problems, located), say it, and give the worst exit code."""
    from pastiche_cli.cli.answer import show
    from pastiche_cli.cli.shell import broken_saved_message, emit_json, err, exit_for, shown_name
    from pastiche_cli.formats.reading import all_problems
    from pastiche_cli.kernel.problems import EXIT_BAD_CATALOGUE, FORMAT, exit_code, sort_key, worst
    from pastiche_cli.render.problems import file_told, files_json

    told, codes = [], []
    for path in paths:
        position, problems = all_problems(game, path, opts)
        if position is not None:  # what the game adds: a warning of Pastiche's saved catalogue, Artline's counts
            problems = problems + game.reader.extra_problems(position, opts)
        extra = {} if position is None else game.teller.check_json(position)
        problems = sorted(problems, key=sort_key)
        # a game that names its saved file (Pastiche's catalogue) says it apart, exit 5; else it is the file's
        words = game.teller.check_words
        codes.append(exit_for(path, problems) if words[2] else exit_code(problems))
        told.append((path, file_told(shown_name(path), problems, codes[-1], words, extra)))
        if codes[-1] == EXIT_BAD_CATALOGUE:
            err(broken_saved_message(next(p.file for p in problems if p.kind == FORMAT), game.reader.saved_file))
        if not as_json:
            show(told[-1][1], as_json)
    if as_json:
        emit_json(told[0][1].json if len(told) == 1 else files_json(told))
    return worst(codes)
