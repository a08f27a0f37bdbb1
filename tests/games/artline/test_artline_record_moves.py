"""Artline's moves as values (core/moves.py) and its record (core/record.py): a table of worked examples
per move kind, legal and refused, each with the rule that decides it (worked out on paper from
rules/artline-rules-es.txt); the notation; and the bundled record replayed move by move."""

from __future__ import annotations

import pytest
from artline_tables import table
from conftest import ROOT

from pastiche_cli.formats.nodes import MAP, STR
from pastiche_cli.formats.yamlio import compose
from pastiche_cli.games.artline.core import moves
from pastiche_cli.games.artline.core import rule_ids as R
from pastiche_cli.games.artline.core.moves import Discard, Draw, Place, apply, judge, parse_move
from pastiche_cli.games.artline.core.position import DRAW, PLAY
from pastiche_cli.games.artline.core.record import RULES
from pastiche_cli.games.artline.core.standing import standing
from pastiche_cli.games.artline.core.validate import rule_problems
from pastiche_cli.games.artline.formats.loader import PositionReader
from pastiche_cli.kernel.moves import IllegalMove, MoveSyntaxError
from pastiche_cli.kernel.replay import ILLEGAL, SYNTAX

START = [(0, 0)]
ROW0 = [(0, 0), (1, 0)]  # row 0 is the gallery "dogs"
DOGS = [("row", 0, "dogs")]
L = [(0, 0), (1, 0), (0, 1)]  # row 0 "dogs", column 0 "red clothing"
L_GALLERIES = [("row", 0, "dogs"), ("column", 0, "red clothing")]
THREE = (5, 5, 5)


def owing(position, player="Ana"):
    """The same table, `player` having played this turn's painting and owing the draw."""
    return position._replace(turn=player, phase=DRAW)


def verdict_of(position, text):
    return judge(position, parse_move(text, position))


# --- [artline.place] and the galleries it opens or joins ------------------------------------------
# Columns: the table, the move, legal?, the deciding rule, and a few words of the reason.

PLACES = [
    # The start alone: [1, 0] pairs with it in row 0, so the row gallery opens and needs its feature.
    (table(START), "Ana place 1,0 row dogs", True, R.ARTLINE_PLACE, "opens row 0 'dogs'"),
    (table(START), 'Ana place 0,1 column "red clothing"', True, R.ARTLINE_PLACE, "opens column 0"),
    (table(START), "Ana place 1,0", False, R.ARTLINE_OPEN, "its feature must be named (row FEATURE)"),
    (table(START), "Ana place 0,-1", False, R.ARTLINE_OPEN, "(column FEATURE)"),
    # A corner is not a side; an occupied cell is never played on ("no pueden superponerse").
    (table(START), "Ana place 1,1", False, R.ARTLINE_PLACE, "not next to any painting"),
    (table(START), "Ana place 0,0", False, R.ARTLINE_PLACE, "already holds a painting"),
    (table(ROW0, DOGS, bounds=(2, 2)), "Ana place 2,0", False, R.ARTLINE_PLACE, "off the table"),
    # Joining: row 0 is 'dogs' already, so a feature named for it is refused; joining names none.
    (table(ROW0, DOGS), "Ana place 2,0", True, R.ARTLINE_PLACE, "joins row 0 'dogs'"),
    (table(ROW0, DOGS), "Ana place 2,0 row cats", False, R.ARTLINE_OPEN, "'row' names a feature for a gallery"),
    (table(ROW0, DOGS), "Ana place 2,0 column cats", False, R.ARTLINE_OPEN, "no gallery opens there"),
    # [1, 1] pairs with [0, 1] in row 1 and with [1, 0] in column 1: two galleries, two features.
    (table(L, L_GALLERIES), "Ana place 1,1 row boats column snow", True, R.ARTLINE_PLACE, "an exhibition"),
    (table(L, L_GALLERIES), "Ana place 1,1 row boats column Boats", False, R.ARTLINE_OPEN, "two different"),
    (
        table(L, L_GALLERIES),
        'Ana place 1,1 row "Red Clothing" column snow',
        False,
        R.ARTLINE_OPEN,
        "already the feature of the column 0 gallery",
    ),
    (table(L, L_GALLERIES), "Ana place 1,1 row boats", False, R.ARTLINE_OPEN, "(column FEATURE)"),
    # [artline.unclear] half or more of the players cannot make the feature out: it does not stand.
    (table(START, hands=THREE), "Ana place 1,0 row dogs unclear 1", True, R.ARTLINE_PLACE, "opens row 0"),
    (table(START, hands=THREE), "Ana place 1,0 row dogs unclear 2", False, R.ARTLINE_UNCLEAR, "2 of the 3"),
    (table(START), "Ana place 1,0 row dogs unclear 1", False, R.ARTLINE_UNCLEAR, "1 of the 2 players"),
    (table(ROW0, DOGS, hands=THREE), "Ana place 2,0 unclear 1", False, R.ARTLINE_UNCLEAR, "opens no gallery"),
    (table(START, hands=THREE), "Ana place 1,0 row dogs unclear 4", False, R.ARTLINE_UNCLEAR, "from 0 to 3"),
    # [artline.turn] only the player on turn plays; [artline.draw] a turn played ends with its draw.
    (table(ROW0, DOGS), "Ben place 2,0", False, R.ARTLINE_TURN, "it is Ana's turn, not Ben's"),
    (owing(table(ROW0, DOGS)), "Ana place 2,0", False, R.ARTLINE_DRAW, "ends with the draw"),
    (owing(table(ROW0, DOGS)), "Ben place 2,0", False, R.ARTLINE_TURN, "it is Ana's turn"),
    # Whose turn comes before where: Ben's painting on an occupied cell is refused for the turn.
    (table(ROW0, DOGS), "Ben place 0,0", False, R.ARTLINE_TURN, "not Ben's"),
    # [artline.win] nobody plays once a hand is empty.
    (table(ROW0, DOGS, hands=(0, 5), turn="Ben"), "Ben place 2,0", False, R.ARTLINE_WIN, "the game is over"),
]


@pytest.mark.parametrize("position, text, legal, rule, words", PLACES)
def test_place(position, text, legal, rule, words):
    verdict = verdict_of(position, text)
    assert (verdict.legal, verdict.rule) == (legal, rule), verdict.reason
    assert words in verdict.reason + " ".join(verdict.effects)


def test_a_place_that_is_no_exhibition_leaves_the_draw_owed():
    before = table(ROW0, DOGS)  # Ana 5, Ben 5, deck 96 - 10 - 2 = 84
    after = apply(before, Place("Ana", (2, 0)))
    assert [p.hand for p in after.players] == [4, 5] and after.deck == 84
    assert (after.turn, after.phase) == ("Ana", DRAW)
    assert after.table[-1].at == (2, 0) and after.table[-1].by == "Ana"
    assert verdict_of(before, "Ana place 2,0").effects[-1].endswith("(Ana draw) [artline.draw]")


def test_an_exhibition_draws_nothing_and_passes_the_turn():
    before = table(L, L_GALLERIES)
    after = apply(before, Place("Ana", (1, 1), "boats", "snow"))
    assert [p.hand for p in after.players] == [4, 5] and after.deck == before.deck
    assert (after.turn, after.phase) == ("Ben", PLAY)
    assert [(str(g.line), g.feature, g.opened_by) for g in after.galleries[2:]] == [
        ("row 1", "boats", "Ana"),
        ("column 1", "snow", "Ana"),
    ]


def test_the_last_painting_wins_and_the_turn_stays():
    after = apply(table(ROW0, DOGS, hands=(1, 5)), Place("Ana", (2, 0)))
    assert [p.hand for p in after.players] == [0, 5] and (after.turn, after.phase) == ("Ana", PLAY)
    assert verdict_of(table(ROW0, DOGS, hands=(1, 5)), "Ana place 2,0").effects[-1].endswith("[artline.win]")


def test_with_the_deck_empty_a_place_owes_no_draw():
    after = apply(table(ROW0, DOGS, deck=0), Place("Ana", (2, 0)))
    assert [p.hand for p in after.players] == [4, 5] and (after.turn, after.phase) == ("Ben", PLAY)


def test_the_players_decide_whether_a_painting_fits():
    verdict = verdict_of(table(ROW0, DOGS), "Ana place 2,0")
    assert any("the players' decision" in n and "[artline.fit]" in n for n in verdict.notes)
    assert verdict.detail.joins[0].feature == "dogs"  # the placement judge's own verdict


def test_a_position_without_a_turn_is_not_turn_checked_and_stays_so_through_the_draw():
    before = table(START, turn=None)
    verdict = verdict_of(before, "Ben place 1,0 row dogs")
    assert verdict.legal and not verdict.turn_checked and verdict.notes
    after = apply(before, parse_move("Ben place 1,0 row dogs", before))
    assert (after.turn, after.phase) == (None, DRAW)
    assert verdict_of(after, "Ana place 0,1 column x").rule == R.ARTLINE_DRAW  # the draw comes first
    drawn = apply(after, Draw("Ben"))
    assert (drawn.turn, drawn.phase) == (None, PLAY) and [p.hand for p in drawn.players] == [5, 5]
    assert verdict_of(after, "Ben draw").effects[-1] == "the turn ends"


def test_a_turnless_discard_of_the_last_painting_draws_one_back():
    after = apply(table(ROW0, DOGS, hands=(5, 1), turn=None), Discard("Ben"))
    assert [p.hand for p in after.players] == [5, 0] and standing(after).over is False
    assert [p.hand for p in apply(after, Draw("Ben")).players] == [5, 1]


# --- [artline.discard] -----------------------------------------------------------------------------

DISCARDS = [
    (table(ROW0, DOGS), "Ana discard", True, R.ARTLINE_DISCARD),
    (table(ROW0, DOGS), "Ben discard", False, R.ARTLINE_TURN),
    (owing(table(ROW0, DOGS)), "Ana discard", False, R.ARTLINE_DRAW),  # one painting a turn
    (table(ROW0, DOGS, deck=0), "Ana discard", True, R.ARTLINE_DISCARD),  # nothing to draw after it
    (table(ROW0, DOGS, hands=(0, 5), turn="Ben"), "Ben discard", False, R.ARTLINE_WIN),
]


@pytest.mark.parametrize("position, text, legal, rule", DISCARDS)
def test_discard(position, text, legal, rule):
    verdict = verdict_of(position, text)
    assert (verdict.legal, verdict.rule) == (legal, rule), verdict.reason


def test_a_discard_leaves_the_draw_owed():
    before = table(ROW0, DOGS)
    after = apply(before, Discard("Ana"))
    assert [p.hand for p in after.players] == [4, 5] and after.discard == before.discard + 1
    assert after.deck == before.deck and (after.turn, after.phase) == ("Ana", DRAW)


def test_a_discard_with_the_deck_empty_passes_the_turn_or_wins():
    after = apply(table(ROW0, DOGS, deck=0), Discard("Ana"))
    assert [p.hand for p in after.players] == [4, 5] and (after.turn, after.phase) == ("Ben", PLAY)
    last = apply(table(ROW0, DOGS, hands=(1, 5), deck=0), Discard("Ana"))
    assert [p.hand for p in last.players] == [0, 5] and last.turn == "Ana"


def test_discarding_the_last_painting_while_the_deck_lasts_does_not_win():
    """The turn ends with a painting drawn back, so the hand is not empty when the turn is over."""
    before = table(ROW0, DOGS, hands=(1, 5))
    after = apply(before, Discard("Ana"))
    assert [p.hand for p in after.players] == [0, 5] and after.phase == DRAW
    assert not RULES.ends_game(before, Discard("Ana"), after) and not standing(after).over
    drawn = apply(after, Draw("Ana"))
    assert [p.hand for p in drawn.players] == [1, 5] and drawn.turn == "Ben" and not standing(drawn).over


# --- [artline.draw] --------------------------------------------------------------------------------

DRAWS = [
    (owing(table(ROW0, DOGS)), "Ana draw", True, R.ARTLINE_DRAW, "Ana draws one painting"),
    (table(ROW0, DOGS), "Ana draw", False, R.ARTLINE_DRAW, "Ana owes no draw"),  # nothing played yet
    (owing(table(ROW0, DOGS)), "Ben draw", False, R.ARTLINE_TURN, "it is Ana's turn"),
    (owing(table(ROW0, DOGS), "Ben"), "Ana draw", False, R.ARTLINE_TURN, "it is Ben's turn"),
    (owing(table(ROW0, DOGS, deck=0)), "Ana draw", False, R.ARTLINE_DRAW, "the deck is empty"),
    (table(ROW0, DOGS, hands=(0, 5), turn="Ben"), "Ben draw", False, R.ARTLINE_WIN, "the game is over"),
]


@pytest.mark.parametrize("position, text, legal, rule, words", DRAWS)
def test_draw(position, text, legal, rule, words):
    verdict = verdict_of(position, text)
    assert (verdict.legal, verdict.rule) == (legal, rule), verdict.reason
    assert words in verdict.reason


def test_the_draw_ends_the_turn():
    before = owing(table(ROW0, DOGS, hands=(4, 5)))  # deck 96 - 9 in hands - 2 laid = 85
    after = apply(before, Draw("Ana"))
    assert [p.hand for p in after.players] == [5, 5] and after.deck == before.deck - 1
    assert (after.turn, after.phase) == ("Ben", PLAY)
    assert verdict_of(before, "Ana draw").effects == ("Ana holds 5; the deck holds 84", "the turn passes to Ben")


def test_apply_refuses_what_judge_refuses_with_its_verdict():
    with pytest.raises(IllegalMove) as refused:
        apply(table(ROW0, DOGS), Draw("Ana"))
    assert refused.value.verdict.rule == R.ARTLINE_DRAW and "[artline.draw]" in str(refused.value)


# --- the notation ----------------------------------------------------------------------------------

PARSED = [
    ("Ana place 1,0", Place("Ana", (1, 0)), "Ana place 1,0"),
    ("ana PLACE +1,-0 ROW dogs", Place("Ana", (1, 0), "dogs"), "Ana place 1,0 row dogs"),
    (
        'Ana place -1,2 column "red  clothing"',
        Place("Ana", (-1, 2), None, "red clothing"),
        'Ana place -1,2 column "red clothing"',
    ),
    (
        'Ana place 1,1 row boats column "a \\"bridge\\"" unclear 1',
        Place("Ana", (1, 1), "boats", 'a "bridge"', 1),
        'Ana place 1,1 row boats column "a \\"bridge\\"" unclear 1',
    ),
    ("Ana place 1,0 row dogs unclear 0", Place("Ana", (1, 0), "dogs"), "Ana place 1,0 row dogs"),
    ("Ana place 1,0 row column", Place("Ana", (1, 0), "column"), "Ana place 1,0 row column"),  # a feature, not a key
    ("Ben   discard", Discard("Ben"), "Ben discard"),
    ("BEN Draw", Draw("Ben"), "Ben draw"),
]


@pytest.mark.parametrize("text, move, canonical", PARSED)
def test_parse_move(text, move, canonical):
    position = table(START)
    parsed = parse_move(text, position)
    assert parsed == move and str(parsed) == canonical
    assert parse_move(canonical, position) == move


def test_moves_of_different_kinds_are_never_equal():
    assert Discard("Ana") != Draw("Ana") and hash(Discard("Ana")) != hash(Draw("Ana"))
    assert Place("Ana", (1, 0), "dogs") == Place("Ana", [1, 0], " dogs ")


SYNTAX_ERRORS = [
    ("", 0, "a move is a player's name"),
    ("Ana", 3, "a move is a player's name"),
    ("Ama place 1,0", 0, "did you mean 'Ana'"),
    ("Zed place 1,0", 0, "players: Ana, Ben"),
    ("Ana plaec 1,0", 4, "did you mean 'place'"),
    ("Ana place", 9, "incomplete move: write NAME place X,Y"),
    ("Ana place 1;0", 10, "not a cell"),
    ('Ana place "1,0"', 10, "not a cell"),
    ("Ana place 1,0 rwo dogs", 14, "did you mean 'row'"),
    ("Ana place 1,0 dogs", 14, "expected row, column or unclear"),
    ("Ana place 1,0 row", 17, "'row' needs a feature"),
    ("Ana place 1,0 row dogs unclear", 30, "'unclear' needs a number"),
    ("Ana place 1,0 row dogs unclear one", 31, "not a number of players"),
    ("Ana place 1,0 row dogs unclear -1", 31, "not a number of players"),
    ("Ana place 1,1 column a row b", 23, "'row' comes before 'column'"),
    ("Ana place 1,1 unclear 1 row b", 24, "'row' comes before 'unclear'"),
    ("Ana place 1,0 row a row b", 20, "'row' is given twice"),
    ('Ana place 1,0 row "dogs', 18, "not closed"),
    ("Ana draw now", 9, "unexpected 'now' after the move: write NAME draw"),
    ("Ana discard 1,0", 12, "unexpected '1,0'"),
]


@pytest.mark.parametrize("text, column, words", SYNTAX_ERRORS)
def test_text_not_in_the_notation_is_refused_where_it_goes_wrong(text, column, words):
    with pytest.raises(MoveSyntaxError) as refused:
        parse_move(text, table(START))
    assert words in str(refused.value) and refused.value.column == column


def test_player_names_match_exactly_before_any_case():
    position = table(START)._replace(
        players=(table(START).players[0]._replace(name="ana"), table(START).players[1]._replace(name="Ana")), turn="Ana"
    )
    assert parse_move("Ana draw", position).player == "Ana" and parse_move("ana draw", position).player == "ana"
    assert parse_move("ANA draw", position).player == "ana"  # the first of the names that match


def test_forms_name_every_move():
    assert set(moves.FORMS) == {"place", "discard", "draw"} and len(moves.MOVES) == 3


# --- the record: its hooks -----------------------------------------------------------------------


def test_a_setup_without_a_turn_starts_with_the_first_player():
    setup = table(START, turn=None)
    assert RULES.start(setup).turn == "Ana"
    assert RULES.start(table(START, turn="Ben")).turn == "Ben"
    stop = RULES.replay(setup, ["Ben place 1,0 row dogs"]).stop
    assert (stop.n, stop.kind, stop.rule) == (1, ILLEGAL, R.ARTLINE_TURN)


def test_the_first_empty_hand_ends_the_game_and_nothing_may_follow():
    setup = table(ROW0, DOGS, hands=(1, 5))
    whole = RULES.replay(setup, ["Ana place 2,0", "Ben place 3,0"])
    assert whole.steps[0].ends_game and whole.steps[0].triggers_end and whole.over
    stop = whole.stop
    assert (stop.n, stop.kind, stop.rule) == (2, ILLEGAL, R.ARTLINE_WIN)
    assert "Ana has no paintings in hand and has won" in stop.reason


def test_a_turn_of_the_record_is_the_painting_and_its_draw():
    whole = RULES.replay(table(ROW0, DOGS), ["Ana place 2,0", "Ana draw", "Ben discard", "Ben draw"])
    assert [RULES.ends_turn(s) for s in whole.steps] == [False, True, False, True]
    assert not whole.over and not any(s.triggers_end for s in whole.steps)


# --- the bundled record ----------------------------------------------------------------------------

RECORD = ROOT / "examples" / "records" / "artline" / "three-player-game.yaml"


def read_bundled():
    """The record's setup, read by the game's loader from its `setup:` node, and its moves' texts."""
    text = RECORD.read_text(encoding="utf-8")
    root = compose(RECORD.name, text)
    assert root.tag == MAP
    nodes = {k.value: v for k, v in root.value if k.tag == STR}
    assert nodes["game"].value == "artline"
    reader = PositionReader(RECORD.name)
    setup = reader.position(nodes["setup"])
    assert setup is not None and not reader.problems
    return setup, [item.value for item in nodes["moves"].value]


SETUP, PLAYED = read_bundled()


def test_the_setup_is_a_valid_deal():
    assert rule_problems(SETUP) == [] and SETUP.turn is None
    assert [p.hand for p in SETUP.players] == [5, 5, 5] and SETUP.deck == 80


def test_the_bundled_record_replays_with_every_move_legal_to_the_end():
    whole = RULES.replay(SETUP, PLAYED)
    assert whole.stop is None and 15 <= len(whole.steps) <= 40 and len(whole.steps) == len(PLAYED)
    assert all(s.verdict.legal and s.verdict.rule for s in whole.steps)
    assert whole.over and [s.n for s in whole.steps if s.ends_game] == [len(PLAYED)]
    position = RULES.start(SETUP)
    for step, text in zip(whole.steps, PLAYED):
        move = parse_move(text, position)
        assert step.move == move and str(move) == text  # the record is written in canonical notation
        assert step.after == apply(position, move)
        assert [p for p in rule_problems(step.after) if p.kind != "warning"] == []
        position = step.after


def test_the_bundled_record_exercises_every_move_kind():
    whole = RULES.replay(SETUP, PLAYED)
    kinds = {type(s.move) for s in whole.steps}
    assert kinds == set(moves.MOVES)
    places = [s for s in whole.steps if isinstance(s.move, Place)]
    assert any(s.move.row and s.move.column for s in places)  # two galleries opened at once
    assert any(s.move.unclear for s in places)  # the vote recorded
    assert any(not s.move.row and not s.move.column and s.verdict.detail.exhibition for s in places)
    assert any(not s.verdict.detail.exhibition and not s.verdict.detail.opens for s in places)


def test_the_final_position_is_the_one_the_header_works_out_by_hand():
    final = RULES.replay(SETUP, PLAYED).final
    assert [(p.name, p.hand) for p in final.players] == [("Ana", 0), ("Ben", 4), ("Caro", 5)]
    assert (final.deck, len(final.table), final.discard) == (70, 15, 2)
    result = standing(final)
    assert result.over and result.winners == ("Ana",)
    assert [(s.player.name, s.rank) for s in result.players] == [("Ana", 1), ("Ben", 2), ("Caro", 3)]
    assert sum(1 for s in RULES.replay(SETUP, PLAYED).steps if RULES.ends_turn(s)) == 16


def illegal_instead(position):
    """Moves that cannot be made in `position`: another player's draw, and the wrong kind for the phase."""
    others = [p.name for p in position.players if p.name != position.turn]
    wrong_kind = f"{position.turn} place 40,40" if position.phase == DRAW else f"{position.turn} draw"
    return [(f"{others[0]} draw", R.ARTLINE_TURN), (wrong_kind, R.ARTLINE_DRAW)]


@pytest.mark.parametrize("i", range(1, len(PLAYED) + 1))
def test_an_illegal_move_anywhere_stops_the_replay_at_exactly_that_move(i):
    before = RULES.replay(SETUP, PLAYED[: i - 1]).final
    for text, rule in illegal_instead(before):
        whole = RULES.replay(SETUP, PLAYED[: i - 1] + [text] + PLAYED[i:])
        assert (whole.stop.n, whole.stop.kind, whole.stop.rule) == (i, ILLEGAL, rule), text
        assert len(whole.steps) == i - 1
    garbled = RULES.replay(SETUP, PLAYED[: i - 1] + ["Ana paint 1,0"] + PLAYED[i:]).stop
    assert (garbled.n, garbled.kind, garbled.column) == (i, SYNTAX, 4)


def test_no_move_follows_the_bundled_game():
    for text in ("Ben place 3,1", "Ana draw", "Ben discard"):
        stop = RULES.replay(SETUP, PLAYED + [text]).stop
        assert (stop.n, stop.kind, stop.rule) == (len(PLAYED) + 1, ILLEGAL, R.ARTLINE_WIN)
