"""Masterpiece's moves as values (core/moves.py) and its record (core/record.py), rule by rule.

Each worked example was checked by hand against the rules (../shared/rules/masterpiece-description-ru.txt
as read in spec/masterpiece.md section 2): the position, the move, the verdict and the rule that decides.
"""

import copy
import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from masterpiece_helpers import read_record

from pastiche_cli.games.masterpiece.core import moves
from pastiche_cli.games.masterpiece.core import rule_ids as R
from pastiche_cli.games.masterpiece.core.deck import deck, parse_card
from pastiche_cli.games.masterpiece.core.endgame import end_verdict
from pastiche_cli.games.masterpiece.core.moves import (
    Flag,
    Present,
    Research,
    Review,
    TakeDiscard,
    apply,
    judge,
    parse_move,
)
from pastiche_cli.games.masterpiece.core.options import options
from pastiche_cli.games.masterpiece.core.position import Player, Position, Thesis
from pastiche_cli.games.masterpiece.core.record import RULES, flag_due
from pastiche_cli.games.masterpiece.core.requirements import Requirement
from pastiche_cli.games.masterpiece.core.scoring import score
from pastiche_cli.games.masterpiece.core.validate import card_places, consistency_problems
from pastiche_cli.games.masterpiece.formats.loader import parse_position
from pastiche_cli.kernel.moves import IllegalMove, MoveError, MoveSyntaxError
from pastiche_cli.kernel.replay import ILLEGAL, SYNTAX

ROOT = pathlib.Path(__file__).resolve().parents[3]
RECORD = ROOT / "examples" / "records" / "masterpiece" / "three-player-game.yaml"

# 8 + 4 + 9 cards placed and 2 discarded: 23 seen, 26 in the deck.
POSITION = """\
game: masterpiece
theses:
  - {id: five-run, requirement: run 5, points: 3, copies: 2}
  - {id: three-pairs, requirement: pairs 3, points: 4, copies: 1}
  - {id: triple, requirement: kind 3, points: 2, copies: 2}
  - {id: duo, requirement: kind 2, points: 1, copies: 3}
  - {id: big, requirement: kind 2, points: 9, copies: 1}
  - {id: end-flag, requirement: flag, points: 1}
players:
  - name: Ana
    hand: [pink 3, orange 3, purple 6, purple 8, orange 8, blue 9, green 12, yellow 5]
    accepted:
      - {thesis: triple, card: pink 6}
  - name: Ben
    hand: [yellow 4]
    published:
      - {thesis: duo, cards: [orange 9, yellow 9]}
    accepted:
      - {thesis: five-run, card: blue 6}
  - name: Caro
    hand: [green 10, lightblue 11]
    published:
      - {thesis: five-run, cards: [purple 4, orange 5, yellow 6, lightblue 7]}
      - {thesis: triple, cards: [green 7, lightblue 8, blue 8]}
discard: [pink 1, green 13]
deck: 25
turn: {player: Ana}
"""

# Ben's duo is worth 9 and his five-run 6 here: a review accepting the duo gives him 15, the threshold.
NEAR_END = POSITION.replace(
    "{id: duo, requirement: kind 2, points: 1, copies: 3}", "{id: duo, requirement: kind 2, points: 9, copies: 3}"
).replace(
    "{id: five-run, requirement: run 5, points: 3, copies: 2}",
    "{id: five-run, requirement: run 5, points: 6, copies: 2}",
)


def position(text=POSITION):
    pos, problems, _ = parse_position("game.yaml", text)
    assert pos is not None and not [p for p in problems if p.kind != "warning"], problems
    assert not consistency_problems(pos), consistency_problems(pos)
    return pos


def verdict_of(text, move_text):
    pos = position(text)
    return judge(pos, parse_move(move_text, pos))


def check(text, move_text, legal, rule, words):
    v = verdict_of(text, move_text)
    assert (v.legal, v.rule) == (legal, rule), v.reason
    assert words in v.reason, v.reason
    return v


# --- research -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, move, legal, rule, words",
    [
        # pink 4 and blue 10 are nowhere on the table: they are in the deck
        (POSITION, "Ana research keep pink-4 discard blue-10", True, R.RESEARCH, "keeps pink 4 and discards blue 10"),
        (POSITION, "Ben research keep pink-4 discard blue-10", False, R.TURN, "Ana's turn"),
        (POSITION, "Ana research keep pink-4 discard pink-4", False, R.RESEARCH, "two different cards"),
        (POSITION, "Ana research keep yellow-4 discard blue-10", False, R.RESEARCH, "in Ben's hand, not in the deck"),
        (POSITION, "Ana research keep pink-4 discard green-13", False, R.RESEARCH, "in the discard, not in the deck"),
        (POSITION, "Ana research keep orange-5 discard blue-10", False, R.RESEARCH, "under Caro's five-run"),
        # the top of the pile is the last card listed
        (POSITION, "Ana research take green-13", True, R.RESEARCH, "takes green 13 from the top"),
        (
            POSITION,
            "Ana research take pink-1",
            False,
            R.RESEARCH,
            "not the top of the discard pile (the top is green 13)",
        ),
        (
            POSITION.replace("discard: [pink 1, green 13]", "discard: []").replace("deck: 25", "deck: 27"),
            "Ana research take green-13",
            False,
            R.RESEARCH,
            "the discard pile is empty",
        ),
        (POSITION, "Caro research take green-13", False, R.TURN, "Ana's turn"),
    ],
)
def test_research(text, move, legal, rule, words):
    check(text, move, legal, rule, words)


@pytest.mark.parametrize("left, legal", [(0, False), (1, False), (2, True)])
def test_research_draws_two_so_the_deck_must_hold_two(left, legal):
    # (the position is cut down to what the judge reads: a deck of `left` cards)
    pos = position()._replace(deck_count=left)
    v = judge(pos, parse_move("Ana research keep pink-4 discard blue-10", pos))
    assert (v.legal, v.rule) == (legal, R.RESEARCH)
    if not legal:
        assert f"the deck has {left} card" in v.reason and "take the top of the discard pile" in v.reason


def test_research_from_the_deck_keeps_one_discards_the_other_and_passes_the_turn():
    pos = position()
    after = apply(pos, parse_move("Ana research keep pink-4 discard blue-10", pos))
    assert parse_card("pink 4") in after.player("Ana").hand
    assert after.discard == (parse_card("pink 1"), parse_card("green 13"), parse_card("blue 10"))
    assert after.deck_count == 23 and after.turn.player == "Ben"
    assert not consistency_problems(after)


def test_research_from_the_pile_takes_its_top():
    pos = position()
    after = apply(pos, parse_move("Ana research take green-13", pos))
    assert after.discard == (parse_card("pink 1"),) and parse_card("green 13") in after.player("Ana").hand
    assert after.deck_count == 25 and after.turn.player == "Ben"


def test_research_without_a_deck_count_takes_the_unseen_cards_as_the_deck_and_says_so():
    v = verdict_of(POSITION.replace("deck: 25\n", ""), "Ana research keep pink-4 discard blue-10")
    assert v.legal and any("does not count the deck" in n for n in v.notes)
    pos = position(POSITION.replace("deck: 25\n", ""))
    assert apply(pos, parse_move("Ana research keep pink-4 discard blue-10", pos)).deck_count is None


# --- present ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "move, legal, rule, words",
    [
        ("Ana present duo pink-3,orange-3", True, R.THESIS_KIND, "2 of 3"),
        # the source's example: two pairs from hand, a 6 cited from one's own accepted thesis and one from Ben's
        (
            "Ana present three-pairs pink-3,orange-3,purple-8,orange-8 cite Ana pink-6 cite Ben blue-6 give Ben blue-9",
            True,
            R.CITE,
            "3 pairs",
        ),
        # a card cited from another player is paid for with a hand card: the move says which
        (
            "Ana present three-pairs pink-3,orange-3,purple-8,orange-8 cite Ana pink-6 cite Ben blue-6",
            False,
            R.CITE_OWED,
            "owes 1 card to Ben",
        ),
        (
            "Ana present three-pairs pink-3,orange-3,purple-8,orange-8 cite Ana pink-6 cite Ben blue-6 "
            "give Caro blue-9",
            False,
            R.CITE_OWED,
            "not what is owed",
        ),
        (
            "Ana present three-pairs pink-3,orange-3,purple-8,orange-8 cite Ana pink-6 cite Ben blue-6 give Ben pink-3",
            False,
            R.CITE_OWED,
            "not in the hand left",
        ),
        # one hand card, the rest cited: accepted at once; citing one's own work owes nothing
        ("Ana present big purple-6 cite Ana pink-6", True, R.CITE, "accepted at once and scores 9 points"),
        ("Ana present big purple-6 cite Ben blue-6 give Ben green-12", True, R.CITE, "accepted at once"),
        (
            "Ana present duo nothing cite Ana pink-6 cite Ben blue-6 give Ben blue-9",
            False,
            R.CITE_HAND_CARD,
            "at least one card must come from hand",
        ),
        # a card under review cannot be cited
        ("Ana present duo yellow-5 cite Caro orange-5", False, R.CITE, "only cards under accepted theses"),
        ("Ana present duo pink-3,lightblue-11", False, R.PRESENT_HAND, "does not hold lightblue 11"),
        (
            "Ana present triple pink-3,orange-3 cite Ben blue-6 give Ben blue-9",
            False,
            R.PRESENT_ONCE,
            "already published 'triple'",
        ),
        ("Ana present five-run yellow-5,purple-6,purple-8,blue-9 cite Ana pink-6", False, R.PRESENT_COPIES, "2 of 2"),
        ("Ana present duo pink-3,purple-8", False, R.THESIS_KIND, "one value"),
        (
            "Ana present three-pairs pink-3,orange-3,purple-8,orange-8,blue-9,green-12",
            False,
            R.THESIS_PAIRS,
            "cannot all be paired",
        ),
        ("Ben present duo yellow-4 cite Ana pink-6", False, R.TURN, "Ana's turn"),
    ],
)
def test_present(move, legal, rule, words):
    check(POSITION, move, legal, rule, words)


def test_present_applies_the_hand_cards_the_gifts_and_the_turn():
    pos = position()
    move = parse_move(
        "Ana present three-pairs pink-3,orange-3,purple-8,orange-8 cite Ana pink-6 cite Ben blue-6 give Ben blue-9", pos
    )
    v = judge(pos, move)
    assert "Ana gives blue 9 to Ben for the citation" in v.effects
    assert "'three-pairs' is under review with 4 cards under it" in v.effects
    after = apply(pos, move)
    ana, ben = after.player("Ana"), after.player("Ben")
    assert ana.published[-1].cards == tuple(parse_card(c) for c in ("pink 3", "orange 3", "purple 8", "orange 8"))
    assert parse_card("blue 9") in ben.hand and parse_card("blue 9") not in ana.hand
    assert ben.accepted[0].cards == (parse_card("blue 6"),)  # a cited card stays where it is
    assert after.turn.player == "Ben" and not consistency_problems(after)


def test_the_flag_is_not_presented_by_its_id():
    pos = position()
    v = judge(pos, Present("Ana", "end-flag", [parse_card("blue 9")]))
    assert not v.legal and v.rule == R.END_FLAG and "flag CARD" in v.reason


# --- review -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, move, legal, rule, words",
    [
        (POSITION, "Ana review Caro five-run take orange-5", True, R.REVIEW, "3 cards stay under it"),
        (
            POSITION,
            "Ana review Ben duo take yellow-9",
            True,
            R.ACCEPT,
            "one card (orange 9) is left, so it is accepted",
        ),
        (POSITION, "Ana review Ben five-run take blue-6", False, R.ACCEPT, "accepted already"),
        (POSITION, "Ana review Caro five-run take pink-3", False, R.REVIEW, "is not under Caro's 'five-run'"),
        (POSITION, "Ana review Ben big take orange-9", False, R.REVIEW, "Ben has no thesis 'big' under review"),
        (POSITION, "Ben review Caro five-run take orange-5", False, R.TURN, "Ana's turn"),
        # Ben: five-run 6 + duo 9 = 15, the threshold: the review triggers the end
        (NEAR_END, "Ana review Ben duo take yellow-9", True, R.END, "Ben reaches the end threshold"),
    ],
)
def test_review(text, move, legal, rule, words):
    check(text, move, legal, rule, words)


def test_one_s_own_thesis_may_be_reviewed():
    check(
        POSITION.replace("turn: {player: Ana}", "turn: {player: Caro}"),
        "Caro review Caro triple take blue-8",
        True,
        R.REVIEW,
        "2 cards stay",
    )


# --- the end flag -------------------------------------------------------------------------------


def _triggered_on_caro_s_move():
    """Caro's review accepts Ben's duo: Ben reaches 15 on Caro's move, and it is Ana's turn next."""
    pos = position(NEAR_END.replace("turn: {player: Ana}", "turn: {player: Caro}"))
    return apply(pos, parse_move("Caro review Ben duo take orange-9", pos))


def test_the_flag_is_laid_by_the_trigger_out_of_turn_and_takes_no_turn():
    after = _triggered_on_caro_s_move()
    assert after.end.triggered_by == "Ben" and after.turn.player == "Ana"
    assert flag_due(after) == "Ben"
    flag = parse_move("Ben flag yellow-4", after)
    v = judge(after, flag)
    assert v.legal and v.rule == R.THESIS_FLAG and "accepted at once and scores 1 point" in v.reason
    done = apply(after, flag)
    assert [a.thesis for a in done.player("Ben").accepted][-1] == "end-flag"
    assert done.turn.player == "Ana" and done.end.turns_taken == () and flag_due(done) is None


@pytest.mark.parametrize(
    "text, move, rule, words",
    [
        (POSITION, "Ana flag blue-9", R.END_FLAG, "on reaching the threshold; Ana has 2 points"),
        (POSITION, "Ben flag yellow-4", R.END_FLAG, "Ben has 3 points"),
    ],
)
def test_the_flag_before_the_threshold_is_refused(text, move, rule, words):
    check(text, move, False, rule, words)


def test_a_flag_card_not_in_hand_and_a_second_flag_are_refused():
    after = _triggered_on_caro_s_move()
    v = judge(after, Flag("Ben", "green 13"))
    assert not v.legal and v.rule == R.PRESENT_HAND
    done = apply(after, Flag("Ben", "yellow 4"))
    done = done.replace_player(done.player("Ben")._replace(hand=(parse_card("pink 4"),)))  # say he drew one
    again = judge(done, Flag("Ben", "pink 4"))
    assert not again.legal and again.rule == R.PRESENT_ONCE


# --- what the record adds: the flag at once, the turns owed, the end -------------------------------


def test_in_a_record_the_flag_comes_before_any_other_move():
    after = _triggered_on_caro_s_move()
    research = parse_move("Ana research take green-13", after)
    assert judge(after, research).legal  # a position file does not hold Ana back
    v = RULES.judge_in_record(after, research)
    assert not v.legal and v.rule == R.END_FLAG and "Ben has triggered the end and lays the end flag first" in v.reason
    assert RULES.judge_in_record(after, Flag("Ben", "yellow 4")).legal


def test_in_a_record_a_flag_not_laid_at_once_is_lost():
    # Ben triggered the end, holds a card and has no flag, but Ana has taken a turn since
    text = (
        NEAR_END.replace(
            "published:\n      - {thesis: duo, cards: [orange 9, yellow 9]}\n    accepted:\n",
            "accepted:\n      - {thesis: duo, card: yellow 9}\n",
        )
        .replace("discard: [pink 1, green 13]", "discard: [pink 1, green 13, orange 9]")
        .replace("deck: 25", "deck: 25\nend: {triggered_by: Ben, turns_taken: {Ana: 1}}")
        .replace("turn: {player: Ana}", "turn: {player: Ben}")
    )
    pos = position(text)
    assert flag_due(pos) is None
    assert judge(pos, Flag("Ben", "yellow 4")).legal  # a position file says nothing of when
    v = RULES.judge_in_record(pos, Flag("Ben", "yellow 4"))
    assert not v.legal and v.rule == R.END_FLAG and "1 turn has been taken since" in v.reason


def test_after_the_trigger_a_player_whose_turns_are_taken_is_passed_over():
    # Ben triggered; Ana has taken 1 of her 2 turns, Ben his 1, Caro 1 of 2: after Ana, Caro moves
    text = NEAR_END.replace(
        "published:\n      - {thesis: duo, cards: [orange 9, yellow 9]}\n    accepted:\n",
        "accepted:\n      - {thesis: duo, card: yellow 9}\n      - {thesis: end-flag, card: orange 9}\n",
    )
    text = text.replace("deck: 25", "deck: 25\nend: {triggered_by: Ben, turns_taken: {Ana: 1, Ben: 1, Caro: 1}}")
    pos = position(text)
    after = apply(pos, parse_move("Ana research take green-13", pos))
    assert after.turn.player == "Caro" and dict(after.end.turns_taken) == {"Ana": 2, "Ben": 1, "Caro": 1}
    last = apply(after, parse_move("Caro research take pink-1", after))
    assert end_verdict(last).over
    assert RULES.ends_game(after, None, last)
    over = RULES.over_verdict(last)
    assert not over.legal and over.rule == R.END_TURNS and "Ben triggered the end" in over.reason


def test_a_setup_naming_no_turn_starts_with_the_first_player():
    pos = position(POSITION.replace("turn: {player: Ana}\n", ""))
    assert RULES.start(pos).turn.player == "Ana"
    ben = position(POSITION.replace("turn: {player: Ana}", "turn: {player: Ben}"))
    assert RULES.start(ben) == ben


# --- the notation -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, column, words",
    [
        ("", 0, "a move is a player's name"),
        ("Ana", 3, "a move is a player's name"),
        ("Ann research take green-13", 0, "did you mean 'Ana'?"),
        ("Ana reserch take green-13", 4, "did you mean 'research'?"),
        ("Ana research tkae green-13", 13, "did you mean 'take'?"),
        ("Ana research take", 17, "incomplete move"),
        ("Ana research take green-13 now", 27, "unexpected 'now'"),
        ("Ana research keep pink-4 discrd blue-10", 25, "expected 'discard' here"),
        ("Ana research take grean-13", 18, "did you mean 'green'?"),
        ("Ana research take pink-9", 18, "pink runs from 1 to 7"),
        ("Ana present duo pink-3,,orange-3", 23, "nothing between two commas"),
        ("Ana present duo pink-3,oragne-3", 23, "did you mean 'orange'?"),
        ("Ana present dou pink-3", 12, "did you mean 'duo'?"),
        ("Ana present end-flag blue-9", 12, "it is laid with NAME flag CARD"),
        ("Ana present duo", 15, "incomplete move"),
        ("Ana present duo pink-3 cite Ana", 31, "incomplete move"),
        ("Ana present duo pink-3 give Ben blue-9 cite Ana pink-6", 39, "expected 'give' here"),
        ("Ana present duo pink-3 with Ben blue-9", 23, "expected 'cite' or 'give' here"),
        ("Ana present duo pink-3 cite Bem blue-6", 28, "did you mean 'Ben'?"),
        ("Ana review Bem duo take yellow-9", 11, "did you mean 'Ben'?"),
        ("Ana review Ben duo tkae yellow-9", 19, "expected 'take' here"),
        ("Ana flag", 8, "incomplete move"),
        ('Ana flag "blue-9', 9, "not closed"),
    ],
)
def test_text_that_is_not_a_move_is_refused_where_it_goes_wrong(text, column, words):
    with pytest.raises(MoveSyntaxError) as exc:
        parse_move(text, position())
    assert exc.value.column == column and words in str(exc.value), str(exc.value)


@pytest.mark.parametrize(
    "written, canonical",
    [
        ("ana Research TAKE Green-13", "Ana research take green-13"),
        ("Ana research keep rose-4 discard light-blue-10", "Ana research keep pink-4 discard lightblue-10"),
        ("Ana present DUO orange-3,pink-3", "Ana present duo pink-3,orange-3"),
        (
            "Ana present three-pairs orange-8,purple-8,pink-3,orange-3 cite Ben blue-6 cite ana pink-6 give Ben blue-9",
            "Ana present three-pairs pink-3,orange-3,purple-8,orange-8 cite Ana pink-6 cite Ben blue-6 give Ben blue-9",
        ),
        (
            "Ana present duo nothing cite Ana pink-6 cite Ben blue-6 cite Ana purple-6",
            "Ana present duo nothing cite Ana pink-6,purple-6 cite Ben blue-6",
        ),
        ("Ana review ben Duo take Yellow-9", "Ana review Ben duo take yellow-9"),
        ("Ben   flag   yellow-4", "Ben flag yellow-4"),
    ],
)
def test_every_move_has_one_canonical_text(written, canonical):
    pos = position()
    move = parse_move(written, pos)
    assert str(move) == canonical and parse_move(canonical, pos) == move


def test_names_and_ids_with_spaces_are_quoted():
    pos = position().__class__(
        (Thesis("long run", Requirement("run", 5), 3), Thesis("end-flag", Requirement("flag"), 1)),
        (Player('Ana "A" Maria', 0), Player("Ben", 1), Player("Caro", 2)),
    )
    move = Present('Ana "A" Maria', "long run", ["pink 3"], [("Ben", "blue 6")], [("Ben", "pink 4")])
    assert str(move) == '"Ana \\"A\\" Maria" present "long run" pink-3 cite Ben blue-6 give Ben pink-4'
    assert parse_move(str(move), pos) == move


def test_a_move_naming_a_player_the_position_lacks_is_no_verdict():
    with pytest.raises(MoveError):
        judge(position(), Research("Dora", "pink 4", "blue 10"))


# --- properties ---------------------------------------------------------------------------------

CARDS = deck().cards
NAMES = st.text(min_size=1, max_size=8).filter(lambda s: s.strip() == s and s.strip())


@st.composite
def tables(draw):
    """A table of made-up names and thesis ids (quotes, spaces, commas and keywords included)."""
    names = draw(
        st.lists(NAMES | st.sampled_from(["cite", "give", "nothing", "take"]), min_size=3, max_size=5, unique=True)
    )
    ids = draw(st.lists(NAMES | st.sampled_from(["cite", "nothing"]), min_size=1, max_size=4, unique=True))
    theses = tuple(Thesis(i, Requirement("kind", 2), 1) for i in ids if i != "end-flag") + (
        Thesis("end-flag", Requirement("flag"), 1),
    )
    return Position(theses, tuple(Player(n, k) for k, n in enumerate(names)))


@st.composite
def positions_and_moves(draw):
    pos = draw(tables())
    names = [p.name for p in pos.players]
    ids = [t.id for t in pos.theses if not t.is_flag]
    who = st.sampled_from(names)
    card = st.sampled_from(CARDS)
    owned = st.lists(st.tuples(who, card), max_size=4)
    move = draw(
        st.one_of(
            st.builds(Research, who, card, card),
            st.builds(TakeDiscard, who, card),
            st.builds(Present, who, st.sampled_from(ids), st.lists(card, max_size=5), owned, owned),
            st.builds(Review, who, who, st.sampled_from(ids), card),
            st.builds(Flag, who, card),
        )
    )
    return pos, move


@settings(max_examples=200)
@given(positions_and_moves())
def test_the_notation_round_trips(case):
    pos, move = case
    text = str(move)
    assert parse_move(text, pos) == move
    assert str(parse_move(text, pos)) == text


def candidate_moves(pos, data) -> dict[str, list]:
    """Moves worth trying in this position, by kind, legal or not: by the player on turn and by others."""
    on_turn = pos.turn.player
    seen = {c for c, _, _ in card_places(pos)}
    unseen = [c for c in CARDS if c not in seen]
    me = pos.player(on_turn)
    other = pos.players[(pos.players.index(me) + 1) % len(pos.players)].name
    out: dict[str, list] = {"research": [], "take": [], "review": [], "present": [], "flag": []}
    if len(unseen) >= 2:
        a, b = data.draw(st.lists(st.sampled_from(unseen), min_size=2, max_size=2, unique=True))
        out["research"] += [Research(on_turn, a, b), Research(on_turn, a, a), Research(other, a, b)]
    if pos.discard:
        out["take"] += [
            TakeDiscard(on_turn, pos.discard[-1]),
            TakeDiscard(on_turn, pos.discard[0]),
            TakeDiscard(other, pos.discard[-1]),
        ]
    for player in pos.players:
        for t in player.published:
            out["review"] += [Review(on_turn, player.name, t.thesis, c) for c in t.cards]
        if player.hand:
            out["flag"].append(Flag(player.name, player.hand[0]))
    for option in options(pos, me):
        if option.presentable and not option.thesis.is_flag:
            hand = [c for c, s in option.best.cards if s.owner is None]
            cites = [(s.owner, c) for c, s in option.best.cards if s.owner is not None]
            left = [c for c in me.hand if c not in hand]
            gifts = [(owner, left.pop()) for owner, _ in cites if owner != on_turn]
            out["present"] += [
                Present(on_turn, option.thesis.id, hand, cites, gifts),
                Present(on_turn, option.thesis.id, hand[:-1], cites),
            ]
    return {kind: found for kind, found in out.items() if found}


def card_count(pos) -> int:
    return len({c for c, _, _ in card_places(pos)}) + pos.deck_count


@settings(max_examples=40)
@given(st.data())
def test_play_from_any_point_of_the_record_keeps_every_rule(data):
    """A legal move applies to a position check accepts; an illegal one raises; the position moved from is untouched."""
    setup, texts = read_record(RECORD)
    pos = RULES.replay(setup, texts).position_after(data.draw(st.integers(0, len(texts)), label="record moves"))
    for _ in range(data.draw(st.integers(1, 30))):
        by_kind = candidate_moves(pos, data)
        move = data.draw(st.sampled_from(by_kind[data.draw(st.sampled_from(sorted(by_kind)))]))
        before = copy.deepcopy(pos)
        verdict = judge(pos, move)
        if not verdict.legal:
            with pytest.raises(IllegalMove) as exc:
                apply(pos, move)
            assert exc.value.verdict == verdict
            continue
        after = apply(pos, move)
        assert pos == before
        assert not consistency_problems(after), (str(move), consistency_problems(after))
        assert card_count(after) == 49
        assert parse_move(str(move), pos) == move
        pos = after


# --- the bundled record -------------------------------------------------------------------------


def test_the_bundled_record_replays_to_the_end_with_every_move_legal():
    setup, texts = read_record(RECORD)
    assert 15 <= len(texts) <= 40
    replay = RULES.replay(setup, texts)
    assert replay.stop is None and len(replay.steps) == len(texts) and replay.over
    for step, text in zip(replay.steps, texts):
        assert step.verdict.legal and str(step.move) == text
        assert not consistency_problems(step.after), (step.n, consistency_problems(step.after))
        assert card_count(step.after) == 49
    assert {type(s.move) for s in replay.steps} == set(moves.MOVES)
    trigger = next(s for s in replay.steps if s.triggers_end)
    assert (trigger.n, trigger.verdict.rule, trigger.after.end.triggered_by) == (30, R.END, "Ben")
    assert isinstance(replay.steps[30].move, Flag) and not RULES.ends_turn(trigger)
    assert replay.steps[-1].verdict.rule == R.END_TURNS
    # the header's scores, worked out by hand
    final = score(replay.final)
    assert [(p.name, p.points, p.accepted, p.rank) for p in final.players] == [
        ("Ben", 16, 3, 1),
        ("Ana", 7, 2, 2),
        ("Caro", 3, 1, 3),
    ]
    assert final.winners == ("Ben",) and final.decided_by == "total" and final.ended


def test_no_move_follows_the_end_of_the_bundled_record():
    setup, texts = read_record(RECORD)
    replay = RULES.replay(setup, texts + ["Ana research take yellow-8"])
    assert replay.stop.n == len(texts) + 1 and replay.stop.kind == ILLEGAL and replay.stop.rule == R.END_TURNS


def _wrong_player(pos) -> str:
    due = flag_due(pos)
    return next(p.name for p in pos.players if p.name not in (pos.turn.player, due))


@pytest.mark.parametrize("i", range(1, len(read_record(RECORD)[1]) + 1))
def test_an_illegal_move_stops_the_bundled_record_at_exactly_its_number(i):
    setup, texts = read_record(RECORD)
    before = RULES.replay(setup, texts[: i - 1]).final
    wrong = _wrong_player(before)
    injected = (
        texts[: i - 1] + [f"{wrong} research keep {'pink-4' if i % 2 else 'blue-12'} discard green-12"] + texts[i:]
    )
    replay = RULES.replay(setup, injected)
    assert replay.stop.n == i and replay.stop.kind == ILLEGAL and len(replay.steps) == i - 1
    assert replay.stop.rule == (R.END_FLAG if flag_due(before) else R.TURN), replay.stop.reason
    garbled = RULES.replay(setup, texts[: i - 1] + [f"{before.turn.player} paint"] + texts[i:])
    assert garbled.stop.n == i and garbled.stop.kind == SYNTAX and garbled.stop.column == len(before.turn.player) + 1


def test_the_record_replays_on_from_the_position_after_any_move():
    """Between two moves a record needs nothing a position file cannot hold (turn, deck, discard, end)."""
    setup, texts = read_record(RECORD)
    whole = RULES.replay(setup, texts)
    for k in range(len(texts) + 1):
        rest = RULES.replay(whole.position_after(k), texts[k:])
        assert rest.stop is None and rest.final == whole.final, k
