"""The trades a hand still needs at least (`bound`), and the hands that can never hold the palette (`dead`)."""

from __future__ import annotations

from functools import cache

from pastiche_cli.games.pastiche.core.planner.hands import Space

# `_completing`'s answers, by the spare cards of the colours they read (the same in every search)
_COMPLETING: dict[tuple, tuple] = {}
MADE_PRIMARY_THREE = 3 * 4 + 1  # the least a three completed by a made card is worth: three primaries and a penalty


class Lack:
    """What a hand still lacks, and the trades it has to spare of `left` (as the worth bound reads it)."""

    def __init__(self, s: Space, h, left: int):
        self.wants = wants = s.wants(h)[0]
        self.gaps = gaps = [w - x for w, x in zip(wants, h)]  # wanted less held, per exact colour
        self.beyond = [max(0, -d) for d in gaps]  # held beyond what is wanted
        self.units = sum(d for d in gaps if d > 0)  # cards still to be had
        self.threes = sum(d for d, c in zip(gaps, s.cost) if d > 0 and c == 2)  # of them, made by three of a kind
        # the value of each whole three held beyond what is wanted, and the threes of primaries still to make
        self.free, self.primary_threes = spare_threes(s, h, wants)
        self.completed = max(0, self.threes - len(self.free))  # threes to complete
        self.budget = left - self.units  # the trades left beyond one per card still to be had
        self.slack = max(0, self.budget - completing_trades(s, h, wants, self.completed, self.primary_threes))
        self.primaries = sum(max(0, gaps[p]) for p in s.primaries)  # each made by a primary trade, with a penalty
        # the value of the cards still to be had that only three of a kind makes
        self.bought = sum(d * v for d, v, c in zip(gaps, s.values, s.cost) if d > 0 and c == 2)


def bound(s: Space, h, within: int | None = None) -> int:
    """Trades still to make, at least (past `within` the hand is cut): one per card, plus completing threes."""
    wants, _ = s.wants(h)
    units = threes = 0
    for w, x, c in zip(wants, h, s.cost):
        if w > x:
            units += w - x
            if c == 2:
                threes += w - x
    if threes and (within is None or units <= within):
        free, primary_threes = spare_threes(s, h, wants)
        units += completing_trades(s, h, wants, max(0, threes - len(free)), primary_threes)
    return units


def spare_threes(s: Space, h, wants) -> tuple[list[int], int]:
    """The value of each spare three of a kind held, and how many more threes of primaries can still be made."""
    primary_threes = max(0, s.primary_pool(h, wants)) // 3
    free = []
    for k in range(s.n_exact):
        whole = (h[k] - wants[k]) // 3
        if whole > 0:
            if s.is_primary[k]:
                whole = min(whole, primary_threes)
                primary_threes -= whole
            free += [3 * s.values[k]] * whole
    for value, threes, _ in s.junk(h):
        free += [3 * value] * threes
    return free, primary_threes


def completing_trades(s: Space, h, wants, completed: int, primary_threes: int) -> int:
    """The fewest trades that make the cards completing `completed` threes of a kind (primaries, bisque, gray)."""
    if not completed:
        return 0
    return _completing(s, h, wants, completed, primary_threes)[1]


def completing_costs(s: Space, h, wants, completed: int, primary_threes: int):
    """Per variant: (primaries' costs, bisque's and gray's costs, yellows reserved) of each further three."""
    return _completing(s, h, wants, completed, primary_threes)[0]


def _completing(s: Space, h, wants, completed: int, primary_threes: int):
    """`completing_costs` and `completing_trades`, cached by the spare cards they read."""
    spares = tuple(x - w if x > w else 0 for x, w in zip(s.completing_of(h), s.completing_of(wants)))
    pool = s.primary_pool(h, wants)
    key = (spares, completed, primary_threes, pool)
    costs = _COMPLETING.get(key)
    if costs is None:
        if len(_COMPLETING) > 100_000:
            _COMPLETING.clear()
        spare = [0] * s.n_exact
        for k, x in zip(s.completing_slots, spares):
            spare[k] = x
        variants = _completing_costs(s, spare, completed, primary_threes, pool)
        trades = min(sum(sorted(by_other + by_primary)[:completed]) for by_primary, by_other, _ in variants)
        costs = _COMPLETING[key] = (variants, trades)
    return costs


def _completing_costs(s: Space, spare: list[int], completed: int, primary_threes: int, pool: int):
    primary_costs: list[int] = []
    for k in s.primaries:
        if k != s.y:
            primary_costs += [3 - spare[k] % 3] + [3] * (completed - 1)
    yellow = [3 - spare[s.y] % 3] + [3] * (completed - 1)
    variants = []
    # with no spare yellow beyond whole threes, completing yellows takes none from bisque
    for yellows in (True,) if not spare[s.y] % 3 else (False, True):
        reserved = spare[s.y] % 3 if yellows else 0
        left = list(spare)
        left[s.y] -= reserved
        costs: list[int] = []
        for k in (s.bi, s.gr):
            # an ingredient taken from a whole spare three breaks it, so one more three must be
            # completed (a trade at least); one not held is made by a trade of its own
            cards = range(3 - spare[k] % 3, 3 - spare[k] % 3 + 3 * completed, 3)
            made = [made_cost(s, left, k, c, ingredients_broken(s, spare, left, pool, k, c)) for c in cards]
            costs += [made[0]] + [b - a for a, b in zip(made, made[1:])]
        primary = sorted(primary_costs + yellow) if yellows else sorted(primary_costs)
        variants.append((tuple(primary[:primary_threes]), tuple(sorted(costs)), reserved))
    return tuple(variants)


def broken_threes(s: Space, spare: list[int], pool: int, k: int, x: int) -> int:
    """How many whole spare threes fewer once `x` spare cards of ingredient `k` are made into bisque or gray."""
    if not x:
        return 0
    if k != s.y:
        return spare[k] // 3 - (spare[k] - x) // 3
    others = sum(spare[p] // 3 for p in s.primaries if p != k)
    before = min(others + spare[k] // 3, max(0, pool) // 3)
    return before - min(others + (spare[k] - x) // 3, max(0, pool - x) // 3)


def ingredients_broken(s: Space, spare: list[int], left: list[int], pool: int, k: int, cards: int) -> int:
    """The whole spare threes the ingredients of `cards` more bisque or gray `k` break."""
    return sum(broken_threes(s, spare, pool, i, min(cards, left[i])) for i in s.ingredients[k])


def made_cost(s: Space, left: list[int], k: int, cards: int, broken: int) -> int:
    """The fewest trades that make `cards` more of bisque or gray `k`, their ingredients and broken threes included."""
    return cards + broken + sum(max(0, cards - left[i]) * (1 if i == s.y else 2) for i in s.ingredients[k])


def dead(s: Space, h) -> bool:
    """No sequence of trades from this hand can end holding the palette (each test a proven bound)."""
    wants, extra_bisque = s.wants(h)
    # No trade adds to the number of primaries held (a primary costs a primary), and each bisque eats a yellow.
    spare_primaries = sum(h[p] for p in s.primaries) - s.need_primaries - extra_bisque
    if spare_primaries < 0:
        return True
    shrink = triples = 0
    for k, want in enumerate(wants):
        if want > h[k]:
            shrink += (want - h[k]) * s.cost[k]
            if s.cost[k] == 2:
                triples += want - h[k]
    # Each card still to be made takes its own trade, shrinking the hand by at least `cost`.
    size = s.size(h)
    if size - shrink < s.need_size:
        return True
    if triples > most_threes(s, h, wants, spare_primaries):
        return True
    if triples:
        shrink += _triples_cost(_three_ways(s, h, wants), triples, spare_primaries)
    return size - shrink < s.need_size


def _three_ways(s: Space, h, wants) -> list[tuple[int, bool]]:
    """The ways to a three of a kind, as (what it shrinks the hand beyond the trades, of primaries?)."""
    ways = []
    for k in range(s.n_exact):
        whole, part = divmod(max(0, h[k] - wants[k]), 3)
        if k in s.ingredients:
            cost = _made_shrink(s, h, wants, k, 3 - part)
        else:
            cost = s.cost[k] * (3 - part)
        ways += [(0, s.is_primary[k])] * whole
        if part and s.cost[k] == 1 and cost < 3:
            ways.append((cost, s.is_primary[k]))
    for _, threes, _ in s.junk(h):
        ways += [(0, False)] * threes
    return ways


def _triples_cost(ways: list[tuple[int, bool]], triples: int, spare_primaries: int) -> int:
    """The least the hand must shrink, beyond the trades, to gather `triples` threes alike."""
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


def _made_shrink(s: Space, h, wants, k: int, cards: int) -> int:
    """The least the hand shrinks making `cards` more bisque or gray `k`."""
    return cards + sum((1 if i == s.y else 2) * max(0, cards - max(0, h[i] - wants[i])) for i in s.ingredients[k])


def most_threes(s: Space, h, wants, spare_primaries: int) -> int:
    """At least as many three-of-a-kind trades as this hand can still make cards with."""
    whole = sum((h[k] - wants[k]) // 3 for k in s.plain_threes if h[k] > wants[k])
    whole += sum(h[s.n_exact :: 2])
    bisque, brown, gray, black, white = (max(0, h[k] - wants[k]) for k in s.made_slots)
    return whole + _best_made_threes(bisque, brown, spare_primaries, gray, black, white)


@cache
def _best_made_threes(bisque: int, brown: int, primaries: int, gray: int, black: int, white: int) -> int:
    """The most threes of bisque and of gray (see `most_threes`), the best split of the spares."""
    best_bisque = max(
        (bisque + b) // 3 + (primaries - b) // 3 + (brown - b) // 3 for b in range(min(primaries, brown) + 1)
    )
    best_gray = max((gray + g) // 3 + (black - g) // 3 + (white - g) // 3 for g in range(min(black, white) + 1))
    return best_bisque + best_gray
