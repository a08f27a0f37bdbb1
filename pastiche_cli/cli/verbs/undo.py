"""`pastiche undo RECORD`, for every game: take the last move off the record, and say which it was."""

from __future__ import annotations

import click

from pastiche_cli.cli.game import declared
from pastiche_cli.cli.shell import abort, position_argument
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO


def command_for(registered) -> click.Command:
    game = declared(registered)

    @click.command("undo", help=f"""Take the last move off a game record (its line goes; every other byte of the file stays).

    A record whose replay stops at an illegal move can be undone too, down to its last legal move.

    \b
    Example:
      pastiche undo {game.record_example}
    """)
    @position_argument
    @game.options
    def command(position: str, **opts) -> None:
        from pastiche_cli.cli.apply import record_loader, refuse_stdin
        from pastiche_cli.formats.record import checked_moves, edit_record, remove_last_move

        refuse_stdin(position)
        loaded = game.load(position, opts, record=True)
        written = [m.text for m in loaded.record.moves]
        if not written:
            abort(f"{position} has no moves to take back", EXIT_RULES_SAY_NO)
        want = written[:-1]
        steps = loaded.replay.steps[:len(want)]
        after = steps[-1].after if steps else loaded.replay.setup
        from pastiche_cli.formats.yamledit import Refused

        try:
            edit_record(position, remove_last_move, checked_moves(position, record_loader(game, opts), want,
                                                                  lambda final: game.difference(final, after)))
        except Refused as exc:
            game.refused(position, exc)
        click.echo(f"Took back move {len(written)}: {written[-1]}")
        line = game.turn_line(after)
        if line:
            click.echo(line)

    return command
