"""`pastiche end FILE` for an Artline file: is the game over, who won, and what is left to play for."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import emit_json, output_options, position_argument, whose_turn_line
from pastiche_cli.games.artline.commands._shell import load
from pastiche_cli.games.artline.core.rule_ids import ARTLINE_DRAW
from pastiche_cli.games.artline.core.standing import standing
from pastiche_cli.games.artline.render.scores import verdict_lines


@click.command("end")
@position_argument
@output_options(tables=False)
def command(position: str, as_json: bool) -> None:
    """Whether an Artline game is over (someone has an empty hand), who won, or who is closest.

    \b
    Example:
      pastiche end examples/positions/artline/finished.yaml
    """
    pos, _ = load(position, as_json=as_json)
    result = standing(pos)
    if as_json:
        emit_json(
            {
                "over": result.over,
                "winner": result.winners[0] if result.winners else None,
                "rule": result.rule,
                "closest": list(result.closest),
                "hands": {p.name: p.hand for p in pos.players},
                "deck": pos.deck,
                "turn": pos.turn,
            }
        )
        return
    click.echo(whose_turn_line(pos.turn, result.over))
    for line in verdict_lines(result):
        click.echo(line)
    click.echo("In hand: " + ", ".join(f"{p.name} {p.hand}" for p in pos.players))
    if not result.over:
        if pos.deck:
            click.echo(
                f"The deck holds {pos.deck}; a turn that is not an exhibition ends with a draw [{ARTLINE_DRAW}]."
            )
        else:
            click.echo(
                f"The deck is empty: no more draws, every painting laid brings its player closer [{ARTLINE_DRAW}]."
            )
