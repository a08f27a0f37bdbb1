"""Pastiche's scores told: SPEC 6.2's JSON and the derivation of every number in words, with the rule ids."""

from __future__ import annotations

from pastiche_cli.games.pastiche.core.rule_ids import SCORE_BONUS, SCORE_COMMISSIONS, SCORE_PALETTE, SCORE_TIEBREAK
from pastiche_cli.games.pastiche.core.scoring import STEP_RULE, STEP_WORDS, Score
from pastiche_cli.kernel.ranking import ordinal, precedence_lines


def score_json(result: Score, detail: bool = False) -> dict:
    """The stable JSON of SPEC 6.2 (with `detail`, each player's derivation too)."""
    players = []
    for s in result.players:
        entry = {
            "name": s.name,
            "commission_points": s.commission_points,
            "palette_points": s.palette_points,
            "artist_bonus": s.artist_bonus,
            "total": s.total,
            "completed": s.completed,
            "rank": s.rank,
        }
        if detail:
            entry["detail"] = {
                "decided_by": s.decided_by,
                "usable": [
                    {
                        "card": u.card,
                        "held": u.held,
                        "required": u.required,
                        "usable": u.usable,
                        "value": u.value,
                        "points": u.points,
                    }
                    for u in s.usable
                ],
                "pairs": [
                    {
                        "artist": p.artist,
                        "titles": [c.title for c in p.cards],
                        "summed_points": p.summed_points,
                        "bonus": p.bonus,
                        "source": p.source,
                        "table_bonus": p.table_bonus,
                        "note": p.note,
                    }
                    for p in s.pairs
                ],
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
        lines.append(
            f"  usable palette {s.palette_points} [{SCORE_PALETTE}]: "
            + ("; ".join(counted) if counted else "no card in hand matches a commission in hand")
        )
        if short:
            lines.append(f"    still missing for commissions in hand: {', '.join(short)}")
        for p in s.pairs:
            how = (
                "printed on the cards" if p.source == "printed" else f"table: {p.summed_points} points gives {p.bonus}"
            )
            lines.append(
                f"  artist bonus {p.bonus} [{SCORE_BONUS}]: {p.artist}, "
                f"{p.cards[0].title} + {p.cards[1].title} = {p.summed_points} points ({how})"
            )
            if p.note:
                lines.append(f"    note: {p.note}")
        if not s.pairs:
            lines.append(f"  artist bonus 0 [{SCORE_BONUS}]: no artist's two paintings completed")
    lines.append("")
    return lines + precedence_lines(
        result.players,
        STEP_WORDS,
        STEP_RULE,
        SCORE_TIEBREAK,
        lambda upper, lower: (
            f"{upper.name} and {lower.name}: equal at every step, they share "
            f"{ordinal(upper.rank)} place [{SCORE_TIEBREAK}]"
        ),
    )


def winner_line(result, provisional: bool = False) -> str:
    """Who won and the step that decided it, as every game says it: "Winner: Ana, decided by ... [rule]";
    of a game not over, who is ahead so far ("Ahead so far: Ana, decided by ...")."""
    winners = " and ".join(result.winners)
    step = result.decided_by
    lead = "Ahead so far" if provisional else "Winners" if step == "shared" else "Winner"
    if step == "shared":
        return f"{lead}: {winners}, sharing first place: equal at every tiebreak step [{SCORE_TIEBREAK}]"
    return f"{lead}: {winners}, decided by {STEP_WORDS[step]} [{STEP_RULE.get(step, SCORE_TIEBREAK)}]"


def note_line(final) -> str:
    """Why the scores of a game not over are provisional (core.scoring.standing's reason and rule)."""
    return f"Note: {final.reason} [{final.rule}]"
