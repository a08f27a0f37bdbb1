"""`plan` on large hands (issue 13): exact against a brute force written apart from the planner.

The brute force (plan_oracle.py) tries every bank trade on every hand it meets, breadth first. It is
slow, so the hands are dealt at random (seeded) and kept only when their plans are short enough for
it: they still hold 24 and 29 cards, where the planner used to take seconds to minutes.
"""

import random
from collections import Counter

import pytest
from plan_oracle import NAMES, brute_force, replayed

from pastiche_cli.games.pastiche.commands.plan import SEARCH_LIMIT
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.commission_needs import usable_points
from pastiche_cli.games.pastiche.core.planner import plan

DECK = [c for c in NAMES for _ in range(colours.copies(c))]


def deal(size: int, seed: int):
    rng = random.Random(seed)
    hand = Counter(rng.sample(DECK, size))
    bank = Counter({c: colours.copies(c) - hand[c] for c in NAMES})
    palettes = [Counter(rng.choice(NAMES) for _ in range(rng.randint(2, 6))) for _ in range(3)]
    return hand, bank, palettes


CASES = [(size, seed) for size in (24, 29) for seed in range(6)]


@pytest.mark.parametrize("size, seed", CASES, ids=lambda v: str(v))
def test_plan_on_a_large_hand_equals_the_brute_force(size, seed):
    hand, bank, palettes = deal(size, seed)
    keep = palettes[0] + palettes[1]
    compared = 0
    for palette in palettes:
        p = plan(hand, bank, palette, keep_for=keep)
        if p.reachable and len(p.steps) > 3:
            continue  # beyond what the brute force can check in a test's time
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
    hand = Counter(
        {
            "amber": 1,
            "blue": 2,
            "brown": 5,
            "gray": 1,
            "green": 2,
            "magenta": 2,
            "olive": 2,
            "orange": 2,
            "purple": 1,
            "red": 2,
            "teal": 2,
            "violet": 1,
            "yellow": 1,
        }
    )
    palette = Counter({"blue": 2, "black": 2, "teal": 1, "magenta": 1, "scarlet": 1})
    p = plan(hand, Counter({c: colours.copies(c) - hand[c] for c in NAMES}), palette)
    assert not p.reachable and p.explored <= 1
