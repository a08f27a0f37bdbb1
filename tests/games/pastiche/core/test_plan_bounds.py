"""The planner's tie-break bounds (issue 23's last item): exact, and the work they save counted.

`worth.worth_bound` cuts hands that cannot beat the best goal met, and `trades.bound` hands that
cannot finish in time. Neither may cut a better plan. The planner is compared with the same moves
searched with no worth cut (`best_worth_unpruned`: every goal at the shortest length, the best kept) on mid-sized
hands of few colours, many threes and keeps that overlap the hand, where the bounds are subtle; and
with the oracle that tries every bank trade (plan_oracle.py) on small ones; both again on hands that
must complete a three of a kind, where random hands of few colours rarely go (each bound made unsafe
on purpose is caught there). The hard shapes of
benchmarks/bench_plan_hard.py are planned with the hands expanded counted, never timed: the search
before these bounds expanded thousands on most of them.
"""

import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from plan_oracle import NAMES, brute_force, replayed

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.commission_needs import usable_points
from pastiche_cli.games.pastiche.core.planner import completions, hands, kept, plan, trades, worth

sys.path.insert(0, str(Path(__file__).parents[4] / "benchmarks"))
from bench_plan_hard import CASES  # noqa: E402

FULL = Counter({c: colours.copies(c) for c in NAMES})
THREE_MADE = ("amber", "scarlet", "olive", "teal", "magenta", "purple", "black", "white", "brown", "orange")
PRIMARIES = ("red", "yellow", "blue")
PALETTE_COLOURS = THREE_MADE + ("gray", "bisque") + PRIMARIES


def worth_of(hand, keep):
    return usable_points(hand, keep), colours.cards_value(hand)


def best_worth_unpruned(hand, bank, palette, keep, length: int) -> tuple[int, int]:
    """The best worth among every goal `length` trades away, by the planner's own moves with no worth
    cut: breadth first, each hand at its fewest trades, cut only where it cannot end in time (a goal
    met through a hand met again later would have been met sooner: `length` is the fewest)."""
    names = colours.card_names()
    start = hands.vector(hand)
    available = tuple(start[i] + bank.get(names[i], 0) for i in range(len(names)))
    space = hands.Space(hands.vector(palette), keep, available)
    layer = [space.canonical(space.abstract(start))]
    seen = set(layer)
    for depth in range(1, length + 1):
        nxt = []
        for h in layer:
            for _, t in space.moves(h):
                if t not in seen:
                    seen.add(t)
                    if depth + trades.bound(space, t) <= length and not trades.dead(space, t):
                        nxt.append(t)
        layer = nxt
    return max(space.worth(h) for h in layer if space.is_goal(h))


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


def assert_no_better_plan(case) -> None:
    """The planner's plan is worth the best of every plan of its length (the worth cut dropped none)."""
    hand, palette, keep = case
    bank = FULL - hand
    p = plan(hand, bank, palette, keep_for=keep)
    if p.reachable:
        best = best_worth_unpruned(hand, bank, palette, keep, len(p.steps))
        assert worth_of(Counter(p.hand_after), keep) == best


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(few_colours(most=16))
def test_the_worth_bound_cuts_no_better_plan(case):
    assert_no_better_plan(case)


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
    assert (len(p.steps), worth_of(after, keep)) == expected


# Hands that must complete a three of a kind (issue 23's bounds are subtlest there: which colour
# completes it, at what cost, and what the penalties of the primaries made for it take): a part of a
# three of primaries, bisque or gray with its ingredients, a few primaries to turn into others, whole
# threes of one or two colours, and odd cards for penalties; a palette of one to three cards, mostly
# ones only three of a kind makes, and a keep of the hand's colours and the palette's.
@st.composite
def needs_a_completed_three(draw, most: int):
    hand: Counter = Counter()
    kind = draw(st.sampled_from(("primary", "bisque", "gray")))
    if kind == "primary":
        hand[draw(st.sampled_from(PRIMARIES))] += draw(st.sampled_from((1, 2, 4, 5)))
    else:
        made, a, b = ("bisque", "yellow", "brown") if kind == "bisque" else ("gray", "black", "white")
        hand[made] += draw(st.integers(0, 2))
        hand[a] += draw(st.integers(1, 3))
        hand[b] += draw(st.integers(0, 3))
    hand.update(draw(st.lists(st.sampled_from(PRIMARIES), max_size=3)))
    for c in draw(st.lists(st.sampled_from(NAMES), max_size=2, unique=True)):
        hand[c] += draw(st.sampled_from((3, 4, 6)))
    hand.update(draw(st.lists(st.sampled_from(NAMES), max_size=3)))
    hand = Counter({c: min(n, colours.copies(c)) for c, n in hand.items()})
    while sum(hand.values()) > most:
        hand[max(hand, key=hand.__getitem__)] -= 1
    palette = Counter(draw(st.lists(st.sampled_from(PALETTE_COLOURS), min_size=1, max_size=3)))
    keep = Counter(draw(st.lists(st.sampled_from(sorted(+hand) + list(palette)), max_size=6)))
    return +hand, palette, keep


def differs_from_every_trade(case) -> bool:
    """Does the planner's plan differ from the oracle's (reachable, length, worth), or not hold the palette?"""
    hand, palette, keep = case
    bank = FULL - hand
    p = plan(hand, bank, palette, keep_for=keep)
    expected = brute_force(hand, bank, palette, keep, max_depth=sum(hand.values()))
    if not p.reachable:
        return expected is not None
    after = replayed(hand, bank, p.steps)
    return bool(palette - after) or (len(p.steps), worth_of(after, keep)) != expected


# Found by that generator against planners whose bounds were made unsafe on purpose (see below).
UNSAFE_CATCHES = [
    (Counter({"white": 3, "red": 3, "black": 2, "gray": 1}), Counter({"amber": 2, "white": 1}), Counter()),
    (Counter({"red": 2, "yellow": 2}), Counter({"amber": 1}), Counter({"red": 1})),
    (Counter({"red": 5, "yellow": 5, "white": 1}), Counter({"amber": 3}), Counter()),
    (
        Counter({"yellow": 4, "red": 3, "bisque": 2, "brown": 1}),
        Counter({"amber": 1, "gray": 1}),
        Counter({"bisque": 1}),
    ),
    (Counter({"yellow": 3, "bisque": 2, "red": 2, "brown": 1}), Counter({"amber": 2}), Counter()),
    (Counter({"blue": 4, "red": 3, "orange": 3, "amber": 1}), Counter({"bisque": 2}), Counter({"orange": 1})),
]

# Plans of the hard shapes (bench_plan_hard.py) where the tie-break bounds are tight, each checked
# against the same search with no worth cut (about a second each): the best-first search stops at
# the first goal, so a bound a little too low shows there, where the small cases above miss it.
HARD_CATCHES = [
    ("seed 77 #79", 0),
    ("seed 101 #211", 3),
    ("seed 7 #272", 0),
    ("seed 57 #251", 0),
    ("seed 3 #58", 4),
    ("seed 31 #32", 2),
    ("seed 803 #69", 2),
]


def hard_case(short: str, which: int):
    name = next(n for n in CASES if n.startswith(short + ":"))
    hand, palettes = CASES[name]
    return hand, palettes[which], palettes[0] + palettes[1]


def misses_the_best_worth(case) -> bool:
    """Is the planner's plan worth less than the best plan of its length (searched with no worth cut)?"""
    hand, palette, keep = case
    bank = FULL - hand
    p = plan(hand, bank, palette, keep_for=keep)
    return worth_of(Counter(p.hand_after), keep) != best_worth_unpruned(hand, bank, palette, keep, len(p.steps))


@pytest.mark.parametrize("short, which", HARD_CATCHES)
def test_the_hard_catches_plan_the_best_worth(short, which):
    assert not misses_the_best_worth(hard_case(short, which))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(needs_a_completed_three(most=12))
@example(UNSAFE_CATCHES[0])
@example(UNSAFE_CATCHES[1])
@example(UNSAFE_CATCHES[2])
@example(UNSAFE_CATCHES[3])
@example(UNSAFE_CATCHES[4])
@example(UNSAFE_CATCHES[5])
def test_the_planner_equals_every_trade_when_a_three_must_be_completed(case):
    assert not differs_from_every_trade(case)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(needs_a_completed_three(most=20))
def test_the_worth_bound_cuts_no_better_plan_when_a_three_must_be_completed(case):
    assert_no_better_plan(case)


def _plus(function, extra):
    def unsafe(space, *args):
        return extra(function(space, *args), args)

    return unsafe


# Each bound made too high (too many trades) or too low (too much value or points lost) by a little, where
# it matters: the cases above, drawn by the generator, must then catch it (a failed plan counts).
UNSAFE = {
    "completing_trades + 1": (trades, "completing_trades", lambda r, args: r + (1 if args[2] else 0)),
    "kept cards given + 2 points": (kept, "kept_cards_given", lambda r, args: r + 2 if r else r),
    "cards given with a completed three + 2": (
        worth,
        "cards_given_loss",
        lambda r, args: r + (2 if args[1].completed else 0),
    ),
    "kept cards completions eat + 2": (
        completions,
        "completions_eat",
        lambda r, args: (r[0] + 2, *r[1:]) if r[0] else r,
    ),
    "value a made bisque or gray loses + 1": (completions, "made_value", lambda r, args: r + 1),
    "cards a hand gives + 1": (worth, "least_given", lambda r, args: r + 1),
    "kept ingredients eaten + 1": (
        completions,
        "ingredients_eaten",
        lambda r, args: {k: n + 1 for k, n in r.items()} if any(r.values()) else r,
    ),
    "kept cards eaten then given + 2": (kept, "eaten_then_given", lambda r, args: r + 2 if r else r),
    "cards given per way of completing + 2": (worth, "completed_given_loss", lambda r, args: r + 2),
    "penalties after the eaten threes + 2": (kept, "eaten_then_penalties", lambda r, args: r + 2 if r else r),
    "threes a made bisque or gray breaks + 1": (trades, "broken_threes", lambda r, args: r + 1 if r else r),
}


@pytest.mark.parametrize("name", UNSAFE)
def test_an_unsafe_bound_is_caught(name, monkeypatch):
    module, function, extra = UNSAFE[name]  # (the safe planner passes every catch: the tests above)
    monkeypatch.setattr(trades, "_COMPLETING", {})  # what the planner keeps, kept apart from other tests
    monkeypatch.setattr(module, function, _plus(getattr(module, function), extra))

    def caught(check, case):
        try:
            return check(case)
        except (KeyError, RuntimeError, ValueError):
            return True  # the planner lost its way (a goal sooner than its own bound allows): caught as well

    assert any(caught(differs_from_every_trade, case) for case in UNSAFE_CATCHES) or any(
        caught(misses_the_best_worth, hard_case(*where)) for where in HARD_CATCHES
    )


# Worked by hand. Kept cards (colour: how many may go) when each costs its value in usable points.
KEPT_WITHIN = [
    ({4: 3, 6: 2}, 2, [{4: 1, 6: 0}, {4: 0, 6: 1}]),  # one card of value 2, of either colour
    ({4: 3, 6: 2}, 4, [{4: 2, 6: 0}, {4: 1, 6: 1}, {4: 0, 6: 2}]),
    ({4: 3, 10: 1}, 3, [{4: 0, 10: 1}, {4: 1, 10: 0}]),  # a 3-point card, or one of 2 (no room for more)
    ({4: 1, 10: 1}, 5, [{4: 1, 10: 1}]),  # everything fits
    ({4: 2}, 1, [{4: 0}]),  # nothing fits
    ({4: 0, 6: 2}, 2, [{6: 1}]),  # a colour with none to give is left out
]


@pytest.mark.parametrize("below, budget, sets", KEPT_WITHIN)
def test_kept_cards_within_a_budget_of_points(below, budget, sets):
    values = (4, 4, 4, 1, 2, 2, 2, 2, 3, 3, 3)  # slots 4 and 6 are worth 2, slot 10 is worth 3
    ways = kept.kept_within(below, values, budget)
    assert sorted(sorted(w.items()) for w in ways) == sorted(sorted(w.items()) for w in sets)


def test_past_twenty_ways_any_kept_card_may_go():
    below = {k: 1 for k in range(12)}
    assert kept.kept_within(below, (1,) * 12, 6) == [below]  # C(12, 6) = 924 ways


def test_a_hand_beyond_what_it_wants_splits_at_what_its_commissions_keep():
    """One teal needed, three kept: of five teal, one is wanted, two are kept (two points each) and two
    are free; four olive, a colour nothing asks for, are junk and free too."""
    names = colours.card_names()
    hand = Counter({"teal": 5, "olive": 4})
    space = hands.Space(hands.vector(Counter({"teal": 1})), Counter({"teal": 3}), hands.vector(FULL))
    h = space.abstract(hands.vector(hand))
    lines = kept.Lines(space, h, space.wants(h)[0])
    teal = space.exact.index(names.index("teal"))
    assert (lines.above[teal], lines.below[teal], lines.free) == (2, 2, 2 + 4)
    assert kept.kept_cards_given(space, lines, 7) == colours.value("teal")  # the one card past the free six


# Worked by hand: (value, cards, whole threes) per colour, threes and singles wanted -> (value, all had).
CHEAPEST = [
    ([(2, 6, 2), (3, 5, 1), (4, 4, 1)], 3, 2, (6 + 6 + 9 + 2 * 3, True)),  # two threes of 2, one of 3, singles 3
    ([(2, 2, 0), (2, 6, 2), (3, 5, 1), (4, 4, 1)], 5, 2, (4 + 12 + 9 + 12, False)),  # four whole threes only
    ([(1, 4, 1), (2, 3, 1)], 1, 2, (3 + 1 + 2, True)),  # the cheap colour's fourth card and a 2 as singles
]


@pytest.mark.parametrize("held, threes, singles, expected", CHEAPEST)
def test_the_cheapest_threes_and_singles_say_whether_all_were_had(held, threes, singles, expected):
    assert worth.cheapest_threes_and_singles(held, threes, singles) == expected


# The most hands one of a case's six plans may expand. The search before these bounds
# expanded (benchmarks/bench_plan_hard.py --before): 3066 on #108, 3333 on #221, 2279 on #272, 12,922
# on #182, 3533 on #93, 4334 on #79, 4715 on #152, 1738 on #55; and before completed threes and kept
# penalties were counted, 642 on #294, 1080 on #152, 2213 on #149, 1889 on #211; and before the kept
# cards a completed three eats and its whole value were, 474 on #272, 702 on #79, 813 on seed 7's
# #272; and before the penalties were charged to the free cards the whole threes leave, 550 on #55;
# and before a made bisque's or gray's ingredients were charged for the whole threes they break, 176 on
# seed 7's #272; and before the penalties of made primaries, the kept cards within the points lost and
# the best-first order, 150 on seed 7's #272, 225 on #211, 207 on #55, 143 on #79, 271 on seed 23's
# #272, and (found then) 145 on seed 31's #260; and before the cards a hand gives were counted from its
# trades, the kept ingredients and a gray three's worth, and each way of completing costed on its own,
# 102 on seed 31's #32, 211 on seed 3's #58 and 240 on seed 57's #251; and before a made brown, black
# or white was counted a second completion, 153 on seed 444's #231; and before the dead-hand test
# counted what a completed three's made cards take, 197 and 192 on seed 7's #39 and seed 31's #120
# (proving a commission out of reach, now refused at once).
# Seed 1001 #204 (found last) still expands 229: its hands have a trade to spare, where the worth
# bound counts every card still kept (no card given is charged to what the commissions keep).
MOST_HANDS = {"seed 1001 #204": 260}


@pytest.mark.parametrize("name", list(CASES), ids=lambda n: n.split(":")[0])
def test_the_hard_shapes_expand_few_hands(name):
    hand, palettes = CASES[name]
    bank = FULL - hand
    keep = palettes[0] + palettes[1]
    most = 0
    for palette in palettes:
        p = plan(hand, bank, palette, keep_for=keep)
        assert not palette - replayed(hand, bank, p.steps) or not p.reachable
        most = max(most, p.explored)
    assert most <= MOST_HANDS.get(name.split(":")[0], 60), (name, most)
