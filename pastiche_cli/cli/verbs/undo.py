"""`pastiche undo RECORD`, for every game: take the last move off the record, and say which it was."""

from __future__ import annotations

import click

from pastiche_cli import games
from pastiche_cli.cli.answer import show
from pastiche_cli.cli.game import load, terminal
from pastiche_cli.cli.shell import position_argument

serves = games.declares  # root asks `serves`


def command_for(registered) -> click.Command:
    game = games.declared(registered)

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
    @terminal(game).options
    def command(position: str, **opts) -> None:
        from pastiche_cli.cli.apply import refuse_stdin, take_back
        from pastiche_cli.render.records import undone_told

        refuse_stdin(position)
        loaded = load(game, position, opts, record=True)
        taken, after = take_back(game, position, loaded, opts)
        # again: the move taken back ended the game or the turn; still: it was taken within the turn
        before, now = game.rules.whose_turn(loaded.replay.final), game.rules.whose_turn(after)
        line = game.teller.turn_line(after, now, again=loaded.replay.over or now != before)
        show(undone_told(len(loaded.record.moves), taken, line), False)

    return command
