"""The two searches of a plan: the fewest trades, then the best plan of that length; every trade shrinks the hand."""

from __future__ import annotations

import heapq

from pastiche_cli.games.pastiche.core.planner import trades, worth
from pastiche_cli.games.pastiche.core.planner.hands import Space


def _count(explored: int, max_hands: int) -> int:
    if explored >= max_hands:
        raise RuntimeError("the search grew beyond its limit")
    return explored + 1


def fewest_trades(s: Space, first: tuple, max_hands: int) -> tuple[int | None, int]:
    """A* on the number of trades: (the fewest reaching the palette, or None; states expanded)."""
    best_g = {first: 0}
    tick = 0
    heap = [(trades.bound(s, first), 0, tick, first)]
    explored = 0
    while heap:
        _, minus_g, _, h = heapq.heappop(heap)
        g = -minus_g
        if best_g.get(h) != g:
            continue  # met again later by a longer way
        explored = _count(explored, max_hands)
        if s.is_goal(h):
            return g, explored
        for _, t in s.moves(h):
            if best_g.get(t, g + 2) <= g + 1:
                continue
            best_g[t] = g + 1  # recorded even when cut, so that other ways to it are not weighed again
            if not trades.dead(s, t):  # else it cannot end holding the palette
                tick += 1
                heapq.heappush(heap, (g + 1 + trades.bound(s, t), -(g + 1), tick, t))
    return None, explored


def best_of_shortest(s: Space, first: tuple, shortest: int, max_hands: int):
    """The goal of best worth `shortest` trades away: (goal, parent links, states expanded).

    Best-first branch and bound: `worth_bound` never underestimates, so the first goal off the queue is a best one."""
    best_g = {first: 0}
    parent: dict[tuple, tuple | None] = {first: None}
    u, v = worth.worth_bound(s, first, shortest)
    promised: dict[tuple, tuple[int, int] | None] = {first: (u, v)}
    expanded = set()
    tick = 0
    heap = [(-u, -v, 0, tick, first)]
    explored = 0
    while heap:
        mu, mv, minus_g, _, h = heapq.heappop(heap)
        g = -minus_g
        if best_g.get(h) != g or promised.get(h) != (-mu, -mv) or h in expanded:
            continue  # met again since it was queued, by a shorter way or a parent promising less
        explored = _count(explored, max_hands)
        if g == shortest:
            return h, parent, explored  # a goal: only goals are queued this far
        expanded.add(h)
        for move, t in s.moves(h):
            seen = best_g.get(t, g + 2)
            if seen < g + 1:
                continue
            if seen == g + 1:
                known = promised.get(t)
                if known is not None and t not in expanded and (-mu, -mv) < known:
                    promised[t] = (-mu, -mv)
                    tick += 1
                    heapq.heappush(heap, (mu, mv, -(g + 1), tick, t))
                continue
            best_g[t] = g + 1
            promised[t] = None  # cut, unless it passes what follows
            expanded.discard(t)
            if g + 1 == shortest:
                if not s.is_goal(t):
                    continue
                u, v = s.worth(t)
            elif g + 1 + trades.bound(s, t, shortest - g - 1) > shortest or trades.dead(s, t):
                continue
            else:
                u, v = min(worth.worth_bound(s, t, shortest - g - 1), (-mu, -mv))
            promised[t] = (u, v)
            parent[t] = (h, move)
            tick += 1
            heapq.heappush(heap, (-u, -v, -(g + 1), tick, t))
    return None, parent, explored
