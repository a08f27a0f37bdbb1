"""Hand-checked placements, one table per rule id: each row worked out on paper from the rules text."""

from __future__ import annotations

import pytest
from artline_tables import table

from pastiche_cli.games.artline.core import rule_ids as R
from pastiche_cli.games.artline.core.placement import judge, misuses, spots
from pastiche_cli.games.artline.core.turns import after_placement

START = [(0, 0)]
ROW0 = [(0, 0), (1, 0)]  # row 0 is a gallery "dogs"
DOGS = [("row", 0, "dogs")]
L = [(0, 0), (1, 0), (0, 1)]  # row 0 "dogs", column 0 "red clothing"
L_GALLERIES = [("row", 0, "dogs"), ("column", 0, "red clothing")]


def lines(verdict, kind):
    return sorted((str(e.line), e.feature) for e in getattr(verdict, kind))


# --- [artline.place] where a painting may go ----------------------------------------------------------


@pytest.mark.parametrize(
    "cells, at, portrait, bounds, legal, words",
    [
        (START, (1, 0), (), None, True, "next to [0, 0]"),
        (START, (0, -1), (), None, True, "next to [0, 0]"),
        (START, (1, 1), (), None, False, "not next to any painting"),  # a corner is not a side
        (START, (2, 0), (), None, False, "not next to any painting"),
        (START, (0, 0), (), None, False, "already holds a painting"),  # occupied
        (ROW0, (1, 0), (), None, False, "already holds a painting"),
        # [1, 1] touches a landscape [1, 0] and a portrait [0, 1] (made up to break the orientation rule)
        ([(0, 0), (1, 0), (0, 1)], (1, 1), [(0, 1)], None, False, "different orientations"),
        (ROW0, (2, 0), (), (3, 2), True, "fits in 3 x 2 cells"),
        (ROW0, (2, 0), (), (2, 2), False, "off the table"),  # 3 columns in a 2-column table
        (ROW0, (-1, 0), (), (2, 2), False, "off the table"),
        (ROW0, (0, 1), (), (2, 2), True, "fits in 2 x 2 cells"),
    ],
)
def test_place(cells, at, portrait, bounds, legal, words):
    galleries = DOGS if len(cells) == 2 else L_GALLERIES if len(cells) == 3 else []
    verdict = judge(
        table(cells, galleries, portrait=portrait, bounds=bounds),
        at,
        "Ana",
        feature_column="a bridge",
        feature_row="boats",
    )
    assert verdict.legal is legal, verdict.reason
    assert words in verdict.reason + " ".join(s.text for s in verdict.steps)
    if not legal:
        assert verdict.rule == R.ARTLINE_PLACE


def test_place_takes_the_orientation_of_its_neighbours():
    verdict = judge(table([(0, 0), (0, 1)], [("column", 0, "snow")], portrait=[(0, 0), (0, 1)]), (0, 2), "Ana")
    assert verdict.legal and verdict.orientation == "portrait"


# --- [artline.open] naming a feature ------------------------------------------------------------------


@pytest.mark.parametrize(
    "cells, galleries, at, row, column, legal, opens, words",
    [
        (START, [], (1, 0), "dogs", None, True, [("row 0", "dogs")], "which no gallery uses yet"),
        (START, [], (1, 0), None, None, False, [], "its feature must be named (--feature-row TEXT)"),  # no feature
        (START, [], (0, 1), None, None, False, [], "(--feature-column TEXT)"),
        (START, [], (0, 1), None, "   ", False, [], "must be named"),  # blank is none
        (ROW0, DOGS, (0, 1), None, "dogs", False, [], "already the feature of the row 0 gallery"),  # in use
        (ROW0, DOGS, (0, 1), None, "  DOGS ", False, [], "(as 'dogs')"),  # case, spaces
        (ROW0, DOGS, (0, 1), None, "Do gs", False, [], "each feature is used once"),
        (ROW0, DOGS, (0, 1), None, "dog", True, [("column 0", "dog")], "which no gallery uses yet"),  # alike is allowed
        # [1, 1] with [0, 1] and [1, 0] on the table opens row 1 and column 1 at once
        ([(0, 0), (1, 0), (0, 1)], L_GALLERIES, (1, 1), "a hat", "a hat", False, [], "two different features"),
        ([(0, 0), (1, 0), (0, 1)], L_GALLERIES, (1, 1), "a hat", "A  Hat", False, [], "not 'A Hat' twice"),
        (
            [(0, 0), (1, 0), (0, 1)],
            L_GALLERIES,
            (1, 1),
            "a hat",
            "boats",
            True,
            [("column 1", "boats"), ("row 1", "a hat")],
            "opens the row 1 gallery",
        ),
        ([(0, 0), (1, 0), (0, 1)], L_GALLERIES, (1, 1), "a hat", None, False, [], "(--feature-column TEXT)"),
    ],
)
def test_open(cells, galleries, at, row, column, legal, opens, words):
    verdict = judge(table(cells, galleries), at, "Ana", row, column)
    assert verdict.legal is legal, verdict.reason
    assert lines(verdict, "opens") == opens
    assert words in verdict.reason + " ".join(s.text for s in verdict.steps)
    if not legal:
        assert verdict.rule == R.ARTLINE_OPEN


def test_open_names_a_feature_that_merely_looks_like_one_in_use():
    verdict = judge(table(ROW0, DOGS), (0, 1), "Ana", feature_column="Dog")
    assert verdict.legal and verdict.warnings and "'dogs'" in verdict.warnings[0]


def test_a_row_with_one_painting_far_away_is_opened_across_the_gap():
    # Column 0 "snow" is [0, 0] to [0, 2]; row 2 "boats" runs on to [2, 2]. [2, 1] is next to [2, 2], and
    # row 1 holds only [0, 1], two cells away: laying [2, 1] opens row 1 across the gap at [1, 1].
    cells = [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]
    verdict = judge(
        table(cells, [("column", 0, "snow"), ("row", 2, "boats")]),
        (2, 1),
        "Ana",
        feature_row="a hat",
        feature_column="clouds",
    )
    assert verdict.legal
    assert lines(verdict, "opens") == [("column 2", "clouds"), ("row 1", "a hat")]
    assert verdict.opens[0].paintings == ((0, 1),) and "1 empty cell between them" in verdict.steps[1].text
    assert verdict.exhibition


# --- [artline.fit] extending a gallery, across a gap too -------------------------------------------------


@pytest.mark.parametrize(
    "cells, galleries, at, joins, decide",
    [
        (ROW0, DOGS, (2, 0), [("row 0", "dogs")], ["'dogs'"]),
        (ROW0, DOGS, (-1, 0), [("row 0", "dogs")], ["'dogs'"]),
        # row 0 is [0, 0] and [2, 0] with a gap at [1, 0] (joined through column 2 and row 1):
        (
            [(0, 0), (0, 1), (1, 1), (2, 1), (2, 0)],
            [("column", 0, "snow"), ("row", 1, "boats"), ("column", 2, "a hat"), ("row", 0, "dogs")],
            (3, 0),
            [("row 0", "dogs")],
            ["'dogs'"],
        ),
        (
            [(0, 0), (0, 1), (1, 1), (2, 1), (2, 0)],
            [("column", 0, "snow"), ("row", 1, "boats"), ("column", 2, "a hat"), ("row", 0, "dogs")],
            (1, 0),
            [("column 1", None), ("row 0", "dogs")],
            ["'dogs'"],
        ),
    ],
)
def test_fit(cells, galleries, at, joins, decide):
    verdict = judge(table(cells, galleries), at, "Ana", feature_column="fruit")
    assert verdict.legal, verdict.reason
    assert [j for j in lines(verdict, "joins")] == [j for j in joins if j[1]]
    for word in decide:
        assert any(word in d and "the players' decision" in d for d in verdict.players_decide)
    assert any(s.rule == R.ARTLINE_FIT for s in verdict.steps)


def test_extending_across_a_gap_says_it_is_one_gallery():
    cells = [(0, 0), (0, 1), (1, 1), (2, 1), (2, 0)]
    galleries = [("column", 0, "snow"), ("row", 1, "boats"), ("column", 2, "a hat"), ("row", 0, "dogs")]
    verdict = judge(table(cells, galleries), (3, 0), "Ana")
    assert "1 empty cell between them: one gallery all the same" in verdict.steps[1].text
    assert not verdict.exhibition and verdict.draws


# --- [artline.unclear] the vote ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "hands, unclear, legal",
    [
        ((5, 5), 0, True),
        ((5, 5), 1, False),  # 1 of 2 is half
        ((5, 5, 5), 1, True),
        ((5, 5, 5), 2, False),
        ((5, 5, 5, 5), 1, True),
        ((5, 5, 5, 5), 2, False),  # 2 of 4 is half
        ((5, 5, 5, 5, 5), 2, True),
        ((5, 5, 5, 5, 5), 3, False),
    ],
)
def test_unclear(hands, unclear, legal):
    verdict = judge(table(START, hands=hands), (1, 0), "Ana", feature_row="melancholy light", unclear=unclear)
    assert verdict.legal is legal
    if not legal:
        assert verdict.rule == R.ARTLINE_UNCLEAR and "name another feature, or play another painting" in verdict.reason


def test_a_vote_without_an_announcement_is_bad_usage():
    wrong = misuses(table(ROW0, DOGS), (2, 0), None, None, 1)
    assert [m.option for m in wrong] == ["--unclear"]


# --- [artline.exhibition] and [artline.draw] ----------------------------------------------------------


@pytest.mark.parametrize(
    "cells, galleries, at, row, column, exhibition, draws",
    [
        (START, [], (1, 0), "dogs", None, False, True),  # a row only
        (L, L_GALLERIES, (1, 1), "a hat", "boats", True, False),  # opens both: exhibition
        (L, L_GALLERIES, (2, 0), None, None, False, True),  # extends row 0 only
        # [1, 1] extends row 1 "three people" and opens column 1 with [1, 0]
        (
            [(0, 0), (1, 0), (0, 1), (-1, 1)],
            L_GALLERIES + [("row", 1, "three people")],
            (1, 1),
            None,
            "animals",
            True,
            False,
        ),  # extends row 1, opens column 1
        (
            [(0, 0), (1, 0), (0, 1), (1, 1), (1, 2)],
            L_GALLERIES + [("row", 1, "three people"), ("column", 1, "animals")],
            (0, 2),
            "children",
            None,
            True,
            False,
        ),  # extends column 0, opens row 2
    ],
)
def test_exhibition(cells, galleries, at, row, column, exhibition, draws):
    verdict = judge(table(cells, galleries), at, "Ana", row, column)
    assert verdict.legal, verdict.reason
    assert (verdict.exhibition, verdict.draws) == (exhibition, draws)
    step = next(s for s in verdict.steps if s.rule == R.ARTLINE_EXHIBITION)
    assert ("not an exhibition" not in step.text) is exhibition
    if draws:
        assert any(s.rule == R.ARTLINE_DRAW and "draws one painting" in s.text for s in verdict.steps)


def test_an_empty_deck_means_no_draw():
    verdict = judge(table(ROW0, DOGS, deck=0), (2, 0), "Ana")
    assert verdict.legal and not verdict.draws and verdict.deck_after == 0 and verdict.hand_after == 4
    assert any(s.rule == R.ARTLINE_DRAW and "the deck is empty" in s.text for s in verdict.steps)


def test_a_draw_keeps_the_hand_and_takes_from_the_deck():
    position = table(ROW0, DOGS)
    verdict = judge(position, (2, 0), "Ana")
    assert (verdict.hand_after, verdict.deck_after) == (5, position.deck - 1)


# --- [artline.win] the last card of a hand ------------------------------------------------------------


def test_the_last_painting_of_a_hand_wins_and_draws_nothing():
    position = table(ROW0, DOGS, hands=(1, 5))
    verdict = judge(position, (2, 0), "Ana")
    assert verdict.legal and verdict.wins and not verdict.draws and verdict.hand_after == 0
    assert any(s.rule == R.ARTLINE_WIN for s in verdict.steps)
    after = after_placement(position, verdict)
    assert after.player("Ana").hand == 0 and after.deck == position.deck and after.turn == "Ana"


def test_no_one_plays_once_the_game_is_won():
    position = table(ROW0, DOGS, hands=(0, 5), turn="Ben")
    verdict = judge(position, (2, 0), "Ben")
    assert not verdict.legal and verdict.rule == R.ARTLINE_WIN
    assert spots(position) == (spots(position)[0], ()) and spots(position)[0].rule == R.ARTLINE_WIN


# --- [artline.turn] ----------------------------------------------------------------------------------


def test_only_the_player_on_turn_plays():
    verdict = judge(table(ROW0, DOGS, turn="Ben"), (2, 0), "Ana")
    assert not verdict.legal and verdict.rule == R.ARTLINE_TURN and "Ben's turn" in verdict.reason
    assert judge(table(ROW0, DOGS, turn=None), (2, 0), "Ana").legal


def test_features_given_for_lines_not_being_opened_are_misuses():
    wrong = misuses(table(ROW0, DOGS), (2, 0), "cats", "boats", 0)
    assert [m.option for m in wrong] == ["--feature-row", "--feature-column"]
    assert "whose feature is 'dogs' already" in wrong[0].message
    assert "no other painting lies on column 2" in wrong[1].message
    assert misuses(table(ROW0, DOGS), (0, 1), None, "boats", 0) == []
