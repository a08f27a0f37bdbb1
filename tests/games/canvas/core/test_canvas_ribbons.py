"""[canvas.layer], [canvas.score.CARD], [canvas.bonus]: hand-checked paintings per scoring card, edge cases included.

Each row is a painting of real cards (bottom to top), the card, and the ribbons we counted by hand
from the card facts (data/canvas/art-cards.json); the comment says what shows and why.
Swatches: red | yellow | green | blue | violet.
"""

import pytest

from pastiche_cli.games.canvas.core import cards
from pastiche_cli.games.canvas.core.house import HouseRules
from pastiche_cli.games.canvas.core.painting import ArtCard, bonus_ribbons, layer, ribbons

TEXTURE_STRICT = HouseRules(hierarchy="texture-strict")


def painting(words):
    return layer([cards.card(w) for w in words.split()])


def made_up(*swatches):
    """A made-up art card for an edge case no three real cards reach: its icons per swatch."""
    return ArtCard(0, "made-up", "left", tuple(tuple(s.split()) for s in swatches))


# --- canvas.layer ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "words, shown, visible",
    [
        # Masked (top) covers Revolution's hue in yellow; Delicate shows where nobody above prints.
        (
            "Delicate Revolution Masked",
            ["Delicate", "Masked", "Masked", "Revolution", "Delicate"],
            [["hue"], ["shape"], ["shape", "texture"], ["hue", "shape"], ["hue", "texture"]],
        ),
        # Melancholy covers Heavy and Fragile in red; Fragile covers Heavy in yellow; green and violet stay empty.
        (
            "Heavy Fragile Melancholy",
            ["Melancholy", "Fragile", None, "Melancholy", None],
            [["shape", "tone"], ["hue"], [], ["tone"], []],
        ),
        # The other order: Heavy on top shows in red and yellow.
        (
            "Melancholy Fragile Heavy",
            ["Heavy", "Heavy", None, "Melancholy", None],
            [["tone"], ["shape", "tone"], [], ["tone"], []],
        ),
    ],
)
def test_canvas_layer(words, shown, visible):
    p = painting(words)
    assert list(p.shown_by) == shown
    assert [[i.kind for i in s] for s in p.visible] == visible


def test_canvas_layer_hidden_icons_are_listed_with_their_card():
    p = painting("Delicate Revolution Masked")
    assert [(i.swatch, i.kind, i.card) for i in p.hidden] == [(1, "hue", "Revolution")]


# --- canvas.score.CARD: (painting, card, ribbons, why) ------------------------------------------------

TABLE = [
    # composition: every swatch shows something; a bonus icon fills its swatch
    ("Precious Mistake Attraction", "composition", 1),  # yellow shows only Precious's bonus tone: filled
    ("Nature Extreme Truth", "composition", 0),  # green filled by Extreme's bonus hue, but red is empty
    ("Delicate View Masked", "composition", 0),  # blue empty
    ("Delicate Revolution Masked", "composition", 1),
    # consistency: exactly 6 elements, bonus icons not counted
    ("Delicate View Masked", "consistency", 1),  # hue, shape, shape texture, shape tone
    ("Curiosity Darkness Chosen", "consistency", 1),  # 6 elements and a bonus texture, which does not count
    ("Delicate Revolution Masked", "consistency", 0),  # 8 elements
    # emphasis: exactly one hue
    ("Vast Whimsical Childhood", "emphasis", 1),
    ("Curiosity Darkness Chosen", "emphasis", 0),  # hues in blue and violet
    ("Childhood Purpose Forbidden", "emphasis", 0),  # a bonus hue in red is not a hue: none
    # hierarchy (default): tone at least as often as each other element, one tone at least
    ("Surrender Sudden Pride", "hierarchy", 1),  # 2 hue, 2 tone: a tie scores
    ("Curiosity Darkness Chosen", "hierarchy", 0),  # 2 shapes and 2 hues beat 1 tone
    ("Expanse Perspective Heavy", "hierarchy", 1),  # 5 tones
    ("Darkness Trap Precious", "hierarchy", 0),  # no tone
    # movement: one per element in three neighbouring swatches; four in a row is still one
    ("Risky Heavy Truth", "movement", 2),  # shape yellow..violet (4), tone red..green
    ("Childhood Purpose Forbidden", "movement", 2),  # texture and tone in green, blue, violet
    ("Expanse Perspective Heavy", "movement", 1),  # tone in all five swatches: one
    ("Heavy Fragile Melancholy", "movement", 0),
    # proximity: texture beside tone; the same swatch is not beside
    ("Purpose Forbidden Wandering", "proximity", 3),
    ("Purpose Deep Extreme", "proximity", 0),  # violet's texture and tone share a swatch; yellow's texture is far
    ("Whimsical Divine Wandering", "proximity", 2),  # yellow texture + red tone, green texture + yellow tone
    # proportion: 3 of one element + 2 of one element
    ("Bait Heightened Mess", "proportion", 1),  # 3 shapes + 2 textures
    ("Expanse Perspective Heavy", "proportion", 1),  # 5 tones: 3 + 2 of the same element
    ("Heavy Fragile Melancholy", "proportion", 0),  # 1 hue, 1 shape, 2 tones
    # repetition: pairs of shapes
    ("Escape Deep Masked", "repetition", 2),  # 4 shapes
    ("Delicate Revolution Masked", "repetition", 1),  # 3 shapes: one pair, one left
    ("Heavy Fragile Melancholy", "repetition", 0),  # Melancholy's shape in red is the only one showing
    # space: hue and shape two or more swatches apart
    ("Delicate Revolution Masked", "space", 3),  # a greedy pass from the left finds 2
    ("Adventure Truth Perspective", "space", 0),  # hue beside the shape, and a hue in the shape's swatch
    ("Chosen Nature Attraction", "space", 3),
    # style: sets of three textures
    ("Deep Extreme Liberated", "style", 1),
    ("Childhood Purpose Forbidden", "style", 1),
    ("Delicate Revolution Masked", "style", 0),
    # symmetry: per element in both red and violet, and per element in both yellow and blue
    ("Divine View Beauty", "symmetry", 3),  # both mirror pairs: shape, tone in red/violet; shape in yellow/blue
    ("Melancholy Childhood Revolution", "symmetry", 1),  # yellow's one hue mirrors blue's hue and shape
    ("Delicate Revolution Masked", "symmetry", 2),
    ("Heavy Fragile Melancholy", "symmetry", 0),
    # variety: full sets of the four elements
    ("Melancholy Masked Sanctuary", "variety", 2),
    ("Melancholy Childhood Revolution", "variety", 2),
    ("Delicate Revolution Masked", "variety", 0),  # no tone
]


@pytest.mark.parametrize("words, card, expected", TABLE, ids=[f"{c}: {w}" for w, c, _ in TABLE])
def test_canvas_score_card(words, card, expected):
    found = ribbons(painting(words), card)
    assert found.count == expected
    assert len(found.groups) == expected
    assert found.rule == f"canvas.score.{card}"


def test_every_scoring_card_has_hand_checked_rows_that_earn_and_that_do_not():
    for card in cards.scoring_cards():
        counts = {n for _, c, n in TABLE if c == card}
        assert 0 in counts and any(counts - {0}), card


def test_each_ribbon_names_its_icons_and_no_icon_serves_twice():
    for words, card, _ in TABLE:
        found = ribbons(painting(words), card)
        icons = [i for g in found.groups for i in g]
        if card not in ("composition",):
            assert len(icons) == len(set(icons)), (words, card)


def test_the_greedy_undercount_painting_pairs_as_the_issue_says():
    pairs = ribbons(painting("Delicate Revolution Masked"), "space").groups
    assert sorted((h.swatch, s.swatch) for h, s in pairs) == [(0, 3), (3, 1), (4, 2)]


@pytest.mark.parametrize(
    "words, expected",
    [
        ("Surrender Sudden Pride", 0),  # 2 hue, 2 tone, no texture
        ("Obstacle Whimsical Escape", 1),  # 3 textures, 1 hue, 1 shape
        ("Darkness Trap Precious", 0),  # 1 shape, 1 texture: a tie does not score
    ],
)
def test_canvas_house_hierarchy_texture_strict(words, expected):
    found = ribbons(painting(words), "hierarchy", TEXTURE_STRICT)
    assert found.count == expected
    assert found.reading == "canvas.house.hierarchy"


def test_made_up_cards_reach_two_proportion_and_two_style_ribbons():
    stack = [
        made_up("texture tone", "texture tone", "", "", ""),
        made_up("", "", "texture tone", "texture tone", ""),
        made_up("", "", "", "", "texture tone"),
    ]
    p = layer(stack)
    assert ribbons(p, "proportion").count == 2  # 5 textures and 5 tones: (3 + 2) twice
    assert ribbons(p, "style").count == 1  # 5 textures: one set of three
    assert ribbons(p, "proximity").count == 4  # five swatches of texture+tone: 4 neighbour pairs
    assert ribbons(p, "movement").count == 2


# --- canvas.bonus --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "words, grey",
    [
        ("Melancholy Graceful Nature", 2),  # the bonus tone in blue, tones in red and green
        ("Darkness Vast Game", 1),  # bonus shape x 1 shape; bonus texture finds none
        ("Heavy Purpose Warning", 0),  # a bonus hue and no hue
        ("Nature Beauty Bait", 0),  # Nature's bonus tone is covered by Beauty
    ],
)
def test_canvas_bonus(words, grey):
    assert sum(b.count for b in bonus_ribbons(painting(words))) == grey
