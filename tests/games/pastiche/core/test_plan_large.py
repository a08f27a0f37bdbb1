"""`plan` on large hands (issue 13): exact against a brute force written apart from the planner.

The brute force knows only the four bank trades of SPEC 4.2 and the stock rule, tries every one of
them on every hand it meets, breadth first, and stops at the first depth where a hand holds the
palette; among those hands it keeps the best by (usable-palette points, card value), as the planner
promises. It is slow, so the hands are dealt at random (seeded) and kept only when their plans are
short enough for it: they still hold 24 and 29 cards, where the planner used to take seconds to
minutes.
"""

import random
from collections import Counter

import pytest

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.commission_needs import usable_points
from pastiche_cli.games.pastiche.core.planner import plan
from pastiche_cli.games.pastiche.core.trading import judge_bank_trade
from pastiche_cli.games.pastiche.commands.plan import SEARCH_LIMIT

NAMES = colours.card_names()
DECK = [c for c in NAMES for _ in range(colours.copies(c))]
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


def deal(size: int, seed: int):
    rng = random.Random(seed)
    hand = Counter(rng.sample(DECK, size))
    bank = Counter({c: colours.copies(c) - hand[c] for c in NAMES})
    palettes = [Counter(rng.choice(NAMES) for _ in range(rng.randint(2, 6))) for _ in range(3)]
    return hand, bank, palettes


def replayed(hand, bank, steps):
    hand, bank = Counter(hand), Counter(bank)
    for s in steps:
        verdict = judge_bank_trade("P", hand, bank, Counter(s.give), s.get)
        assert verdict.legal, verdict.reason
        bank.update(s.give)
        bank[s.get] -= 1
        hand = Counter(verdict.hand_after)
    return hand


CASES = [(size, seed) for size in (24, 29) for seed in range(6)]


@pytest.mark.parametrize("size, seed", CASES, ids=lambda v: str(v))
def test_plan_on_a_large_hand_equals_the_brute_force(size, seed):
    hand, bank, palettes = deal(size, seed)
    keep = palettes[0] + palettes[1]
    compared = 0
    for palette in palettes:
        p = plan(hand, bank, palette, keep_for=keep)
        if p.reachable and len(p.steps) > 3:
            continue          # beyond what the brute force can check in a test's time
        expected = brute_force(hand, bank, palette, keep, max_depth=3)
        if not p.reachable:
            assert expected is None
            continue
        after = replayed(hand, bank, p.steps)
        assert not palette - after
        assert Counter(p.hand_after) == after
        assert (len(p.steps), (usable_points(after, keep), colours.cards_value(after))) == expected
        compared += 1
    assert compared


def test_brute_force_agrees_on_three_trade_plans_of_24_and_29_cards():
    found = 0
    for size in (24, 29):
        for seed in range(200):
            hand, bank, palettes = deal(size, 1000 + seed)
            keep = palettes[0] + palettes[1]
            p = plan(hand, bank, palettes[0], keep_for=keep)
            if not p.reachable or len(p.steps) != 3:
                continue
            after = replayed(hand, bank, p.steps)
            expected = brute_force(hand, bank, palettes[0], keep, max_depth=3)
            assert (3, (usable_points(after, keep), colours.cards_value(after))) == expected
            found += 1
            break
    assert found == 2


@pytest.mark.parametrize("size", [8, 16, 30, 60, 72, 131])
def test_the_search_stays_far_below_its_stated_cap(size):
    # The command's cap (SEARCH_LIMIT) is a safety net a legal position never reaches: the most any
    # of these hands needs, for every commission, is a few thousand hands expanded.
    most = 0
    for seed in range(8):
        hand, bank, palettes = deal(size, 50 + seed)
        for palette in palettes:
            most = max(most, plan(hand, bank, palette, keep_for=palettes[0] + palettes[1]).explored)
    assert most < SEARCH_LIMIT // 20


def test_the_whole_deck_in_hand_leaves_the_bank_empty():
    hand = Counter(DECK)
    p = plan(hand, Counter(), Counter({"teal": 1, "gray": 1}))
    assert p.reachable and p.steps == ()
    p = plan(hand - Counter({"gray": 6}), Counter({"gray": 6}), Counter({"gray": 1}))
    assert p.reachable and [s.rule for s in p.steps] == ["trade.bank.gray"]


def test_unreachable_for_lack_of_threes_is_cut_at_once():
    # Two blacks and a scarlet, each only from three of a kind; the hand can make two threes at most
    # (the five browns, and three reds out of its spare primaries): cut before any search.
    hand = Counter({"amber": 1, "blue": 2, "brown": 5, "gray": 1, "green": 2, "magenta": 2, "olive": 2,
                    "orange": 2, "purple": 1, "red": 2, "teal": 2, "violet": 1, "yellow": 1})
    palette = Counter({"blue": 2, "black": 2, "teal": 1, "magenta": 1, "scarlet": 1})
    p = plan(hand, Counter({c: colours.copies(c) - hand[c] for c in NAMES}), palette)
    assert not p.reachable and p.explored <= 1
