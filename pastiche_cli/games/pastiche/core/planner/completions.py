"""What completing threes of a kind costs a hand with no trade to spare, each way of completing them
(threes of primaries, of bisque, of gray) on its own: the kept cards it eats, the value it loses.
"""

from __future__ import annotations

import itertools
from collections import Counter

from pastiche_cli.games.pastiche.core.planner import trades
from pastiche_cli.games.pastiche.core.planner.hands import Space

# A way of completing the threes: (usable points eaten, the (colour, kept cards) eaten, threes of
# primaries, of bisque, of gray, bisques made, trades, value lost beyond the threes, whether it breaks a
# whole spare three, primaries made beyond one per three of primaries, grays made).


def completions_eat(s: Space, h, wants, completed: int, primary_threes: int, budget: int, every: bool):
    """(least usable points eaten, least value lost, every way) completing `completed` threes within
    `budget` trades with none to spare (so every whole spare three is used), beyond the eaten threes and
    what `worth_bound` counts for them. Kept by all it reads: the primaries, bisque, gray and ingredients.

    Points: a bisque or gray three completed with `m` made cards takes 3 - m held ones past its whole
    spare threes; those below what the commissions in hand keep are lost. Counted for a colour whose
    whole spare threes stay above that, and, when `every` eaten three is counted already (as with no
    trade to spare: one more completed three would cost a trade more), for one whose whole threes eat
    kept cards too, beyond those (the cards past the whole threes are others); primaries count
    nothing. A further three of a colour is all made and eats nothing. A made bisque's or gray's
    ingredients eat too (`ingredients_eaten`).

    Value: `worth_bound` counts a completed three as three primaries and a penalty at least, or three
    bisque (whose trades lose nothing): a gray three is worth 3 more. Each further primary made for a
    three of primaries, and each yellow a made bisque takes past the spare ones, costs its penalty (1 or
    more); each brown made, three cards of 1 or more for a card of 1 (2 at least; a black or white made
    may lose nothing); each whole spare three an ingredient breaks (`broken_threes`) is given in place
    of a further completed one, worth 13 at least where the broken one is worth 12 at most: 1 more.
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
    """The ways to complete threes of bisque or gray `k` within `budget` trades, none included: (threes,
    cards made, trades, value lost, kept cards eaten, breaks a whole three) each."""
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
    """The least usable points the ingredients of `cards` more bisque or gray `k` eat: those the trades
    cannot make instead (one trade each, `slack` to spare) are held ones, the spare ones above what the
    commissions in hand keep first; when `every` whole spare three is used (see `completions_eat`), a
    colour's whole threes take its cards first, the free ones first, and their kept ones are counted
    elsewhere. Yellows count nothing (their threes are pooled). As the kept cards eaten of each colour."""
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
    """The card value lost beyond the three itself when `cards` more bisque or gray `k` are made out of
    the `left` spare ingredients, taking them out of `broken` whole spare threes (see `completions_eat`)."""
    if k == s.bi:
        return broken + max(0, cards - left[s.y]) + 2 * max(0, cards - left[s.br])
    return broken
