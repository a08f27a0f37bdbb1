"""What the commissions in hand need, and the usable palette [score.palette]: one rule for every user."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.commission_needs import commission_needs, usable, usable_points
from pastiche_cli.games.pastiche.core.discard import advise
from pastiche_cli.games.pastiche.core.placements import shortfall
from pastiche_cli.games.pastiche.core.position import Commission, Player
from pastiche_cli.games.pastiche.core.scoring import score_player


def com(*palette: str) -> Commission:
    return Commission("T", "A", 10, tuple(colours.as_list(Counter(palette))))


@pytest.mark.parametrize(
    "palettes, needs",
    [
        ([], {}),
        ([["teal", "blue"]], {"teal": 1, "blue": 1}),
        ([["teal", "blue"], ["teal", "black"]], {"teal": 2, "blue": 1, "black": 1}),  # summed, not merged
        ([["teal", "teal", "blue"], ["green"]], {"teal": 2, "blue": 1, "green": 1}),
    ],
)
def test_commission_needs_sums_the_palettes(palettes, needs):
    assert commission_needs([com(*p) for p in palettes]) == Counter(needs)


@pytest.mark.parametrize(
    "hand, required, cards, points",
    [
        ({"teal": 3}, {"teal": 1, "blue": 1}, {"teal": 1}, 2),  # each card counted once
        ({"teal": 1, "blue": 2}, {"teal": 2, "blue": 1}, {"teal": 1, "blue": 1}, 2 + 4),
        ({"gray": 1, "bisque": 1}, {"gray": 2, "red": 1}, {"gray": 1}, 6),
        ({"red": 4}, {}, {}, 0),
        ({}, {"red": 1}, {}, 0),
    ],
)
def test_usable_palette_worked_examples(hand, required, cards, points):
    assert usable(hand, required) == Counter(cards)
    assert usable_points(hand, required) == points


cards = st.sampled_from(colours.card_names())
hands = st.lists(cards, max_size=12).map(Counter)
palettes = st.lists(st.lists(cards, min_size=2, max_size=7), max_size=2)


@given(hands, palettes)
def test_scoring_moves_and_discard_agree_on_what_the_hand_needs(hand, needed):
    commissions = [com(*p) for p in needed]
    required = commission_needs(commissions)
    me = Player("Ana", 0, hand, tuple(commissions))
    assert score_player(me).palette_points == usable_points(hand, required)
    assert shortfall(me) == required - hand
    # discarding everything over the limit loses exactly the usable points the discard takes away
    advice = advise(hand, commissions, limit=max(0, sum(hand.values()) - 2))
    for option in advice.options[:5]:
        assert option.palette_points_lost == usable_points(hand, required) - usable_points(
            Counter(option.kept), required
        )
