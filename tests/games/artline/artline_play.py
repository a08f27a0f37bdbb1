"""Artline games played at random by the core, for the property tests, the examples and the benchmark.

Each turn the player on turn lays a painting on a random legal spot (an exhibition when `greedy`
finds one), naming made-up features for any gallery it opens, or now and then discards.
"""

from __future__ import annotations

import json
import random
import re

from pastiche_cli.games.artline.core.placement import judge, spots
from pastiche_cli.games.artline.core.position import ROW, Position
from pastiche_cli.games.artline.core.setup import new_game
from pastiche_cli.games.artline.core.turns import after_discard, after_placement, judge_discard

WORDS = (
    "dogs",
    "red clothing",
    "a bridge",
    "three people",
    "a window",
    "boats",
    "a hat",
    "snow",
    "a red roof",
    "fruit",
    "a horse",
    "clouds",
    "a child",
    "flowers",
    "a book",
    "candles",
    "mountains",
    "a mirror",
)


def feature(n: int) -> str:
    return WORDS[n] if n < len(WORDS) else f"{WORDS[n % len(WORDS)]} {n // len(WORDS) + 1}"


def play(rng: random.Random, names: list[str], turns: int, *, greedy: bool = False, discard_every: int = 0) -> Position:
    """A game after up to `turns` turns (fewer when someone wins)."""
    position = new_game(names, "Start")
    for turn in range(turns):
        if any(p.hand == 0 for p in position.players):
            break
        if discard_every and turn % discard_every == discard_every - 1:
            position = after_discard(position, judge_discard(position))
            continue
        _, found = spots(position)
        if not found:
            position = after_discard(position, judge_discard(position))
            continue
        choice = rng.choice([s for s in found if s.exhibition] or found) if greedy else rng.choice(found)
        names_used = len(position.galleries)
        row = col = None
        for e in choice.opens:
            if e.line.axis == ROW:
                row = feature(names_used)
            else:
                col = feature(names_used)
            names_used += 1
        verdict = judge(position, choice.at, None, row, col)
        assert verdict.legal, verdict
        position = after_placement(position, verdict)
    return position


def _scalar(text: str) -> str:
    """Plain when YAML reads it back as the same text, else double-quoted."""
    if re.fullmatch(r"[A-Za-z][A-Za-z ]*[A-Za-z]", text) and text.lower() not in (
        "yes",
        "no",
        "true",
        "false",
        "on",
        "off",
        "null",
    ):
        return text
    return json.dumps(text, ensure_ascii=False)


def to_yaml(position: Position) -> str:
    """The position as a file a player might write (flow mappings, one per line)."""
    out = ["game: artline", "players:"]
    out += [f"  - {{name: {_scalar(p.name)}, hand: {p.hand}}}" for p in position.players]
    out.append("table:")
    for p in position.table:
        extra = (f", title: {_scalar(p.title)}" if p.title else "") + (f", by: {_scalar(p.by)}" if p.by else "")
        out.append(f"  - {{at: [{p.at[0]}, {p.at[1]}], orientation: {p.orientation}{extra}}}")
    out.append("galleries:" + ("" if position.galleries else " []"))
    for g in position.galleries:
        by = f", opened_by: {_scalar(g.opened_by)}" if g.opened_by else ""
        out.append(f"  - {{{g.line.axis}: {g.line.index}, feature: {_scalar(g.feature)}{by}}}")
    out += [f"deck: {position.deck}", f"discard: {position.discard}"]
    if position.turn:
        out.append(f"turn: {{player: {_scalar(position.turn)}}}")
    if position.bounds:
        out.append(f"bounds: {{columns: {position.bounds.columns}, rows: {position.bounds.rows}}}")
    return "\n".join(out) + "\n"
