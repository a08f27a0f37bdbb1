"""`pastiche undo RECORD`: take the last move off the record, and say which it was."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import abort, position_argument
from pastiche_cli.games.pastiche.commands._shell import catalogue_option
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO


@click.command("undo")
@position_argument
@catalogue_option
def command(position: str, catalogue: str | None) -> None:
    """Take the last move off a game record (its line goes; every other byte of the file stays).

    A record whose replay stops at an illegal move can be undone too, down to its last legal move.

    \b
    Example:
      pastiche undo game.yaml
    """
    from pastiche_cli.cli.apply import abort_refused, refuse_stdin
    from pastiche_cli.formats.yamledit import Refused
    from pastiche_cli.games.pastiche.commands.replay import read
    from pastiche_cli.games.pastiche.formats.loader import outside_catalogue
    from pastiche_cli.games.pastiche.formats.record import checked_moves, edit_record, remove_last_move

    refuse_stdin(position)

    loaded = read(position, catalogue)
    written = [m.text for m in loaded.record.moves]
    if not written:
        abort(f"{position} has no moves to take back", EXIT_RULES_SAY_NO)
    want = written[:-1]
    try:
        edit_record(position, remove_last_move, checked_moves(position, lambda: outside_catalogue(catalogue), want))
    except Refused as exc:
        abort_refused(position, exc)
    click.echo(f"Took back move {len(written)}: {written[-1]}")
    steps = loaded.replay.steps[:len(want)]
    after = steps[-1].after if steps else loaded.replay.setup
    if after.turn is not None:
        click.echo(f"It is {after.turn.player}'s turn again, in the {after.turn.phase or 'unknown'} phase.")
