"""Final scoring [score.*]: worked examples checked by hand against the rulebook ("Calculating Scores").

Card values (SPEC 1.1): primary 4, secondary 1, tertiary 2, black/white 3, gray 6, bisque 5.
Artist bonus bands (SPEC 1.3): 15-17 -> 3, 18-22 -> 4, 23-27 -> 5, 28-31 -> 6.
"""

from __future__ import annotations

import json
import pathlib
from collections import Counter

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.games.pastiche.core.position import Commission, Player, Position
from pastiche_cli.games.pastiche.core.scoring import (
    ScoringError,
    artist_pairs,
    score,
    score_player,
    table_bonus,
    usable_palette,
)
from pastiche_cli.kernel.problems import exit_code

EXAMPLES = pathlib.Path(__file__).resolve().parents[4] / "examples" / "positions"


def com(title: str, artist: str, points: int, palette=(), bonus: int | None = None) -> Commission:
    return Commission(title, artist, points, tuple(palette), bonus)


def player(name: str, index: int = 0, palette=(), commissions=(), completed=()) -> Player:
    held = Counter(palette) if not isinstance(palette, dict) else Counter(palette)
    return Player(name, index, held, tuple(commissions), tuple(completed))


def position(*players: Player, gallery=()) -> Position:
    reindexed = tuple(Player(p.name, i, p.palette, p.commissions, p.completed) for i, p in enumerate(players))
    return Position(reindexed, tuple(gallery))


# --- [score.palette] usable palette cards: a multiset, each card counted at most once -----------------

PALETTE_CASES = [
    # (id, palette held, palettes of commissions in hand, expected palette points)
    ("two-commissions-one-green-counts-once", ["green"], [["green", "red"], ["green", "blue"]], 1),
    ("two-commissions-two-greens-count-twice", ["green", "green"], [["green", "red"], ["green", "blue"]], 2),
    ("extra-copies-beyond-need-not-counted", ["teal"] * 3, [["teal", "blue"]], 2),
    ("repeat-in-one-palette-needs-two", ["teal", "teal", "teal"], [["teal", "teal", "blue"]], 4),
    ("one-of-a-repeated-colour", ["teal"], [["teal", "teal", "blue"]], 2),
    ("unneeded-cards-score-nothing", ["red", "bisque", "gray"], [["teal", "blue"]], 0),
    ("no-commission-in-hand", ["red", "bisque", "gray"], [], 0),
    (
        "every-value",
        ["gray", "bisque", "black", "white", "red", "orange", "teal"],
        [["gray", "bisque", "black", "white"], ["red", "orange", "teal"]],
        6 + 5 + 3 + 3 + 4 + 1 + 2,
    ),
    ("summed-requirements", {"green": 4, "red": 1}, [["green", "green", "red"], ["green", "blue"]], 3 * 1 + 4),
    ("empty-hand", [], [["teal", "blue"]], 0),
]


@pytest.mark.parametrize("held, needs, expected", [c[1:] for c in PALETTE_CASES], ids=[c[0] for c in PALETTE_CASES])
def test_score_palette_worked_examples(held, needs, expected):
    p = player(
        "Ana", palette=held, commissions=[com(f"Study {i}", f"Z{i}. Example", 10, n) for i, n in enumerate(needs)]
    )
    assert score_player(p).palette_points == expected


def test_score_palette_reports_held_required_usable_per_colour():
    p = player(
        "Ana",
        palette={"green": 1, "teal": 3, "red": 2},
        commissions=[com("A", "P. Example", 10, ["green", "teal"]), com("B", "Q. Example", 10, ["green", "blue"])],
    )
    rows = {u.card: (u.held, u.required, u.usable, u.points) for u in usable_palette(p)}
    assert rows == {"green": (1, 2, 1, 1), "teal": (3, 1, 1, 2), "blue": (0, 1, 0, 0)}
    assert "red" not in rows


def test_score_palette_gallery_commissions_never_counted():
    ana = player("Ana", palette=["red", "red", "teal"], commissions=[])
    pos = position(ana, player("Ben"), gallery=[com("Gallery Piece", "G. Example", 12, ["red", "red", "teal"])])
    result = score(pos)
    assert [s.palette_points for s in result.players if s.name == "Ana"] == [0]


def test_score_palette_completed_commissions_palettes_not_counted():
    ana = player(
        "Ana",
        palette=["red", "teal"],
        completed=[com("Done", "D. Example", 12, ["red", "teal"])],
        commissions=[com("Open", "O. Example", 9, ["blue", "blue"])],
    )
    s = score_player(ana)
    assert s.palette_points == 0
    assert s.commission_points == 12


def test_score_palette_other_players_commissions_not_counted():
    ana = player("Ana", palette=["red", "teal"])
    ben = player("Ben", commissions=[com("Ben's", "B. Example", 10, ["red", "teal"])])
    by_name = {s.name: s for s in score(position(ana, ben)).players}
    assert by_name["Ana"].palette_points == 0
    assert by_name["Ben"].palette_points == 0


# --- [score.commissions] and [score.total] ------------------------------------------------------------


def test_score_commissions_sum_of_completed_points():
    ana = player("Ana", completed=[com("A", "P. Example", 14), com("B", "Q. Example", 9), com("C", "R. Example", 12)])
    s = score_player(ana)
    assert (s.commission_points, s.completed, s.artist_bonus, s.total) == (35, 3, 0, 35)


def test_score_total_is_commissions_plus_palette_plus_bonus():
    ana = player(
        "Ana",
        palette=["gray", "teal"],
        commissions=[com("Open", "O. Example", 10, ["gray", "teal", "teal"])],
        completed=[com("A", "P. Example", 12), com("B", "P. Example", 13)],
    )
    s = score_player(ana)
    assert (s.commission_points, s.palette_points, s.artist_bonus, s.total) == (25, 8, 5, 38)


# --- [score.bonus] artist bonuses: every band edge, printed values, pairs off the table --------------

BANDS = [(14, None), (15, 3), (16, 3), (17, 3), (18, 4), (22, 4), (23, 5), (27, 5), (28, 6), (31, 6), (32, None)]


@pytest.mark.parametrize("summed, bonus", BANDS)
def test_score_bonus_table_band_edges(summed, bonus):
    assert table_bonus(summed) == bonus


@pytest.mark.parametrize(
    "a, b, bonus",
    [
        (7, 8, 3),
        (8, 9, 3),
        (8, 10, 4),
        (11, 11, 4),
        (11, 12, 5),
        (13, 14, 5),
        (12, 16, 6),
        (15, 16, 6),
    ],
)
def test_score_bonus_band_edges_through_scoring(a, b, bonus):
    ana = player("Ana", completed=[com("First", "Q. Example", a), com("Second", "Q. Example", b)])
    s = score_player(ana)
    assert s.artist_bonus == bonus
    assert s.total == a + b + bonus
    (pair,) = s.pairs
    assert (pair.summed_points, pair.source, pair.table_bonus) == (a + b, "table", bonus)


def test_score_bonus_printed_value_wins_over_table_and_says_so():
    # 10 + 10 = 20 is the 4-point band; the cards print 6.
    ana = player("Ana", completed=[com("First", "Q. Example", 10, bonus=6), com("Second", "Q. Example", 10, bonus=6)])
    (pair,) = artist_pairs(ana)
    assert (pair.bonus, pair.source, pair.table_bonus) == (6, "printed", 4)
    assert pair.note and "6" in pair.note and "4" in pair.note
    assert score_player(ana).total == 26


def test_score_bonus_printed_on_one_card_is_enough():
    ana = player("Ana", completed=[com("First", "Q. Example", 10), com("Second", "Q. Example", 10, bonus=5)])
    assert score_player(ana).artist_bonus == 5


def test_score_bonus_printed_value_that_agrees_has_no_note():
    ana = player("Ana", completed=[com("First", "Q. Example", 10, bonus=4), com("Second", "Q. Example", 10, bonus=4)])
    (pair,) = artist_pairs(ana)
    assert (pair.bonus, pair.note) == (4, None)


@pytest.mark.parametrize("a, b", [(16, 16), (7, 7), (8, 6)])
def test_score_bonus_pair_off_the_table_without_printed_value_is_an_error(a, b):
    ana = player("Ana", completed=[com("First", "Q. Example", a), com("Second", "Q. Example", b)])
    with pytest.raises(ScoringError) as caught:
        score(position(ana, player("Ben")))
    assert str(a + b) in str(caught.value)
    assert "artist_bonus" in str(caught.value)
    problem = caught.value.problem  # what `score` reports, exit 3: the file cannot be scored
    assert (problem.code, problem.message, problem.severity, exit_code([problem])) == (
        "missing-artist-bonus",
        str(caught.value),
        "error",
        3,
    )


def test_score_bonus_pair_off_the_table_with_printed_value_counts():
    ana = player("Ana", completed=[com("First", "Q. Example", 16, bonus=7), com("Second", "Q. Example", 16)])
    assert score_player(ana).artist_bonus == 7


def test_score_bonus_needs_both_paintings_completed():
    ana = player(
        "Ana",
        commissions=[com("Second", "Q. Example", 12, ["red", "blue"])],
        completed=[com("First", "Q. Example", 12)],
    )
    assert score_player(ana).artist_bonus == 0


def test_score_bonus_same_artist_spelt_with_other_case_and_spaces():
    ana = player("Ana", completed=[com("First", "Q. Example", 12), com("Second", "q.  EXAMPLE", 12)])
    assert score_player(ana).artist_bonus == 5


def test_score_bonus_once_per_pair_and_per_artist():
    ana = player(
        "Ana",
        completed=[
            com("P1", "P. Example", 8),
            com("Q1", "Q. Example", 15),
            com("P2", "P. Example", 8),
            com("Q2", "Q. Example", 16),
            com("R1", "R. Example", 12),
        ],
    )
    s = score_player(ana)
    assert s.artist_bonus == 3 + 6
    assert sorted(p.artist for p in s.pairs) == ["P. Example", "Q. Example"]


def test_score_bonus_pairs_split_between_players_give_nothing():
    ana = player("Ana", completed=[com("First", "Q. Example", 12)])
    ben = player("Ben", completed=[com("Second", "Q. Example", 12)])
    assert [s.artist_bonus for s in score(position(ana, ben)).players] == [0, 0]


# --- [score.tiebreak] each step deciding first place, shared places -----------------------------------


def _ranked(result):
    return [(s.name, s.rank) for s in result.players]


def test_score_tiebreak_total_decides():
    ana = player("Ana", completed=[com("A", "P. Example", 10)])
    ben = player("Ben", completed=[com("B", "Q. Example", 11)])
    result = score(position(ana, ben))
    assert _ranked(result) == [("Ben", 1), ("Ana", 2)]
    assert (result.winners, result.decided_by) == (("Ben",), "total")


def test_score_tiebreak_completed_decides():
    # Both 30: Ana 10+10+10 (three completed), Ben 14+12 + usable red 4 (two completed).
    ana = player(
        "Ana", completed=[com("A1", "A. Example", 10), com("A2", "B. Example", 10), com("A3", "C. Example", 10)]
    )
    ben = player(
        "Ben",
        palette=["red"],
        commissions=[com("Open", "O. Example", 9, ["red", "blue"])],
        completed=[com("B1", "D. Example", 14), com("B2", "E. Example", 12)],
    )
    result = score(position(ben, ana))
    assert [s.total for s in result.players] == [30, 30]
    assert _ranked(result) == [("Ana", 1), ("Ben", 2)]
    assert (result.winners, result.decided_by) == (("Ana",), "completed")


def test_score_tiebreak_palette_points_decides():
    # Both 30 with two completed: Ana 13+13 + red 4, Ben 14+14 + teal 2.
    ana = player(
        "Ana",
        palette=["red"],
        commissions=[com("OA", "O. Example", 9, ["red", "blue"])],
        completed=[com("A1", "A. Example", 13), com("A2", "B. Example", 13)],
    )
    ben = player(
        "Ben",
        palette=["teal"],
        commissions=[com("OB", "P. Example", 9, ["teal", "blue"])],
        completed=[com("B1", "C. Example", 14), com("B2", "D. Example", 14)],
    )
    result = score(position(ben, ana))
    assert [(s.total, s.completed) for s in result.players] == [(30, 2), (30, 2)]
    assert _ranked(result) == [("Ana", 1), ("Ben", 2)]
    assert (result.winners, result.decided_by) == (("Ana",), "palette_points")


def test_score_tiebreak_artist_bonus_decides():
    # Both 30, two completed, 1 palette point: Ana 12+12 by one artist (+5), Ben 13+16 by two.
    ana = player(
        "Ana",
        palette=["green"],
        commissions=[com("OA", "O. Example", 9, ["green", "blue"])],
        completed=[com("A1", "A. Example", 12), com("A2", "A. Example", 12)],
    )
    ben = player(
        "Ben",
        palette=["orange"],
        commissions=[com("OB", "P. Example", 9, ["orange", "blue"])],
        completed=[com("B1", "C. Example", 13), com("B2", "D. Example", 16)],
    )
    result = score(position(ben, ana))
    assert [(s.total, s.completed, s.palette_points) for s in result.players] == [(30, 2, 1), (30, 2, 1)]
    assert _ranked(result) == [("Ana", 1), ("Ben", 2)]
    assert (result.winners, result.decided_by) == (("Ana",), "artist_bonus")


def test_score_tiebreak_equal_at_every_step_share_first_place():
    ana = player("Ana", completed=[com("A1", "A. Example", 12)])
    ben = player("Ben", completed=[com("B1", "B. Example", 12)])
    result = score(position(ana, ben))
    assert _ranked(result) == [("Ana", 1), ("Ben", 1)]
    assert (result.winners, result.decided_by) == (("Ana", "Ben"), "shared")


def test_score_tiebreak_shared_place_ranks_1_1_3():
    ana = player("Ana", completed=[com("A1", "A. Example", 12)])
    ben = player("Ben", completed=[com("B1", "B. Example", 9)])
    caro = player("Caro", completed=[com("C1", "C. Example", 12)])
    result = score(position(ana, ben, caro))
    assert _ranked(result) == [("Ana", 1), ("Caro", 1), ("Ben", 3)]
    assert result.winners == ("Ana", "Caro")


def test_score_tiebreak_shared_second_place_ranks_1_2_2_4():
    names = ["Ana", "Ben", "Caro", "Dev"]
    points = [9, 12, 15, 12]
    players = [player(n, completed=[com(f"{n}'s", f"{n[0]}. Example", pts)]) for n, pts in zip(names, points)]
    result = score(position(*players))
    assert _ranked(result) == [("Caro", 1), ("Ben", 2), ("Dev", 2), ("Ana", 4)]
    assert (result.winners, result.decided_by) == (("Caro",), "total")


def test_score_tiebreak_decided_by_is_the_first_step_between_first_and_second_only():
    # First place clear on total; second and third tie on total and split on completed.
    ana = player("Ana", completed=[com("A1", "A. Example", 16)])
    ben = player("Ben", completed=[com("B1", "B. Example", 12)])
    caro = player("Caro", completed=[com("C1", "C. Example", 8), com("C2", "D. Example", 4)])
    result = score(position(ana, ben, caro))
    assert _ranked(result) == [("Ana", 1), ("Caro", 2), ("Ben", 3)]
    assert result.decided_by == "total"
    assert [s.decided_by for s in result.players] == ["total", "completed", None]


def test_score_tiebreak_a_later_step_never_overrides_an_earlier_one():
    # Ben has more completed and more palette points, but Ana has the higher total.
    ana = player("Ana", completed=[com("A1", "A. Example", 16)])
    ben = player(
        "Ben",
        palette=["red"],
        commissions=[com("O", "O. Example", 9, ["red", "blue"])],
        completed=[com("B1", "B. Example", 5), com("B2", "C. Example", 5)],
    )
    result = score(position(ben, ana))
    assert [s.name for s in result.players] == ["Ana", "Ben"]
    assert result.decided_by == "total"


# --- the SPEC 6.2 JSON for the SPEC 3 example, exactly -----------------------------------------------

SPEC_6_2 = {
    "players": [
        {
            "name": "Ana",
            "commission_points": 23,
            "palette_points": 6,
            "artist_bonus": 5,
            "total": 34,
            "completed": 2,
            "rank": 1,
        },
        {
            "name": "Ben",
            "commission_points": 0,
            "palette_points": 0,
            "artist_bonus": 0,
            "total": 0,
            "completed": 0,
            "rank": 2,
        },
        {
            "name": "Caro",
            "commission_points": 0,
            "palette_points": 0,
            "artist_bonus": 0,
            "total": 0,
            "completed": 0,
            "rank": 2,
        },
    ],
    "winners": ["Ana"],
    "decided_by": "total",
}


def test_score_json_spec_example_exactly():
    result = CliRunner().invoke(root, ["score", str(EXAMPLES / "spec-example.yaml"), "--json"])
    assert result.exit_code == 0, result.output
    # SPEC 6.2's answer, and whether it is final (issue 33, item 11): the example's end is not triggered.
    assert json.loads(result.stdout) == SPEC_6_2 | {"provisional": True}
    # Key order as printed in the spec, too (scripts may read it positionally), `provisional` after it.
    assert list(json.loads(result.stdout)) == ["players", "winners", "decided_by", "provisional"]
    assert list(json.loads(result.stdout)["players"][0]) == list(SPEC_6_2["players"][0])


def test_score_spec_example_breakdown_through_the_core():
    from pastiche_cli.games.pastiche.formats.record import load_position

    pos, warnings = load_position(EXAMPLES / "spec-example.yaml")
    assert warnings == []
    ana = score(pos).players[0]
    assert {u.card: u.usable for u in ana.usable} == {"teal": 1, "blue": 1, "black": 0}
    (pair,) = ana.pairs
    assert (pair.artist, pair.summed_points, pair.bonus) == ("Q. Example", 23, 5)


def test_score_json_ties_listed_in_turn_order(tmp_path):
    text = (EXAMPLES / "spec-example.yaml").read_text()
    # Swap Ben and Caro: they are still equal, so Caro now comes first.
    swapped = (
        text.replace("name: Ben", "name: TMP").replace("name: Caro", "name: Ben").replace("name: TMP", "name: Caro")
    )
    path = tmp_path / "swapped.yaml"
    path.write_text(swapped)
    result = CliRunner().invoke(root, ["score", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert [(p["name"], p["rank"]) for p in json.loads(result.stdout)["players"]] == [
        ("Ana", 1),
        ("Caro", 2),
        ("Ben", 2),
    ]


@pytest.mark.parametrize("bonus", [-50, 0])
def test_a_printed_artist_bonus_below_one_is_a_located_rules_error_not_a_new_winner(tmp_path, bonus):
    from click.testing import CliRunner

    from pastiche_cli.cli.root import root

    path = tmp_path / "game.yaml"
    path.write_text(
        "players:\n  - name: Ana\n    palette: []\n    commissions: []\n    completed:\n"
        "      - {title: Red Mill, artist: Q. Example, points: 14}\n"
        f"      - {{title: Blue Mill, artist: Q. Example, points: 9, artist_bonus: {bonus}}}\n"
        "  - name: Ben\n    palette: []\n    commissions: []\n    completed: []\n"
    )
    for command in ("check", "score"):
        result = CliRunner().invoke(root, [command, str(path)])
        assert result.exit_code == 4, result.output
        assert f"game.yaml:7:9: error: 'Blue Mill' prints an artist bonus of {bonus}" in result.output
