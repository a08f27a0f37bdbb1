"""The planner's tie-break bounds (issue 23's last item): exact, and the work they save counted.

`_Space.worth_bound` cuts hands that cannot beat the best goal met, and `_Space.bound` hands that
cannot finish in time. Neither may cut a better plan. The planner is compared with the same moves
searched with no worth cut (every goal at the shortest length gathered, the best kept) on mid-sized
hands of few colours, many threes and keeps that overlap the hand, where the bounds are subtle; and
with the oracle that tries every bank trade (plan_oracle.py) on small ones. The hard shapes of
benchmarks/bench_plan_hard.py are planned with the hands expanded counted, never timed: the search
before these bounds expanded thousands on most of them.
"""

import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from plan_oracle import NAMES, brute_force, replayed

from pastiche_cli.games.pastiche.core import colours, planner
from pastiche_cli.games.pastiche.core.commission_needs import usable_points
from pastiche_cli.games.pastiche.core.planner import plan

sys.path.insert(0, str(Path(__file__).parents[4] / "benchmarks"))
from bench_plan_hard import CASES  # noqa: E402

FULL = Counter({c: colours.copies(c) for c in NAMES})
THREE_MADE = ("amber", "scarlet", "olive", "teal", "magenta", "purple", "black", "white", "brown", "orange")
PALETTE_COLOURS = THREE_MADE + ("gray", "bisque", "red", "yellow", "blue")


def worth(hand, keep):
    return usable_points(hand, keep), colours.cards_value(hand)


def best_worth_unpruned(hand, bank, palette, keep, trades: int) -> tuple[int, int]:
    """The best worth among every goal `trades` away, by the planner's own moves with no worth cut."""
    names = colours.card_names()
    start = planner._vector(hand)
    available = tuple(start[i] + bank.get(names[i], 0) for i in range(len(names)))
    space = planner._Space(planner._vector(palette), keep, available)
    goals, _, _ = planner._search(space, space.canonical(space.abstract(start)), trades, 10**6)
    return max(space.worth(h) for h, g in goals if g == trades)


# A few colours held many times each (threes to spare, and keeps to break into), a palette of colours
# the hand mostly lacks, a keep made of the hand's own colours and the palette's.
@st.composite
def few_colours(draw, most: int):
    kinds = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=4, unique=True))
    hand = Counter({c: draw(st.integers(1, min(6, colours.copies(c)))) for c in kinds})
    while sum(hand.values()) > most:
        hand[max(hand, key=hand.__getitem__)] -= 1
    palette = Counter(draw(st.lists(st.sampled_from(PALETTE_COLOURS), min_size=1, max_size=4)))
    keep = Counter(draw(st.lists(st.sampled_from(kinds + list(palette)), min_size=0, max_size=8)))
    return +hand, palette, keep


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(few_colours(most=16))
def test_the_worth_bound_cuts_no_better_plan(case):
    hand, palette, keep = case
    bank = FULL - hand
    p = plan(hand, bank, palette, keep_for=keep)
    if p.reachable:
        best = best_worth_unpruned(hand, bank, palette, keep, len(p.steps))
        assert worth(Counter(p.hand_after), keep) == best


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(few_colours(most=9))
def test_the_planner_equals_every_trade_on_small_hands_of_few_colours(case):
    hand, palette, keep = case
    bank = FULL - hand
    p = plan(hand, bank, palette, keep_for=keep)
    expected = brute_force(hand, bank, palette, keep, max_depth=sum(hand.values()))
    if not p.reachable:
        assert expected is None
        return
    after = replayed(hand, bank, p.steps)
    assert not palette - after
    assert (len(p.steps), worth(after, keep)) == expected


# The most hands one of a case's six plans may expand (others: 200). The search before these bounds
# expanded (benchmarks/bench_plan_hard.py --before): 3066 on #108, 3333 on #221, 2279 on #272, 12,922
# on #182, 3533 on #93, 4334 on #79, 4715 on #152, 1738 on #55. #294 it did in 642, as now: its
# ceiling only keeps it from growing. The bench's last cases (seeds 101 and 7), still slow, are timed there
# and not counted here.
MOST_HANDS = {
    "search #108": 60,
    "seed 23 #221": 60,
    "seed 23 #272": 700,
    "seed 5 #182": 100,
    "seed 5 #93": 100,
    "seed 5 #294": 800,
    "seed 77 #79": 1000,
    "seed 77 #152": 1500,
    "seed 77 #55": 1100,
}


COUNTED = [name for name in CASES if name.split(":")[0] in MOST_HANDS or not name.startswith("seed")]


@pytest.mark.parametrize("name", COUNTED, ids=lambda n: n.split(":")[0])
def test_the_hard_shapes_expand_few_hands(name):
    hand, palettes = CASES[name]
    bank = FULL - hand
    keep = palettes[0] + palettes[1]
    most = 0
    for palette in palettes:
        p = plan(hand, bank, palette, keep_for=keep)
        assert not palette - replayed(hand, bank, p.steps) or not p.reachable
        most = max(most, p.explored)
    short = name.split(":")[0]
    assert most <= MOST_HANDS.get(short, 200), (name, most)
