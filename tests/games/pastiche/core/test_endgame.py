"""End of game [end.trigger] [end.round]: worked examples at the threshold edges (rulebook "End of the Game")."""

from __future__ import annotations

from collections import Counter

import pytest

from pastiche_cli.games.pastiche.core.endgame import end_verdict, threshold_for
from pastiche_cli.games.pastiche.core.position import Commission, HouseRules, Player, Position, Turn
from pastiche_cli.games.pastiche.formats.loader import parse_position

NAMES = ["Ana", "Ben", "Caro", "Dev"]


def completed(points: list[int], artist_prefix: str) -> tuple[Commission, ...]:
    return tuple(Commission(f"Study {i}", f"{artist_prefix}{i}. Example", p) for i, p in enumerate(points))


def game(points_per_player: list[list[int]], turn: str | None = None, end_threshold: int | None = None) -> Position:
    players = tuple(
        Player(NAMES[i], i, Counter(), (), completed(pts, NAMES[i][0])) for i, pts in enumerate(points_per_player)
    )
    return Position(players, turn=Turn(turn) if turn else None, house_rules=HouseRules(end_threshold=end_threshold))


# (players, a player's completed points, triggered?)
EDGES = [
    (4, [12, 12, 10], False),  # 34
    (4, [12, 12, 11], True),  # 35
    (4, [16, 16, 16], True),  # well past
    (3, [13, 13, 13], False),  # 39
    (3, [14, 13, 13], True),  # 40
    (2, [15, 15, 14], False),  # 44
    (2, [15, 15, 15], True),  # 45
    (2, [14, 13, 13], False),  # 40 is enough with 3 players, not with 2
]


@pytest.mark.parametrize("n, points, triggered", EDGES)
def test_end_trigger_threshold_edges(n, points, triggered):
    pos = game([points] + [[]] * (n - 1))
    v = end_verdict(pos)
    assert v.threshold == {2: 45, 3: 40, 4: 35}[n]
    assert v.threshold_source == "printed"
    assert v.triggered is triggered
    assert v.triggered_by == (("Ana",) if triggered else ())


def test_end_trigger_rule_ids():
    assert end_verdict(game([[12, 12, 10], []])).rule == "end.trigger"
    assert end_verdict(game([[16, 16, 16], []])).rule == "end.round"


def test_end_trigger_artist_bonuses_excluded():
    # 4 players: 12 + 12 + 10 = 34, by one artist pair (bonus 5) -> 39 with the bonus, but the bonus never counts.
    paintings = (
        Commission("One", "Q. Example", 12),
        Commission("Two", "Q. Example", 12),
        Commission("Three", "R. Example", 10),
    )
    players = (Player("Ana", 0, Counter(), (), paintings),) + tuple(
        Player(n, i, Counter()) for i, n in enumerate(NAMES[1:], start=1)
    )
    v = end_verdict(Position(players))
    assert v.points[0] == ("Ana", 34)
    assert v.triggered is False


def test_end_trigger_palette_cards_do_not_count():
    players = (
        Player(
            "Ana",
            0,
            Counter({"gray": 6}),
            (Commission("Open", "O. Example", 16, ("gray", "gray")),),
            completed([12, 12, 10], "A"),
        ),
        Player("Ben", 1),
        Player("Caro", 2),
        Player("Dev", 3),
    )
    assert end_verdict(Position(players)).triggered is False


@pytest.mark.parametrize(
    "threshold, points, triggered",
    [(30, [10, 10, 9], False), (30, [10, 10, 10], True), (50, [16, 16, 16], False), (50, [16, 16, 16, 2], True)],
)
def test_end_trigger_house_rule_threshold(threshold, points, triggered):
    v = end_verdict(game([points, [], [], []], end_threshold=threshold))
    assert (v.threshold, v.threshold_source, v.triggered) == (threshold, "house rule", triggered)


def test_end_trigger_house_rule_from_the_file():
    text = """\
players:
  - {name: Ana, completed: [{title: A, artist: P. Example, points: 15}, {title: B, artist: Q. Example, points: 15}]}
  - {name: Ben, completed: []}
house_rules: {end_threshold: 30}
"""
    pos, problems, _ = parse_position("t.yaml", text)
    assert problems == []
    assert threshold_for(pos) == (30, "house rule")
    assert end_verdict(pos).triggered_by == ("Ana",)


def test_end_trigger_triggered_by_lists_every_player_in_turn_order():
    v = end_verdict(game([[16, 16, 4], [12], [16, 16, 16], [16, 16, 3]]))
    assert v.triggered_by == ("Ana", "Caro", "Dev")
    assert v.points == (("Ana", 36), ("Ben", 12), ("Caro", 48), ("Dev", 35))


@pytest.mark.parametrize("current, left", [("Ana", 3), ("Ben", 2), ("Caro", 1), ("Dev", 0)])
def test_end_round_turns_left_four_players(current, left):
    v = end_verdict(game([[16, 16, 16], [], [], []], turn=current))
    assert (v.current, v.turns_left, v.last_player) == (current, left, "Dev")


@pytest.mark.parametrize("current, left", [("Ana", 1), ("Ben", 0)])
def test_end_round_turns_left_two_players(current, left):
    v = end_verdict(game([[], [16, 16, 16]], turn=current))
    assert v.triggered_by == ("Ben",)
    assert (v.turns_left, v.last_player) == (left, "Ben")


def test_end_round_turns_left_when_turn_named_in_other_case():
    v = end_verdict(game([[16, 16, 16], [], []], turn="caro"))
    assert (v.current, v.turns_left) == ("Caro", 0)


def test_end_round_turns_left_null_without_a_turn():
    v = end_verdict(game([[16, 16, 16], [], []]))
    assert v.triggered is True
    assert v.turns_left is None
    assert v.current is None


def test_end_round_turns_left_null_when_not_triggered():
    v = end_verdict(game([[10], [], []], turn="Ana"))
    assert v.triggered is False
    assert v.turns_left is None
