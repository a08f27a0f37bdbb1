"""Masterpiece's scores told: `score --json`'s answer and the explanation of every place, for `score` and the record."""

from __future__ import annotations

from pastiche_cli.games.masterpiece.core.rule_ids import SCORE, SCORE_TIEBREAK
from pastiche_cli.games.masterpiece.core.scoring import STEP_RULE, STEP_WORDS, Score
from pastiche_cli.kernel.ranking import ordinal, places


def score_json(result: Score, detail: bool = False) -> dict:
    players = []
    for s in result.players:
        entry = {"name": s.name, "points": s.points, "accepted": s.accepted, "rank": s.rank}
        if detail:
            entry["detail"] = {
                "decided_by": s.decided_by,
                "theses": [
                    {
                        "thesis": t.thesis,
                        "points": t.points,
                        "card": t.card,
                        "end_flag": t.is_flag,
                        "counted": t.counted,
                    }
                    for t in s.theses
                ],
            }
        players.append(entry)
    return {"players": players, "winners": list(result.winners), "decided_by": result.decided_by}


def rows(result: Score) -> list[list]:
    """The score table's rows: place (= when shared), player, points, theses."""
    return [
        [place, s.name, s.points, s.accepted]
        for place, s in zip(places([s.rank for s in result.players]), result.players)
    ]


def winner_line(result: Score, provisional: bool = False) -> str:
    """Who won and the step that decided first place; of a game not over, who is ahead so far."""
    winners = " and ".join(result.winners)
    step = result.decided_by
    lead = "Ahead so far" if provisional else "Winners" if step == "shared" else "Winner"
    if step == "shared":
        return f"{lead}: {winners}, sharing first place: equal points and equal theses [{SCORE_TIEBREAK}]"
    return f"{lead}: {winners}, decided by {STEP_WORDS[step]} [{STEP_RULE[step]}]"


def note_line(final, file: str | None = None) -> str:
    """Why the scores of a game not over are provisional (core.scoring.standing's reason and rule), with
    the command that says which turns remain when there is a file to name."""
    where = f" (`pastiche end {file}`)" if file else ""
    return f"Note: {final.reason}{where} [{final.rule}]"


def explain(result: Score) -> list[str]:
    lines = []
    for s in result.players:
        lines.append(
            f"{s.name}: {s.points} point{'' if s.points == 1 else 's'} from {s.accepted} accepted "
            f"thes{'i' if s.accepted == 1 else 'e'}s [{SCORE}]"
        )
        for t in s.theses:
            flag = " (the end flag" + ("" if t.counted else ", not counted as a thesis") + ")" if t.is_flag else ""
            lines.append(f"  {t.thesis}: {t.points}{flag}, card left under it: {t.card}")
        if not s.theses:
            lines.append("  no accepted thesis")
    lines.append("")
    for upper, lower in zip(result.players, result.players[1:]):
        step = upper.decided_by
        if step == "shared":
            lines.append(
                f"{upper.name} and {lower.name}: {upper.points} points and {upper.accepted} theses each, "
                f"they share {ordinal(upper.rank)} place [{SCORE_TIEBREAK}]"
            )
        elif step == "total":
            lines.append(
                f"{upper.name} above {lower.name}: {STEP_WORDS[step]}, {upper.points} to {lower.points} "
                f"[{STEP_RULE[step]}]"
            )
        else:
            lines.append(
                f"{upper.name} above {lower.name}: tied on {upper.points} points, {STEP_WORDS[step]}, "
                f"{upper.accepted} to {lower.accepted} [{STEP_RULE[step]}]"
            )
    return lines + [f"note: {n}" for n in result.notes]
