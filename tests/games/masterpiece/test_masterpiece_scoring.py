"""Scoring with the fewer-theses tiebreak, the end (threshold, trigger, flag, turns) and the rule
checks of a position."""

import pytest

from pastiche_cli.games.masterpiece.core.endgame import end_verdict
from pastiche_cli.games.masterpiece.core.scoring import score
from pastiche_cli.games.masterpiece.core.validate import consistency_problems
from pastiche_cli.games.masterpiece.formats.loader import parse_position

TABLE = """\
game: masterpiece
theses:
  - {id: a, requirement: run 5, points: 7, copies: 2}
  - {id: b, requirement: kind 3, points: 8, copies: 2}
  - {id: c, requirement: pairs 2, points: 5, copies: 2}
  - {id: d, requirement: kind 2, points: 3, copies: 2}
  - {id: flag, requirement: flag, points: 1}
"""


def load(body: str, extra: str = ""):
    pos, problems, _ = parse_position("g.yaml", TABLE + body + extra)
    assert pos is not None and not [p for p in problems if p.kind == "format"], problems
    return pos


THREE = """\
players:
  - name: Ana
    hand: [pink 1]
    accepted: [{thesis: a, card: pink 2}, {thesis: b, card: pink 3}]
  - name: Ben
    hand: []
    accepted: [{thesis: a, card: pink 4}, {thesis: c, card: pink 5}, {thesis: d, card: pink 6}]
  - name: Caro
    hand: []
    accepted: [{thesis: b, card: pink 7}, {thesis: c, card: purple 2}, {thesis: d, card: purple 3}]
"""


def test_a_tie_on_points_goes_to_fewer_theses():
    result = score(load(THREE))
    assert [(s.name, s.points, s.accepted) for s in result.players] == [("Caro", 16, 3), ("Ana", 15, 2), ("Ben", 15, 3)]
    assert result.players[0].name == "Caro" and result.decided_by == "total"
    assert [(s.name, s.rank, s.decided_by) for s in result.players] == [
        ("Caro", 1, "total"),
        ("Ana", 2, "fewer_theses"),
        ("Ben", 3, None),
    ]


def test_equal_points_and_theses_share_the_place():
    body = THREE.replace(
        "{thesis: b, card: pink 7}, {thesis: c, card: purple 2}, {thesis: d, card: purple 3}",
        "{thesis: b, card: pink 7}, {thesis: a, card: purple 2}",
    )
    result = score(load(body))
    assert result.decided_by == "shared" and result.winners == ("Ana", "Caro")
    assert [s.rank for s in result.players] == [1, 1, 3]


FLAG_TIE = """\
players:
  - name: Ana
    accepted: [{thesis: a, card: pink 2}, {thesis: b, card: pink 3}, {thesis: flag, card: purple 4}]
  - name: Ben
    accepted: [{thesis: b, card: pink 4}, {thesis: c, card: pink 5}, {thesis: d, card: lightblue 5}]
  - name: Caro
    accepted: []
end: {triggered_by: Ana}
"""


def test_the_flag_counts_as_a_thesis_unless_the_house_says_not():
    # Ana 7 + 8 + the flag's 1 = 16 from three theses; Ben 8 + 5 + 3 = 16 from three
    shared = score(load(FLAG_TIE))
    assert [(s.name, s.points, s.accepted) for s in shared.players] == [("Ana", 16, 3), ("Ben", 16, 3), ("Caro", 0, 0)]
    assert shared.decided_by == "shared" and shared.winners == ("Ana", "Ben")
    off = score(load(FLAG_TIE, "house_rules: {flag_in_tiebreak: false}\n"))
    assert off.winners == ("Ana",) and off.decided_by == "fewer_theses"
    assert [(s.name, s.points, s.accepted) for s in off.players] == [("Ana", 16, 2), ("Ben", 16, 3), ("Caro", 0, 0)]


def test_an_unknown_thesis_is_never_scored_by_a_guess():
    pos, problems, _ = parse_position(
        "g.yaml", TABLE + THREE.replace("{thesis: d, card: pink 6}", "{thesis: dd, card: pink 6}")
    )
    assert [(p.code, p.line) for p in problems if p.kind == "format"] == [("unknown-thesis", 14)]
    assert "no thesis 'dd'" in problems[0].message and "did you mean 'd'?" in problems[0].message


# --- the end ---------------------------------------------------------------------------------------


def test_the_end_is_inferred_when_one_player_has_reached_it():
    body = THREE.replace("{thesis: c, card: purple 2}, {thesis: d, card: purple 3}", "{thesis: d, card: purple 3}")
    body = body.replace(
        "{thesis: a, card: pink 4}, {thesis: c, card: pink 5}, {thesis: d, card: pink 6}", "{thesis: a, card: pink 4}"
    )
    v = end_verdict(load(body))
    assert v.triggered and v.triggered_by == "Ana" and not v.recorded
    assert dict(v.turns_left) == {"Ana": 1, "Ben": 2, "Caro": 2}
    assert v.flag == "due"  # Ana holds pink 1


def test_two_at_the_threshold_without_a_record_is_said_plainly():
    v = end_verdict(load(THREE))
    assert v.triggered and v.triggered_by is None and v.flag == "unknown"
    assert any("does not say who was first" in n for n in v.notes)


def test_the_recorded_trigger_and_turns_taken_count_the_turns_left():
    v = end_verdict(load(THREE, "end: {triggered_by: Ben, turns_taken: {Ana: 2, Ben: 1, Caro: 1}}\n"))
    assert dict(v.turns_left) == {"Ana": 0, "Ben": 0, "Caro": 1} and not v.over and v.flag == "no-card"
    done = end_verdict(load(THREE, "end: {triggered_by: Ben, turns_taken: {Ana: 2, Ben: 1, Caro: 2}}\n"))
    assert done.over


@pytest.mark.parametrize("strict, triggered", [(False, True), (True, False)])
def test_exactly_15_triggers_unless_the_house_is_strict(strict, triggered):
    body = """\
players:
  - {name: Ana, accepted: [{thesis: a, card: pink 2}, {thesis: b, card: pink 3}]}
  - {name: Ben}
  - {name: Caro}
"""
    extra = "house_rules: {end_threshold_strict: true}\n" if strict else ""
    assert end_verdict(load(body, extra)).triggered is triggered


# --- the rule checks -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body, code, words",
    [
        (
            "players:\n  - {name: Ana, hand: [pink 3]}\n  - {name: Ben, hand: [pink 3]}\n  - {name: Caro}\n",
            "card-twice",
            "the deck holds one pink 3",
        ),
        (
            "players:\n  - {name: Ana, hand: [pink 3]}\n  - {name: Ben}\n  - {name: Caro}\ndeck: 40\n",
            "deck-count",
            "make 41, not the 49",
        ),
        (
            "players:\n  - {name: Ana, published: [{thesis: d, cards: [pink 3, orange 3]}], "
            "accepted: [{thesis: d, card: pink 4}]}\n  - {name: Ben}\n  - {name: Caro}\n",
            "published-twice",
            "once",
        ),
        (
            "players:\n  - {name: Ana, accepted: [{thesis: d, card: pink 4}]}\n  - {name: Ben, accepted: [{thesis: d, "
            "card: pink 5}]}\n  - {name: Caro, accepted: [{thesis: d, card: pink 6}]}\n",
            "too-many-copies",
            "2 copies",
        ),
        (
            "players:\n  - {name: Ana, accepted: [{thesis: d, cards: [pink 4, pink 5]}]}\n"
            "  - {name: Ben}\n  - {name: Caro}\n",
            "accepted-cards",
            "exactly one",
        ),
        (
            "players:\n  - {name: Ana, published: [{thesis: d, cards: [pink 4]}]}\n  - {name: Ben}\n  - {name: Caro}\n",
            "published-short",
            "is accepted",
        ),
        (
            "players:\n  - {name: Ana}\n  - {name: Ben}\n  - {name: Caro}\nend: {triggered_by: Ben}\n",
            "trigger-short",
            "below the threshold",
        ),
        (
            "players:\n  - {name: Ana}\n  - {name: Ben}\n  - {name: Caro}\nend: {turns_taken: {Ana: 1}}\n",
            "missing-key",
            "say who",
        ),
        ("players:\n  - {name: Ana}\n  - {name: Ben}\n", "player-count", "3 to 5 players"),
        (
            "players:\n  - {name: Ana, accepted: [{thesis: flag, card: pink 4}]}\n  - {name: Ben}\n  - {name: Caro}\n",
            "flag-early",
            "on reaching the threshold",
        ),
        (
            "players:\n  - {name: Ana, published: [{thesis: flag, cards: [pink 4, pink 5]}]}\n  - {name: Ben}\n"
            "  - {name: Caro}\n",
            "flag-published",
            "accepted at once",
        ),
    ],
)
def test_rule_checks(body, code, words):
    pos, problems, _ = parse_position("g.yaml", TABLE + body)
    if pos is not None:
        problems = problems + consistency_problems(pos)
    found = [p for p in problems if p.code == code]
    assert found and words in found[0].message, problems


def test_too_many_turns_after_the_trigger():
    pos = load(THREE, "end: {triggered_by: Ana, turns_taken: {Ana: 2, Ben: 3}}\n")
    found = [p.message for p in consistency_problems(pos) if p.code == "too-many-turns"]
    assert len(found) == 2 and "the trigger takes 1" in found[0] and "each other player takes 2" in found[1]


@pytest.mark.parametrize(
    "thesis, code, words",
    [
        ("{id: x, requirement: run 9 same-suit, points: 5}", "impossible-requirement", "a suit has 7 cards"),
        ("{id: x, requirement: kind 5 of 13, points: 5}", "impossible-requirement", "holds 1 card of 13"),
        ("{id: x, requirement: run 5, points: 10}", "points", "1 to 9"),
        ("{id: x, requirement: run 5, points: 0}", "points", "1 to 9"),
        ("{id: x, requirement: run 5, points: 3, copies: 0}", "copies", "at least 1"),
        ("{id: x, requirement: flag, points: 2}", "flag-points", "1 point"),
        ("{id: x, requirement: flag, points: 1}", "two-flags", "second end flag"),
    ],
)
def test_table_checks(thesis, code, words):
    text = TABLE + f"  - {thesis}\nplayers:\n  - {{name: Ana}}\n  - {{name: Ben}}\n  - {{name: Caro}}\n"
    pos, _, _ = parse_position("g.yaml", text)
    found = [p for p in consistency_problems(pos) if p.code == code]
    assert found and words in found[0].message and found[0].line == 8
