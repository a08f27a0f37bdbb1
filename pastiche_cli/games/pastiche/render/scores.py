"""Pastiche's scores told: SPEC 6.2's JSON and the derivation of every number in words, with the rule ids."""

from __future__ import annotations

from pastiche_cli.games.pastiche.core.rule_ids import SCORE_BONUS, SCORE_COMMISSIONS, SCORE_PALETTE, SCORE_TIEBREAK
from pastiche_cli.games.pastiche.core.scoring import STEP_RULE, STEP_WORDS, Score
from pastiche_cli.kernel.ranking import precedence_lines
from pastiche_cli.render import told
from pastiche_cli.render.told import fields, note_line, plural  # noqa: F401 - note_line: the game's own, as every game's


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
