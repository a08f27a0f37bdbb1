"""`pastiche end FILE` for Masterpiece: is the end triggered, by whom, the flag, the turns each player has left."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import emit_json, output_options, position_argument, whose_turn_line
from pastiche_cli.games.masterpiece.commands._shell import load, theses_option
from pastiche_cli.games.masterpiece.core.endgame import end_verdict
from pastiche_cli.games.masterpiece.core.rule_ids import END, END_FLAG, END_TURNS

FLAG_WORDS = {
    "published": "{who} has laid the end flag",
    "due": "{who} lays the end flag now, with one card from hand (present --thesis {flag})",
    "no-card": "{who} has no card in hand: no end flag, the end comes all the same",
    "not-laid": "{who} laid no end flag, and the game is over",
    "unknown": "it goes to {who}",
    "not-yet": "",
}


@click.command("end")
@position_argument
@theses_option
@output_options(tables=False)
def command(position: str, theses: str | None, as_json: bool) -> None:
    """Whether the end is triggered, by whom, the end flag, and the turns each player still has.

    \b
    Example:
      pastiche end examples/positions/masterpiece/end-triggered.yaml
    """
    pos, _ = load(position, theses, as_json=as_json)
    v = end_verdict(pos)
    flag = pos.flag()
    if as_json:
        emit_json(
            {
                "triggered": v.triggered,
                "triggered_by": v.triggered_by,
                "recorded": v.recorded,
                "threshold": v.threshold,
                "strict": v.strict,
                "points": dict(v.points),
                "reached": list(v.reached),
                "flag": v.flag,
                "turns_left": dict(v.turns_left) if v.turns_left else None,
                "over": v.over,
                "rule": v.rule,
                "notes": list(v.notes),
                "turn": None if v.over or pos.turn is None else pos.turn.player,
            }
        )
        return
    click.echo(whose_turn_line(pos.turn.player if pos.turn else None, v.over))
    need = f"more than {v.threshold}" if v.strict else f"{v.threshold} or more"
    click.echo(f"End threshold: {need} accepted points, the end flag not counted [{END}]")
    for name, pts in v.points:
        mark = "  <- reached" if name in v.reached else ""
        click.echo(f"  {name}: {pts}{mark}")
    if not v.triggered:
        click.echo(f"The end is not triggered [{END}].")
    elif v.triggered_by is None:
        who = "whoever triggered the end"
        unknown = "the flag's owner is not known" if v.over else "neither the flag's owner nor the turns left are known"
        click.echo(
            f"The end is triggered: {' and '.join(v.reached)} have reached the threshold, and the file does not "
            f"say who reached it first, so {unknown} [{END}]."
        )
    else:
        who = v.triggered_by
        how = "" if v.recorded else " (inferred: the only player at the threshold)"
        click.echo(f"The end is triggered by {who}{how} [{END}].")
    if v.triggered:
        words = FLAG_WORDS[v.flag].format(who=who, flag=flag.id if flag else "end-flag")
        if words and not (v.over and v.flag == "unknown"):  # a finished game's flag is on its scores
            click.echo(f"End flag: {words} [{END_FLAG}].")
        if v.over:
            click.echo(f"Every turn after the trigger has been taken: the game is over; score it [{END_TURNS}].")
        elif v.turns_left:
            left = ", ".join(f"{name} {n}" for name, n in v.turns_left)
            click.echo(f"Turns still to come: {left} [{END_TURNS}].")
    for note in v.notes:
        click.echo(f"note: {note}")
