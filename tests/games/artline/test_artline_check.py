"""`check` on Artline files: every rule problem of spec 3, and every format problem, located, all at once."""

from __future__ import annotations

import json
import textwrap

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root

GOOD = textwrap.dedent("""\
    game: artline
    players:
      - {name: Ana, hand: 4}
      - {name: Ben, hand: 5}
    table:
      - {at: [0, 0], orientation: landscape, title: Start}
      - {at: [1, 0], orientation: landscape, by: Ana}
    galleries:
      - {row: 0, feature: dogs, opened_by: Ana}
    deck: 85
    discard: 0
    turn: {player: Ben}
    """)


def check(tmp_path, text):
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(root, ["check", str(path), "--json"])
    return result.exit_code, json.loads(result.stdout)["problems"]


def test_the_spec_example_is_valid(tmp_path):
    assert check(tmp_path, GOOD) == (0, [])


def swap(old, new):
    assert old in GOOD
    return GOOD.replace(old, new)


@pytest.mark.parametrize(
    "text, code, line, words",
    [
        # two paintings on a cell
        (
            swap(
                "  - {at: [1, 0], orientation: landscape, by: Ana}",
                "  - {at: [1, 0], orientation: landscape, by: Ana}\n  - {at: [1, 0], orientation: landscape, by: Ben}",
            ).replace("deck: 85", "deck: 84"),
            "overlap",
            8,
            "two paintings on [1, 0]",
        ),
        # a painting not connected
        (
            swap("deck: 85", "deck: 84").replace(
                "  - {at: [1, 0], orientation: landscape, by: Ana}",
                "  - {at: [1, 0], orientation: landscape, by: Ana}\n  - {at: [3, 3], by: Ben}",
            ),
            "not-connected",
            8,
            "[3, 3] is not connected",
        ),
        # neighbours of different orientation
        (
            swap("{at: [1, 0], orientation: landscape", "{at: [1, 0], orientation: portrait"),
            "orientation",
            7,
            "neighbours lie alike",
        ),
        # a gallery on a line with fewer than two paintings
        (
            swap(
                "  - {row: 0, feature: dogs, opened_by: Ana}",
                "  - {row: 0, feature: dogs, opened_by: Ana}\n  - {column: 1, feature: cats}",
            ),
            "gallery-too-short",
            10,
            "has 1 painting",
        ),
        # a gallery missing where a line has two paintings
        (
            swap("galleries:\n  - {row: 0, feature: dogs, opened_by: Ana}\n", "galleries: []\n"),
            "gallery-missing",
            6,
            "row 0 holds 2 paintings but no gallery",
        ),
        # one feature used twice (case and spacing ignored)
        (
            swap(
                "  - {at: [1, 0], orientation: landscape, by: Ana}",
                "  - {at: [1, 0], orientation: landscape, by: Ana}\n  - {at: [0, 1], by: Ben}",
            )
            .replace(
                "  - {row: 0, feature: dogs, opened_by: Ana}",
                "  - {row: 0, feature: dogs, opened_by: Ana}\n  - {column: 0, feature: ' Dogs'}",
            )
            .replace("deck: 85", "deck: 84"),
            "feature-twice",
            11,
            "already the feature of row 0",
        ),
        # hands + table + deck + discard not adding up to 96
        (swap("deck: 85", "deck: 80"), "count", 10, "add up to 91, not 96: 9 in hands + 2 on the table + 80"),
        (swap("discard: 0", "discard: 3"), "count", 10, "add up to 99"),
        # two galleries on one line
        (
            swap(
                "  - {row: 0, feature: dogs, opened_by: Ana}",
                "  - {row: 0, feature: dogs, opened_by: Ana}\n  - {row: 0, feature: boats}",
            ),
            "two-galleries",
            10,
            "row 0 has two galleries",
        ),
        (
            swap("{at: [0, 0], orientation: landscape, title: Start}", "{at: [0, 0], orientation: portrait}").replace(
                "{at: [1, 0], orientation: landscape", "{at: [1, 0], orientation: portrait"
            ),
            "start-orientation",
            6,
            "lies landscape, not portrait",
        ),
        (swap("at: [0, 0]", "at: [2, 0]"), "no-start", 6, "no painting at [0, 0]"),
        (
            swap("{name: Ana, hand: 4}", "{name: Ana, hand: 0}")
            .replace("{name: Ben, hand: 5}", "{name: Ben, hand: 0}")
            .replace("deck: 85", "deck: 94"),
            "two-winners",
            4,
            "both have no paintings",
        ),
        (
            swap("  - {name: Ben, hand: 5}\n", "")
            .replace("deck: 85", "deck: 90")
            .replace("{player: Ben}", "{player: Ana}"),
            "players",
            3,
            "2 to 5 players, not 1",
        ),
        (swap("deck: 85", "deck: 85\nbounds: {columns: 1, rows: 1}"), "bounds", 6, "more than the table's 1 by 1"),
    ],
)
def test_rule_problems(tmp_path, text, code, line, words):
    exit_code, problems = check(tmp_path, text)
    assert exit_code == 4, problems
    found = [p for p in problems if p["code"] == code]
    assert found and found[0]["line"] == line and words in found[0]["message"], problems


def test_features_that_look_alike_are_a_warning_only(tmp_path):
    text = (
        swap(
            "  - {at: [1, 0], orientation: landscape, by: Ana}",
            "  - {at: [1, 0], orientation: landscape, by: Ana}\n  - {at: [0, 1], by: Ben}",
        )
        .replace(
            "  - {row: 0, feature: dogs, opened_by: Ana}",
            "  - {row: 0, feature: dogs, opened_by: Ana}\n  - {column: 0, feature: dog}",
        )
        .replace("deck: 85", "deck: 84")
    )
    exit_code, problems = check(tmp_path, text)
    assert exit_code == 0
    assert [p["code"] for p in problems] == ["features-alike"] and problems[0]["severity"] == "warning"


def test_every_problem_at_once(tmp_path):
    text = swap("deck: 85", "deck: 80").replace(
        "{at: [1, 0], orientation: landscape", "{at: [1, 0], orientation: portrait"
    )
    exit_code, problems = check(tmp_path, text)
    assert {p["code"] for p in problems} == {"count", "orientation"}


def test_check_reports_the_counts(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(GOOD, encoding="utf-8")
    out = json.loads(CliRunner().invoke(root, ["check", str(path), "--json"]).stdout)
    assert out["counts"] == {"hands": 9, "table": 2, "deck": 85, "discard": 0, "total": 96, "cards": 96}
