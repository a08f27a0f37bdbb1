"""Hand-checked requirement cases per kind: the grammar, what this deck can meet, and which cards fill what."""

import pytest
from masterpiece_helpers import cards, meets_req

from pastiche_cli.games.masterpiece.core import rule_ids as R
from pastiche_cli.games.masterpiece.core.requirements import (
    Requirement,
    RequirementError,
    feasible,
    match,
    parse_requirement,
)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("run 5", Requirement("run", 5)),
        ("Run  7", Requirement("run", 7)),
        ("run 5 same-suit", Requirement("run", 5, same_suit=True)),
        ("run 5 same suit", Requirement("run", 5, same_suit=True)),
        ("pairs 3", Requirement("pairs", 3)),
        ("pair 1", Requirement("pairs", 1)),
        ("kind 3", Requirement("kind", 3)),
        ("kind 5 of 13", Requirement("kind", 5, value=13)),
        ("kinds 3+2", Requirement("kinds", 3, 2)),
        ("kinds 2 + 2", Requirement("kinds", 2, 2)),
        ("flag", Requirement("flag")),
        ("end flag", Requirement("flag")),
    ],
)
def test_grammar_reads(text, expected):
    assert parse_requirement(text) == expected


def test_repeats_is_the_thesis_s_own_key():
    assert parse_requirement("pairs 3", repeats=True).repeats is True
    assert parse_requirement("pairs 3", repeats=True).text() == "pairs 3"


@pytest.mark.parametrize(
    "text, hint",
    [
        ("rum 5", "did you mean 'run'?"),
        ("run", "write run N"),
        ("run five", "write run N"),
        ("kinds 3", "write run N"),
        ("", "write run N"),
        ("run 5 of 3", "write run N"),
        ("run 99999", "write run N"),
    ],
)
def test_grammar_refuses_with_the_grammar(text, hint):
    with pytest.raises(RequirementError) as exc:
        parse_requirement(text)
    assert hint in str(exc.value)


@pytest.mark.parametrize(
    "text, possible, why",
    [
        ("run 5", True, ""),
        ("run 11", True, ""),
        ("run 13", True, ""),
        ("run 14", False, "values run from 1 to 13"),
        ("run 7 same-suit", True, ""),
        ("run 8 same-suit", False, "a suit has 7 cards"),
        ("run 9 same-suit", False, "a suit has 7 cards"),
        ("run 1", False, "at least 2"),
        ("pairs 11", True, ""),
        ("pairs 12", False, "only 11 values have two cards"),
        ("kind 7", True, ""),
        ("kind 8", False, "no value has more than 7"),
        ("kind 5 of 13", False, "holds 1 card of 13"),
        ("kind 2 of 12", True, ""),
        ("kind 3 of 12", False, "holds 2 cards of 12"),
        ("kind 3 of 14", False, "there is no value 14"),
        ("kinds 7+7", False, "no two values"),
        ("kinds 7+6", True, ""),
        ("kinds 6+6", True, ""),
        ("kinds 3+0", False, "at least 1"),
        ("flag", True, ""),
    ],
)
def test_what_the_deck_can_meet(text, possible, why):
    found = feasible(parse_requirement(text))
    assert (found is None) is possible
    if why:
        assert why in found


def test_pairs_with_repeats_can_go_further():
    assert feasible(Requirement("pairs", 12, repeats=True)) is None
    assert feasible(Requirement("pairs", 21, repeats=True)) is None
    assert "at most 21" in feasible(Requirement("pairs", 22, repeats=True))


# --- which cards meet what: (requirement, cards, meets?, rule, words in the reason or the parts) ------

CASES = [
    # runs: suits may mix; a run longer than a suit must mix
    ("run 5", "yellow 4,orange 5,pink 6,blue 7,green 8", True, R.THESIS_RUN, "run 4 to 8"),
    ("run 5", "yellow 4,orange 5,blue 7,pink 7,green 8", False, R.THESIS_RUN, "share the value 7"),
    ("run 5", "yellow 4,orange 5,blue 7,green 8,green 9", False, R.THESIS_RUN, "no 6"),
    ("run 5", "yellow 4,orange 5,blue 7,green 8", False, R.THESIS_RUN, "exactly 5 cards, not 4"),
    ("run 9", "pink 1,pink 2,pink 3,pink 4,pink 5,pink 6,pink 7,purple 8,orange 9", True, R.THESIS_RUN, "run 1 to 9"),
    (
        "run 11",
        "purple 2,orange 3,yellow 4,lightblue 5,blue 6,green 7,green 8,green 9,green 10,green 11,green 12",
        True,
        R.THESIS_RUN,
        "run 2 to 12",
    ),
    # a same-suit run broken by one card
    ("run 5 same-suit", "orange 3,orange 4,orange 5,orange 6,orange 7", True, R.THESIS_SAME_SUIT, "all orange"),
    (
        "run 5 same-suit",
        "orange 3,orange 4,orange 5,orange 6,pink 7",
        False,
        R.THESIS_SAME_SUIT,
        "pink 7 is not orange",
    ),
    # pairs: distinct values unless repeats
    ("pairs 3", "pink 3,orange 3,pink 6,blue 6,purple 8,orange 8", True, R.THESIS_PAIRS, "pair of 6"),
    ("pairs 3", "pink 3,orange 3,purple 8,orange 8,yellow 8,green 8", False, R.THESIS_PAIRS, "repeats: true"),
    ("pairs 3 repeats", "pink 3,orange 3,purple 8,orange 8,yellow 8,green 8", True, R.THESIS_PAIRS, "pair of 8"),
    ("pairs 3", "pink 3,orange 3,purple 8,orange 8,yellow 8,green 9", False, R.THESIS_PAIRS, "3 cards of value 8"),
    ("pairs 2 repeats", "pink 7,purple 7,orange 7,yellow 7", True, R.THESIS_PAIRS, "2 pairs"),
    # kinds
    ("kind 3", "pink 6,purple 6,green 7", False, R.THESIS_KIND, "one value"),
    ("kind 3", "pink 6,purple 6,blue 6", True, R.THESIS_KIND, "3 of 6"),
    ("kind 2 of 12", "blue 12,green 12", True, R.THESIS_KIND, "2 of 12"),
    ("kind 2 of 12", "blue 11,green 11", False, R.THESIS_KIND, "asks for 12s"),
    ("kinds 3+2", "orange 9,yellow 9,green 9,yellow 4,pink 4", True, R.THESIS_KINDS, "3 of 9 and 2 of 4"),
    ("kinds 3+2", "yellow 4,pink 4,orange 9,yellow 9,green 9", True, R.THESIS_KINDS, "3 of 9"),
    ("kinds 3+2", "orange 9,yellow 9,green 9,blue 9,lightblue 9", False, R.THESIS_KINDS, "two values"),
    ("kinds 3+2", "orange 9,yellow 9,yellow 4,pink 4,purple 4", True, R.THESIS_KINDS, "3 of 4 and 2 of 9"),
    ("kinds 2+2", "orange 9,yellow 9,yellow 4,pink 5", False, R.THESIS_KINDS, "two values"),
    ("flag", "blue 9", True, R.THESIS_FLAG, "flag"),
    ("flag", "blue 9,blue 10", False, R.THESIS_FLAG, "exactly 1 card"),
    # each card is unique
    ("kind 2", "blue 9,blue 9", False, R.THESIS_KIND, "more than once"),
]


def _req(text):
    repeats = text.endswith(" repeats")
    return parse_requirement(text.replace(" repeats", ""), repeats)


@pytest.mark.parametrize("text, hand, ok, rule, words", CASES, ids=[f"{c[0]}: {c[1]}" for c in CASES])
def test_requirement_case(text, hand, ok, rule, words):
    req = _req(text)
    found = match(req, cards(hand))
    assert found.ok is ok, found.reason
    assert found.rule == rule
    shown = found.reason + " " + " ".join(p.label for p in found.parts)
    assert words in shown
    assert meets_req(req, cards(hand)) is ok  # the independent checker agrees with the table
    if ok:
        placed = [c for p in found.parts for c in p.cards]
        assert sorted(placed) == sorted(cards(hand))  # the assignment places every card once


def test_the_assignment_of_pairs_shows_each_pair():
    found = match(_req("pairs 3"), cards("pink 3,orange 3,pink 6,blue 6,purple 8,orange 8"))
    assert [(p.label, [str(c) for c in p.cards]) for p in found.parts] == [
        ("pair of 3", ["pink 3", "orange 3"]),
        ("pair of 6", ["pink 6", "blue 6"]),
        ("pair of 8", ["purple 8", "orange 8"]),
    ]
