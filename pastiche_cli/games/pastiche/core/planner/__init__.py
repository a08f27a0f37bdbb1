"""The shortest sequence of bank trades that makes a commission completable (SPEC 4.2, 4.3).

Exact: the fewest trades, then the most usable-palette points kept, then card value; ties to the first found."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import NamedTuple

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.planner.hands import Space, Step, tables, vector
from pastiche_cli.games.pastiche.core.planner.search import best_of_shortest, fewest_trades
from pastiche_cli.games.pastiche.core.planner.trades import dead

__all__ = ["Plan", "Step", "plan"]


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


def plan(
    hand: Mapping[str, int],
    bank: Mapping[str, int],
    palette: Mapping[str, int],
    *,
    keep_for: Mapping[str, int] | None = None,
    max_hands: int = 2_000_000,
) -> Plan:
    """The shortest bank-trade plan after which `hand` holds `palette`, losing the fewest points `keep_for` needs."""
    names = tables()[0]
    start = vector(hand)
    need = vector(palette)
    available = tuple(start[i] + max(0, bank.get(names[i], 0)) for i in range(len(names)))
    before = tuple(colours.as_list(hand))
    missing_now = tuple(colours.as_list(Counter(palette) - Counter(hand)))

    def out_of_reach(blockers: tuple[str, ...], explored: int = 0) -> Plan:
        return Plan(False, (), before, before, missing_now, blockers, explored)

    blockers = _stock_blockers(start, need, available)
    if blockers:
        return out_of_reach(blockers)
    if not Counter(palette) - Counter(hand):
        return Plan(True, (), before, before, missing_now)
    # The fewest trades on coarse hands (the tie-break's colours are junk too), then the best plan of that length.
    coarse = Space(need, {}, available, by_value=False)
    first = coarse.canonical(coarse.abstract(start))
    if dead(coarse, first):
        return out_of_reach(_why_dead(start, need), 1)
    shortest, explored = fewest_trades(coarse, first, max_hands)
    if shortest is None:
        return out_of_reach(
            (
                "no sequence of bank trades turns this hand into the missing cards "
                "(every trade costs two or three cards for one)",
            ),
            explored,
        )
    space = Space(need, Counter(keep_for or {}), available)
    best, parent, more = best_of_shortest(space, space.canonical(space.abstract(start)), shortest, max_hands)
    path = [best]
    while parent[path[-1]] is not None:
        path.append(parent[path[-1]][0])
    steps, after = space.concrete(start, space.replay(space.abstract(start), reversed(path[:-1])))
    after_cards = Counter({names[i]: n for i, n in enumerate(after) if n})
    return Plan(True, steps, before, tuple(colours.as_list(after_cards)), missing_now, explored=explored + more)


def _stock_blockers(start, need, available) -> tuple[str, ...]:
    names = tables()[0]
    return tuple(
        f"only {available[i]} {names[i]} can be had (the bank's {available[i] - start[i]} "
        f"and the hand's {start[i]}), and it needs {need[i]}"
        for i in range(len(names))
        if need[i] > available[i]
    )


def _why_dead(h: tuple[int, ...], need: tuple[int, ...]) -> tuple[str, ...]:
    names, index, primaries, _ = tables()
    held = sum(h[p] for p in primaries)
    bisque = max(0, need[index["bisque"]] - h[index["bisque"]])  # each bisque still to make eats a yellow
    wanted = sum(need[p] for p in primaries) + bisque
    if held < wanted:
        why = f" ({bisque} bisque to make eat a yellow each)" if bisque > 1 else ""
        why = " (the bisque still to make eats a yellow)" if bisque == 1 else why
        return (
            f"it takes {wanted} primary card{'' if wanted == 1 else 's'}{why} and the hand has {held}; "
            "no bank trade adds a primary without giving one",
        )
    return (
        "the hand is too small: every trade gives two or three cards for one, and too few would be "
        "left to hold the whole palette",
    )
