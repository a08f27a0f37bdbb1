"""`pastiche score POSITION`: final scores with their breakdown, ranks, winners and the deciding tiebreak."""

from __future__ import annotations

import click

from pastiche_cli.games.pastiche.core.scoring import STEP_RULE, STEP_WORDS, Score, ScoringError, score
from pastiche_cli.cli.shell import (EXIT_BAD_FILE, echo, emit_json, err, ordinal, output_options, position_argument,
    precedence_lines, resolve_format, table)
from pastiche_cli.games.pastiche.commands._shell import catalogue_option, echo_lines, load, record_over_of
from pastiche_cli.games.pastiche.core.rule_ids import (
    END_ROUND,
    END_TRIGGER,
    SCORE_BONUS,
    SCORE_COMMISSIONS,
    SCORE_PALETTE,
    SCORE_TIEBREAK,
)


def score_json(result: Score, detail: bool = False) -> dict:
    """The stable JSON of SPEC 6.2 (with `detail`, each player's derivation too)."""
    players = []
    for s in result.players:
        entry = {"name": s.name, "commission_points": s.commission_points, "palette_points": s.palette_points,
                 "artist_bonus": s.artist_bonus, "total": s.total, "completed": s.completed, "rank": s.rank}
        if detail:
            entry["detail"] = {
                "decided_by": s.decided_by,
                "usable": [{"card": u.card, "held": u.held, "required": u.required, "usable": u.usable,
                            "value": u.value, "points": u.points} for u in s.usable],
                "pairs": [{"artist": p.artist, "titles": [c.title for c in p.cards],
                           "summed_points": p.summed_points, "bonus": p.bonus, "source": p.source,
                           "table_bonus": p.table_bonus, "note": p.note} for p in s.pairs],
            }
        players.append(entry)
    return {"players": players, "winners": list(result.winners), "decided_by": result.decided_by}


def explain(result: Score, completed_titles: dict[str, list]) -> list[str]:
    """The derivation of every number, in words, with the rule ids."""
    lines = []
    for s in result.players:
        lines.append(f"{s.name}: {s.total} point{'' if s.total == 1 else 's'}")
        titles = completed_titles[s.name]
        sums = " + ".join(f"{c.title} {c.points}" for c in titles) or "none completed"
        lines.append(f"  commissions {s.commission_points} [{SCORE_COMMISSIONS}]: {sums}")
        counted = [f"{u.usable} {u.card} x {u.value} = {u.points}" for u in s.usable if u.usable]
        short = [f"{u.card} (needs {u.required}, holds {u.held})" for u in s.usable if u.usable < u.required]
        lines.append(f"  usable palette {s.palette_points} [{SCORE_PALETTE}]: "
                     + ("; ".join(counted) if counted else "no card in hand matches a commission in hand"))
        if short:
            lines.append(f"    still missing for commissions in hand: {', '.join(short)}")
        for p in s.pairs:
            how = ("printed on the cards" if p.source == "printed"
                   else f"table: {p.summed_points} points gives {p.bonus}")
            lines.append(f"  artist bonus {p.bonus} [{SCORE_BONUS}]: {p.artist}, "
                         f"{p.cards[0].title} + {p.cards[1].title} = {p.summed_points} points ({how})")
            if p.note:
                lines.append(f"    note: {p.note}")
        if not s.pairs:
            lines.append(f"  artist bonus 0 [{SCORE_BONUS}]: no artist's two paintings completed")
    lines.append("")
    return lines + precedence_lines(
        result.players, STEP_WORDS, STEP_RULE, SCORE_TIEBREAK,
        lambda upper, lower: f"{upper.name} and {lower.name}: equal at every step, they share "
                             f"{ordinal(upper.rank)} place [{SCORE_TIEBREAK}]")


@click.command("score")
@position_argument
@catalogue_option
@output_options
@click.option("--detail", is_flag=True, help="With --json, add each player's derivation under 'detail'.")
def command(position: str, catalogue: str | None, as_json: bool, fmt: str, detail: bool) -> None:
    """Final scores: every player's total, its breakdown, ranks, winner(s) and the deciding tiebreak.

    \b
    Example:
      pastiche score examples/positions/four-player-finish.yaml
      pastiche score game.yaml --format markdown     # for a forum post
    """
    pos, _ = load(position, catalogue, as_json=as_json,
                  needs=("players.palette", "players.commissions", "players.completed"),
                  fatal=("missing-artist-bonus",))
    try:
        result = score(pos)
    except ScoringError as exc:
        loc = exc.commission.loc
        if as_json:
            emit_json({"problems": [{"severity": "error", "code": "missing-artist-bonus", "line": loc.line,
                                     "column": loc.column, "message": str(exc)}]})
        err(f"{position}:{loc.line}:{loc.column}: error: {exc}")
        raise SystemExit(EXIT_BAD_FILE)
    record_over = record_over_of(position, catalogue, as_json) if "moves" in pos.keys else None
    if as_json:
        answer = score_json(result, detail)
        if record_over is False:             # a record before its end round is over (SPEC 8); once it
            answer["provisional"] = True     # is, the answer is the final one, as `replay --json` gives
        emit_json(answer)
        return
    rows = []
    for s in result.players:
        shared = sum(1 for o in result.players if o.rank == s.rank) > 1
        rows.append([ordinal(s.rank, shared), s.name, s.commission_points, s.palette_points, s.artist_bonus,
                     s.total, s.completed])
    fmt = resolve_format(fmt)
    table(["place", "player", "commissions", "palette", "bonus", "total", "completed"], rows, fmt,
          title=f"Final scores ({len(result.players)} players; = marks a shared place)"
          if any(r[0].endswith("=") for r in rows) else f"Final scores ({len(result.players)} players)",
          align=["left", "left", "right", "right", "right", "right", "right"])
    echo("")
    winners = " and ".join(result.winners)
    step = result.decided_by
    if step == "shared":
        echo(f"Winners: {winners}, sharing first place: equal at every tiebreak step [{SCORE_TIEBREAK}]")
    else:
        rule = STEP_RULE.get(step, SCORE_TIEBREAK)
        echo(f"Winner: {winners}, decided by {STEP_WORDS[step]} [{rule}]")
    echo("")
    completed = {p.name: list(p.completed) for p in pos.players}
    echo_lines(explain(result, completed), fmt)
    from pastiche_cli.games.pastiche.core.endgame import end_verdict

    end = end_verdict(pos)
    if not end.triggered:
        echo("")
        echo(f"Note: the end has not been triggered (nobody has {end.threshold} completed commission "
                   f"points yet), so these scores are provisional [{END_TRIGGER}]")
    elif record_over is False:
        echo("")
        echo(f"Note: the end is triggered but the record's end round is not over yet, so these scores are "
             f"provisional [{END_ROUND}]")

