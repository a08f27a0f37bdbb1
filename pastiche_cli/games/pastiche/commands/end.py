"""`pastiche end POSITION`: is the end triggered, by whom, how many turns remain (SPEC 4.5)."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import emit_json, output_options, position_argument, whose_turn_line
from pastiche_cli.games.pastiche.commands._shell import catalogue_option, read
from pastiche_cli.games.pastiche.core.endgame import end_verdict
from pastiche_cli.games.pastiche.core.rule_ids import END_ROUND, END_TRIGGER


@click.command("end")
@position_argument
@catalogue_option
@output_options(tables=False)
def command(position: str, catalogue: str | None, as_json: bool) -> None:
    """Whether the end of the game is triggered, by whom, and how many turns remain.

    \b
    Example:
      pastiche end game.yaml
    """
    loaded = read(position, catalogue, as_json=as_json, needs=("players.completed",))
    pos = loaded.position
    v = end_verdict(pos)
    # A game record whose last turn has been ended is over (SPEC 8): no turn is left, not even the one
    # `turn:` would name.
    over = loaded.over if loaded.is_record else None
    if as_json:
        answer = {
            "triggered": v.triggered,
            "threshold": v.threshold,
            "triggered_by": list(v.triggered_by),
            "turns_left": v.turns_left,
            "rule": v.rule,
            "threshold_source": v.threshold_source,
            "points": {name: pts for name, pts in v.points},
            "current_player": v.current,
            "last_player": v.last_player,
        }
        if over is not None:
            answer["game_over"] = over
        emit_json(answer)
        return
    turn = pos.turn
    whose = whose_turn_line(turn.player if turn else None, bool(over), turn.phase if turn else None)
    click.echo(whose)
    where = f"{len(pos.players)} players" if v.threshold_source == "printed" else "house rule end_threshold"
    click.echo(
        f"End threshold: {v.threshold} completed commission points ({where}); "
        f"artist bonuses do not count [{END_TRIGGER}]"
    )
    for name, pts in v.points:
        mark = "  <- reached" if name in v.triggered_by else f"  ({v.threshold - pts} to go)"
        click.echo(f"  {name}: {pts}{mark}")
    if not v.triggered:
        click.echo(f"The end is not triggered [{END_TRIGGER}].")
        return
    click.echo(f"The end is triggered by {' and '.join(v.triggered_by)} [{END_TRIGGER}].")
    click.echo(
        f"Play {'went' if over else 'goes'} on to the end of the round: the last turn "
        f"{'was' if over else 'is'} {v.last_player}'s, the player before the start player [{END_ROUND}]."
    )
    if over:
        import shlex

        how = "pastiche score" + ("" if position == "-" else f" {shlex.quote(position)}")
        click.echo(
            f"The game is over: {v.last_player}'s turn, the last of the game, has ended [{END_ROUND}]. Score it: {how}"
        )
    elif v.turns_left is None:
        click.echo("Add `turn: {player: NAME}` to the file to count the turns that remain.")
    elif v.turns_left == 0:
        click.echo(f"It is {v.current}'s turn, the last of the game; score after it.")
    else:
        names = [p.name for p in pos.players][len(pos.players) - v.turns_left :]
        click.echo(
            f"It is {v.current}'s turn; {v.turns_left} more turn{'s' if v.turns_left > 1 else ''} "
            f"after it: {', '.join(names)}."
        )
