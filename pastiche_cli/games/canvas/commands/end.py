"""`pastiche end FILE` for a Canvas file: paintings completed per player; whether the game is over."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import emit_json, output_options, position_argument, whose_turn_line
from pastiche_cli.games.canvas.commands._shell import load
from pastiche_cli.games.canvas.core.cards import PAINTINGS_PER_PLAYER
from pastiche_cli.games.canvas.core.turns import end_state


@click.command("end")
@position_argument
@output_options(tables=False)
def command(position: str, as_json: bool) -> None:
    """How many paintings each player has completed, and whether the game is over (3 each).

    \b
    Example:
      pastiche end game.yaml
    """
    pos, _ = load(position, as_json=as_json)
    state = end_state(pos)
    if as_json:
        emit_json(
            {
                "over": state.over,
                "rule": state.rule,
                "paintings": {n: k for n, k in state.done},
                "waiting": list(state.waiting),
                "paintings_each": PAINTINGS_PER_PLAYER,
                "turn": None if state.over else pos.turn,
            }
        )
        return
    click.echo(whose_turn_line(pos.turn, state.over))
    click.echo(f"The game ends when every player has completed {PAINTINGS_PER_PLAYER} paintings [{state.rule}]")
    for name, n in state.done:
        mark = "  done: skipped until the end" if n >= PAINTINGS_PER_PLAYER else f"  ({PAINTINGS_PER_PLAYER - n} to go)"
        click.echo(f"  {name}: {n}{mark}")
    if state.over:
        click.echo(f"The game is over: score it with `pastiche score {position}`.")
    else:
        click.echo(f"The game goes on: {', '.join(state.waiting)} still paint{'s' if len(state.waiting) == 1 else ''}.")
