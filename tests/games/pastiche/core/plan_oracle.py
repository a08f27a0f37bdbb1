"""An oracle for the planner, written apart from it: the four bank trades of SPEC 4.2 and the stock rule,
every one tried on every hand met, breadth first, stopping at the first depth where a hand holds the
palette; among those hands the best by (usable-palette points, card value), as the planner promises.

test_plan.py compares the planner with it on hands of 7 to 10 cards, test_plan_large.py on hands of
24 and 29 (where only short plans are in its reach).
"""

from collections import Counter

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.commission_needs import usable_points
from pastiche_cli.games.pastiche.core.trading import judge_bank_trade

NAMES = colours.card_names()
PRIMARIES = ("red", "yellow", "blue")
THREE_BUYS = tuple(c for c in NAMES if colours.group(c) in ("secondary", "tertiary") or c in ("black", "white"))


INDEX = {c: i for i, c in enumerate(NAMES)}
Y, BR, BI, BK, WH, GR = (INDEX[c] for c in ("yellow", "brown", "bisque", "black", "white", "gray"))
PRIMARY_AT = tuple(INDEX[c] for c in PRIMARIES)
THREE_AT = tuple(INDEX[c] for c in THREE_BUYS)


def trades(hand: tuple, available: tuple):
    """Every legal bank trade on this hand (counts in chart order): (given indices, index got)."""
    stock = [a - h for a, h in zip(available, hand)]
    for c, n in enumerate(hand):
        if n >= 3:
            for get in THREE_AT:
                if stock[get] > 0:
                    yield (c, c, c), get
    if hand[Y] and hand[BR] and stock[BI] > 0:
        yield (Y, BR), BI
    if hand[BK] and hand[WH] and stock[GR] > 0:
        yield (BK, WH), GR
    for p in PRIMARY_AT:
        if hand[p]:
            for get in PRIMARY_AT:
                if get != p and stock[get] > 0:
                    for x, n in enumerate(hand):
                        if n - (x == p) > 0:
                            yield (p, x), get


def brute_force(hand: Counter, bank: Counter, palette: Counter, keep: Counter, max_depth: int):
    """(fewest trades, best (usable points, value) among the hands it can end with), or None past max_depth."""
    start = tuple(hand[c] for c in NAMES)
    available = tuple(hand[c] + bank[c] for c in NAMES)
    need = tuple(palette[c] for c in NAMES)
    layer, seen = [start], {start}
    for depth in range(max_depth + 1):
        goals = [h for h in layer if all(n <= k for n, k in zip(need, h))]
        if goals:
            as_cards = [Counter({c: n for c, n in zip(NAMES, h) if n}) for h in goals]
            return depth, max((usable_points(h, keep), colours.cards_value(h)) for h in as_cards)
        nxt = []
        for h in layer:
            for give, get in trades(h, available):
                t = list(h)
                for g in give:
                    t[g] -= 1
                t[get] += 1
                t = tuple(t)
                if t not in seen:
                    seen.add(t)
                    nxt.append(t)
        layer = nxt
    return None


def replayed(hand, bank, steps):
    hand, bank = Counter(hand), Counter(bank)
    for s in steps:
        verdict = judge_bank_trade("P", hand, bank, Counter(s.give), s.get)
        assert verdict.legal, verdict.reason
        bank.update(s.give)
        bank[s.get] -= 1
        hand = Counter(verdict.hand_after)
    return hand
