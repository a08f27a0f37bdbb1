"""Canvas's scores told: spec/canvas.md section 5's JSON and every number's derivation in words, with the
rule ids; shared by `score` and the record (its playthrough, `replay --json`, the page)."""

from __future__ import annotations

from pastiche_cli.games.canvas.core.rule_ids import BONUS, CAP, SCORE, TIEBREAK, score_rule
from pastiche_cli.games.canvas.core.scoring import Score
from pastiche_cli.games.canvas.render.explain import painting_json, ribbon_lines
from pastiche_cli.kernel.ranking import ordinal, precedence_lines

STEP_WORDS = {
    "total": "the higher total",
    "inspiration": "more inspiration tokens left",
    "shared": "equal in points and tokens: first place is shared",
}
STEP_RULE = {"total": SCORE, "inspiration": TIEBREAK}


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def score_json(result: Score, house, detail: bool = False) -> dict:
    """spec/canvas.md section 5 (with `detail`, each player's derivation too)."""
    players = []
    for s in result.players:
        entry = {
            "name": s.name,
            "points": {c.card: c.points for c in s.cards},
            "ribbons": {c.card: c.counted for c in s.cards},
            "bonus_ribbons": s.bonus_ribbons,
            "total": s.total,
            "inspiration": s.inspiration,
            "rank": s.rank,
        }
        if detail:
            entry["detail"] = {
                "decided_by": s.decided_by,
                "cards": [
                    {
                        "card": c.card,
                        "rule": score_rule(c.card),
                        "per_painting": list(c.per_painting),
                        "earned": c.earned,
                        "counted": c.counted,
                        "cap": c.cap,
                        "points": c.points,
                    }
                    for c in s.cards
                ],
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
                counted = plural(c.counted, "ribbon")
            lines.append(f"  {c.card}: {sums} = {counted} -> {plural(c.points, 'point')} [{score_rule(c.card)}]")
        lines.append(
            f"  grey ribbons: {s.bonus_ribbons} x {house.bonus_ribbon_points} = "
            f"{plural(s.bonus_points, 'point')} [{BONUS}]"
        )
        lines.append(f"  total: {' + '.join(str(c.points) for c in s.cards)} + {s.bonus_points} = {s.total} [{SCORE}]")
    lines.append("")
    return lines + precedence_lines(
        result.players,
        STEP_WORDS,
        STEP_RULE,
        TIEBREAK,
        lambda upper, lower: (
            f"{upper.name} and {lower.name}: {upper.total} points and {upper.inspiration} tokens "
            f"each, they share {ordinal(upper.rank)} place [{TIEBREAK}]"
        ),
    )


def winner_line(result: Score, provisional: bool = False) -> str:
    """Who won and the step that decided first place; of a game not over, who is ahead so far."""
    winners = " and ".join(result.winners)
    step = result.decided_by
    lead = "Ahead so far" if provisional else "Winners" if step == "shared" else "Winner"
    if step == "shared":
        return f"{lead}: {winners}, sharing first place: equal in points and tokens [{TIEBREAK}]"
    return f"{lead}: {winners}, decided by {STEP_WORDS[step]} [{STEP_RULE[step]}]"


def note_line(final) -> str:
    """Why the scores of a game not over are provisional (core.scoring.standing's reason and rule)."""
    return f"Note: {final.reason} [{final.rule}]"
