"""Shared by the Masterpiece tests: cards from text, an independent requirement checker, positions in memory.

The checker here is written apart from core/requirements.py and the counting of core/options.py, the
slow obvious way, so that a property test comparing the two can fail.
"""

from __future__ import annotations

import itertools
import pathlib
import textwrap
from collections import Counter

SUIT_LOW = {"pink": 1, "purple": 2, "orange": 3, "yellow": 4, "lightblue": 5, "blue": 6, "green": 7}
ALL_CARDS = [(s, v) for s, low in SUIT_LOW.items() for v in range(low, low + 7)]


def cards(text: str):
    from pastiche_cli.games.masterpiece.core.deck import parse_card

    return tuple(parse_card(w) for w in text.split(",") if w.strip())


def _all_paired(values: list[int], repeats: bool) -> bool:
    """Can these values be split into pairs of equal values (distinct pair values unless repeats)? By search."""

    def search(rest: tuple[int, ...], used: frozenset) -> bool:
        if not rest:
            return True
        first = rest[0]
        for j in range(1, len(rest)):
            if rest[j] == first and (repeats or first not in used):
                if search(rest[1:j] + rest[j + 1 :], used | {first}):
                    return True
        return False

    return search(tuple(values), frozenset())


def meets(kind: str, n: int, b: int, same_suit: bool, value, repeats: bool, chosen) -> bool:
    """Independent: do the (suit, value) cards meet the requirement exactly?"""
    chosen = [(c[0], c[1]) for c in chosen]
    if len(set(chosen)) != len(chosen):
        return False
    values = sorted(v for _, v in chosen)
    if kind == "flag":
        return len(chosen) == 1
    if kind == "run":
        if len(chosen) != n:
            return False
        if values != list(range(values[0], values[0] + n)):
            return False
        return not same_suit or len({s for s, _ in chosen}) == 1
    if kind == "pairs":
        return len(chosen) == 2 * n and _all_paired(values, repeats)
    if kind == "kind":
        return len(chosen) == n and len(set(values)) == 1 and (value is None or values[0] == value)
    if kind == "kinds":
        if len(chosen) != n + b:
            return False
        counts = Counter(values)
        return any(counts == Counter({x: n, y: b}) for x in counts for y in counts if x != y) or (
            n == b and len(counts) == 2 and set(counts.values()) == {n}
        )
    raise ValueError(kind)


def meets_req(req, chosen) -> bool:
    return meets(req.kind, req.count, req.second, req.same_suit, req.value, req.repeats, chosen)


def brute_force(req, hand, own, other):
    """(number of presentable card sets, the least (owed, hand used)) by trying every subset of the pool."""
    pool = [(c, "hand") for c in hand] + [(c, "own") for c in own] + [(c, "other") for c in other]
    count, best = 0, None
    size = req.size
    for combo in itertools.combinations(pool, size):
        h = sum(1 for _, w in combo if w == "hand")
        o = sum(1 for _, w in combo if w == "other")
        if req.kind == "flag" and (h != 1 or o or any(w == "own" for _, w in combo)):
            continue
        if h < 1 or len(hand) - h < o:
            continue
        if meets_req(req, [c for c, _ in combo]):
            count += 1
            best = min(best, (o, h)) if best else (o, h)
    return count, best


def write(tmp_path, text: str, name: str = "game.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def read_record(path):
    """A record's setup (read by the game's loader from the `setup:` node) and its moves as text."""
    from pastiche_cli.formats.yamlio import compose
    from pastiche_cli.games.masterpiece.formats.loader import PositionReader

    text = pathlib.Path(path).read_text("utf-8")
    root = compose(str(path), text)
    fields = {key.value: value for key, value in root.value}
    reader = PositionReader(str(path))
    setup = reader.position(fields["setup"])
    assert setup is not None and not [p for p in reader.problems if p.kind != "warning"], reader.problems
    return setup, [item.value for item in fields["moves"].value]
