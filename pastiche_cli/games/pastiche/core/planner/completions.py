"""What completing threes of a kind costs a hand with no trade to spare: kept cards eaten, value lost."""

from __future__ import annotations

import itertools
from collections import Counter

from pastiche_cli.games.pastiche.core.planner import trades
from pastiche_cli.games.pastiche.core.planner.hands import Space

# A way of completing the threes: (usable points eaten, the (colour, kept cards) eaten, threes of
# primaries, of bisque, of gray, bisques made, trades, value lost beyond the threes, whether it breaks a
# whole spare three, primaries made beyond one per three of primaries, grays made).


def completions_eat(s: Space, h, wants, completed: int, primary_threes: int, budget: int, every: bool):
    """(least usable points eaten, least value lost, every way) completing `completed` threes within `budget`.

    With no trade to spare every whole spare three is used; primaries eat nothing, a further three is all
    made, and each broken whole spare three costs 1 more (13 at least given in place of 12 at most).
    """
    key = (s.completing_of(h), s.completing_of(wants), completed, primary_threes, budget, every)
    found = s.eats_cache.get(key)
    if found is None:
        ways = _ways(s, h, wants, completed, primary_threes, budget, every)
        least = min((way[0] for way in ways), default=0)
        found = s.eats_cache[key] = (least, min((way[7] for way in ways), default=0), ways)
    return found


def _ways(s: Space, h, wants, completed: int, primary_threes: int, budget: int, every: bool) -> tuple[tuple, ...]:
    spares = [max(0, x - w) for x, w in zip(h, wants)]
    pool = s.primary_pool(h, wants)
    ways = set()
    for by_primary, _, reserved in trades.completing_costs(s, h, wants, completed, primary_threes):
        # the yellows a completed three of yellows takes are no bisque's (as in `completing_costs`)
        left = list(spares)
        left[s.y] -= reserved
        options = [_made_ways(s, h, wants, spares, left, pool, k, completed, budget, every) for k in (s.bi, s.gr)]
        for n_p in range(min(completed, len(by_primary)) + 1):
            made = sum(by_primary[:n_p])
            for bisque, gray in itertools.product(*options):
                n_b, c_b, t_b, v_b, x_b, k_b = bisque
                n_g, c_g, t_g, v_g, x_g, k_g = gray
                used = made + t_b + t_g
                if n_p + n_b + n_g != completed or used > budget:
                    continue
                eaten = Counter({s.bi: x_b, s.gr: x_g})
                for k, cards in ((s.bi, c_b), (s.gr, c_g)):
                    eaten.update(ingredients_eaten(s, h, wants, left, k, cards, budget - used, every))
                eats = sum(s.values[k] * x for k, x in eaten.items())
                lost = made - n_p + v_b + v_g
                kept = tuple(sorted((+eaten).items()))
                ways.add((eats, kept, n_p, n_b, n_g, c_b, used, lost, k_b or k_g, made - n_p, c_g))
    return tuple(sorted(ways))


def _made_ways(s: Space, h, wants, spares, left, pool: int, k: int, completed: int, budget: int, every: bool):
    """Ways to complete threes of bisque or gray `k` in `budget`: (threes, made, trades, lost, eaten, breaks)."""
    spare = spares[k]
    top = max(h[k] - (wants[k] - s.need_x[k]), s.need_x[k])
    floor = wants[k] - s.need_x[k] + max(s.need_x[k], min(s.keep_x[k], top))
    above, below = max(0, h[k] - floor), max(0, min(h[k], floor) - wants[k])
    whole = 3 * (spare // 3)
    counted = below and (whole <= above or every)
    eaten_whole = min(below, max(0, whole - above))  # by the whole threes, counted elsewhere
    ways = [(0, 0, 0, 0, 0, False)]
    for m in range(3 - spare % 3, 4):
        for n in range(1, completed + 1):
            cards = m + 3 * (n - 1)
            broken = trades.ingredients_broken(s, spares, left, pool, k, cards)
            made = trades.made_cost(s, left, k, cards, broken)
            eats = (min(below, max(0, whole + 3 - m - above)) - eaten_whole) if counted else 0
            value = made_value(s, left, k, cards, broken) + (3 * n if k == s.gr else 0)
            if made <= budget:
                ways.append((n, cards, made, value, eats, broken > 0))
    return ways


def ingredients_eaten(s: Space, h, wants, left: list[int], k: int, cards: int, slack: int, every: bool) -> dict:
    """The kept cards of each colour the ingredients of `cards` more bisque or gray `k` eat (`slack` to spare)."""
    eats: dict[int, int] = {}
    if not cards:
        return eats
    for i in (s.br,) if k == s.bi else (s.bk, s.wh):
        forced = max(0, min(cards, left[i]) - slack)
        spare = max(0, h[i] - wants[i])
        kept = min(s.kept_beyond_need[i], spare)
        free = spare - kept
        if every:
            whole = 3 * (spare // 3)
            kept -= max(0, whole - free)
            free = max(0, free - whole)
        eats[i] = min(kept, max(0, forced - free))
    return eats


def made_value(s: Space, left: list[int], k: int, cards: int, broken: int) -> int:
    """The value lost beyond the three when `cards` more bisque or gray `k` are made from `left` spares."""
    if k == s.bi:
        return broken + max(0, cards - left[s.y]) + 2 * max(0, cards - left[s.br])
    return broken
