"""Properties of the Canvas core, each against an independent brute force (canvas_brute.py):
the ribbons of any stack equal the best of every pairing; layering depends only on the topmost card
per swatch; the cap holds for any number of paintings; `best` is exact on random hands."""

from itertools import permutations

from canvas_brute import grey_ribbons, visible_icons
from canvas_brute import ribbons as brute_ribbons
from hypothesis import example, given, settings
from hypothesis import strategies as st

from pastiche_cli.games.canvas.core import cards
from pastiche_cli.games.canvas.core.best import options
from pastiche_cli.games.canvas.core.house import HouseRules
from pastiche_cli.games.canvas.core.painting import ArtCard, bonus_ribbons, layer, ribbons
from pastiche_cli.games.canvas.core.position import Player, Position
from pastiche_cli.games.canvas.core.scoring import score_player

DECK = cards.art_cards()
CARD_NAMES = tuple(cards.scoring_cards())
ICONS = ("hue", "shape", "texture", "tone", "bonus-hue", "bonus-shape", "bonus-texture", "bonus-tone")

real_stacks = st.lists(st.sampled_from(DECK), min_size=3, max_size=3, unique=True)


@st.composite
def made_up_cards(draw):
    """Any card shaped like an art card: icons in exactly two swatches, one or two different icons each."""
    swatches = draw(st.lists(st.integers(0, 4), min_size=2, max_size=2, unique=True))
    icons = [()] * 5
    for s in swatches:
        icons[s] = tuple(draw(st.lists(st.sampled_from(ICONS), min_size=1, max_size=2, unique=True)))
    return ArtCard(0, "made-up", "left", tuple(icons))


made_up_stacks = st.lists(made_up_cards(), min_size=1, max_size=3)


@st.composite
def dense_layouts(draw):
    """One made-up sheet with 0-2 icons in every swatch: the densest paintings, where pairings compete."""
    return [
        ArtCard(
            0,
            "made-up",
            "left",
            tuple(tuple(draw(st.lists(st.sampled_from(ICONS), max_size=2, unique=True))) for _ in range(5)),
        )
    ]


def _same_as_brute(stack, hierarchy="tone"):
    p = layer(stack)
    icons = visible_icons(stack)
    assert sorted((i.swatch, i.kind) for i in p.icons) == sorted(icons)
    house = HouseRules(hierarchy=hierarchy)
    for card in CARD_NAMES:
        assert ribbons(p, card, house).count == brute_ribbons(icons, card, hierarchy), card
    assert sum(b.count for b in bonus_ribbons(p)) == grey_ribbons(icons)


@example([cards.card(w) for w in ("Delicate", "Revolution", "Masked")])  # greedy finds 2 space, not 3
@given(real_stacks)
def test_ribbons_of_any_real_stack_equal_the_brute_force(stack):
    _same_as_brute(stack)


@settings(max_examples=400)
@given(st.one_of(made_up_stacks, dense_layouts()), st.sampled_from(["tone", "texture-strict"]))
def test_ribbons_of_any_card_shaped_stack_equal_the_brute_force(stack, hierarchy):
    _same_as_brute(stack, hierarchy)


@given(real_stacks)
def test_the_groups_behind_the_ribbons_are_valid_and_disjoint(stack):
    p = layer(stack)
    for card in CARD_NAMES:
        found = ribbons(p, card)
        used = [i for g in found.groups for i in g]
        assert all(i in p.icons for i in used)
        if card != "composition":
            assert len(used) == len(set(used))


@given(made_up_stacks, st.integers(0, 4), made_up_cards())
def test_layering_depends_only_on_the_topmost_card_per_swatch(stack, swatch, extra):
    """Slipping a card under the top card of a swatch changes nothing there."""
    p = layer(stack)
    top = max((k for k, c in enumerate(stack) if c.icons[swatch]), default=None)
    if top is None:
        return
    changed = layer(stack[:top] + [extra] + stack[top:])
    assert changed.visible[swatch] == p.visible[swatch]


@given(made_up_stacks)
def test_every_swatch_shows_its_topmost_printed_card(stack):
    p = layer(stack)
    for s in range(5):
        printed = [c for c in stack if c.icons[s]]
        assert tuple(i.kind for i in p.visible[s]) == (printed[-1].icons[s] if printed else ())


@given(
    st.lists(real_stacks, min_size=0, max_size=6),
    st.lists(st.sampled_from(CARD_NAMES), min_size=1, max_size=4, unique=True),
)
def test_the_cap_holds_for_any_number_of_paintings(stacks, scoring):
    player = Player("Ana", 0, 0, (), tuple(tuple(c.word for c in s) for s in stacks))
    result = score_player(player, scoring)
    for total in result.cards:
        table = cards.scoring_cards()[total.card].points
        assert total.counted == min(total.earned, len(table)) <= len(table)
        assert total.points == (table[total.counted - 1] if total.counted else 0)
    assert result.total == sum(c.points for c in result.cards) + 2 * result.bonus_ribbons


def _brute_total(paintings, scoring, house):
    """A player's total from the brute force: every card's capped ribbons, read from its table."""
    total = 0
    for card in scoring:
        table = cards.scoring_cards()[card].points
        earned = sum(brute_ribbons(visible_icons([cards.card(w) for w in p]), card, house.hierarchy) for p in paintings)
        total += table[min(earned, len(table)) - 1] if earned else 0
    grey = sum(grey_ribbons(visible_icons([cards.card(w) for w in p])) for p in paintings)
    return total + grey * house.bonus_ribbon_points


@settings(max_examples=40)
@given(
    st.lists(st.sampled_from(DECK), min_size=11, max_size=11, unique=True),
    st.lists(st.sampled_from(CARD_NAMES), min_size=4, max_size=4, unique=True),
    st.integers(0, 2),
    st.sampled_from([HouseRules(), HouseRules("texture-strict", 1)]),
)
def test_best_is_exact_on_random_hands(deck, scoring, painted, house):
    hand = tuple(c.word for c in deck[:5])
    done = tuple(tuple(c.word for c in deck[5 + 3 * k : 8 + 3 * k]) for k in range(painted))
    player = Player("Ana", 0, 2, hand, done)
    position = Position(tuple(scoring), (player,), house=house)
    found = options(position, player)
    before = _brute_total(done, scoring, house)
    expected = {words: _brute_total(done + (words,), scoring, house) - before for words in permutations(hand, 3)}
    assert len(found) == len(expected) == 60
    assert {o.words: o.gain for o in found} == expected
    assert [o.gain for o in found] == sorted((o.gain for o in found), reverse=True)
    assert found[0].gain == max(expected.values())


def test_space_and_proximity_equal_the_brute_force_on_every_layout_of_their_two_elements():
    """Every one of the 4^5 ways to lay hue/shape (and texture/tone) over five swatches, exhaustively:
    a greedy pairing fails on some of them (Delicate, Revolution, Masked is one)."""
    from itertools import product

    for card, first, second in (("space", "hue", "shape"), ("proximity", "texture", "tone")):
        options_per_swatch = ((), (first,), (second,), (first, second))
        for layout in product(options_per_swatch, repeat=5):
            sheet = [ArtCard(0, "made-up", "left", layout)]
            assert ribbons(layer(sheet), card).count == brute_ribbons(visible_icons(sheet), card), (card, layout)
