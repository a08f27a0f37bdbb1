"""The shortest sequence of bank trades that makes a commission completable (SPEC 4.2, 4.3).

Exact. The bank is implied, since other hands do not change: bank[c] = available[c] - hand[c] with
available = bank + hand at the start. Every trade makes the hand smaller (three for one, two for one),
so the search space is finite. Holding more cards never hurts: a hand holding all of another's cards
can copy its plan (a trade whose card it already holds spare is skipped), which is why the cuts
below are safe.

The search is A* on the number of trades, and its cost follows what the commission needs, not the
hand's size:

* Only colours that can matter are held exactly: the needed ones, the primaries, bisque, gray and
  their ingredients (brown, black, white), and, for the tie-break, those the commissions in hand
  need. Every other colour is junk, counted per card value as whole threes and odd cards
  (`_Space`). The fewest trades are found first with the tie-break colours folded into the junk
  too; then the best of the plans of that length is sought, cutting every hand that cannot reach
  the palette within it.
* The bound (`_Space.bound`) counts the cards still to be made, plus the trades that make the cards
  completing each three of a kind the hand cannot pay for out of its spare cards (and one for each
  whole spare three a made bisque's or gray's ingredients break). It never
  overestimates, so the first goal met is a shortest plan.
* Dead hands are cut (`_Space.dead`, each test argued where it is computed): too few cards left once
  each missing card has cost its trade, too few primaries, or fewer threes of a kind than the
  missing colours that only a three gives.
* Only relevant trades are tried. "Three of a kind" may buy any black, white, secondary or tertiary,
  but a shortest plan never buys a colour the commission does not need unless it is an ingredient of
  another trade: brown (for bisque), black and white (for gray). Why: every card a shortest plan buys
  is used later (or the trade could be dropped); a bought secondary or tertiary other than brown is
  no ingredient of bisque, gray or a primary, can only be used as the penalty of a primary trade
  (then any card given for it would do) or in another three of a kind (then the first three could
  have bought the final card directly). Primary, bisque and gray trades are all tried.

* Interchangeable colours are searched once (`_Space.canonical`): colours with the same need, keep,
  stock, value and part in the trades (the tertiaries a palette asks alike, red and blue, black and
  white) are held in falling order, and of the moves that differ only by which of them they use, one
  is tried. Which of six tertiaries asked alike are made so far (64 subsets) is one count (7 hands).

Among plans of the shortest length, the one keeping the most usable-palette points (SPEC 4.6, for the
commissions in hand) is chosen, then the one keeping the most card value; ties go to the first found.
That second search (`_best_of_shortest`) is a best-first branch and bound: `_Space.worth_bound` never
underestimates the worth a hand can still end with, the most promising hand goes first, and the first
goal taken is a best one. Every hand the bound overrates is expanded, so it is kept tight where hands
tie by the thousand: when no trade is to spare, it counts the cards the threes and penalties must take
(whole threes first, completed ones too) and what a hand keeping the bound's usable points cannot give
(the kept cards it gives cost it no more than the points it may lose), the cards a hand gives at least
(counted from its trades), the usable points lost when those cards, the part of a three completed or
a made bisque's or gray's ingredients can only be kept ones, and, for each way the threes to complete
can be, what it takes: the penalties of the primaries it makes (a made bisque's yellow included), the
brown it takes, a three of gray's worth.

tests/games/pastiche/core/test_plan.py checks the search against a brute force through the trade
judge on small hands; test_plan.py, test_plan_large.py and test_plan_hard.py against one that tries
every bank trade on every hand (plan_oracle.py), the tie-break included, on hands of 4 to 10, 24 and
29 cards; test_plan_bounds.py against the same search with no worth cut and against the oracle on
hands of few colours, and it and test_plan_hard.py count the hands expanded on the hardest shapes
found (benchmarks/bench_plan_hard.py times them).
"""

from __future__ import annotations

import heapq
import itertools
import math
import operator
from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import NamedTuple

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.rule_ids import (
    TRADE_BANK_BISQUE,
    TRADE_BANK_GRAY,
    TRADE_BANK_PRIMARY,
    TRADE_BANK_THREE,
)

PRIMARY_TRADE_PENALTY_IS_TARGET = False  # giving the very primary you ask for as the penalty is pointless


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
    hand_after: tuple[str, ...]  # the hand when the plan is done (before completing)
    missing_now: tuple[str, ...]  # what the hand lacks before any trade
    blockers: tuple[str, ...] = ()  # why it is not reachable, in words
    explored: int = 0  # hands looked at (for the curious and the benchmark)

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


@cache
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


def plan(
    hand: Mapping[str, int],
    bank: Mapping[str, int],
    palette: Mapping[str, int],
    *,
    keep_for: Mapping[str, int] | None = None,
    max_hands: int = 2_000_000,
) -> Plan:
    """The shortest bank-trade plan after which `hand` holds `palette`.

    `bank` is the stock now; `keep_for` is what the player's commissions in hand need (to choose, among
    shortest plans, the one losing the fewest end-game points).
    """
    names = _tables()[0]
    start = _vector(hand)
    need = _vector(palette)
    available = tuple(start[i] + max(0, bank.get(names[i], 0)) for i in range(len(names)))
    before = tuple(colours.as_list(hand))
    missing_now = tuple(colours.as_list(Counter(palette) - Counter(hand)))
    keep = Counter(keep_for or {})
    blockers = _stock_blockers(start, need, available)
    if blockers:
        return Plan(False, (), before, before, missing_now, blockers)
    if not Counter(palette) - Counter(hand):
        return Plan(True, (), before, before, missing_now)

    # First the fewest trades, on hands where every colour that cannot count at the end is junk (so
    # colours the commissions in hand need, which matter only to the tie-break, fold into one class);
    # then, knowing that length, the best of the shortest plans on hands that tell those colours apart.
    coarse = _Space(need, {}, available, by_value=False)
    first = coarse.canonical(coarse.abstract(start))
    if coarse.dead(first):
        return Plan(False, (), before, before, missing_now, _why_dead(start, need), 1)
    shortest, explored = _fewest_trades(coarse, first, max_hands)
    if shortest is None:
        return Plan(
            False,
            (),
            before,
            before,
            missing_now,
            (
                "no sequence of bank trades turns this hand into the missing cards "
                "(every trade costs two or three cards for one)",
            ),
            explored,
        )
    space = _Space(need, keep, available)
    best, parent, more = _best_of_shortest(space, space.canonical(space.abstract(start)), shortest, max_hands)
    explored += more
    path = [best]
    while parent[path[-1]] is not None:
        path.append(parent[path[-1]][0])
    steps, after = space.concrete(start, space.replay(space.abstract(start), reversed(path[:-1])))
    return Plan(True, steps, before, tuple(colours.as_list(_counter(after))), missing_now, explored=explored)


def _fewest_trades(space: _Space, first: tuple, max_hands: int) -> tuple[int | None, int]:
    """A* on the number of trades: (the fewest that reach the palette, or None, states expanded).

    `space.bound` never overestimates the trades still to make, so the first goal met is a shortest
    one; a state met again by a shorter way is queued again (the bound may drop by more than one per
    trade).
    """
    best_g = {first: 0}
    tick = 0
    heap = [(space.bound(first), 0, tick, first)]
    explored = 0
    while heap:
        _, minus_g, _, h = heapq.heappop(heap)
        g = -minus_g
        if best_g.get(h) != g:
            continue  # met again later by a longer way
        explored += 1
        if explored > max_hands:
            raise RuntimeError("the search grew beyond its limit")
        if space.is_goal(h):
            return g, explored
        for _, t in space.moves(h):
            if best_g.get(t, g + 2) <= g + 1:
                continue
            best_g[t] = g + 1  # recorded even when cut, so that other ways to it are not weighed again
            if not space.dead(t):  # else it cannot end holding the palette
                tick += 1
                heapq.heappush(heap, (g + 1 + space.bound(t), -(g + 1), tick, t))
    return None, explored


def _best_of_shortest(space: _Space, first: tuple, shortest: int, max_hands: int):
    """The goal of best worth among those `shortest` trades away: (goal, parent links, states expanded).

    A best-first branch and bound on the tie-break: `space.worth_bound` never underestimates the worth
    a state can still end with in the trades left, so a state is searched in the order of that bound
    (deepest first among equal ones), and a goal is queued with its worth itself. The first goal taken
    off the queue is then worth at least every bound left, so it is a best one, and the search ends.

    Every end a state can reach, each of its parents can reach too, so a state's bound is also the
    least of its parents' (the first met is the one promising most, the queue going best first; one met
    later, before the state is taken, lowers it). A state met again at a shorter distance is queued
    again; one met at a longer distance cannot end `shortest` trades away (a shorter plan would exist).
    """
    best_g = {first: 0}
    parent: dict[tuple, tuple | None] = {first: None}
    u, v = space.worth_bound(first, shortest)
    worth: dict[tuple, tuple[int, int] | None] = {first: (u, v)}
    expanded = set()
    tick = 0
    heap = [(-u, -v, 0, tick, first)]
    explored = 0
    while heap:
        mu, mv, minus_g, _, h = heapq.heappop(heap)
        g = -minus_g
        if best_g.get(h) != g or worth.get(h) != (-mu, -mv) or h in expanded:
            continue  # met again since it was queued, by a shorter way or a parent promising less
        explored += 1
        if explored > max_hands:
            raise RuntimeError("the search grew beyond its limit")
        if g == shortest:
            return h, parent, explored  # a goal: only goals are queued this far
        expanded.add(h)
        for move, t in space.moves(h):
            seen = best_g.get(t, g + 2)
            if seen < g + 1:
                continue
            if seen == g + 1:
                known = worth.get(t)
                if known is not None and t not in expanded and (-mu, -mv) < known:
                    worth[t] = (-mu, -mv)
                    tick += 1
                    heapq.heappush(heap, (mu, mv, -(g + 1), tick, t))
                continue
            best_g[t] = g + 1
            worth[t] = None  # cut, unless it passes what follows
            expanded.discard(t)
            if g + 1 == shortest:
                if not space.is_goal(t):
                    continue
                u, v = space.worth(t)
            elif g + 1 + space.bound(t, shortest - g - 1) > shortest or space.dead(t):
                continue
            else:
                u, v = min(space.worth_bound(t, shortest - g - 1), (-mu, -mv))
            worth[t] = (u, v)
            parent[t] = (h, move)
            tick += 1
            heapq.heappush(heap, (-u, -v, -(g + 1), tick, t))
    return None, parent, explored


def _triples_cost(ways: list[tuple[int, bool]], triples: int, spare_primaries: int) -> int:
    """The least the hand must shrink, beyond the trades themselves, to gather `triples` sets of three
    alike: the cheapest of `ways` (extra cost, made of primaries?) first, three primaries alike only
    out of the spare primaries, and 3 for each set no cheaper way gives (three bisque or gray)."""
    primary_triples = spare_primaries // 3
    found = extra_cost = 0
    for extra, is_primary in sorted(ways):
        if found == triples:
            break
        if is_primary:
            if not primary_triples:
                continue
            primary_triples -= 1
        extra_cost += extra
        found += 1
    return extra_cost + 3 * (triples - found)


def _best_extra_cards(by_trade: list[int], by_three: list[int], slack: int, spare_threes: int) -> int:
    """The most usable points `slack` more cards can add: each takes a trade, and one only three of a
    kind makes takes a three too, the hand's spare ones first, then each one completed by a further
    trade (whose card is given away in it)."""
    by_trade = sorted(by_trade, reverse=True)
    by_three = sorted(by_three, reverse=True)
    best = 0
    for x in range(len(by_three) + 1):
        trades = x + max(0, x - spare_threes)
        if trades > slack:
            break
        best = max(best, sum(by_three[:x]) + sum(by_trade[: slack - trades]))
    return best


@cache
def _best_made_threes(bisque: int, brown: int, primaries: int, gray: int, black: int, white: int) -> int:
    """The most threes of bisque and of gray (see `_Space.most_threes`), the best split of the spares."""
    best_bisque = max(
        (bisque + b) // 3 + (primaries - b) // 3 + (brown - b) // 3 for b in range(min(primaries, brown) + 1)
    )
    best_gray = max((gray + g) // 3 + (black - g) // 3 + (white - g) // 3 for g in range(min(black, white) + 1))
    return best_bisque + best_gray


def _cheapest_threes_and_singles(held: list[tuple[int, int, int]], threes: int, singles: int) -> tuple[int, bool]:
    """The least value of `threes` threes of a kind and `singles` more cards out of `held`, given as
    (card value, cards, whole threes) per colour: cheapest values first, threes before singles (a
    single can be any card, a three cannot, so the cheap cards go to threes first); and whether they
    could all be had. What cannot be had is left out: no hand giving only these cards can then reach
    the palette, and the bound only needs to be no lower than the truth."""
    cost = 0
    for value, cards, whole in sorted(held):
        if not threes and not singles:
            break
        t = min(whole, threes)
        s = min(cards - 3 * t, singles)
        threes -= t
        singles -= s
        cost += value * (3 * t + s)
    return cost, not threes and not singles


def _kept_within(below: dict[int, int], values: tuple[int, ...], budget: int) -> list[dict[int, int]]:
    """The kept cards of each colour (at most `below` of it) a hand may give when each costs it its
    value in usable points and all of them at most `budget`: the most it may give, one way per set no
    other card fits into (giving fewer only leaves less to choose from). Past 20 such sets, one letting
    every colour give all it has (looser, never tighter)."""
    colours = [(k, n) for k, n in below.items() if n]
    sets: list[dict[int, int]] = []

    def add(i: int, left: int, chosen: dict[int, int]) -> bool:
        if len(sets) > 20:
            return False
        if i == len(colours):
            if all(chosen.get(k, 0) == n or values[k] > left for k, n in colours):
                sets.append(dict(chosen))
            return True
        k, n = colours[i]
        for x in range(min(n, left // values[k]), -1, -1):
            chosen[k] = x
            if not add(i + 1, left - x * values[k], chosen):
                return False
        del chosen[k]
        return True

    if not add(0, budget, {}):
        return [dict(below)]
    return sets


def _cheapest_sets(eaten: list[tuple[int, int]], of: list[tuple[int, int]], m: int, dearest: int) -> list[dict]:
    """For each set of `m` eaten threes whose usable points add up to the least (see
    `_least_value_of_cheapest`), the kept cards of each colour it gives; past 20 such sets, one that
    lets every colour of them give all it might (looser, never tighter)."""
    forced: dict[int, int] = {}
    ties = []
    for (points, _), (k, below) in zip(eaten, of):
        if points < dearest:
            forced[k] = forced.get(k, 0) + below
        elif points == dearest:
            ties.append((k, below))
    choose = m - sum(1 for points, _ in eaten if points < dearest)
    if math.comb(len(ties), choose) > 20:
        loose = dict(forced)
        for k, below in ties:
            loose[k] = loose.get(k, 0) + below
        return [loose]
    sets = []
    for chosen in itertools.combinations(ties, choose):
        eat = dict(forced)
        for k, below in chosen:
            eat[k] = eat.get(k, 0) + below
        sets.append(eat)
    return sets


def _least_value_of_cheapest(items: list[tuple[int, int]], m: int) -> int:
    """The least total value of `m` of the (cost, value) `items` whose costs add up to the least possible.

    Such a choice takes every item cheaper than the m-th cheapest cost, the rest among those costing
    just that (each cost positive: a dearer item, or one more, would add to the sum).
    """
    line = sorted(cost for cost, _ in items)[m - 1]
    below = [value for cost, value in items if cost < line]
    at = sorted(value for cost, value in items if cost == line)
    return sum(below) + sum(at[: m - len(below)])


def _stock_blockers(start, need, available) -> tuple[str, ...]:
    names = _tables()[0]
    return tuple(
        f"only {available[i]} {names[i]} can be had (the bank's {available[i] - start[i]} "
        f"and the hand's {start[i]}), and it needs {need[i]}"
        for i in range(len(names))
        if need[i] > available[i]
    )


JUNK_TRIPLE, JUNK_PENALTY = "triple", "penalty"

# `_Space._completing`'s answers, by the spare cards of the colours they read (the same in every search)
_COMPLETING: dict[tuple, tuple] = {}


class _Space:
    """The hands the planner searches, with only the colours that can matter held exactly.

    A colour is *junk* for this commission when it is not needed, no commission in hand needs it
    (so it never counts at the end), and no trade the search tries buys it (not a primary, bisque,
    gray, brown, black, white or a needed colour). Junk cards serve only as the penalty of a primary
    trade or as three of a kind, and junk colours of one card value are interchangeable, so a class
    is held as two numbers: its whole threes (sum of n // 3) and the odd cards left (sum of n % 3).
    A penalty is taken from the odd cards while any are left, else it breaks a three (two stay odd):
    that keeps the most threes for the same number of cards, and any mix of later threes and
    penalties the class could pay for is still payable. A state is therefore
    (exact counts of the other colours..., threes, odd, threes, odd, ...).
    """

    def __init__(self, need, keep: Mapping[str, int], available, by_value: bool = True):
        names, index, primaries, three = _tables()
        self.need, self.available = need, available
        bought = set(primaries) | {index["bisque"], index["gray"], index["brown"], index["black"], index["white"]}
        bought |= {i for i in range(len(names)) if need[i]}
        self.three_to = tuple(x for x in three if x in bought)
        junk = [i for i in range(len(names)) if not need[i] and not keep.get(names[i], 0) and i not in bought]
        self.exact = tuple(i for i in range(len(names)) if i not in junk)
        self.slot = {i: k for k, i in enumerate(self.exact)}
        classes: dict[int, list[int]] = {}
        for i in junk:
            classes.setdefault(colours.value(names[i]) if by_value else 0, []).append(i)
        self.classes = tuple(tuple(members) for _, members in sorted(classes.items()))
        self.class_values = tuple(v for v, _ in sorted(classes.items()))
        self.n_exact = len(self.exact)
        self.keep = keep
        self.names = names
        ex = self.slot
        self.y, self.br, self.bi = ex[index["yellow"]], ex[index["brown"]], ex[index["bisque"]]
        self.bk, self.wh, self.gr = ex[index["black"]], ex[index["white"]], ex[index["gray"]]
        self.primaries = tuple(ex[p] for p in primaries)
        self.three_slots = tuple(ex[x] for x in self.three_to)
        self.need_x = tuple(need[i] for i in self.exact)
        self.avail_x = tuple(available[i] for i in self.exact)
        three_set = set(three)
        # a missing card that only three of a kind gives costs the hand two cards, others one
        self.cost = tuple(2 if i in three_set else 1 for i in self.exact)
        self.is_primary = tuple(k in self.primaries for k in range(self.n_exact))
        self.need_primaries = sum(self.need_x[p] for p in self.primaries)
        self.need_size = sum(need)
        self.values = tuple(colours.value(names[i]) for i in self.exact)
        self.keep_x = tuple(keep.get(names[i], 0) for i in self.exact)
        special = set(self.primaries) | {self.bi, self.gr, self.br, self.bk, self.wh}
        self.plain_threes = tuple(k for k in range(self.n_exact) if k not in special)
        self.groups = self._symmetric_groups()
        self.group_of: list[tuple[int, ...] | None] = [None] * self.n_exact
        for g in self.groups:
            for k in g:
                self.group_of[k] = g
        self.completing_slots = (*self.primaries, self.bi, self.gr, self.br, self.bk, self.wh)
        self._completing_slots = operator.itemgetter(*self.completing_slots)
        self._eats_cache: dict[tuple, tuple] = {}
        self.kept_beyond_need = tuple(max(0, keep - need) for keep, need in zip(self.keep_x, self.need_x))
        self.made_slots = (self.bi, self.br, self.gr, self.bk, self.wh)
        self.made_ingredients = (self.y, self.br, self.bk, self.wh)
        self.by_value = tuple(sorted(range(self.n_exact), key=lambda k: self.values[k]))
        self._lines_of: tuple[int, ...] | None = None
        self._lines: tuple[list[int], dict[int, int]] = ([], {})

    def _symmetric_groups(self) -> tuple[tuple[int, ...], ...]:
        """Exact slots whose colours play the same part in this search (see `canonical`).

        Two colours are interchangeable when swapping them everywhere changes nothing the search sees:
        the same need, the same keep, the same stock (hand + bank), the same card value, and the same
        part in the trades. Yellow (bisque's ingredient), brown, bisque and gray each have a part of
        their own; red and blue share theirs (primaries); black and white share theirs (gray's two
        ingredients); every other colour only comes from three of a kind, bought or not.
        """
        own = {self.y, self.br, self.bi, self.gr}
        three = set(self.three_slots)
        keys: dict[tuple, list[int]] = {}
        for k in range(self.n_exact):
            if k in own:
                continue
            role: str | tuple[str, bool, int]
            if k in self.primaries:
                role = "primary"
            elif k in (self.bk, self.wh):
                role = "shade"
            else:
                role = ("three", k in three, self.cost[k])
            key = (role, self.values[k], self.need_x[k], self.keep_x[k], self.avail_x[k])
            keys.setdefault(key, []).append(k)
        return tuple(tuple(g) for g in keys.values() if len(g) > 1)

    def canonical(self, h: tuple[int, ...]) -> tuple[int, ...]:
        """One hand for every hand the symmetric groups make alike: each group's counts in falling order.

        Swapping two interchangeable colours maps every trade, every bound and every goal of the search
        onto another of the same kind, and keeps the worth: a hand and its image need the same trades
        and end as well. So only one of them is searched.
        """
        if not self.groups:
            return h
        out = list(h)
        for g in self.groups:
            counts = sorted((h[k] for k in g), reverse=True)
            for k, n in zip(g, counts):
                out[k] = n
        return tuple(out)

    def abstract(self, v: tuple[int, ...]) -> tuple[int, ...]:
        out = [v[i] for i in self.exact]
        for members in self.classes:
            out += [sum(v[i] // 3 for i in members), sum(v[i] % 3 for i in members)]
        return tuple(out)

    def _wants(self, h):
        need = self.need_x
        extra_bisque = max(0, need[self.bi] - h[self.bi])
        extra_gray = max(0, need[self.gr] - h[self.gr])
        wants = list(need)
        wants[self.y] += extra_bisque
        wants[self.br] += extra_bisque
        wants[self.bk] += extra_gray
        wants[self.wh] += extra_gray
        return wants, extra_bisque

    def bound(self, h, within: int | None = None) -> int:
        """Trades still to make, at least (past `within`, any count past it will do: the hand is cut).

        Each card still to be had (an ingredient of a missing bisque or gray included) is made by a
        trade of its own, and a trade makes one card. Those only three of a kind gives need a three
        each; a colour held `s` beyond what is wanted gives s // 3 threes as it is, and each further
        three of that colour needs at least one more card of it made, by a trade whose card is given
        away, so not one of the first count.
        """
        wants, _ = self._wants(h)
        units = threes = 0
        for w, x, c in zip(wants, h, self.cost):
            if w > x:
                units += w - x
                if c == 2:
                    threes += w - x
        if threes and (within is None or units <= within):
            free, primary_threes = self.spare_three_count(h, wants)
            units += self.completing_trades(h, wants, max(0, threes - free), primary_threes)
        return units

    def spare_three_count(self, h, wants) -> tuple[int, int]:
        """How many threes `spare_threes` finds (their values aside), and the same primary threes left."""
        primaries = self.primaries
        primary_threes = max(0, sum(h[p] - wants[p] for p in primaries)) // 3
        free = 0
        for k in range(self.n_exact):
            whole = (h[k] - wants[k]) // 3
            if whole > 0:
                if k in primaries:
                    whole = min(whole, primary_threes)
                    primary_threes -= whole
                free += whole
        return free + sum(h[self.n_exact :: 2]), primary_threes

    def spare_threes(self, h, gaps, wants) -> tuple[list[int], int]:
        """The value of each three of a kind the hand holds beyond what it wants, and how many more
        threes of primaries it could still make.

        No trade adds a primary (see `dead`), so the primaries still to be had (bisque's yellow
        included) are paid for out of those held, and only the rest can go three by three.
        """
        n = self.n_exact
        primary_threes = max(0, sum(h[p] - wants[p] for p in self.primaries)) // 3
        free = []
        for k, d in enumerate(gaps):
            if d <= -3:
                whole = -d // 3
                if self.is_primary[k]:
                    whole = min(whole, primary_threes)
                    primary_threes -= whole
                free += [3 * self.values[k]] * whole
        for c, j in enumerate(range(n, len(h), 2)):
            free += [3 * self.class_values[c]] * h[j]
        return free, primary_threes

    def worth_bound(self, h, left: int) -> tuple[int, int]:
        """(usable points, card value) that no hand this one can end with in exactly `left` trades beats.

        Usable points: the cards still to be made and the threes the hand must complete (`bound`) take
        trades of their own, and a card made to complete a three is given away in it, so of the `left`
        cards made only the missing ones and `slack` more (left minus the bound) can stay. Each missing
        bisque or gray eats its ingredients (yellow and brown, black and white). So a colour ends with
        at most what it holds less those ingredients (or what the palette needs, if more) plus its
        share of the `slack`, counted as the best cards the commissions in hand still lack.

        Card value: no trade adds value (three cards of value 1 or more buy one of 3 at most; bisque
        and gray cost what they are worth; a primary costs a primary and a penalty), and the trades
        still to make lose at least this: a penalty of value 1 or more for each primary still to be
        made, and for each colour only three of a kind makes, three alike less the card got. The threes
        are at least the cheapest the hand holds spare, or ones completed by a card made beyond the
        missing ones (at most `slack` plus the threes the bound counts). Such a card is a primary
        (bought with a penalty: 3 x 4 + 1 at least), bisque (3 x 5) or gray (3 x 6); one of a colour
        only three of a kind makes would itself cost a three, at least as dear as the one it completes.
        With no slack, the value is that of the hands ending with `usable` points (see the code), which
        is all the search compares it with; the threes they must take from below what the commissions
        in hand keep count too (left out, the bound stays true but so loose that thousands of hands
        can tie the best goal's worth).
        """
        n = self.n_exact
        wants, _ = self._wants(h)
        gaps = [w - x for w, x in zip(wants, h)]
        units = sum(d for d in gaps if d > 0)
        threes = sum(d for d, c in zip(gaps, self.cost) if d > 0 and c == 2)
        free, more_primary_threes = self.spare_threes(h, gaps, wants)
        completed = max(0, threes - len(free))
        slack = max(0, left - units - self.completing_trades(h, wants, completed, more_primary_threes))
        # with no slack, how many of the completed threes may be of primaries (the rest bisque or gray)
        split = [0]
        if completed and not slack:
            split = sorted(
                {
                    p
                    for by_primary, by_other, _ in self.completing_costs(h, wants, completed, more_primary_threes)
                    for p in range(min(completed, len(by_primary)) + 1)
                    if completed - p <= len(by_other)
                    and sum(by_primary[:p]) + sum(by_other[: completed - p]) <= left - units
                }
            )
        usable = 0
        short: tuple[list[int], list[int]] = ([], [])  # values the keep lacks: made by a trade, by a three
        for k in range(n):
            keep = self.keep_x[k]
            if keep:
                # what it holds, less the ingredients of a missing bisque or gray, but what it needs
                top = max(h[k] - (wants[k] - self.need_x[k]), self.need_x[k])
                usable += min(keep, top) * self.values[k]
                if keep > top and slack:
                    short[self.cost[k] - 1].extend([self.values[k]] * (keep - top))
        if slack:
            usable += _best_extra_cards(*short, slack, max(0, len(free) - threes))
        full_usable = usable
        # a penalty is a card held now unless a trade beyond the bound's makes it (which needs slack)
        penalty = 1
        if not slack:
            held = [self.values[k] for k in range(n) if h[k]]
            held += [self.class_values[c] for c, j in enumerate(range(n, len(h), 2)) if h[j] or h[j + 1]]
            penalty = min(held, default=1)
        primaries, bought = self._missing_primaries(gaps), self._bought(gaps)
        loss = penalty * primaries
        eaten_least = 0
        # the kept cards (by colour) a hand reaching `usable` may give, one way per cheapest set of threes
        may_eat: list[dict[int, int]] = [{}]
        anything = 0  # with no slack, the value the threes take when any three may be eaten
        if threes:
            made = [3 * 4 + 1] * min(threes, completed + slack)
            if slack:
                loss += sum(sorted(free + made)[:threes])
            else:
                # No card made beyond the bound's can stay. A three of a colour the commissions in hand
                # keep, taken from below what they keep ("eaten"), costs the hand those usable points
                # for good; the threes no clear one nor a completed one gives are eaten, at least
                # `eaten_least` of them. Every eaten three costs usable points, so a hand eating more
                # than that ends below `usable`, and is beaten by one reaching it (which is all that
                # matters when `usable` ties the best goal met): the value is that of the hands eating
                # exactly `eaten_least`, the rest of their threes clear or completed ones.
                clear = [3 * self.class_values[c] for c, j in enumerate(range(n, len(h), 2)) for _ in range(h[j])]
                eaten = []  # (usable points, value) of each further three of a kept colour, in order
                eaten_of = []  # and its colour and kept cards
                left_primary = max(0, sum(h[p] - wants[p] for p in self.primaries)) // 3
                for k, d in enumerate(gaps):
                    line = max(0, self.keep_x[k] - self.need_x[k]) if self.keep_x[k] else 0
                    above = max(0, -d - line)
                    whole = above // 3
                    if self.is_primary[k]:
                        whole = min(whole, left_primary)
                        left_primary -= whole
                    clear += [3 * self.values[k]] * whole
                    for t in range(above // 3 + 1, -d // 3 + 1):
                        below = min(line, 3 * t - above) - min(line, max(0, 3 * (t - 1) - above))
                        eaten.append((below * self.values[k], 3 * self.values[k]))
                        eaten_of.append((k, below))
                eaten_least = max(0, threes - len(clear) - len(made))
                if eaten_least:
                    usable -= sum(sorted(points for points, _ in eaten)[:eaten_least])
                    loss += _least_value_of_cheapest(eaten, eaten_least)
                    dearest = sorted(points for points, _ in eaten)[eaten_least - 1]
                    may_eat = _cheapest_sets(eaten, eaten_of, eaten_least, dearest)
                loss += sum(sorted(clear + made)[: threes - eaten_least])
                anything = sum(sorted(clear + made + [value for _, value in eaten])[:threes])
            loss -= bought
        if not slack:
            given = 3 * (threes - completed) + 2 * primaries + 4 * min(split, default=0)
            given = max(given, self._least_given(h, wants, left, threes))
            lost, below = self._kept_cards_given(h, wants, given)
            if threes and not completed:
                lost = max(lost, self._eaten_then_penalties(h, wants, eaten, eaten_of, eaten_least, threes, primaries))
                lost = max(lost, self._eaten_then_given(h, wants, given, eaten, eaten_of, eaten_least, ((0, ()),)))
            extra = eats = 0
            ways: tuple = ()
            if completed:
                every = eaten_least == len(eaten)  # every eaten three's points are off `usable` already
                eats, extra = self._completions_eat(h, wants, completed, more_primary_threes, left - units, every)
                lost = max(lost, full_usable - usable + eats)
                ways = self._eaten_ways(h, wants, completed, more_primary_threes, left - units, every)
                lost = max(lost, self._eaten_then_given(h, wants, given, eaten, eaten_of, eaten_least, ways))
            if lost > full_usable - usable:
                # Penalties (or threes) must take kept cards beyond the cheapest eaten threes: fewer
                # usable points, and a hand keeping them may give kept cards of any colour, eat any three,
                # as long as the kept cards it gives cost it no more than those points, less those the
                # completed threes eat (cards of their own, not among its threes and penalties).
                usable = full_usable - lost
                may_eat = _kept_within(below, self.values, lost - eats)
                loss = penalty * primaries + anything
                loss -= bought
            given_loss = self._cards_given_loss(h, wants, gaps, threes, completed, split, may_eat)
            if ways:
                given_loss = self._completed_given_loss(h, wants, gaps, threes, ways, left - units, may_eat, given_loss)
            loss = max(loss + extra, given_loss if ways else given_loss + extra)
        return usable, self.value(h) - loss

    def _missing_primaries(self, gaps) -> int:
        """The primaries still to be had (each made by a primary trade, a penalty given)."""
        return sum(max(0, gaps[p]) for p in self.primaries)

    def _bought(self, gaps) -> int:
        """The value of the cards still to be had that only three of a kind makes."""
        return sum(d * self.values[k] for k, d in enumerate(gaps) if d > 0 and self.cost[k] == 2)

    def _least_given(self, h, wants, left: int, threes: int) -> int:
        """The fewest cards beyond what it wants a hand gives in `left` trades with no trade to spare.

        Every trade gives two cards or three and makes one, and every card made is given again but those
        the palette lacks (no card made beyond the bound's stays, no card it needs goes): of the
        2 x left + threes cards given at least, left - lacks were made, so the hand gives at least a card
        per trade, one more per three and one per card it lacks, all beyond what it wants but the
        ingredients it holds for a bisque or gray it lacks."""
        lacks = sum(max(0, need - x) for need, x in zip(self.need_x, h))
        ingredients = sum(min(h[k], wants[k] - self.need_x[k]) for k in self.made_ingredients)
        return left + threes + lacks - ingredients

    def _completions_eat(
        self, h, wants, completed: int, primary_threes: int, budget: int, every: bool = False
    ) -> tuple[int, int]:
        """The least usable points the `completed` threes eat, beyond the eaten threes (no slack, so every
        whole spare three is used and the completions take at most `budget` trades), and the least card
        value their trades lose beyond what `worth_bound` counts for them.

        A bisque or gray three completed with `m` made cards takes 3 - m held ones past its whole spare
        threes; those below what the commissions in hand keep are lost. Counted for a colour whose
        whole spare threes stay above that (no eaten three of it), and, when `every` eaten three is
        counted already (as it is when no trade is to spare: each whole spare three is then used, for
        one more completed three would cost a trade more), for one whose whole threes eat kept cards
        too, beyond those (the cards past the whole threes are others, so nothing is counted twice);
        primaries count nothing. Each further three of a colour is all made and eats nothing. The
        ingredients a made bisque or gray takes eat too (`_ingredients_eaten`).

        Value: `worth_bound` counts a completed three as at least three primaries and one penalty, or
        three cards of bisque (whose trades lose nothing): a three of gray is worth 3 more. Each further
        primary made for a three of primaries, and each yellow a made bisque takes past the spare ones,
        is made by a primary trade whose penalty, a card of value 1 or more, is lost; each brown made for
        it costs three cards of 1 or more for a card of 1, so 2 at least (a black or white made by three
        of a kind may lose nothing); and each whole spare three an ingredient taken breaks
        (`_broken_threes`) is given in place of a further completed one (all whole spare threes are
        used, no trade being to spare), worth 13 at least (three primaries and a penalty; bisque and
        gray more) where the broken one, of primaries, brown, black or white, is worth 12 at most: 1 more.

        It reads only the cards of the primaries, bisque, gray and their ingredients, so it is kept by
        those; `_eaten_ways` gives each way it weighs (`_least_eaten`).
        """
        key = (self._completing_slots(h), self._completing_slots(wants), completed, primary_threes, budget, every)
        least = self._eats_cache.get(key)
        if least is None:
            least = self._eats_cache[key] = self._least_eaten(h, wants, completed, primary_threes, budget, every)
        return least[:2]

    def _eaten_ways(self, h, wants, completed: int, primary_threes: int, budget: int, every: bool):
        """Each way `_completions_eat` weighs, as `_least_eaten` lists them."""
        self._completions_eat(h, wants, completed, primary_threes, budget, every)
        key = (self._completing_slots(h), self._completing_slots(wants), completed, primary_threes, budget, every)
        return self._eats_cache[key][2]

    def _eaten_then_given(self, h, wants, given: int, eaten, eaten_of, at_least: int, ways) -> int:
        """The least usable points lost when `given` held cards beyond what is wanted go in trades, no
        trade being to spare (see `worth_bound`): those of the eaten threes it eats (`eaten`, `eaten_of`:
        any `at_least` of them or more), and the kept cards a way's completions eat (`ways`), are given
        for sure; the cards given beyond the free ones and those take kept cards of their own, the
        cheapest first. Past ten eaten threes, nothing is claimed."""
        if len(eaten) > 10:
            return 0
        above, below = self._kept_lines(h, wants)
        free = self._free_cards(h, above)
        least = None
        for size in range(at_least, len(eaten) + 1):
            for chosen in itertools.combinations(range(len(eaten)), size):
                forced: Counter = Counter()
                for i in chosen:
                    k, kept = eaten_of[i]
                    forced[k] += kept
                eaten_points = sum(eaten[i][0] for i in chosen)
                for points, gone_by_way, *_ in ways:
                    gone = forced + Counter(dict(gone_by_way))
                    points += eaten_points + self._cheapest_kept(given - free - sum(gone.values()), below, gone)
                    least = points if least is None else min(least, points)
        return least or 0

    def _least_eaten(self, h, wants, completed: int, primary_threes: int, budget: int, every: bool):
        spares = [max(0, x - w) for x, w in zip(h, wants)]
        pool = sum(h[p] - wants[p] for p in self.primaries)
        least = extra = None
        # each way: points eaten, the kept cards eaten of each colour, threes of primaries, of bisque, of
        # gray, bisques made, trades, value lost beyond the threes, breaks a whole three, primaries made
        # beyond one per three of primaries, grays made
        eaten_ways = set()
        for by_primary, _, reserved in self.completing_costs(h, wants, completed, primary_threes):
            # the yellows a completed three of yellows takes are no bisque's (as in `_completing_costs`)
            left = list(spares)
            left[self.y] -= reserved
            # per colour: threes, cards made, trades, points, value, kept cards eaten, breaks a whole three
            options: list[list[tuple[int, int, int, int, int, int, bool]]] = []
            for k in (self.bi, self.gr):
                spare = spares[k]
                top = max(h[k] - (wants[k] - self.need_x[k]), self.need_x[k])
                floor = wants[k] - self.need_x[k] + max(self.need_x[k], min(self.keep_x[k], top))
                above, below = max(0, h[k] - floor), max(0, min(h[k], floor) - wants[k])
                whole = 3 * (spare // 3)
                counted = below and (whole <= above or every)
                eaten_whole = min(below, max(0, whole - above))  # by the whole threes, counted elsewhere
                ways = [(0, 0, 0, 0, 0, 0, False)]
                for m in range(3 - spare % 3, 4):
                    for n in range(1, completed + 1):
                        cards = m + 3 * (n - 1)
                        broken = self._ingredients_broken(spares, left, pool, k, cards)
                        trades = self._made_cost(spares, left, pool, k, cards, broken)
                        eats = (min(below, max(0, whole + 3 - m - above)) - eaten_whole) if counted else 0
                        points = self.values[k] * eats
                        value = self._made_value(left, k, cards, broken) + (3 * n if k == self.gr else 0)
                        if trades <= budget:
                            ways.append((n, cards, trades, points, value, eats, broken > 0))
                options.append(ways)
            for n_p in range(min(completed, len(by_primary)) + 1):
                made = sum(by_primary[:n_p])
                for bisque, gray in itertools.product(*options):
                    n_b, c_b, t_b, _, v_b, x_b, k_b = bisque
                    n_g, c_g, t_g, _, v_g, x_g, k_g = gray
                    trades = made + t_b + t_g
                    if n_p + n_b + n_g == completed and trades <= budget:
                        eaten = Counter({self.bi: x_b, self.gr: x_g})
                        for k, cards in ((self.bi, c_b), (self.gr, c_g)):
                            eaten.update(self._ingredients_eaten(h, wants, left, k, cards, budget - trades, every))
                        eats = sum(self.values[k] * x for k, x in eaten.items())
                        least = eats if least is None else min(least, eats)
                        lost = made - n_p + v_b + v_g
                        extra = lost if extra is None else min(extra, lost)
                        way = (eats, tuple(sorted((+eaten).items())), n_p, n_b, n_g, c_b, trades, lost, k_b or k_g)
                        eaten_ways.add((*way, made - n_p, c_g))
        return least or 0, extra or 0, tuple(sorted(eaten_ways))

    def _eaten_then_penalties(self, h, wants, eaten, eaten_of, eaten_least: int, threes: int, primaries: int) -> int:
        """The least usable points lost when no trade is to spare and no three is completed, the threes
        counted whole: each three takes three cards beyond what is wanted, a clear one only cards above
        what the commissions in hand keep, an eaten one (`eaten`, `eaten_of`) the kept ones below that
        too, so the two cards of each primary trade come out of the free cards the threes leave, then
        out of kept ones, each worth at least the cheapest kept card. (`_kept_cards_given` pools all
        the cards given, as if an eaten three could take any kept card, the cheapest, not its own.)
        A hand eating `e` threes loses at least the `e` cheapest eaten ones' points, and its threes
        take at most the `e` largest counts of kept cards among them."""
        above, below = self._kept_lines(h, wants)
        free = self._free_cards(h, above)
        cheapest = min((self.values[k] for k, b in below.items() if b), default=0)
        points = sorted(p for p, _ in eaten)
        kept = sorted((b for _, b in eaten_of), reverse=True)
        return min(
            (
                sum(points[:e]) + cheapest * max(0, 2 * primaries - (free - 3 * threes + sum(kept[:e])))
                for e in range(eaten_least, min(threes, len(points)) + 1)
            ),
            default=0,
        )

    def _ingredients_eaten(self, h, wants, left: list[int], k: int, cards: int, slack: int, every: bool) -> dict:
        """The least usable points the ingredients of `cards` more bisque or gray `k` eat: those the trades
        cannot make instead (one trade each, `slack` to spare) are held ones, the spare ones above what
        the commissions in hand keep first; when `every` whole spare three is used (see
        `_completions_eat`), a colour's whole threes take its cards first, the free ones first, and
        their kept ones are counted elsewhere. Yellows count nothing (their threes are pooled). As the
        kept cards eaten of each colour."""
        eats: dict[int, int] = {}
        if not cards:
            return eats
        for i in (self.br,) if k == self.bi else (self.bk, self.wh):
            forced = max(0, min(cards, left[i]) - slack)
            spare = max(0, h[i] - wants[i])
            kept = min(self.kept_beyond_need[i], spare)
            free = spare - kept
            if every:
                whole = 3 * (spare // 3)
                kept -= max(0, whole - free)
                free = max(0, free - whole)
            eats[i] = min(kept, max(0, forced - free))
        return eats

    def _made_value(self, left: list[int], k: int, cards: int, broken: int) -> int:
        """The card value lost beyond the three itself when `cards` more bisque or gray `k` are made out of
        the `left` spare ingredients, taking them out of `broken` whole spare threes (see
        `_completions_eat`)."""
        if k == self.bi:
            return broken + max(0, cards - left[self.y]) + 2 * max(0, cards - left[self.br])
        return broken

    def _ingredients_broken(self, spare: list[int], left: list[int], pool: int, k: int, cards: int) -> int:
        """How many whole spare threes the ingredients of `cards` more bisque or gray `k` break, taken out
        of the `left` spare ones (`_broken_threes`)."""
        ingredients = (self.y, self.br) if k == self.bi else (self.bk, self.wh)
        return sum(self._broken_threes(spare, pool, i, min(cards, left[i])) for i in ingredients)

    def _made_cost(
        self, spare: list[int], left: list[int], pool: int, k: int, cards: int, broken: int | None = None
    ) -> int:
        """The fewest trades that make `cards` more of bisque or gray `k` (one each), with its two
        ingredients out of the `left` spare ones, each further one made by a trade of its own, and a
        trade for each whole spare three the ingredients taken break (see `completing_trades`).

        A further brown, black or white is made by three of a kind, and the whole spare threes are all
        wanted for the cards missing (threes are completed only when they fall short), so that three is
        one more to complete: a trade more at least. (`broken`: `_ingredients_broken`, if known.)"""
        if broken is None:
            broken = self._ingredients_broken(spare, left, pool, k, cards)
        ingredients = (self.y, self.br) if k == self.bi else (self.bk, self.wh)
        return cards + broken + sum(max(0, cards - left[i]) * (1 if i == self.y else 2) for i in ingredients)

    def _kept_cards_given(self, h, wants, given: int) -> tuple[int, dict[int, int]]:
        """The least usable points lost when `given` held cards beyond what is wanted go in trades
        (no slack: each three and penalty is a held card, and a completed three of primaries gives
        three held ones and a penalty), and the kept cards of each colour that may be given.

        The cards above what the commissions in hand keep go first, free; each further one is a kept
        card, the cheapest first (a relaxation: which threes are whole is left out).
        """
        above, below = self._kept_lines(h, wants)
        return self._cheapest_kept(given - self._free_cards(h, above), below), below

    def _free_cards(self, h, above: list[int]) -> int:
        """The cards held beyond what is wanted that cost no usable points: those `above` what the
        commissions in hand keep, and every junk card."""
        return sum(above) + sum(3 * h[j] + h[j + 1] for j in range(self.n_exact, len(h), 2))

    def _cheapest_kept(self, take: int, below: dict[int, int], gone: Mapping[int, int] | None = None) -> int:
        """The usable points of the `take` cheapest kept cards (`below`: how many of each colour may go),
        those already `gone` (counted elsewhere) left out."""
        lost = 0
        for k in self.by_value:
            if take <= 0:
                break
            more = min(take, max(0, below[k] - (gone.get(k, 0) if gone else 0)))
            lost += self.values[k] * more
            take -= more
        return lost

    def _kept_lines(self, h, wants) -> tuple[list[int], dict[int, int]]:
        """For each colour, the cards above what the commissions in hand keep, and the kept ones held
        beyond what is wanted. Asked twice for each hand whose worth is bounded, so the last is kept."""
        if self._lines_of == h:
            return self._lines
        # of a colour's cards beyond what is wanted, those up to what is kept beyond what is needed
        above: list[int] = []
        below: dict[int, int] = {}
        for k, line in enumerate(self.kept_beyond_need):
            spare = h[k] - wants[k]
            kept = min(line, spare) if spare > 0 else 0
            below[k] = kept
            above.append(spare - kept if spare > 0 else 0)
        self._lines_of, self._lines = h, (above, below)
        return above, below

    def _cards_given_loss(
        self, h, wants, gaps, threes: int, completed: int, split: list[int], may_eat: list[dict[int, int]]
    ) -> int:
        """The least value a hand loses when every trade left makes a card still to be had or one
        completing one of the `completed` threes (no slack): then no other card made is given away, and
        no card wanted either (it would have to be made again), so the threes and the penalties are
        cards held beyond what is wanted, the primaries given for missing ones aside. At least the
        cheapest that many, less the cards the threes buy (a primary got is worth the primary given).

        A completed three is either one of primaries, `p` of them, each made by a primary trade (one more
        penalty, and the primary given is one of the held ones, so such a three is three of them all
        counted as one colour, one more whole three per completion at most), or one of bisque or gray,
        three cards of 5 or more, made or held. Its held part may be counted again among the cheapest
        cards chosen for the rest, which only lowers the count (the choice is then among more cards),
        so the bound stays true. The least over the `p` of `split` (those whose completing trades fit
        in the trades left).

        A hand reaching the bound's usable points gives none of the cards the commissions in hand keep
        either (each would cost usable points no trade left can win back), but those of the cheapest
        threes it must eat (`may_eat`: for each cheapest set of them, how many of each colour).
        """
        n = self.n_exact
        primaries = self._missing_primaries(gaps)
        if not threes and not primaries:
            return 0
        beyond = [max(0, h[k] - wants[k]) for k in range(n)]
        above, _ = self._kept_lines(h, wants)
        bought = self._bought(gaps)
        made = 3 * self.values[self.bi]  # the least a three of bisque or gray is worth
        ways = [
            self._cheapest_given(
                h, [min(beyond[k], above[k] + eat.get(k, 0)) for k in range(n)], threes - completed + p, primaries, p
            )
            for eat in may_eat
            for p in split
        ]
        # a way whose threes and penalties cannot all be had is no way (unless none can: the hand is dead)
        had = [cost + made * (completed - p) for (cost, whole), p in zip(ways, split * len(may_eat)) if whole]
        return min(had or [cost + made * (completed - p) for (cost, _), p in zip(ways, split * len(may_eat))]) - bought

    def _completed_given_loss(self, h, wants, gaps, threes: int, ways, budget: int, may_eat, given: int) -> int:
        """`_cards_given_loss` (`given`) made tighter where threes are completed with no trade to spare, by
        costing each of the `ways` they may be (`_least_eaten`) on its own: `given` and the value its
        trades lose beyond (see `_completions_eat`), or, where more, its threes of bisque (15) and gray
        (18) whole; the threes it leaves to the cards held out of those held, but the bisque and gray
        its completed threes hold; each primary it makes beyond one per three of primaries, and each
        yellow a made bisque takes past the spare ones, a penalty out of the cards held; each made
        bisque a primary out of those held (a spare yellow, or the primary given for a made yellow);
        each brown it takes out of the spare ones, as many as the trades cannot make instead, and each
        brown made (a three of cards of 1 or more, for a card of 1) 2 at least. A way that cannot be
        paid for so is no way, but one whose ingredients break a whole spare three, which completes one
        three more than it lists, is costed by the first count only."""
        n = self.n_exact
        primaries = self._missing_primaries(gaps)
        beyond = [max(0, h[k] - wants[k]) for k in range(n)]
        above, _ = self._kept_lines(h, wants)
        bought = self._bought(gaps)
        least = None
        for *_, n_p, n_b, n_g, c_b, trades, value, breaks, more_primaries, c_g in ways:
            cost = given + value
            if not breaks:
                best = None  # of this way, paid for out of the cards held
                held_browns = min(c_b, beyond[self.br])
                # the bisque and gray held in the completed threes are theirs
                left_over = list(beyond)
                left_over[self.bi] = max(0, beyond[self.bi] - (3 * n_b - c_b))
                left_over[self.gr] = max(0, beyond[self.gr] - (3 * n_g - c_g))
                for eat in may_eat:
                    spare = [min(left_over[k], above[k] + eat.get(k, 0)) for k in range(n)]
                    penalties = more_primaries + max(0, c_b - spare[self.y])
                    for browns in range(max(0, held_browns - (budget - trades)), min(held_browns, spare[self.br]) + 1):
                        spare_left = list(spare)
                        spare_left[self.br] -= browns
                        paid, had = self._cheapest_given(
                            h, spare_left, threes - n_b - n_g, primaries, n_p, c_b, penalties
                        )
                        if had:
                            paid += 15 * n_b + 18 * n_g + 2 * (c_b - browns) - bought
                            best = paid if best is None else min(best, paid)
                if best is None:
                    continue  # no way
                cost = max(cost, best)
            least = cost if least is None else min(least, cost)
        return given + min(way[7] for way in ways) if least is None else least

    def _cheapest_given(
        self, h, spare: list[int], threes: int, primaries: int, completed: int = 0, pooled: int = 0, penalties: int = 0
    ) -> tuple[int, bool]:
        """The cheapest `threes` threes and the penalties (one per primary made: `primaries` missing,
        `completed` threes of primaries, `penalties` more) out of the `spare` cards, and whether they could
        all be had; the primaries pooled, less those given for the missing ones and `pooled` more."""
        n = self.n_exact
        # (value, cards, whole threes) of each colour, the primaries as one (one is turned into another)
        held = [(self.values[k], spare[k], spare[k] // 3) for k in range(n) if spare[k] and not self.is_primary[k]]
        cards = max(0, sum(spare[p] for p in self.primaries) - primaries - pooled)
        whole = min(sum(spare[p] // 3 for p in self.primaries) + completed, cards // 3)
        held.append((self.values[self.primaries[0]], cards, whole))
        held += [
            (self.class_values[c], 3 * h[j] + h[j + 1], h[j])
            for c, j in enumerate(range(n, len(h), 2))
            if h[j] or h[j + 1]
        ]
        return _cheapest_threes_and_singles(held, threes, primaries + completed + penalties)

    def completing_trades(self, h, wants, completed: int, primary_threes: int) -> int:
        """The fewest trades that make the cards completing `completed` threes of a kind.

        A shortest plan never completes a three with a card only three of a kind makes (that three
        could have bought the card the second one buys), so the card is a primary, bisque or gray, each
        made by a trade of its own: 3 - part of them for the first three of a colour held `part` beyond
        its whole spare threes, 3 for each further one. A bisque or gray also takes its two ingredients,
        each made by a trade once the spare ones run out; primaries go three by three at most
        `primary_threes` more times (a primary costs a primary). A spare ingredient taken out of a whole
        spare three breaks that three (`_broken_threes`), so one more three must be completed, a trade
        at least: a made bisque's yellow is then no longer free where the hand's yellows are all in the
        whole threes it counts (with a yellow three completed, the count reads the yellows before it,
        which breaks no more threes than the truth).
        """
        if not completed:
            return 0
        return self._completing(h, wants, completed, primary_threes)[1]

    def completing_costs(
        self, h, wants, completed: int, primary_threes: int
    ) -> tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]:
        """The trades each further three completed takes, cheapest first (see `completing_trades`):
        those of primaries (at most `primary_threes`), and those of bisque or gray; in two variants,
        the least of which is the bound. A three of yellows completed takes the spare yellows beyond
        its whole threes, which a made bisque then cannot eat: either no yellows are completed, or
        they are and bisque has those yellows fewer.

        They depend only on the spare cards of the primaries, bisque, gray and their ingredients, and the
        search asks for the same few again and again, so they are kept by those."""
        return self._completing(h, wants, completed, primary_threes)[0]

    def _completing(self, h, wants, completed: int, primary_threes: int):
        """`completing_costs` and `completing_trades`, kept by the spare cards they depend on.

        Those are listed in the same order (red, yellow, blue, bisque, gray, brown, black, white) in every
        search, whatever its other colours, so what is kept serves every plan of the process."""
        spares = tuple(x - w if x > w else 0 for x, w in zip(self._completing_slots(h), self._completing_slots(wants)))
        pool = sum(h[p] - wants[p] for p in self.primaries)
        key = (spares, completed, primary_threes, pool)
        costs = _COMPLETING.get(key)
        if costs is None:
            if len(_COMPLETING) > 100_000:
                _COMPLETING.clear()
            spare = [0] * self.n_exact
            for k, x in zip(self.completing_slots, spares):
                spare[k] = x
            variants = self._completing_costs(spare, completed, primary_threes, pool)
            trades = min(sum(sorted(by_other + by_primary)[:completed]) for by_primary, by_other, _ in variants)
            costs = _COMPLETING[key] = (variants, trades)
        return costs

    def _broken_threes(self, spare: list[int], pool: int, k: int, x: int) -> int:
        """How many fewer whole spare threes the hand holds (as `spare_three_count` counts them) once
        `x` of its spare cards of ingredient `k` go into made bisque or gray: as if `x` more were wanted
        (the same count a missing bisque's or gray's ingredients get). A yellow is a primary, so it
        counts through the pooled primaries: the primary threes are min(their whole threes, pool // 3)."""
        if not x:
            return 0
        if k != self.y:
            return spare[k] // 3 - (spare[k] - x) // 3
        others = sum(spare[p] // 3 for p in self.primaries if p != k)
        before = min(others + spare[k] // 3, max(0, pool) // 3)
        return before - min(others + (spare[k] - x) // 3, max(0, pool - x) // 3)

    def _completing_costs(self, spare: list[int], completed: int, primary_threes: int, pool: int):
        primary_costs: list[int] = []
        for k in self.primaries:
            if k != self.y:
                primary_costs += [3 - spare[k] % 3] + [3] * (completed - 1)
        yellow = [3 - spare[self.y] % 3] + [3] * (completed - 1)
        variants = []
        # with no spare yellow beyond whole threes, completing yellows takes none from bisque
        for yellows in (True,) if not spare[self.y] % 3 else (False, True):
            reserved = spare[self.y] % 3 if yellows else 0
            left = list(spare)
            left[self.y] -= reserved
            costs: list[int] = []
            for k in (self.bi, self.gr):
                # an ingredient taken from a whole spare three breaks it, so one more three must be
                # completed (a trade at least); one not held is made by a trade of its own
                made = [
                    self._made_cost(spare, left, pool, k, c)
                    for c in range(3 - spare[k] % 3, 3 - spare[k] % 3 + 3 * completed, 3)
                ]
                costs += [made[0]] + [b - a for a, b in zip(made, made[1:])]
            primary = sorted(primary_costs + yellow) if yellows else sorted(primary_costs)
            variants.append((tuple(primary[:primary_threes]), tuple(sorted(costs)), reserved))
        return tuple(variants)

    def is_goal(self, h) -> bool:
        return all(h[k] >= n for k, n in enumerate(self.need_x))

    def size(self, h) -> int:
        return sum(h[: self.n_exact]) + sum(3 * h[j] + h[j + 1] for j in range(self.n_exact, len(h), 2))

    def value(self, h) -> int:
        """The card value the hand holds (the second part of `worth`)."""
        value = sum(x * v for x, v in zip(h, self.values))
        for v, j in zip(self.class_values, range(self.n_exact, len(h), 2)):
            value += (3 * h[j] + h[j + 1]) * v
        return value

    def worth(self, h) -> tuple[int, int]:
        """(usable-palette points kept, card value kept): the tie-break between shortest plans."""
        usable = sum(min(h[k], self.keep_x[k]) * self.values[k] for k in range(self.n_exact))
        value = sum(h[k] * self.values[k] for k in range(self.n_exact))
        for c, j in enumerate(range(self.n_exact, len(h), 2)):
            value += (3 * h[j] + h[j + 1]) * self.class_values[c]
        return usable, value

    def dead(self, h) -> bool:
        """No sequence of trades from this hand can end holding the palette (each test a proven bound)."""
        wants, extra_bisque = self._wants(h)
        # No trade adds to the number of primaries held (a primary costs a primary), and each
        # bisque eats a yellow.
        spare_primaries = sum(h[p] for p in self.primaries) - self.need_primaries - extra_bisque
        if spare_primaries < 0:
            return True
        shrink = 0
        triples = 0
        for k, want in enumerate(wants):
            if want > h[k]:
                shrink += (want - h[k]) * self.cost[k]
                if self.cost[k] == 2:
                    triples += want - h[k]
        # Each card still to be made takes its own trade, shrinking the hand by at least `cost`.
        size = self.size(h)
        if size - shrink < self.need_size:
            return True
        if triples > self.most_threes(h, wants, spare_primaries):
            return True
        # Those made by three of a kind need three alike each. Alike cards the hand lacks must be made
        # too, each by its own trade (a primary, bisque or gray trade shrinks the hand by one; any other
        # colour comes only from three of a kind, which shrinks it by two). Three primaries alike come
        # out of the spare primaries. Three alike of anything can always be made for at most 3 (three
        # bisque or three gray), so only cheaper ways need counting. A junk class's whole threes are
        # ways at no extra cost; its odd cards are of colours only three of a kind makes, never cheaper.
        # A bisque or gray made takes its ingredients, made too past the spare ones (`_made_shrink`).
        if triples:
            ways = []
            for k in range(self.n_exact):
                # A card it wants, given in a three, is one more to make: threes are whole out of the
                # cards it can spare, and completed by cards made (a bisque or gray with its ingredients).
                whole, part = divmod(max(0, h[k] - wants[k]), 3)
                if k in (self.bi, self.gr):
                    cost = self._made_shrink(h, wants, k, 3 - part)
                else:
                    cost = self.cost[k] * (3 - part)
                ways += [(0, self.is_primary[k])] * whole
                # (a colour only three of a kind makes completes no three: its card costs a three itself)
                if part and self.cost[k] == 1 and cost < 3:
                    ways.append((cost, self.is_primary[k]))
            for j in range(self.n_exact, len(h), 2):
                ways += [(0, False)] * h[j]
            shrink += _triples_cost(ways, triples, spare_primaries)
        return size - shrink < self.need_size

    def _made_shrink(self, h, wants, k: int, cards: int) -> int:
        """The least the hand shrinks making `cards` more bisque or gray `k`: a trade each, and for each
        past the spare ingredients, a primary trade for a yellow, three of a kind for a brown, black or
        white (its cards two more than the one it makes)."""
        ingredients = ((self.y, 1), (self.br, 2)) if k == self.bi else ((self.bk, 2), (self.wh, 2))
        return cards + sum(cost * max(0, cards - max(0, h[i] - wants[i])) for i, cost in ingredients)

    def most_threes(self, h, wants, spare_primaries: int) -> int:
        """At least as many three-of-a-kind trades as this hand can still make cards with.

        Three alike come only from cards beyond what is wanted (a wanted card put into a three must be
        made again, by another three when only threes make it, so it gains nothing): whole threes of
        each colour as held; three primaries alike out of the spare primaries (any primary can be
        turned into another); threes of bisque or gray completed by making some, each eating a spare
        yellow and a spare brown, or a spare black and a spare white. Making a brown, black or white
        for that costs a three itself, so gains none. The best split of the spares is tried.
        """
        whole = sum((h[k] - wants[k]) // 3 for k in self.plain_threes if h[k] > wants[k])
        whole += sum(h[self.n_exact :: 2])
        bisque, brown, gray, black, white = (max(0, h[k] - wants[k]) for k in self.made_slots)
        return whole + _best_made_threes(bisque, brown, spare_primaries, gray, black, white)

    def moves(self, h, raw: bool = False):
        """Every (move, next state) the search tries from this state, the next state canonical.

        A move is (given, got slot, rule), `given` a tuple of exact slots or ("junk", class, use). On a
        canonical hand, colours of one symmetric group held alike are interchangeable, so of the moves
        that differ only by which of them they use, one is tried (`_first`): the others lead to images
        of its hand. A colour the move already names (the primary given, the one asked) is set apart.
        """
        n = self.n_exact
        stock = [self.avail_x[k] - h[k] for k in range(n)]
        classes = range(len(self.classes))
        first = self._first
        canon = self._touched
        if raw:  # every move, on any hand (to retrace a plan on the real hand)

            def first(h, k, named):
                return True

            def canon(t, slots):
                return tuple(t)

        for k in range(n):
            if h[k] >= 3 and first(h, k, ()):
                for x in self.three_slots:
                    if x != k and stock[x] > 0 and first(h, x, (k,)):
                        t = list(h)
                        t[k] -= 3
                        t[x] += 1
                        yield ((k, k, k), x, TRADE_BANK_THREE), canon(t, (k, x))
        for c in classes:
            j = n + 2 * c
            if h[j]:
                for x in self.three_slots:
                    if stock[x] > 0 and first(h, x, ()):
                        t = list(h)
                        t[j] -= 1
                        t[x] += 1
                        yield ((("junk", c, JUNK_TRIPLE),), x, TRADE_BANK_THREE), canon(t, (x,))
        for a, b, got, rule in (
            (self.y, self.br, self.bi, TRADE_BANK_BISQUE),
            (self.bk, self.wh, self.gr, TRADE_BANK_GRAY),
        ):
            if h[a] and h[b] and stock[got] > 0:
                t = list(h)
                t[a] -= 1
                t[b] -= 1
                t[got] += 1
                yield ((a, b), got, rule), canon(t, (a, b, got))
        for p in self.primaries:
            if not h[p] or not first(h, p, ()):
                continue
            for q in self.primaries:
                if q == p or stock[q] <= 0 or not first(h, q, (p,)):
                    continue
                for x in range(n):
                    if h[x] - (x == p) <= 0:
                        continue
                    if x == q and not PRIMARY_TRADE_PENALTY_IS_TARGET:
                        continue
                    if not first(h, x, (p, q)):
                        continue
                    t = list(h)
                    t[p] -= 1
                    t[x] -= 1
                    t[q] += 1
                    yield ((p, x), q, TRADE_BANK_PRIMARY), canon(t, (p, q, x))
                for c in classes:
                    j = n + 2 * c
                    if h[j + 1] or h[j]:
                        t = list(h)
                        t[p] -= 1
                        t[q] += 1
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
        """The moves from the real (not canonical) hand `h` through hands alike to each of `path`'s.

        Each searched hand stands for its images under the symmetric groups; the move that led to it
        from its parent has an image leading from the real hand to one of them.
        """
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
                if isinstance(g, tuple):
                    _, c, use = g
                    members = self.classes[c]
                    if use == JUNK_TRIPLE:
                        colour = next(i for i in members if hand[i] >= 3)
                        cards += [colour] * 3
                    else:
                        odd = next((i for i in members if hand[i] % 3), None)
                        colour = next(i for i in members if hand[i] >= 3) if odd is None else odd
                        cards.append(colour)
                else:
                    cards.append(self.exact[g])
            for i in cards:
                hand[i] -= 1
            hand[self.exact[got]] += 1
            give = tuple(colours.as_list(Counter(self.names[i] for i in cards)))
            steps.append(Step(give, self.names[self.exact[got]], rule))
        return tuple(steps), tuple(hand)


def _why_dead(h: tuple[int, ...], need: tuple[int, ...]) -> tuple[str, ...]:
    names, index, primaries, _ = _tables()
    held = sum(h[p] for p in primaries)
    bisque = max(0, need[index["bisque"]] - h[index["bisque"]])  # each bisque still to make eats a yellow
    wanted = sum(need[p] for p in primaries) + bisque
    if held < wanted:
        why = ""
        if bisque:
            why = (
                " (the bisque still to make eats a yellow)"
                if bisque == 1
                else f" ({bisque} bisque to make eat a yellow each)"
            )
        return (
            f"it takes {wanted} primary card{'' if wanted == 1 else 's'}{why} and the hand has {held}; "
            "no bank trade adds a primary without giving one",
        )
    return (
        "the hand is too small: every trade gives two or three cards for one, and too few would be "
        "left to hold the whole palette",
    )


def _counter(v: tuple[int, ...]) -> Counter:
    names = _tables()[0]
    return Counter({names[i]: n for i, n in enumerate(v) if n})
