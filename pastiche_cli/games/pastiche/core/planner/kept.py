"""The usable points a hand's trades cost it: the kept cards (below what commissions keep) they give."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Mapping

from pastiche_cli.games.pastiche.core.planner.hands import Space
from pastiche_cli.games.pastiche.core.planner.trades import MADE_PRIMARY_THREE, Lack


class Lines:
    """A hand's cards beyond what it wants, against what the commissions in hand keep."""

    def __init__(self, s: Space, h, wants):
        self.above: list[int] = []  # of each colour, those above what is kept
        self.below: dict[int, int] = {}  # of each colour, the kept ones
        for k, line in enumerate(s.kept_beyond_need):
            spare = h[k] - wants[k]
            kept = min(line, spare) if spare > 0 else 0
            self.below[k] = kept
            self.above.append(spare - kept if spare > 0 else 0)
        self.free = sum(self.above) + s.junk_cards(h)  # those that cost no usable points, junk included


class Eaten:
    """The threes a hand with no trade to spare must take from its kept cards, `least` of them at least."""

    def __init__(self, s: Space, h, lack: Lack):
        self.threes: list[tuple[int, int]] = []  # (usable points, value) of each three that would eat
        self.of: list[tuple[int, int]] = []  # and its colour and kept cards
        self.points = self.loss = self.anything = self.least = 0  # points and value they cost, at least
        self.may_eat: list[dict[int, int]] = [{}]  # the kept cards it may give, one per cheapest set
        if not lack.threes:
            return
        clear = [3 * value for value, threes, _ in s.junk(h) for _ in range(threes)]
        left_primary = max(0, s.primary_pool(h, lack.wants)) // 3
        for k, d in enumerate(lack.gaps):
            line = s.kept_beyond_need[k]
            above = max(0, -d - line)
            whole = above // 3
            if s.is_primary[k]:
                whole = min(whole, left_primary)
                left_primary -= whole
            clear += [3 * s.values[k]] * whole
            for t in range(above // 3 + 1, -d // 3 + 1):
                below = min(line, 3 * t - above) - min(line, max(0, 3 * (t - 1) - above))
                self.threes.append((below * s.values[k], 3 * s.values[k]))
                self.of.append((k, below))
        made = [MADE_PRIMARY_THREE] * lack.completed
        self.least = least = max(0, lack.threes - len(clear) - len(made))
        if least:
            cheapest = sorted(p for p, _ in self.threes)
            self.points = sum(cheapest[:least])
            self.loss = least_value_of_cheapest(self.threes, least)
            self.may_eat = cheapest_sets(self.threes, self.of, least, cheapest[least - 1])
        self.loss += sum(sorted(clear + made)[: lack.threes - least]) - lack.bought
        # the value the threes take when any three may be eaten
        self.anything = sum(sorted(clear + made + [value for _, value in self.threes])[: lack.threes])


def cheapest_kept(s: Space, take: int, below: dict[int, int], gone: Mapping[int, int] | None = None) -> int:
    """The usable points of the `take` cheapest kept cards (`below` per colour), those `gone` left out."""
    lost = 0
    for k in s.by_value:
        if take <= 0:
            break
        more = min(take, max(0, below[k] - (gone.get(k, 0) if gone else 0)))
        lost += s.values[k] * more
        take -= more
    return lost


def kept_cards_given(s: Space, lines: Lines, given: int) -> int:
    """The least usable points lost when `given` spare held cards go in trades, the free ones first."""
    return cheapest_kept(s, given - lines.free, lines.below)


def eaten_then_given(s: Space, lines: Lines, given: int, eaten: Eaten, ways) -> int:
    """`kept_cards_given` with the eaten threes and the `ways`' eaten cards given for sure (past 10 threes: 0)."""
    if len(eaten.threes) > 10:
        return 0
    least = None
    for size in range(eaten.least, len(eaten.threes) + 1):
        for chosen in itertools.combinations(range(len(eaten.threes)), size):
            forced: Counter = Counter()
            for i in chosen:
                k, kept = eaten.of[i]
                forced[k] += kept
            eaten_points = sum(eaten.threes[i][0] for i in chosen)
            for points, gone_by_way, *_ in ways:
                gone = forced + Counter(dict(gone_by_way))
                points += eaten_points + cheapest_kept(s, given - lines.free - sum(gone.values()), lines.below, gone)
                least = points if least is None else min(least, points)
    return least or 0


def eaten_then_penalties(s: Space, lines: Lines, eaten: Eaten, threes: int, primaries: int) -> int:
    """The least usable points lost with no slack and no completed three, each three and penalty its own cards."""
    cheapest = min((s.values[k] for k, b in lines.below.items() if b), default=0)
    points = sorted(p for p, _ in eaten.threes)
    kept = sorted((b for _, b in eaten.of), reverse=True)
    return min(
        (
            sum(points[:e]) + cheapest * max(0, 2 * primaries - (lines.free - 3 * threes + sum(kept[:e])))
            for e in range(eaten.least, min(threes, len(points)) + 1)
        ),
        default=0,
    )


def kept_within(below: dict[int, int], values: tuple[int, ...], budget: int) -> list[dict[int, int]]:
    """The most kept cards per colour a hand may give within `budget` points, one per maximal set (past 20: all)."""
    kinds = [(k, n) for k, n in below.items() if n]
    sets: list[dict[int, int]] = []

    def add(i: int, left: int, chosen: dict[int, int]) -> bool:
        if len(sets) > 20:
            return False
        if i == len(kinds):
            if all(chosen.get(k, 0) == n or values[k] > left for k, n in kinds):
                sets.append(dict(chosen))
            return True
        k, n = kinds[i]
        for x in range(min(n, left // values[k]), -1, -1):
            chosen[k] = x
            if not add(i + 1, left - x * values[k], chosen):
                return False
        del chosen[k]
        return True

    if not add(0, budget, {}):
        return [dict(below)]
    return sets


def cheapest_sets(eaten: list[tuple[int, int]], of: list[tuple[int, int]], m: int, dearest: int) -> list[dict]:
    """The kept cards per colour each cheapest set of `m` eaten threes gives (past 20 sets: all of them)."""
    forced: Counter = Counter()
    ties = []
    for (points, _), (k, below) in zip(eaten, of):
        if points < dearest:
            forced[k] += below
        elif points == dearest:
            ties.append((k, below))
    choose = m - sum(1 for points, _ in eaten if points < dearest)
    if math.comb(len(ties), choose) > 20:
        chosen_sets: list = [ties]
    else:
        chosen_sets = list(itertools.combinations(ties, choose))
    sets = []
    for chosen in chosen_sets:
        eat = dict(forced)
        for k, below in chosen:
            eat[k] = eat.get(k, 0) + below
        sets.append(eat)
    return sets


def least_value_of_cheapest(items: list[tuple[int, int]], m: int) -> int:
    """The least total value of `m` of the (cost, value) `items` whose costs add up to the least possible."""
    line = sorted(cost for cost, _ in items)[m - 1]
    below = [value for cost, value in items if cost < line]
    at = sorted(value for cost, value in items if cost == line)
    return sum(below) + sum(at[: m - len(below)])


def best_extra_cards(by_trade: list[int], by_three: list[int], slack: int, spare_threes: int) -> int:
    """The most usable points `slack` more cards can add (one only three of a kind makes takes a three too)."""
    by_trade = sorted(by_trade, reverse=True)
    by_three = sorted(by_three, reverse=True)
    best = 0
    for x in range(len(by_three) + 1):
        trades = x + max(0, x - spare_threes)
        if trades > slack:
            break
        best = max(best, sum(by_three[:x]) + sum(by_trade[: slack - trades]))
    return best
