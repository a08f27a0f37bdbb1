"""The shortest sequence of bank trades that makes a commission completable (SPEC 4.2, 4.3).

Exact, by breadth-first search over hands (card multisets); the bank is implied, since other hands do
not change: bank[c] = available[c] - hand[c] with available = bank + hand at the start. Every trade
makes the hand smaller (three for one, two for one), so the search space is finite.

Two things keep the search small without losing exactness:

* Dead hands are cut, by bounds that hold for every sequence of trades (each is argued where it is
  computed, in `dead`): a trade adds one card and shrinks the hand by one (two for three of a kind),
  so the cards still to be made must leave at least the palette's size; bisque and gray eat a yellow
  and a brown, a black and a white; no trade increases the number of primaries held; and every card
  made by three of a kind needs three alike, which may have to be made first.
* Only relevant trades are tried (`relevant=True`). "Three of a kind" may buy any black, white,
  secondary or tertiary, but a shortest plan never buys a colour the commission does not need unless
  it is an ingredient of another trade: brown (for bisque), black and white (for gray). Why: every card
  a shortest plan buys is used later (or the trade could be dropped); a bought secondary or tertiary
  other than brown is no ingredient of bisque, gray or a primary, can only be used as the penalty of a
  primary trade (then any card given for it would do) or in another three of a kind (then the first
  three could have bought the final card directly). Primary, bisque and gray trades are all tried.
  (This is an exchange argument; where a bank stack has run dry it needs care, so the tests' random
  banks include low and empty stacks.)
  Hands equal but for which unneeded, never-bought colour holds which count are searched once.
  tests/games/pastiche/core/test_plan.py checks all this against a search of every legal trade without cuts
  (`relevant=False, cut_dead=False`) and against a brute force through the trade judge.

Among plans of the shortest length, the one keeping the most usable-palette points (SPEC 4.6, for the
commissions in hand) is chosen, then the one keeping the most card value; ties go to the first found.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Mapping, NamedTuple, Sequence

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.commission_needs import usable_points
from pastiche_cli.games.pastiche.core.rule_ids import (
    TRADE_BANK_BISQUE,
    TRADE_BANK_GRAY,
    TRADE_BANK_PRIMARY,
    TRADE_BANK_THREE,
)

PRIMARY_TRADE_PENALTY_IS_TARGET = False   # giving the very primary you ask for as the penalty is pointless


class Step(NamedTuple):
    give: tuple[str, ...]
    get: str
    rule: str

    def as_json(self) -> dict:
        return {"give": list(self.give), "get": self.get, "rule": self.rule}


class Plan(NamedTuple):
    reachable: bool
    steps: tuple[Step, ...]
    hand_before: tuple[str, ...]
    hand_after: tuple[str, ...]           # the hand when the plan is done (before completing)
    missing_now: tuple[str, ...]          # what the hand lacks before any trade
    blockers: tuple[str, ...] = ()        # why it is not reachable, in words
    explored: int = 0                     # hands looked at (for the curious and the benchmark)

    @property
    def spent(self) -> tuple[str, ...]:
        """Cards of the starting hand that the plan gives away for good (net)."""
        return tuple(colours.as_list(Counter(self.hand_before) - Counter(self.hand_after)))

    @property
    def given(self) -> tuple[str, ...]:
        total: Counter = Counter()
        for s in self.steps:
            total.update(s.give)
        return tuple(colours.as_list(total))


@lru_cache(maxsize=None)
def _tables():
    names = colours.card_names()
    index = {n: i for i, n in enumerate(names)}
    primaries = tuple(index[p] for p in colours.PRIMARIES)
    from pastiche_cli.games.pastiche.core.trading import three_targets

    three = tuple(index[c] for c in three_targets())
    return names, index, primaries, three


def _vector(cards: Mapping[str, int]) -> tuple[int, ...]:
    names, index, _, _ = _tables()
    v = [0] * len(names)
    for c, n in cards.items():
        if n > 0:
            v[index[c]] += n
    return tuple(v)


def _moves(hand: tuple[int, ...], available: tuple[int, ...], three_to: Sequence[int],
           groups: Sequence[Sequence[int]] = ()):
    """Every (given indices, got index, rule) trade legal on this hand with this stock.

    Within a group of interchangeable junk colours, only the first colour holding a given count is
    used, since the others lead to the same hand up to the colours' names.
    """
    names, index, primaries, _ = _tables()
    n = len(hand)
    stock = [available[i] - hand[i] for i in range(n)]
    skip = set()
    for g in groups:
        counts = set()
        for i in g:
            if hand[i] in counts:
                skip.add(i)
            counts.add(hand[i])
    for c in range(n):
        if hand[c] >= 3 and c not in skip:
            for x in three_to:
                if x != c and stock[x] > 0:
                    yield (c, c, c), x, TRADE_BANK_THREE
    y, br, bi = index["yellow"], index["brown"], index["bisque"]
    if hand[y] and hand[br] and stock[bi] > 0:
        yield (y, br), bi, TRADE_BANK_BISQUE
    bk, wh, gr = index["black"], index["white"], index["gray"]
    if hand[bk] and hand[wh] and stock[gr] > 0:
        yield (bk, wh), gr, TRADE_BANK_GRAY
    for p in primaries:
        if not hand[p]:
            continue
        for q in primaries:
            if q == p or stock[q] <= 0:
                continue
            for x in range(n):
                if hand[x] - (x == p) <= 0 or x in skip:
                    continue
                if x == q and not PRIMARY_TRADE_PENALTY_IS_TARGET:
                    continue
                yield (p, x), q, TRADE_BANK_PRIMARY


def plan(hand: Mapping[str, int], bank: Mapping[str, int], palette: Mapping[str, int], *,
         keep_for: Mapping[str, int] | None = None, relevant: bool = True, cut_dead: bool = True,
         max_hands: int = 2_000_000) -> Plan:
    """The shortest bank-trade plan after which `hand` holds `palette`.

    `bank` is the stock now; `keep_for` is what the player's commissions in hand need (to choose, among
    shortest plans, the one losing the fewest end-game points). `relevant=False, cut_dead=False` tries
    every legal trade from every hand (the brute force the tests compare with).
    """
    names, index, primaries, three = _tables()
    start = _vector(hand)
    need = _vector(palette)
    available = tuple(start[i] + max(0, bank.get(names[i], 0)) for i in range(len(names)))
    before = tuple(colours.as_list(hand))
    missing_now = tuple(colours.as_list(Counter(palette) - Counter(hand)))
    need_size = sum(need)
    keep = Counter(keep_for or {})

    blockers = tuple(f"only {available[i]} {names[i]} can be had (the bank's {available[i] - start[i]} "
                     f"and the hand's {start[i]}), and it needs {need[i]}"
                     for i in range(len(names)) if need[i] > available[i])
    if blockers:
        return Plan(False, (), before, before, missing_now, blockers)

    def deficit(h: tuple[int, ...]) -> int:
        return sum(need[i] - h[i] for i in range(len(h)) if need[i] > h[i])

    if relevant:
        wanted = {i for i in range(len(names)) if need[i]} | {index["brown"], index["black"], index["white"]}
        three_to = tuple(x for x in three if x in wanted)
    else:
        three_to = three
    key, groups = _canonical_key(need, keep, three_to) if relevant else ((lambda h: h), ())
    # A missing card of a colour only "three of a kind" gives costs the hand two cards, others one.
    cost = tuple(2 if i in three else 1 for i in range(len(names)))

    y, br, bi = index["yellow"], index["brown"], index["bisque"]
    bk, wh, gr = index["black"], index["white"], index["gray"]
    need_primaries = sum(need[p] for p in primaries)
    primary_set = set(primaries)

    def dead(h: tuple[int, ...]) -> bool:
        """No sequence of trades from this hand can end holding the palette (each test a proven bound)."""
        # Bisque and gray each come only from one trade, which eats a specific pair of cards: count
        # those ingredients as needed too (each card is given once or kept once).
        extra_bisque = max(0, need[bi] - h[bi])
        extra_gray = max(0, need[gr] - h[gr])
        # No trade adds to the number of primaries held (a primary costs a primary), and each
        # bisque eats a yellow.
        spare_primaries = sum(h[p] for p in primaries) - need_primaries - extra_bisque
        if spare_primaries < 0:
            return True
        shrink = 0
        triples = 0
        for i in range(len(h)):
            want = need[i] + (extra_bisque if i in (y, br) else 0) + (extra_gray if i in (bk, wh) else 0)
            if want > h[i]:
                shrink += (want - h[i]) * cost[i]
                if cost[i] == 2:
                    triples += want - h[i]
        # Each card still to be made takes its own trade, shrinking the hand by at least `cost`.
        size = sum(h)
        if size - shrink < need_size:
            return True
        # Those made by three of a kind need three alike each. Alike cards the hand lacks must be made
        # too, each by its own trade (a primary, bisque or gray trade shrinks the hand by one; any other
        # colour comes only from three of a kind, which shrinks it by two).
        # Three primaries alike come out of the spare primaries. Three alike of anything can always be
        # made for at most 3 (three bisque or three gray), so only cheaper ways need counting.
        if triples:
            ways = []
            for i in range(len(h)):
                whole, part = divmod(h[i], 3)
                ways += [(0, i in primary_set)] * whole
                if part and cost[i] * (3 - part) < 3:
                    ways.append((cost[i] * (3 - part), i in primary_set))
            ways.sort()
            primary_triples = spare_primaries // 3
            found = 0
            for extra, is_primary in ways:
                if found == triples:
                    break
                if is_primary:
                    if not primary_triples:
                        continue
                    primary_triples -= 1
                shrink += extra
                found += 1
            shrink += 3 * (triples - found)
        return size - shrink < need_size

    if deficit(start) == 0:
        return Plan(True, (), before, before, missing_now)
    if cut_dead and dead(start):
        return Plan(False, (), before, before, missing_now, _why_dead(start, need), 1)

    parent: dict[tuple[int, ...], tuple] = {start: None}
    seen = {key(start)}
    layer = [start]
    explored = 1
    while layer:
        goals = []
        nxt = []
        for h in layer:
            for given, got, rule in _moves(h, available, three_to, groups):
                new = list(h)
                for g in given:
                    new[g] -= 1
                new[got] += 1
                t = tuple(new)
                k = key(t)
                if k in seen:
                    continue
                seen.add(k)
                if cut_dead and dead(t):
                    continue          # cannot end holding the palette
                d = deficit(t)
                parent[t] = (h, given, got, rule)
                explored += 1
                if d == 0:
                    goals.append(t)
                else:
                    nxt.append(t)
        if goals:
            best = max(goals, key=lambda g: (usable_points(_counter(g), keep), _card_value(g)))
            return Plan(True, _path(parent, best), before, tuple(colours.as_list(_counter(best))),
                        missing_now, explored=explored)
        if explored > max_hands:
            raise RuntimeError("the search grew beyond its limit")
        layer = nxt
    return Plan(False, (), before, before, missing_now,
                ("no sequence of bank trades turns this hand into the missing cards "
                 "(every trade costs two or three cards for one)",), explored)


def _canonical_key(need, keep: Mapping[str, int], three_to: Sequence[int]):
    """Hands equal but for which "junk" colour holds which count are the same search state.

    Junk: a colour the commission does not need and no tried trade ever buys (not a primary,
    bisque, gray or a three-of-a-kind target). Such cards only serve as penalties or as three of a
    kind, so their colour does not matter, only how many of each; colours are grouped by value and
    by what the commissions in hand need, so the tie-breaks between plans see no difference either.
    """
    names, index, primaries, _ = _tables()
    bought = set(primaries) | {index["bisque"], index["gray"]} | set(three_to)
    junk = [i for i in range(len(names)) if not need[i] and i not in bought]
    fixed = tuple(i for i in range(len(names)) if i not in junk)
    classes: dict[tuple[int, int], list[int]] = {}
    for i in junk:
        classes.setdefault((colours.value(names[i]), keep.get(names[i], 0)), []).append(i)
    groups = tuple(tuple(g) for g in classes.values() if len(g) > 1)
    if not groups:
        return (lambda h: h), ()
    from operator import itemgetter

    fixed = itemgetter(*[i for i in range(len(names)) if not any(i in g for g in groups)])
    getters = [itemgetter(*g) for g in groups]

    def key(h: tuple[int, ...]):
        return (fixed(h), *[tuple(sorted(get(h))) for get in getters])

    return key, groups


def _why_dead(h: tuple[int, ...], need: tuple[int, ...]) -> tuple[str, ...]:
    names, index, primaries, _ = _tables()
    held = sum(h[p] for p in primaries)
    wanted = sum(need[p] for p in primaries) + max(0, need[index["bisque"]] - h[index["bisque"]])
    if held < wanted:
        return (f"it takes {wanted} primary cards (bisque eats a yellow) and the hand has {held}; "
                "no bank trade adds a primary without giving one",)
    return ("the hand is too small: every trade gives two or three cards for one, and too few would be "
            "left to hold the whole palette",)


def _counter(v: tuple[int, ...]) -> Counter:
    names = _tables()[0]
    return Counter({names[i]: n for i, n in enumerate(v) if n})


def _card_value(v: tuple[int, ...]) -> int:
    return colours.cards_value(_counter(v))


def _path(parent: dict, goal: tuple[int, ...]) -> tuple[Step, ...]:
    names = _tables()[0]
    steps = []
    node = goal
    while parent[node] is not None:
        prev, given, got, rule = parent[node]
        give = tuple(colours.as_list(Counter(names[g] for g in given)))
        steps.append(Step(give, names[got], rule))
        node = prev
    return tuple(reversed(steps))
