"""The best worth a hand can still end with (`worth_bound`), tight where hands tie by the thousand."""

from __future__ import annotations

from pastiche_cli.games.pastiche.core.planner import completions, kept, trades
from pastiche_cli.games.pastiche.core.planner.hands import Space
from pastiche_cli.games.pastiche.core.planner.trades import MADE_PRIMARY_THREE, Lack


def worth_bound(s: Space, h, left: int) -> tuple[int, int]:
    """(usable points, card value) that no hand this one can end with in exactly `left` trades beats."""
    lack = Lack(s, h, left)
    usable, loss = _with_slack(s, h, lack) if lack.slack else _no_slack(s, h, lack, left)
    return usable, s.value(h) - loss


def _kept_points(s: Space, h, wants, slack: int) -> tuple[int, tuple[list[int], list[int]]]:
    """The usable points the hand can keep, and the values (by trade, by three) `slack` more cards could add."""
    usable = 0
    short: tuple[list[int], list[int]] = ([], [])
    for k, keep in enumerate(s.keep_x):
        if keep:
            # what it holds, less the ingredients of a missing bisque or gray, but what it needs
            top = max(h[k] - (wants[k] - s.need_x[k]), s.need_x[k])
            usable += min(keep, top) * s.values[k]
            if keep > top and slack:
                short[s.cost[k] - 1].extend([s.values[k]] * (keep - top))
    return usable, short


def _with_slack(s: Space, h, lack: Lack) -> tuple[int, int]:
    """(usable points, value lost at least) with `lack.slack` trades to spare."""
    usable, short = _kept_points(s, h, lack.wants, lack.slack)
    usable += kept.best_extra_cards(*short, lack.slack, max(0, len(lack.free) - lack.threes))
    loss = lack.primaries  # a penalty of 1 at least: a trade beyond the bound's may make it
    if lack.threes:
        made = [MADE_PRIMARY_THREE] * min(lack.threes, lack.completed + lack.slack)
        loss += sum(sorted(lack.free + made)[: lack.threes]) - lack.bought
    return usable, loss


def _no_slack(s: Space, h, lack: Lack, left: int) -> tuple[int, int]:
    """(usable points, value lost at least) with no trade to spare: the threes and penalties are held cards."""
    usable = _kept_points(s, h, lack.wants, 0)[0]
    held = [v for v, x in zip(s.values, h) if x] + [v for v, threes, odd in s.junk(h) if threes or odd]
    penalty = min(held, default=1)  # a card held now: no trade beyond the bound's makes one
    split = _primary_splits(s, h, lack) if lack.completed else [0]
    eaten = kept.Eaten(s, h, lack)
    loss, may_eat = penalty * lack.primaries + eaten.loss, eaten.may_eat
    given = 3 * (lack.threes - lack.completed) + 2 * lack.primaries + 4 * min(split, default=0)
    given = max(given, least_given(s, h, lack.wants, left, lack.threes))
    lines = kept.Lines(s, h, lack.wants)
    lost = kept.kept_cards_given(s, lines, given)
    if lack.threes and not lack.completed:
        lost = max(lost, kept.eaten_then_penalties(s, lines, eaten, lack.threes, lack.primaries))
        lost = max(lost, kept.eaten_then_given(s, lines, given, eaten, ((0, ()),)))
    extra = eats = 0
    ways: tuple = ()
    if lack.completed:
        every = eaten.least == len(eaten.threes)  # every eaten three's points are off `usable` already
        eats, extra, ways = completions.completions_eat(
            s, h, lack.wants, lack.completed, lack.primary_threes, lack.budget, every
        )
        lost = max(lost, eaten.points + eats, kept.eaten_then_given(s, lines, given, eaten, ways))
    if lost > eaten.points:
        # Penalties (or threes) must take kept cards beyond the cheapest eaten threes: fewer usable
        # points, and a hand keeping them may give kept cards of any colour, eat any three, as long as
        # the kept cards it gives cost it no more than those points, less those the completed threes eat
        # (cards of their own, not among its threes and penalties).
        usable -= lost
        may_eat = kept.kept_within(lines.below, s.values, lost - eats)
        loss = penalty * lack.primaries + eaten.anything - lack.bought
    else:
        usable -= eaten.points
    given_loss = cards_given_loss(s, h, lack, lines, split, may_eat)
    if ways:
        return usable, max(loss + extra, completed_given_loss(s, h, lack, lines, ways, may_eat, given_loss))
    return usable, max(loss, given_loss) + extra


def _primary_splits(s: Space, h, lack: Lack) -> list[int]:
    """With no slack, how many of the completed threes may be of primaries (the rest bisque or gray)."""
    completed, budget = lack.completed, lack.budget
    return sorted(
        {
            p
            for by_primary, by_other, _ in trades.completing_costs(s, h, lack.wants, completed, lack.primary_threes)
            for p in range(min(completed, len(by_primary)) + 1)
            if completed - p <= len(by_other) and sum(by_primary[:p]) + sum(by_other[: completed - p]) <= budget
        }
    )


def least_given(s: Space, h, wants, left: int, threes: int) -> int:
    """The fewest cards beyond what it wants a hand gives in `left` trades with no trade to spare."""
    lacks = sum(max(0, need - x) for need, x in zip(s.need_x, h))
    ingredients = sum(min(h[k], wants[k] - s.need_x[k]) for k in (s.y, s.br, s.bk, s.wh))
    return left + threes + lacks - ingredients


def cards_given_loss(s: Space, h, lack: Lack, lines: kept.Lines, split: list[int], may_eat: list[dict]) -> int:
    """The least value a hand loses when every trade left makes a needed card or completes a three."""
    if not lack.threes and not lack.primaries:
        return 0
    made = 3 * s.values[s.bi]  # the least a three of bisque or gray is worth
    every, had = [], []
    for eat in may_eat:
        spare = [min(b, a + eat.get(k, 0)) for k, (b, a) in enumerate(zip(lack.beyond, lines.above))]
        for p in split:
            cost, whole = cheapest_given(s, h, spare, lack.threes - lack.completed + p, lack.primaries, p)
            every.append(cost + made * (lack.completed - p))
            if whole:
                had.append(every[-1])
    # a way whose threes and penalties cannot all be had is no way (unless none can: the hand is dead)
    return min(had or every) - lack.bought


def completed_given_loss(s: Space, h, lack: Lack, lines: kept.Lines, ways, may_eat, given: int) -> int:
    """`cards_given_loss` made tighter by costing each of the `ways` of completing threes on its own."""
    least = None
    for way in ways:
        cost = given + way[7]
        if not way[8]:  # its ingredients break no whole spare three
            paid = _paid_from_held(s, h, lack, lines, way, may_eat)
            if paid is None:
                continue  # no way
            cost = max(cost, paid)
        least = cost if least is None else min(least, cost)
    return given + min(way[7] for way in ways) if least is None else least


def _paid_from_held(s: Space, h, lack: Lack, lines: kept.Lines, way: tuple, may_eat) -> int | None:
    """The least value `way` loses paid out of the cards held, or None if it cannot be."""
    _, _, primary_threes, bisque_threes, gray_threes, bisques, spent, _, _, more_primaries, grays = way
    held_browns = min(bisques, lack.beyond[s.br])
    # the bisque and gray held in the completed threes are theirs
    left_over = list(lack.beyond)
    left_over[s.bi] = max(0, left_over[s.bi] - (3 * bisque_threes - bisques))
    left_over[s.gr] = max(0, left_over[s.gr] - (3 * gray_threes - grays))
    threes = lack.threes - bisque_threes - gray_threes
    best = None
    for eat in may_eat:
        spare = [min(b, a + eat.get(k, 0)) for k, (b, a) in enumerate(zip(left_over, lines.above))]
        penalties = more_primaries + max(0, bisques - spare[s.y])
        for browns in range(max(0, held_browns - (lack.budget - spent)), min(held_browns, spare[s.br]) + 1):
            spare_left = list(spare)
            spare_left[s.br] -= browns
            paid, had = cheapest_given(s, h, spare_left, threes, lack.primaries, primary_threes, bisques, penalties)
            if had:
                paid += 15 * bisque_threes + 18 * gray_threes + 2 * (bisques - browns) - lack.bought
                best = paid if best is None else min(best, paid)
    return best


def cheapest_given(
    s: Space, h, spare: list[int], threes: int, primaries: int, completed: int = 0, pooled: int = 0, penalties: int = 0
) -> tuple[int, bool]:
    """The cheapest `threes` threes and penalties out of the `spare` cards, and whether all could be had."""
    # (value, cards, whole threes) of each colour, the primaries as one (one is turned into another)
    held = [(s.values[k], n, n // 3) for k, n in enumerate(spare) if n and not s.is_primary[k]]
    cards = max(0, sum(spare[p] for p in s.primaries) - primaries - pooled)
    whole = min(sum(spare[p] // 3 for p in s.primaries) + completed, cards // 3)
    held.append((s.values[s.primaries[0]], cards, whole))
    held += [(value, 3 * threes + odd, threes) for value, threes, odd in s.junk(h) if threes or odd]
    return cheapest_threes_and_singles(held, threes, primaries + completed + penalties)


def cheapest_threes_and_singles(held: list[tuple[int, int, int]], threes: int, singles: int) -> tuple[int, bool]:
    """The least value of `threes` threes and `singles` cards out of `held`, and whether all could be had."""
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
