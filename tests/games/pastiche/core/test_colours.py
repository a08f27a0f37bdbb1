"""Palette cards and the colour chart (SPEC 1.1, 1.2): the data, parsing names, suggestions, multisets."""

from __future__ import annotations

from collections import Counter

import pytest

from pastiche_cli.games.pastiche.core import colours

# SPEC 1.1, by hand.
CARD_TABLE = {
    "red": ("primary", 4, 8),
    "yellow": ("primary", 4, 8),
    "blue": ("primary", 4, 8),
    "orange": ("secondary", 1, 12),
    "green": ("secondary", 1, 12),
    "violet": ("secondary", 1, 12),
    "brown": ("secondary", 1, 12),
    "amber": ("tertiary", 2, 6),
    "scarlet": ("tertiary", 2, 6),
    "olive": ("tertiary", 2, 6),
    "teal": ("tertiary", 2, 6),
    "magenta": ("tertiary", 2, 6),
    "purple": ("tertiary", 2, 6),
    "black": ("shade", 3, 6),
    "white": ("shade", 3, 6),
    "gray": ("shade", 6, 6),
    "bisque": ("special", 5, 5),
}

# SPEC 1.2, by hand.
CHART = {
    "RY": "orange",
    "YB": "green",
    "RB": "violet",
    "RR": None,
    "YY": None,
    "BB": None,
    "RRR": "red",
    "YYY": "yellow",
    "BBB": "blue",
    "RYB": "brown",
    "RRY": "scarlet",
    "RYY": "amber",
    "YYB": "olive",
    "YBB": "teal",
    "RRB": "magenta",
    "RBB": "purple",
}


def test_colours_card_table_matches_the_spec():
    kinds = colours.card_kinds()
    assert list(kinds) == list(CARD_TABLE)
    assert {n: (k.group, k.value, k.copies) for n, k in kinds.items()} == CARD_TABLE
    assert sum(k.copies for k in kinds.values()) == 131


@pytest.mark.parametrize("dabs, card", sorted(CHART.items()))
def test_colours_chart_matches_the_spec(dabs, card):
    assert colours.mix(dabs) == card


@pytest.mark.parametrize(
    "written, dabs, card",
    [
        ("YR", "RY", "orange"),
        ("BY", "YB", "green"),
        ("BR", "RB", "violet"),
        ("BYR", "RYB", "brown"),
        ("YRR", "RRY", "scarlet"),
        ("YRY", "RYY", "amber"),
        ("BYY", "YYB", "olive"),
        ("BBY", "YBB", "teal"),
        ("BRR", "RRB", "magenta"),
        ("BRB", "RBB", "purple"),
        ("ybb", "YBB", "teal"),
        (" ry ", "RY", "orange"),
    ],
)
def test_colours_mix_any_order_and_case(written, dabs, card):
    assert colours.mix(written) == card
    assert colours.sort_dabs(written) == dabs


@pytest.mark.parametrize("bad", ["", "R", "RRRR", "RYBR", "RX", "GY", "R-Y", "12", "R++"])
def test_colours_mix_refuses_other_dab_counts_and_letters(bad):
    with pytest.raises(ValueError):
        colours.mix(bad)


def test_colours_bonus_bands_and_thresholds_are_the_rulebooks():
    bands = [(b["from"], b["to"], b["bonus"]) for b in colours.artist_bonus_bands()]
    assert bands == [(15, 17, 3), (18, 22, 4), (23, 27, 5), (28, 31, 6)]
    assert colours.end_thresholds() == {2: 45, 3: 40, 4: 35}


@pytest.mark.parametrize(
    "text, card",
    [
        ("teal", "teal"),
        ("Teal", "teal"),
        ("TEAL", "teal"),
        ("  teal ", "teal"),
        ("grey", "gray"),
        ("Grey", "gray"),
        ("GRAY", "gray"),
        ("R", "red"),
        ("r", "red"),
        ("Y", "yellow"),
        ("B", "blue"),
        ("b", "blue"),
    ],
)
def test_colours_parse_card_accepts_names_any_case_grey_and_dab_letters(text, card):
    assert colours.parse_card(text) == card


@pytest.mark.parametrize("text", ["purpel", "G", "O", "RY", "", "tealteal", None, 3, ["teal"], "grayy"])
def test_colours_parse_card_refuses_anything_else(text):
    assert colours.parse_card(text) is None


@pytest.mark.parametrize(
    "typo, near",
    [
        ("purpel", "purple"),
        ("tael", "teal"),
        ("blu", "blue"),
        ("orang", "orange"),
        ("scarlett", "scarlet"),
        ("magneta", "magenta"),
        ("bisk", "bisque"),
        ("gery", "grey"),
        ("whit", "white"),
        ("PURPEL", "purple"),
    ],
)
def test_colours_unknown_card_message_suggests_the_near_name(typo, near):
    message = colours.unknown_card_message(typo)
    assert f"'{typo}'" in message
    assert f"did you mean '{near}'?" in message


def test_colours_unknown_card_message_without_a_near_name_lists_every_card():
    message = colours.unknown_card_message("xqzw")
    assert "did you mean" not in message
    assert all(card in message for card in CARD_TABLE)


def test_colours_multiset_helpers_use_chart_order_and_values():
    hand = Counter({"gray": 1, "teal": 2, "red": 1, "bisque": 0, "orange": 3})
    assert colours.ordered(hand) == [("red", 1), ("orange", 3), ("teal", 2), ("gray", 1)]
    assert colours.as_list(hand) == ["red", "orange", "orange", "orange", "teal", "teal", "gray"]
    assert colours.describe(hand) == "1 red, 3 orange, 2 teal, 1 gray"
    assert colours.describe(Counter()) == "none"
    assert colours.cards_value(hand) == 4 + 3 * 1 + 2 * 2 + 6
    assert colours.cards_value({"bisque": 2, "black": 1, "white": 1}) == 10 + 3 + 3


@pytest.mark.parametrize("written", ["R+Y", "r + y", "Y R", " RY "])
def test_colours_mix_reads_dabs_as_the_chart_writes_them(written):
    # SPEC 1.2 writes dabs as R+Y; players type them that way too.
    assert colours.mix(written) == "orange"
    assert colours.sort_dabs(written) == "RY"
