"""Pastiche's scores told: SPEC 6.2's JSON and the derivation of every number in words, with the rule ids."""

from __future__ import annotations

from pastiche_cli.games.pastiche.core.rule_ids import (
    END_ROUND,
    END_TRIGGER,
    SCORE_BONUS,
    SCORE_COMMISSIONS,
    SCORE_PALETTE,
    SCORE_TIEBREAK,
)
from pastiche_cli.games.pastiche.core.scoring import STEP_RULE, STEP_WORDS, Score
from pastiche_cli.kernel.ranking import precedence_lines
from pastiche_cli.render import told
from pastiche_cli.render.answer import Plain, Table, Told
from pastiche_cli.render.told import fields, placed, plural, score_heading, shared_mark, whose_turn_line


def score_json(result: Score, detail: bool = False) -> dict:
    """The stable JSON of SPEC 6.2 (with `detail`, each player's derivation too)."""
    entry = ("name", "commission_points", "palette_points", "artist_bonus", "total", "completed", "rank")
    return told.score_json(result, lambda s: fields(s, *entry), _detail if detail else None)


def _detail(s) -> dict:
    """A player's derivation: each palette card counted and each artist's pair."""
    return {
        "usable": [fields(u, "card", "held", "required", "usable", "value", "points") for u in s.usable],
        "pairs": [
            {"artist": p.artist, "titles": [c.title for c in p.cards]}
            | fields(p, "summed_points", "bonus", "source", "table_bonus", "note")
            for p in s.pairs
        ],
    }


def explain(result: Score, completed_titles: dict[str, list]) -> list[str]:
    """The derivation of every number, in words, with the rule ids."""
    lines = []
    for s in result.players:
        lines.append(f"{s.name}: {plural(s.total, 'point')}")
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
    return lines + precedence_lines(result.players, STEP_WORDS, STEP_RULE, lambda s: "equal at every step")


def winner_line(result, provisional: bool = False) -> str:
    """Who won and the step that decided it; of a game not over, who is ahead so far."""
    return told.winner_line(
        result, STEP_WORDS, STEP_RULE, f"equal at every tiebreak step [{SCORE_TIEBREAK}]", provisional
    )


HEADERS = ("place", "player", "commissions", "palette", "bonus", "total", "completed")


def rows(result: Score) -> list[tuple]:
    """The score table's rows: place (= when shared), player, the three parts, total, commissions completed."""
    return [
        (place, s.name, s.commission_points, s.palette_points, s.artist_bonus, s.total, s.completed)
        for place, s in placed(result.players)
    ]


def score_told(result: Score, final, position, detail: bool = False, brief: bool = False) -> Told:
    """`score`'s answer: the JSON, and the table, the winner line, the derivation and the note of a game not over."""
    table = rows(result)
    title = f"{score_heading(final.provisional)} ({len(table)} players{shared_mark(table)})"
    drawn = Table(HEADERS, table, title, ("left", "left") + ("right",) * 5)
    explained = None if brief else explain(result, {p.name: list(p.completed) for p in position.players})
    return told.scores_told(
        score_json(result, detail), drawn, [winner_line(result, final.provisional)], explained, final
    )


def end_told(v, position, over: bool | None, path: str) -> Told:
    """`end`'s answer: the threshold, the points, who triggered the end, the turns left (`over`: a record's)."""
    answer = fields(v, "triggered", "threshold") | {"triggered_by": list(v.triggered_by)}
    answer |= fields(v, "turns_left", "rule", "threshold_source") | {"points": dict(v.points)}
    answer |= {"current_player": v.current, "last_player": v.last_player}
    turn = position.turn
    where = f"{len(position.players)} players" if v.threshold_source == "printed" else "house rule end_threshold"
    lines = [
        whose_turn_line(turn.player if turn else None, bool(over), turn.phase if turn else None),
        f"End threshold: {v.threshold} completed commission points ({where}); artist bonuses do not count "
        f"[{END_TRIGGER}]",
    ]
    for name, pts in v.points:
        lines.append(
            f"  {name}: {pts}" + ("  <- reached" if name in v.triggered_by else f"  ({v.threshold - pts} to go)")
        )
    lines += _end_lines(v, position, bool(over), path)
    return Told(answer if over is None else answer | {"game_over": over}, (Plain(lines),))


def _end_lines(v, position, over: bool, path: str) -> list[str]:
    """Whether the end is triggered, and what is left to play."""
    if not v.triggered:
        return [f"The end is not triggered [{END_TRIGGER}]."]
    went, was = ("went", "was") if over else ("goes", "is")
    lines = [
        f"The end is triggered by {' and '.join(v.triggered_by)} [{END_TRIGGER}].",
        f"Play {went} on to the end of the round: the last turn {was} {v.last_player}'s, the player before the "
        f"start player [{END_ROUND}].",
    ]
    if over:
        import shlex

        how = "pastiche score" + ("" if path == "-" else f" {shlex.quote(path)}")
        return lines + [
            f"The game is over: {v.last_player}'s turn, the last of the game, has ended [{END_ROUND}]. Score it: {how}"
        ]
    if v.turns_left is None:
        return lines + ["Add `turn: {player: NAME}` to the file to count the turns that remain."]
    if v.turns_left == 0:
        return lines + [f"It is {v.current}'s turn, the last of the game; score after it."]
    names = [p.name for p in position.players][len(position.players) - v.turns_left :]
    return lines + [f"It is {v.current}'s turn; {plural(v.turns_left, 'more turn')} after it: {', '.join(names)}."]
