"""Presenting and reviewing, rule by rule: once per player, copies, a hand card, citations and what they owe,
whose turn, the end flag, acceptance at one card."""

import pytest
from masterpiece_helpers import cards

from pastiche_cli.games.masterpiece.core import rule_ids as R
from pastiche_cli.games.masterpiece.core.deck import parse_card
from pastiche_cli.games.masterpiece.core.present import Cite, Gift, apply_present, judge_present
from pastiche_cli.games.masterpiece.core.review import apply_review, judge_review
from pastiche_cli.games.masterpiece.formats.loader import parse_position

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
    hand: [pink 3, orange 3, purple 8, orange 8, blue 9, green 12, yellow 5]
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
turn: {player: Ana}
"""


def position(text=POSITION):
    pos, problems, _ = parse_position("game.yaml", text)
    assert pos is not None and not [p for p in problems if p.kind != "warning"], problems
    return pos


def present(thesis, hand, cites=(), gifts=(), who="Ana", text=POSITION):
    cite_list = [Cite(o, parse_card(c)) for o, c in cites]
    gift_list = [Gift(o, parse_card(c)) for o, c in gifts]
    return judge_present(position(text), who, thesis, cards(hand), cite_list, gift_list)


@pytest.mark.parametrize(
    "thesis, hand, cites, gifts, legal, rule, words",
    [
        # the source's own example: two pairs from hand, a 6 cited from one's own thesis and one from another's
        (
            "three-pairs",
            "pink 3,orange 3,purple 8,orange 8",
            [("Ana", "pink 6"), ("Ben", "blue 6")],
            [],
            True,
            R.CITE,
            "3 pairs",
        ),
        (
            "three-pairs",
            "pink 3,orange 3,purple 8,orange 8",
            [("Ana", "pink 6"), ("Ben", "blue 6")],
            [("Ben", "blue 9")],
            True,
            R.CITE,
            "3 pairs",
        ),
        (
            "three-pairs",
            "pink 3,orange 3,purple 8,orange 8",
            [("Ana", "pink 6"), ("Ben", "blue 6")],
            [("Caro", "blue 9")],
            False,
            R.CITE_OWED,
            "not what is owed",
        ),
        (
            "three-pairs",
            "pink 3,orange 3,purple 8,orange 8",
            [("Ana", "pink 6"), ("Ben", "blue 6")],
            [("Ben", "pink 3")],
            False,
            R.CITE_OWED,
            "not in the hand left",
        ),
        # a card under review cannot be cited, nor a card the owner does not have
        (
            "three-pairs",
            "pink 3,orange 3,purple 8,orange 8",
            [("Ana", "pink 6"), ("Caro", "yellow 6")],
            [],
            False,
            R.CITE,
            "only cards under accepted theses",
        ),
        # a meld with no hand card is refused
        ("duo", "", [("Ana", "pink 6"), ("Ben", "blue 6")], [], False, R.CITE_HAND_CARD, "at least one card"),
        # one hand card, the rest cited: accepted at once
        ("duo", "orange 3", [("Ana", "pink 6")], [], False, R.THESIS_KIND, "one value"),
        # the cards come from the hand
        ("duo", "pink 3,lightblue 11", [], [], False, R.PRESENT_HAND, "does not hold lightblue 11"),
        # once per player
        ("triple", "pink 3,orange 3", [("Ben", "blue 6")], [], False, R.PRESENT_ONCE, "already published 'triple'"),
        # copies: five-run has 2, Ben and Caro have them
        ("five-run", "pink 3,yellow 5,blue 9", [], [], False, R.PRESENT_COPIES, "2 of 2"),
        # the requirement decides
        (
            "three-pairs",
            "pink 3,orange 3,purple 8,orange 8,blue 9,green 12",
            [],
            [],
            False,
            R.THESIS_PAIRS,
            "cannot all be paired",
        ),
        # the flag needs the threshold
        ("end-flag", "blue 9", [], [], False, R.END_FLAG, "on reaching the threshold"),
    ],
)
def test_present(thesis, hand, cites, gifts, legal, rule, words):
    verdict = present(thesis, hand, cites, gifts)
    assert verdict.legal is legal, verdict.reason
    assert verdict.rule == rule
    assert words in verdict.reason


def test_citing_owes_one_card_per_card_cited_from_others_and_nothing_for_one_s_own():
    verdict = present("three-pairs", "pink 3,orange 3,purple 8,orange 8", [("Ana", "pink 6"), ("Ben", "blue 6")])
    assert [(o.to, o.count, [str(c) for c in o.cited]) for o in verdict.owed] == [("Ben", 1, ["blue 6"])]
    sources = {str(c): str(s) for part in verdict.assignment for c, s in part.cards}
    assert sources == {
        "pink 3": "hand",
        "orange 3": "hand",
        "purple 8": "hand",
        "orange 8": "hand",
        "pink 6": "Ana:triple",
        "blue 6": "Ben:five-run",
    }
    assert not verdict.accepted


def test_a_debt_the_hand_cannot_pay_is_refused():
    text = POSITION.replace(
        "hand: [pink 3, orange 3, purple 8, orange 8, blue 9, green 12, yellow 5]",
        "hand: [pink 3, orange 3, purple 8, orange 8]",
    )
    verdict = present(
        "three-pairs", "pink 3,orange 3,purple 8,orange 8", [("Ana", "pink 6"), ("Ben", "blue 6")], text=text
    )
    assert not verdict.legal and verdict.rule == R.CITE_OWED and "only 0 would be left" in verdict.reason


def test_one_hand_card_and_the_rest_cited_is_accepted_at_once_and_applied_so():
    pos = position()
    verdict = judge_present(pos, "Ana", "big", cards("blue 9"), [])
    assert not verdict.legal  # kind 2 needs two cards
    text = POSITION.replace("green 12, yellow 5]", "green 12, yellow 5, purple 6]")
    pos = position(text)
    verdict = judge_present(
        pos, "Ana", "big", cards("purple 6"), [Cite("Ben", parse_card("blue 6"))], [Gift("Ben", parse_card("green 12"))]
    )
    assert verdict.legal and verdict.accepted and verdict.points == 9, verdict.reason
    after = apply_present(pos, verdict, [Gift("Ben", parse_card("green 12"))])
    ana, ben = after.player("Ana"), after.player("Ben")
    assert [(a.thesis, [str(c) for c in a.cards]) for a in ana.accepted] == [
        ("triple", ["pink 6"]),
        ("big", ["purple 6"]),
    ]
    assert parse_card("purple 6") not in ana.hand and parse_card("green 12") in ben.hand
    assert after.turn.player == "Ben"
    # the cited card stays where it was
    assert ben.accepted[0].cards == (parse_card("blue 6"),)


def test_presenting_out_of_turn_is_refused():
    verdict = present(
        "duo", "pink 3,orange 3", who="Ana", text=POSITION.replace("turn: {player: Ana}", "turn: {player: Ben}")
    )
    assert not verdict.legal and verdict.rule == R.TURN and "Ben's turn" in verdict.reason


@pytest.mark.parametrize(
    "reviewer, author, thesis, card, legal, rule, accepted, points",
    [
        ("Ana", "Caro", "five-run", "orange 5", True, R.REVIEW, False, 0),
        ("Ana", "Ben", "duo", "yellow 9", True, R.ACCEPT, True, 1),
        ("Ana", "Ben", "five-run", "blue 6", False, R.ACCEPT, False, 0),  # accepted: one card, no review
        ("Ana", "Caro", "five-run", "pink 3", False, R.REVIEW, False, 0),  # not under it
        ("Ana", "Ben", "big", "pink 3", False, R.REVIEW, False, 0),  # not published by Ben
        ("Ben", "Caro", "five-run", "orange 5", False, R.TURN, False, 0),  # Ana's turn
    ],
)
def test_review(reviewer, author, thesis, card, legal, rule, accepted, points):
    verdict = judge_review(position(), reviewer, author, thesis, parse_card(card))
    assert (verdict.legal, verdict.rule, verdict.accepted, verdict.points) == (legal, rule, accepted, points), (
        verdict.reason
    )


def test_one_s_own_thesis_may_be_reviewed():
    text = POSITION.replace("turn: {player: Ana}", "turn: {player: Caro}")
    verdict = judge_review(position(text), "Caro", "Caro", "triple", parse_card("green 7"))
    assert verdict.legal and not verdict.accepted


def test_review_to_one_card_accepts_and_scores_for_the_author():
    pos = position()
    verdict = judge_review(pos, "Ana", "Ben", "duo", parse_card("orange 9"))
    after = apply_review(pos, verdict)
    ben = after.player("Ben")
    assert not ben.published and [a.thesis for a in ben.accepted] == ["five-run", "duo"]
    assert ben.accepted[1].cards == (parse_card("yellow 9"),)
    assert parse_card("orange 9") in after.player("Ana").hand


def test_a_review_that_reaches_the_threshold_triggers_the_end_and_the_flag_follows():
    text = POSITION.replace(
        "{id: duo, requirement: kind 2, points: 1, copies: 3}", "{id: duo, requirement: kind 2, points: 9, copies: 3}"
    ).replace(
        "{id: five-run, requirement: run 5, points: 3, copies: 2}",
        "{id: five-run, requirement: run 5, points: 6, copies: 2}",
    )
    pos = position(text)
    verdict = judge_review(pos, "Ana", "Ben", "duo", parse_card("orange 9"))
    assert verdict.triggers_end and verdict.rule == R.END and verdict.points == 9
    after = apply_review(pos, verdict)
    assert after.end.triggered_by == "Ben" and after.turn.player == "Ben"
    flag = judge_present(after, "Ben", "end-flag", cards("yellow 4"))
    assert flag.legal and flag.accepted and flag.points == 1, flag.reason
    done = apply_present(after, flag)
    assert done.turn.player == "Ben"  # laying the flag is not a turn
    again = judge_present(done, "Ben", "end-flag", ())
    assert not again.legal and again.rule == R.PRESENT_ONCE
    # a turn taken after the trigger is counted
    caro_turn = judge_review(done, "Ben", "Caro", "five-run", parse_card("orange 5"))
    assert dict(apply_review(done, caro_turn).end.turns_taken) == {"Ben": 1}


def test_no_move_once_a_player_s_turns_after_the_trigger_are_taken():
    text = POSITION.replace("turn: {player: Ana}", "end: {triggered_by: Ana, turns_taken: {Ana: 1}}\n")
    # Ana reached the threshold with triple (9) and big (9)
    text = text.replace(
        "{id: triple, requirement: kind 3, points: 2, copies: 2}",
        "{id: triple, requirement: kind 3, points: 9, copies: 2}",
    ).replace("{thesis: triple, card: pink 6}", "{thesis: triple, card: pink 6}\n      - {thesis: big, card: pink 7}")
    pos = position(text)
    verdict = judge_present(pos, "Ana", "duo", cards("pink 3,orange 3"))
    assert not verdict.legal and verdict.rule == R.END_TURNS and "has taken the 1 turn" in verdict.reason
    review = judge_review(pos, "Ana", "Caro", "five-run", parse_card("orange 5"))
    assert not review.legal and review.rule == R.END_TURNS
    assert judge_review(pos, "Ben", "Caro", "five-run", parse_card("orange 5")).legal
