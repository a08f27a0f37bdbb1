"""Canvas's scores told: spec/canvas.md section 5's JSON and every number's derivation in words, with the rule ids."""

from __future__ import annotations

from pastiche_cli.games.canvas.core.rule_ids import BONUS, CAP, SCORE, TIEBREAK, score_rule
from pastiche_cli.games.canvas.core.scoring import Score
from pastiche_cli.games.canvas.render.explain import painting_json, reading_lines, ribbon_lines
from pastiche_cli.kernel.ranking import precedence_lines
from pastiche_cli.render import told
from pastiche_cli.render.answer import BLANK, Plain, Table, Told
from pastiche_cli.render.told import fields, note_line, placed, plural, score_heading, shared_mark, whose_turn_line

STEP_WORDS = {
    "total": "the higher total",
    "inspiration": "more inspiration tokens left",
    "shared": "equal in points and tokens: first place is shared",
}
STEP_RULE = {"total": SCORE, "inspiration": TIEBREAK, "shared": TIEBREAK}


def score_json(result: Score, house, detail: bool = False) -> dict:
    """spec/canvas.md section 5 (with `detail`, each player's derivation too)."""
    out = told.score_json(result, _entry, _detail if detail else None)
    if detail:
        out["house_rules"] = house.as_json()
        out["finished"] = result.finished
    return out


def _entry(s) -> dict:
    points, ribbons = {c.card: c.points for c in s.cards}, {c.card: c.counted for c in s.cards}
    out = {"name": s.name, "points": points, "ribbons": ribbons}
    return out | fields(s, "bonus_ribbons", "total", "inspiration", "rank")


def _detail(s) -> dict:
    """A player's derivation: each scoring card's ribbons, the grey ribbons' points, each painting."""
    cards = [
        {"card": c.card, "rule": score_rule(c.card), "per_painting": list(c.per_painting)}
        | fields(c, "earned", "counted", "cap", "points")
        for c in s.cards
    ]
    return {"cards": cards, "bonus_points": s.bonus_points, "paintings": [painting_json(p) for p in s.paintings]}


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
        grey = f"{s.bonus_ribbons} x {house.bonus_ribbon_points} = {plural(s.bonus_points, 'point')}"
        lines.append(f"  grey ribbons: {grey} [{BONUS}]")
        lines.append(f"  total: {' + '.join(str(c.points) for c in s.cards)} + {s.bonus_points} = {s.total} [{SCORE}]")
    tied = lambda s: f"{s.total} points and {s.inspiration} tokens each"  # noqa: E731
    return [*lines, "", *precedence_lines(result.players, STEP_WORDS, STEP_RULE, tied)]


def winner_line(result: Score, provisional: bool = False) -> str:
    """Who won and the step that decided first place; of a game not over, who is ahead so far."""
    return told.winner_line(result, STEP_WORDS, STEP_RULE, f"equal in points and tokens [{TIEBREAK}]", provisional)


def headers(scoring) -> tuple[str, ...]:
    """The score table's columns: a column per scoring card of the game."""
    return ("place", "player", *scoring, "grey", "total", "tokens")


def rows(result: Score) -> list[tuple]:
    """The score table's rows: place (= when shared), player, each card's ribbons -> points, grey, total, tokens."""
    cards = [[f"{c.counted} -> {c.points}" for c in s.cards] for s in result.players]
    return [
        (place, s.name, *counted, f"{s.bonus_ribbons} -> {s.bonus_points}", s.total, s.inspiration)
        for (place, s), counted in zip(placed(result.players), cards)
    ]


def score_told(result: Score, final, position, detail: bool = False, brief: bool = False) -> Told:
    """`score`'s answer: the JSON; the table, the winner, the readings, the derivation, the note of a game not over."""
    table = rows(result)
    columns = headers(position.scoring)
    title = f"{score_heading(final.provisional)} ({len(table)} players; ribbons -> points{shared_mark(table)})"
    drawn = Table(columns, table, title, ("left", "left") + ("right",) * (len(columns) - 2))
    winner = winner_line(result, final.provisional)
    json = score_json(result, position.house, detail)
    if brief:  # the note of a game not over right under the winner
        note = [note_line(final)] if final.provisional else []
        return Told(json | {"provisional": final.provisional}, (drawn, BLANK, Plain([winner, *note])))
    readings = reading_lines(
        position.house, position.scoring, any(p.bonus for s in result.players for p in s.paintings)
    )
    return told.scores_told(json, drawn, [winner, *readings], explain(result, position.house), final)


def end_told(state, turn: str | None, path: str) -> Told:
    """`end`'s answer (core.turns.end_state's `state`): each player's paintings, whether the game is over."""
    from pastiche_cli.games.canvas.core.cards import PAINTINGS_PER_PLAYER as EACH

    ends = f"The game ends when every player has completed {EACH} paintings [{state.rule}]"
    lines = [whose_turn_line(turn, state.over), ends]
    for name, n in state.done:
        lines.append(f"  {name}: {n}" + ("  done: skipped until the end" if n >= EACH else f"  ({EACH - n} to go)"))
    if state.over:
        lines.append(f"The game is over: score it with `pastiche score {path}`.")
    else:
        paints = "paints" if len(state.waiting) == 1 else "paint"
        lines.append(f"The game goes on: {', '.join(state.waiting)} still {paints}.")
    answer = {"over": state.over, "rule": state.rule, "paintings": dict(state.done), "waiting": list(state.waiting)}
    answer |= {"paintings_each": EACH, "turn": None if state.over else turn}
    return Told(answer, (Plain(lines),))
