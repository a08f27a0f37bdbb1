"""`pastiche score FILE` for Masterpiece: accepted points per player, ranks, winner and the deciding step."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import (echo_lines, emit_json, ordinal, output_options, position_argument, resolve_format,
                                    table)
from pastiche_cli.games.masterpiece.commands._shell import load, theses_option
from pastiche_cli.games.masterpiece.core.rule_ids import END, SCORE, SCORE_TIEBREAK
from pastiche_cli.games.masterpiece.core.scoring import STEP_RULE, STEP_WORDS, Score, score


def score_json(result: Score, detail: bool = False) -> dict:
    players = []
    for s in result.players:
        entry = {"name": s.name, "points": s.points, "accepted": s.accepted, "rank": s.rank}
        if detail:
            entry["detail"] = {"decided_by": s.decided_by,
                               "theses": [{"thesis": t.thesis, "points": t.points, "card": t.card,
                                           "end_flag": t.is_flag, "counted": t.counted} for t in s.theses]}
        players.append(entry)
    return {"players": players, "winners": list(result.winners), "decided_by": result.decided_by}


def explain(result: Score) -> list[str]:
    lines = []
    for s in result.players:
        lines.append(f"{s.name}: {s.points} point{'' if s.points == 1 else 's'} from {s.accepted} accepted "
                     f"thes{'i' if s.accepted == 1 else 'e'}s [{SCORE}]")
        for t in s.theses:
            flag = " (the end flag" + ("" if t.counted else ", not counted as a thesis") + ")" if t.is_flag else ""
            lines.append(f"  {t.thesis}: {t.points}{flag}, card left under it: {t.card}")
        if not s.theses:
            lines.append("  no accepted thesis")
    lines.append("")
    for upper, lower in zip(result.players, result.players[1:]):
        step = upper.decided_by
        if step == "shared":
            lines.append(f"{upper.name} and {lower.name}: {upper.points} points and {upper.accepted} theses each, "
                         f"they share {ordinal(upper.rank)} place [{SCORE_TIEBREAK}]")
        elif step == "total":
            lines.append(f"{upper.name} above {lower.name}: {STEP_WORDS[step]}, {upper.points} to {lower.points} "
                         f"[{STEP_RULE[step]}]")
        else:
            lines.append(f"{upper.name} above {lower.name}: tied on {upper.points} points, {STEP_WORDS[step]}, "
                         f"{upper.accepted} to {lower.accepted} [{STEP_RULE[step]}]")
    return lines + [f"note: {n}" for n in result.notes]


@click.command("score")
@position_argument
@theses_option
@output_options
@click.option("--detail", is_flag=True, help="With --json, add each player's accepted theses under 'detail'.")
def command(position: str, theses: str | None, as_json: bool, fmt: str, detail: bool) -> None:
    """Scores: each player's accepted theses and points, ranks, winner(s) and the deciding tiebreak.

    An accepted thesis whose id is not in the thesis table is an error: the tool never guesses points.

    \b
    Example:
      pastiche score examples/positions/masterpiece/finished-tiebreak.yaml
    """
    pos, _ = load(position, theses, as_json=as_json)
    result = score(pos)
    if as_json:
        emit_json(score_json(result, detail))
        return
    fmt = resolve_format(fmt)
    rows = []
    for s in result.players:
        shared = sum(1 for o in result.players if o.rank == s.rank) > 1
        rows.append([ordinal(s.rank, shared), s.name, s.points, s.accepted])
    table(["place", "player", "points", "theses"], rows, fmt, title=f"Scores ({len(rows)} players)",
          align=["left", "left", "right", "right"])
    click.echo("")
    winners = " and ".join(result.winners)
    if result.decided_by == "shared":
        click.echo(f"Winners: {winners}, sharing first place: equal points and equal theses [{SCORE_TIEBREAK}]")
    else:
        click.echo(f"Winner: {winners}, decided by {STEP_WORDS[result.decided_by]} "
                   f"[{STEP_RULE[result.decided_by]}]")
    click.echo("")
    echo_lines(explain(result), fmt)
    if not result.ended:
        click.echo("")
        why = ("the end is triggered but turns remain" if result.triggered
               else "nobody has reached the end threshold yet")
        click.echo(f"Note: {why}, so these scores are provisional (`pastiche end {position}`) [{END}]")
