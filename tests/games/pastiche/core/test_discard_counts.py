"""`discard` reasons on colour counts [cleanup.hand-limit]: its order, counts and ranks against a listing."""

from collections import Counter

from discard_oracle import sub_multisets
from hypothesis import given, settings
from hypothesis import strategies as st

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.commission_needs import commission_needs
from pastiche_cli.games.pastiche.core.discard import BEST_LISTED, advise
from pastiche_cli.games.pastiche.core.position import Commission

NAMES = colours.card_names()


def commission(*palette):
    return Commission("T", "A", 10, tuple(colours.as_list(Counter(palette))))


def listed(hand, commissions, gallery):
    """Every distinct discard weighed one by one, sorted by (criteria, card names): the reference."""
    required, wanted = commission_needs(commissions), commission_needs(gallery)
    over = sum(hand.values()) - 8

    def points(cards):
        return sum(min(cards[c], n) * colours.value(c) for c, n in required.items())

    def needed(cards):
        return sum(min(cards[c], n) for c, n in required.items())

    def gallery_spare(cards):
        return sum(min(max(0, cards[c] - required[c]), n) for c, n in wanted.items())

    out = []
    for d in sub_multisets(hand, over):
        kept = hand - d
        key = (
            points(hand) - points(kept),
            needed(hand) - needed(kept),
            gallery_spare(hand) - gallery_spare(kept),
            colours.cards_value(d),
        )
        out.append((key, tuple(colours.as_list(d))))
    return sorted(out)


HANDS = st.lists(st.sampled_from(NAMES), min_size=9, max_size=13).map(Counter)
PALETTES = st.lists(st.lists(st.sampled_from(NAMES), min_size=2, max_size=5), max_size=2)


@settings(max_examples=120, deadline=None)
@given(HANDS, PALETTES, PALETTES)
def test_options_come_in_the_listed_order_and_counts_match(hand, palettes, gallery_palettes):
    commissions = [commission(*p) for p in palettes]
    gallery = [commission(*p) for p in gallery_palettes]
    reference = listed(hand, commissions, gallery)
    advice = advise(hand, commissions, gallery)
    assert len(advice.options) == len(reference)
    got = [(o.key(), o.discard) for o in advice.options[: len(reference)]]
    assert got == reference
    top = reference[0][0]
    assert advice.best_count == sum(1 for key, _ in reference if key == top)
    for rank in {0, len(reference) // 2, len(reference) - 1}:
        assert advice.options.find(reference[rank][1]) == rank


def test_a_wrong_discard_has_no_rank():
    hand = Counter({"teal": 5, "red": 5})
    options = advise(hand, []).options
    assert options.find(("gray", "gray")) is None  # not held
    assert options.find(("teal",)) is None  # two over, not one
    assert options.find(("teal", "teal", "teal")) is None


def test_the_whole_deck_in_one_hand_is_weighed_without_listing():
    # 131 cards, 123 over: the distinct discards are the ways to keep 8 cards, counted per colour.
    hand = Counter({c: colours.copies(c) for c in NAMES})
    advice = advise(hand, [commission("teal", "blue", "black")], [commission("green", "teal")])
    keeps = Counter()
    # ways to keep 8 cards from the 17 stacks, each kept count at most the stack's size
    ways = {0: 1}
    for c in NAMES:
        nxt = Counter()
        for k, w in ways.items():
            for take in range(min(colours.copies(c), 8 - k) + 1):
                nxt[k + take] += w
        ways = nxt
    keeps = ways[8]
    assert len(advice.options) == keeps
    best = advice.best[0]
    assert best.palette_points_lost == 0
    assert {"teal", "blue", "black"} <= set(best.kept)
    assert len(advice.best) <= BEST_LISTED and advice.best_count >= len(advice.best)
    assert advice.options.find(best.discard) == 0
