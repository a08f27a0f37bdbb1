"""`pastiche undo RECORD`, for every game: take the last move off the record, and say which it was."""

from __future__ import annotations

import click

from pastiche_cli.cli.game import declared
from pastiche_cli.cli.game import declares as serves  # noqa: F401 - root asks `serves`
from pastiche_cli.cli.shell import position_argument


def command_for(registered) -> click.Command:
    game = declared(registered)

    @click.command(
        "undo",
        help=f"""Take the last move off a game record (its line goes; every other byte of the file stays).

    A record with a move the rules refuse can be undone too: each undo takes the last move off, so
    undoing again takes the record down to its last legal move.

    \b
    Example:
      pastiche undo {game.record_example}
    """,
    )
    @position_argument
    @game.options
    def command(position: str, **opts) -> None:
        from pastiche_cli.cli.apply import refuse_stdin, take_back

        refuse_stdin(position)
        loaded = game.load(position, opts, record=True)
        taken, after = take_back(game, position, loaded, opts)
        click.echo(f"Took back move {len(loaded.record.moves)}: {taken}")
        # again: the move taken back ended the game or the turn; still: it was taken within the turn
        before = game.rules.whose_turn(loaded.replay.final)
        line = game.turn_line(after, again=loaded.replay.over or game.rules.whose_turn(after) != before)
        if line:
            click.echo(line)

    return command
