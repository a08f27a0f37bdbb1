"""`pastiche score FILE` for a Canvas file: ribbons per painting and card with their icons, the capped
totals and their points, grey ribbons, totals, ranks, winners and the step that decided first place."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import (emit_json, ordinal, output_options, position_argument, precedence_lines,
                                    resolve_format, table)
from pastiche_cli.games.canvas.commands._explain import painting_json, reading_lines, ribbon_lines
from pastiche_cli.games.canvas.commands._shell import load, plural
from pastiche_cli.games.canvas.core.rule_ids import BONUS, CAP, END, SCORE, TIEBREAK, score_rule
from pastiche_cli.games.canvas.core.scoring import Score, score
from pastiche_cli.games.canvas.render.text import SWATCH_STYLES

STEP_WORDS = {"total": "the higher total", "inspiration": "more inspiration tokens left"}
STEP_RULE = {"total": SCORE, "inspiration": TIEBREAK}


def score_json(result: Score, house, detail: bool = False) -> dict:
    """spec/canvas.md section 5 (with `detail`, each player's derivation too)."""
    players = []
    for s in result.players:
        entry = {"name": s.name, "points": {c.card: c.points for c in s.cards},
                 "ribbons": {c.card: c.counted for c in s.cards}, "bonus_ribbons": s.bonus_ribbons,
                 "total": s.total, "inspiration": s.inspiration, "rank": s.rank}
        if detail:
            entry["detail"] = {
                "decided_by": s.decided_by,
                "cards": [{"card": c.card, "rule": score_rule(c.card), "per_painting": list(c.per_painting),
                           "earned": c.earned, "counted": c.counted, "cap": c.cap, "points": c.points}
                          for c in s.cards],
                "bonus_points": s.bonus_points,
                "paintings": [painting_json(p) for p in s.paintings],
            }
        players.append(entry)
    out = {"players": players, "winners": list(result.winners), "decided_by": result.decided_by}
    if detail:
        out["house_rules"] = house.as_json()
        out["finished"] = result.finished
    return out


def explain(result: Score, house) -> list[str]:
    """Every number's derivation in words, with the rule ids."""
    lines = []
    for s in result.players:
        lines.append(f"{s.name}: {plural(s.total, 'point')} ({s.inspiration} inspiration left)")
        for n, p in enumerate(s.paintings, 1):
            lines.append(f"  painting {n}: {', '.join(p.words)} (bottom to top)")
            lines += ribbon_lines(p, "    ")
        if not s.paintings:
            lines.append("  no painting completed")
        for c in s.cards:
            sums = " + ".join(map(str, c.per_painting)) or "0"
            if c.earned > c.cap:
                counted = f"{plural(c.earned, 'ribbon')}, only {c.cap} taken (the cap) [{CAP}]"
            else:
                counted = plural(c.counted, 'ribbon')
            lines.append(f"  {c.card}: {sums} = {counted} -> {plural(c.points, 'point')} [{score_rule(c.card)}]")
        lines.append(f"  grey ribbons: {s.bonus_ribbons} x {house.bonus_ribbon_points} = "
                     f"{plural(s.bonus_points, 'point')} [{BONUS}]")
        lines.append(f"  total: {' + '.join(str(c.points) for c in s.cards)} + {s.bonus_points} = {s.total} [{SCORE}]")
    lines.append("")
    return lines + precedence_lines(
        result.players, STEP_WORDS, STEP_RULE, TIEBREAK,
        lambda upper, lower: f"{upper.name} and {lower.name}: {upper.total} points and {upper.inspiration} tokens "
                             f"each, they share {ordinal(upper.rank)} place [{TIEBREAK}]")


@click.command("score")
@position_argument
@output_options
@click.option("--detail", is_flag=True, help="With --json, add each player's derivation under 'detail'.")
def command(position: str, as_json: bool, fmt: str, detail: bool) -> None:
    """Final scores of a Canvas game: ribbons per painting with the icons that made them, the capped
    totals per scoring card and their points, grey ribbons, ranks, winners and the deciding step.

    \b
    Example:
      pastiche score examples/positions/canvas/three-player-capped.yaml
      pastiche score game.yaml --json --detail
    """
    pos, _ = load(position, as_json=as_json)
    result = score(pos)
    if as_json:
        emit_json(score_json(result, pos.house, detail))
        return
    fmt = resolve_format(fmt)
    shared_any = False
    rows = []
    for s in result.players:
        shared = sum(1 for o in result.players if o.rank == s.rank) > 1
        shared_any |= shared
        rows.append([ordinal(s.rank, shared), s.name]
                    + [f"{c.counted} -> {c.points}" for c in s.cards]
                    + [f"{s.bonus_ribbons} -> {s.bonus_points}", s.total, s.inspiration])
    headers = ["place", "player"] + list(pos.scoring) + ["grey", "total", "tokens"]
    table(headers, rows, fmt, title=f"Final scores ({len(result.players)} players; ribbons -> points"
                                    + ("; = marks a shared place)" if shared_any else ")"),
          align=["left", "left"] + ["right"] * (len(headers) - 2))
    click.echo("")
    winners = " and ".join(result.winners)
    step = result.decided_by
    if step == "shared":
        click.echo(f"Winners: {winners}, sharing first place: equal in points and tokens [{TIEBREAK}]")
    else:
        click.echo(f"Winner: {winners}, decided by {STEP_WORDS[step]} [{STEP_RULE[step]}]")
    readings = reading_lines(pos.house, pos.scoring, any(p.bonus for s in result.players for p in s.paintings))
    for line in readings:
        click.echo(line)
    click.echo("")
    from pastiche_cli.cli.shell import echo_lines

    echo_lines(explain(result, pos.house), fmt, SWATCH_STYLES)
    if not result.finished:
        click.echo("")
        click.echo(f"Note: not every player has completed 3 paintings, so these scores are provisional [{END}]")
