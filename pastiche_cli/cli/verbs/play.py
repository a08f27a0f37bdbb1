"""`pastiche play RECORD "MOVE"` for every game: judge one move at the record's end, and add it when legal."""

from __future__ import annotations

import click

from pastiche_cli import games
from pastiche_cli.cli.answer import show
from pastiche_cli.cli.game import load, terminal
from pastiche_cli.cli.shell import emit_json, output_options, position_argument
from pastiche_cli.cli.tab import complete_move
from pastiche_cli.kernel.game import Game
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO

serves = games.declares  # root asks `serves`


def refuse_broken(path: str, loaded, as_json: bool) -> None:
    """A record whose replay stops cannot take a move: the move that stops it, located, exit 4."""
    from pastiche_cli.cli.shell import err
    from pastiche_cli.formats.record import located, stop_problem
    from pastiche_cli.kernel.problems import EXIT_BREAKS_RULES

    stop = stop_problem(loaded.record, loaded.replay)
    if stop is None:
        return
    if as_json:
        from pastiche_cli.render.problems import problems_json

        emit_json(problems_json([stop]))
    err(located(path, stop))
    raise SystemExit(EXIT_BREAKS_RULES)


def parse(game: Game, text: str, position):
    """The move from the command line, or a usage error pointing at where its notation goes wrong."""
    from pastiche_cli.kernel.moves import MoveSyntaxError

    try:
        return game.rules.parse_move(text, position)
    except MoveSyntaxError as exc:
        raise click.BadParameter(f"{exc}\n  {text}\n  {' ' * exc.column}^", param_hint="'MOVE'") from exc


def command_for(registered) -> click.Command:
    game = games.declared(registered)
    face = terminal(game)
    examples = "\n".join(f'      pastiche play game.yaml "{move}"' for move in game.move_examples)
    forms = "\n".join(f"      {form}" for form in game.rules.moves.FORMS.values())
    others = ", ".join(f"--game {name}" for name in games.known() if name != game.name)

    @click.command(
        "play",
        help=f"""Judge one move, in the record notation, at the record's end; add it to `moves:` when legal.

    The file is untouched when the rules refuse the move (exit 1); comments and everything else
    in it are kept when the move is added. `pastiche undo RECORD` takes it back. A name or title
    with spaces is written in double quotes inside MOVE ("Ana Maria"); in the shell, put the whole
    MOVE in single quotes around them.{face.play_help}

    \b
    The moves of {game.title}, in the record notation:
{forms}

    \b
    Example:
{examples}

    Another game's moves: `pastiche play {others.split(", ")[0]} --help` ({others}).
    """,
    )
    @position_argument
    @click.argument("move_text", metavar="MOVE", shell_complete=complete_move(game.name))
    @face.options
    @output_options(tables=False)
    def command(position: str, move_text: str, as_json: bool, **opts) -> None:
        from pastiche_cli.cli.apply import apply_moves, refuse_stdin
        from pastiche_cli.render.records import played_told, refused_told

        refuse_stdin(position)
        loaded = load(game, position, opts, as_json=as_json, record=True)
        refuse_broken(position, loaded, as_json)
        final = game.reader.before_play(loaded.replay.final, move_text, opts)
        move_text, rewritten = face.in_notation(final, move_text)  # e.g. a board label as Q,R
        move = parse(game, move_text, final)
        verdict = game.rules.judge_next(final, loaded.replay.over, move)
        n = len(loaded.record.moves) + 1
        if not verdict.legal:
            show(refused_told(n, move, verdict, rewritten), as_json, "plain")
            raise SystemExit(EXIT_RULES_SAY_NO)
        said: list = []  # the verdict as the record makes it (the game's last move ends it)
        apply_moves(game, position, loaded._replace(position=final), move, opts, said=said)
        show(played_told(n, move, said[0], rewritten), as_json, "plain")

    return command
