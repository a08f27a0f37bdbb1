"""Masterpiece's scores told: `score --json`'s answer and the explanation of every place, for `score` and the record."""

from __future__ import annotations

from pastiche_cli.games.masterpiece.core.rule_ids import SCORE, SCORE_TIEBREAK
from pastiche_cli.games.masterpiece.core.scoring import STEP_RULE, STEP_WORDS, Score
from pastiche_cli.kernel.ranking import ordinal, places
from pastiche_cli.render import told
from pastiche_cli.render.told import fields, note_line, plural  # noqa: F401 - note_line: the game's own, as every game's


def score_json(result: Score, detail: bool = False) -> dict:
    return told.score_json(
        result, lambda s: fields(s, "name", "points", "accepted", "rank"), _detail if detail else None
    )


def _detail(s) -> dict:
    """A player's derivation: each accepted thesis, its points and the card left under it."""
    theses = [fields(t, "thesis", "points", "card") | {"end_flag": t.is_flag, "counted": t.counted} for t in s.theses]
    return {"theses": theses}


def rows(result: Score) -> list[list]:
    """The score table's rows: place (= when shared), player, points, theses."""
    return [
        [place, s.name, s.points, s.accepted]
        for place, s in zip(places([s.rank for s in result.players]), result.players)
    ]


def winner_line(result: Score, provisional: bool = False) -> str:
    """Who won and the step that decided first place; of a game not over, who is ahead so far."""
    shared = f"equal points and equal theses [{SCORE_TIEBREAK}]"
    return told.winner_line(result, STEP_WORDS, STEP_RULE, shared, provisional)


def explain(result: Score) -> list[str]:
    lines = []
    for s in result.players:
        theses = plural(s.accepted, "accepted thesis", "accepted theses")
        lines.append(f"{s.name}: {plural(s.points, 'point')} from {theses} [{SCORE}]")
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
