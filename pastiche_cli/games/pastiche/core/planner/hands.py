"""The hands the planner searches (`Space`) and the bank trades it tries between them.

Only colours that can matter are held exactly; every other is *junk*, interchangeable by card value and
held per class as (whole threes, odd cards); a penalty takes an odd card first. Only trades a shortest
plan can use are tried, and interchangeable colours are searched once (`Space.canonical`).
"""

from __future__ import annotations

import operator
from collections import Counter
from collections.abc import Iterator, Mapping
from functools import cache
from typing import NamedTuple

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.rule_ids import (
    TRADE_BANK_BISQUE,
    TRADE_BANK_GRAY,
    TRADE_BANK_PRIMARY,
    TRADE_BANK_THREE,
)

JUNK_TRIPLE, JUNK_PENALTY = "triple", "penalty"


class Step(NamedTuple):
    give: tuple[str, ...]
    get: str
    rule: str

    def as_json(self) -> dict:
        return {"give": list(self.give), "get": self.get, "rule": self.rule}


@cache
def tables() -> tuple[tuple[str, ...], dict[str, int], tuple[int, ...], tuple[int, ...]]:
    """The card names in chart order, each one's index, and the primaries' and three-of-a-kind targets' indexes."""
    from pastiche_cli.games.pastiche.core.trading import three_targets

    names = tuple(colours.card_names())
    index = {n: i for i, n in enumerate(names)}
    return names, index, tuple(index[p] for p in colours.PRIMARIES), tuple(index[c] for c in three_targets())


def vector(cards: Mapping[str, int]) -> tuple[int, ...]:
    """The cards as counts in chart order."""
    names, index, _, _ = tables()
    v = [0] * len(names)
    for c, n in cards.items():
        if n > 0:
            v[index[c]] += n
    return tuple(v)


class Space:
    """The hands one plan searches: the slots held exactly, the junk classes, and what each slot is."""

    def __init__(self, need, keep: Mapping[str, int], available, by_value: bool = True):
        names, index, primaries, three = tables()
        bought = set(primaries) | {index[c] for c in ("bisque", "gray", "brown", "black", "white")}
        bought |= {i for i in range(len(names)) if need[i]}
        junk = [i for i in range(len(names)) if not need[i] and not keep.get(names[i], 0) and i not in bought]
        self.names = names
        self.exact = tuple(i for i in range(len(names)) if i not in junk)
        self.n_exact = n = len(self.exact)
        classes: dict[int, list[int]] = {}
        for i in junk:
            classes.setdefault(colours.value(names[i]) if by_value else 0, []).append(i)
        self.classes = tuple(tuple(members) for _, members in sorted(classes.items()))
        self.class_values = tuple(sorted(classes))
        slot = {i: k for k, i in enumerate(self.exact)}
        self.y, self.br, self.bi = slot[index["yellow"]], slot[index["brown"]], slot[index["bisque"]]
        self.bk, self.wh, self.gr = slot[index["black"]], slot[index["white"]], slot[index["gray"]]
        self.ingredients = {self.bi: (self.y, self.br), self.gr: (self.bk, self.wh)}
        self.primaries = tuple(slot[p] for p in primaries)
        self.is_primary = tuple(k in self.primaries for k in range(n))
        self.three_slots = tuple(slot[x] for x in three if x in bought)
        self.need_x = tuple(need[i] for i in self.exact)
        self.avail_x = tuple(available[i] for i in self.exact)
        self.keep_x = tuple(keep.get(names[i], 0) for i in self.exact)
        self.values = tuple(colours.value(names[i]) for i in self.exact)
        # a missing card that only three of a kind gives costs the hand two cards, others one
        self.cost = tuple(2 if i in three else 1 for i in self.exact)
        self.need_primaries = sum(self.need_x[p] for p in self.primaries)
        self.need_size = sum(need)
        self.kept_beyond_need = tuple(max(0, keep - need) for keep, need in zip(self.keep_x, self.need_x))
        self.by_value = tuple(sorted(range(n), key=lambda k: self.values[k]))
        self.completing_slots = (*self.primaries, self.bi, self.gr, self.br, self.bk, self.wh)
        self.plain_threes = tuple(k for k in range(n) if k not in self.completing_slots)
        self.made_slots = (self.bi, self.br, self.gr, self.bk, self.wh)
        self.completing_of = operator.itemgetter(*self.completing_slots)
        self.groups = self._symmetric_groups()
        self.group_of: list[tuple[int, ...] | None] = [None] * n
        for g in self.groups:
            for k in g:
                self.group_of[k] = g
        self.eats_cache: dict[tuple, tuple] = {}  # what `completions_eat` keeps for this search

    def _symmetric_groups(self) -> tuple[tuple[int, ...], ...]:
        """Exact slots whose colours play the same part in this search (same need, keep, stock, value, role)."""
        own = {self.y, self.br, self.bi, self.gr}
        keys: dict[tuple, list[int]] = {}
        for k in range(self.n_exact):
            if k in own:
                continue
            role: str | tuple[str, bool, int]
            if self.is_primary[k]:
                role = "primary"
            elif k in (self.bk, self.wh):
                role = "shade"
            else:
                role = ("three", k in self.three_slots, self.cost[k])
            key = (role, self.values[k], self.need_x[k], self.keep_x[k], self.avail_x[k])
            keys.setdefault(key, []).append(k)
        return tuple(tuple(g) for g in keys.values() if len(g) > 1)

    def canonical(self, h: tuple[int, ...]) -> tuple[int, ...]:
        """One hand for every hand the symmetric groups make alike: each group's counts in falling order."""
        out = list(h)
        for g in self.groups:
            for k, n in zip(g, sorted((h[k] for k in g), reverse=True)):
                out[k] = n
        return tuple(out)

    def abstract(self, v: tuple[int, ...]) -> tuple[int, ...]:
        """The hand `v` (counts in chart order) as this search holds it."""
        out = [v[i] for i in self.exact]
        for members in self.classes:
            out += [sum(v[i] // 3 for i in members), sum(v[i] % 3 for i in members)]
        return tuple(out)

    def junk(self, h) -> Iterator[tuple[int, int, int]]:
        """(card value, whole threes, odd cards) of each junk class."""
        n = self.n_exact
        return zip(self.class_values, h[n::2], h[n + 1 :: 2])

    def junk_cards(self, h) -> int:
        return 3 * sum(h[self.n_exact :: 2]) + sum(h[self.n_exact + 1 :: 2])

    def wants(self, h) -> tuple[list[int], int]:
        """(the palette plus the ingredients of each bisque and gray still to make, how many bisque)."""
        need = self.need_x
        extra_bisque = max(0, need[self.bi] - h[self.bi])
        extra_gray = max(0, need[self.gr] - h[self.gr])
        wants = list(need)
        wants[self.y] += extra_bisque
        wants[self.br] += extra_bisque
        wants[self.bk] += extra_gray
        wants[self.wh] += extra_gray
        return wants, extra_bisque

    def primary_pool(self, h, wants) -> int:
        """The primaries held beyond those wanted (any primary can be turned into another)."""
        return sum(h[p] - wants[p] for p in self.primaries)

    def is_goal(self, h) -> bool:
        return all(h[k] >= n for k, n in enumerate(self.need_x))

    def size(self, h) -> int:
        return sum(h[: self.n_exact]) + self.junk_cards(h)

    def value(self, h) -> int:
        """The card value the hand holds (the second part of `worth`)."""
        return sum(x * v for x, v in zip(h, self.values)) + sum((3 * t + o) * v for v, t, o in self.junk(h))

    def worth(self, h) -> tuple[int, int]:
        """(usable-palette points kept, card value kept): the tie-break between shortest plans."""
        usable = sum(min(h[k], self.keep_x[k]) * self.values[k] for k in range(self.n_exact))
        return usable, self.value(h)

    def moves(self, h, raw: bool = False) -> Iterator[tuple[tuple, tuple[int, ...]]]:
        """Every (move, canonical next state) from `h`, one per symmetric choice; `raw`: every move, as is."""
        stock = [a - x for a, x in zip(self.avail_x, h)]
        first, canon = (_any, _as_is) if raw else (self._first, self._touched)
        yield from self._threes(h, stock, first, canon)
        for a, b, got, rule in (
            (self.y, self.br, self.bi, TRADE_BANK_BISQUE),
            (self.bk, self.wh, self.gr, TRADE_BANK_GRAY),
        ):
            if h[a] and h[b] and stock[got] > 0:
                yield ((a, b), got, rule), canon(_traded(h, (a, b), got), (a, b, got))
        yield from self._primary_trades(h, stock, first, canon)

    def _threes(self, h, stock, first, canon):
        """Three of a kind, of an exact colour, then of a junk class."""
        n = self.n_exact
        for k in range(n):
            if h[k] >= 3 and first(h, k, ()):
                for x in self.three_slots:
                    if x != k and stock[x] > 0 and first(h, x, (k,)):
                        yield ((k, k, k), x, TRADE_BANK_THREE), canon(_traded(h, (k, k, k), x), (k, x))
        for c in range(len(self.classes)):
            if h[n + 2 * c]:
                for x in self.three_slots:
                    if stock[x] > 0 and first(h, x, ()):
                        t = _traded(h, (n + 2 * c,), x)  # a whole three of the class
                        yield ((("junk", c, JUNK_TRIPLE),), x, TRADE_BANK_THREE), canon(t, (x,))

    def _primary_trades(self, h, stock, first, canon):
        """A primary for another with a penalty (an exact card, or a junk class's), never the one asked."""
        n = self.n_exact
        for p in self.primaries:
            if not h[p] or not first(h, p, ()):
                continue
            for q in self.primaries:
                if q == p or stock[q] <= 0 or not first(h, q, (p,)):
                    continue
                for x in range(n):
                    if h[x] - (x == p) > 0 and x != q and first(h, x, (p, q)):
                        yield ((p, x), q, TRADE_BANK_PRIMARY), canon(_traded(h, (p, x), q), (p, q, x))
                for c in range(len(self.classes)):
                    j = n + 2 * c
                    if h[j + 1] or h[j]:
                        t = _traded(h, (p,), q)
                        if t[j + 1]:
                            t[j + 1] -= 1
                        else:
                            t[j] -= 1
                            t[j + 1] = 2
                        yield ((p, ("junk", c, JUNK_PENALTY)), q, TRADE_BANK_PRIMARY), canon(t, (p, q))

    def _first(self, h, k: int, named: tuple[int, ...]) -> bool:
        """Is slot k the first of its group held as often as it is, leaving out the slots `named`?"""
        group = self.group_of[k]
        if group is None or k in named:
            return True
        hk = h[k]
        for j in group:
            if j == k:
                return True
            if h[j] == hk and j not in named:
                return False
        return True

    def _touched(self, t: list[int], slots: tuple[int, ...]) -> tuple[int, ...]:
        """`canonical` for a hand that differs from a canonical one only in `slots`."""
        done = []
        for k in slots:
            group = self.group_of[k]
            if group is None or group in done:
                continue
            done.append(group)
            counts = sorted((t[j] for j in group), reverse=True)
            for j, c in zip(group, counts):
                t[j] = c
        return tuple(t)

    def replay(self, h: tuple[int, ...], path) -> list:
        """The moves from the real hand `h` through hands alike to each of `path`'s canonical ones."""
        moves = []
        for want in path:
            move, h = next((m, t) for m, t in self.moves(h, raw=True) if self.canonical(t) == want)
            moves.append(move)
        return moves

    def concrete(self, start: tuple[int, ...], moves) -> tuple[tuple[Step, ...], tuple[int, ...]]:
        """The searched moves as real trades on the real hand, and the hand they leave."""
        hand = list(start)
        steps = []
        for given, got, rule in moves:
            cards = []
            for g in given:
                if not isinstance(g, tuple):
                    cards.append(self.exact[g])
                    continue
                _, c, use = g
                members = self.classes[c]
                odd = None if use == JUNK_TRIPLE else next((i for i in members if hand[i] % 3), None)
                colour = next(i for i in members if hand[i] >= 3) if odd is None else odd
                cards += [colour] * (3 if use == JUNK_TRIPLE else 1)
            for i in cards:
                hand[i] -= 1
            hand[self.exact[got]] += 1
            give = tuple(colours.as_list(Counter(self.names[i] for i in cards)))
            steps.append(Step(give, self.names[self.exact[got]], rule))
        return tuple(steps), tuple(hand)


def _traded(h, given: tuple[int, ...], got: int) -> list[int]:
    """The hand after a trade giving a card of each slot `given` and getting one of `got`."""
    t = list(h)
    for k in given:
        t[k] -= 1
    t[got] += 1
    return t


def _any(h, k: int, named: tuple[int, ...]) -> bool:
    return True


def _as_is(t: list[int], slots: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(t)
