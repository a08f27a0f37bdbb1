"""Masterpiece's scores told: `score --json`'s answer and the explanation of every place, for `score` and the record."""

from __future__ import annotations

from pastiche_cli.games.masterpiece.core.rule_ids import END, END_FLAG, END_TURNS, SCORE, SCORE_TIEBREAK
from pastiche_cli.games.masterpiece.core.scoring import STEP_RULE, STEP_WORDS, Score
from pastiche_cli.kernel.ranking import ordinal
from pastiche_cli.render import told
from pastiche_cli.render.answer import Plain, Table, Told
from pastiche_cli.render.told import fields, placed, plural, score_heading, whose_turn_line


def score_json(result: Score, detail: bool = False) -> dict:
    return told.score_json(
        result, lambda s: fields(s, "name", "points", "accepted", "rank"), _detail if detail else None
    )


def _detail(s) -> dict:
    """A player's derivation: each accepted thesis, its points and the card left under it."""
    theses = [fields(t, "thesis", "points", "card") | {"end_flag": t.is_flag, "counted": t.counted} for t in s.theses]
    return {"theses": theses}


def rows(result: Score) -> list[tuple]:
    """The score table's rows: place (= when shared), player, points, theses."""
    return [(place, s.name, s.points, s.accepted) for place, s in placed(result.players)]


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
        step, above = upper.decided_by, f"{upper.name} above {lower.name}"
        if step == "shared":
            each = f"{upper.name} and {lower.name}: {upper.points} points and {upper.accepted} theses each"
            lines.append(f"{each}, they share {ordinal(upper.rank)} place [{SCORE_TIEBREAK}]")
        elif step == "total":
            lines.append(f"{above}: {STEP_WORDS[step]}, {upper.points} to {lower.points} [{STEP_RULE[step]}]")
        else:
            tied = f"tied on {upper.points} points, {STEP_WORDS[step]}"
            lines.append(f"{above}: {tied}, {upper.accepted} to {lower.accepted} [{STEP_RULE[step]}]")
    return lines + [f"note: {n}" for n in result.notes]


HEADERS = ("place", "player", "points", "theses")


def score_told(result: Score, final, path: str, detail: bool = False, brief: bool = False) -> Told:
    """`score`'s answer: the JSON, the table, the winner, the derivation and the note of a game not over."""
    title = f"{score_heading(final.provisional)} ({len(result.players)} players)"
    table = Table(HEADERS, rows(result), title, ("left", "left", "right", "right"))
    said = [winner_line(result, final.provisional)]
    return told.scores_told(score_json(result, detail), table, said, None if brief else explain(result), final, path)


FLAG_WORDS = {
    "published": "{who} has laid the end flag",
    "due": "{who} lays the end flag now, with one card from hand (present --thesis {flag})",
    "no-card": "{who} has no card in hand: no end flag, the end comes all the same",
    "not-laid": "{who} laid no end flag, and the game is over",
    "unknown": "it goes to {who}",
    "not-yet": "",
}


def end_told(v, position) -> Told:
    """`end`'s answer: the threshold, each player's points, the trigger, the end flag and the turns left."""
    turn = None if v.over or position.turn is None else position.turn.player
    answer = fields(v, "triggered", "triggered_by", "recorded", "threshold", "strict")
    answer |= {"points": dict(v.points), "reached": list(v.reached), "flag": v.flag}
    answer |= {"turns_left": dict(v.turns_left) if v.turns_left else None} | fields(v, "over", "rule")
    answer |= {"notes": list(v.notes), "turn": turn}
    need = f"more than {v.threshold}" if v.strict else f"{v.threshold} or more"
    lines = [
        whose_turn_line(position.turn.player if position.turn else None, v.over),
        f"End threshold: {need} accepted points, the end flag not counted [{END}]",
    ]
    lines += [f"  {name}: {pts}" + ("  <- reached" if name in v.reached else "") for name, pts in v.points]
    lines += _trigger_lines(v, position.flag()) + [f"note: {note}" for note in v.notes]
    return Told(answer, (Plain(lines),))


def _trigger_lines(v, flag) -> list[str]:
    """Who triggered the end, the end flag, and the turns still to come."""
    if not v.triggered:
        return [f"The end is not triggered [{END}]."]
    if v.triggered_by is None:
        who = "whoever triggered the end"
        unknown = "the flag's owner is not known" if v.over else "neither the flag's owner nor the turns left are known"
        lines = [
            f"The end is triggered: {' and '.join(v.reached)} have reached the threshold, and the file does not "
            f"say who reached it first, so {unknown} [{END}]."
        ]
    else:
        who = v.triggered_by
        how = "" if v.recorded else " (inferred: the only player at the threshold)"
        lines = [f"The end is triggered by {who}{how} [{END}]."]
    words = FLAG_WORDS[v.flag].format(who=who, flag=flag.id if flag else "end-flag")
    if words and not (v.over and v.flag == "unknown"):  # a finished game's flag is on its scores
        lines.append(f"End flag: {words} [{END_FLAG}].")
    if v.over:
        lines.append(f"Every turn after the trigger has been taken: the game is over; score it [{END_TURNS}].")
    elif v.turns_left:
        lines.append(f"Turns still to come: {', '.join(f'{name} {n}' for name, n in v.turns_left)} [{END_TURNS}].")
    return lines
