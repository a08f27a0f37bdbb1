"""The bundled finished Canvas games score as their header comments (worked out by hand) and goldens say."""

import json
import pathlib
import re

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root

EXAMPLES = pathlib.Path(__file__).resolve().parents[4] / "examples" / "positions" / "canvas"
GOLDEN = sorted(EXAMPLES.glob("*.score.json"))


def position_of(golden: pathlib.Path) -> pathlib.Path:
    return golden.with_name(golden.name.replace(".score.json", ".yaml"))


def test_there_are_finished_games_for_two_three_and_four_players():
    assert len(GOLDEN) >= 3
    assert {len(json.loads(g.read_text())["players"]) for g in GOLDEN} >= {2, 3, 4}
    assert {json.loads(g.read_text())["decided_by"] for g in GOLDEN} >= {"total", "inspiration"}


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda p: p.name)
def test_example_scores_match_golden(golden):
    result = CliRunner().invoke(root, ["score", str(position_of(golden)), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == json.loads(golden.read_text())


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda p: p.name)
def test_the_hand_worked_header_agrees(golden):
    """Each header ends a player's working with 'NN points' and its last line gives the order."""
    text = position_of(golden).read_text()
    header = "\n".join(line for line in text.splitlines() if line.startswith("#"))
    data = json.loads(golden.read_text())
    for player in data["players"]:
        block = header.split(f"# {player['name']}\n", 1)[1]
        stated = re.search(r"(\d+) points\n", block)
        assert stated and int(stated.group(1)) == player["total"], player["name"]


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda p: p.name)
def test_example_positions_are_valid_without_warnings(golden):
    result = CliRunner().invoke(root, ["check", str(position_of(golden)), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"valid": True, "problems": []}


def test_the_examples_hold_what_the_issue_asks_for():
    capped = json.loads((EXAMPLES / "three-player-capped.score.json").read_text())
    cleo = capped["players"][0]
    assert cleo["ribbons"]["space"] == 4 and cleo["points"]["space"] == 11  # a capped card
    assert "[Delicate, Revolution, Masked]" in (EXAMPLES / "three-player-capped.yaml").read_text()
    bonus = json.loads((EXAMPLES / "four-player-bonus.score.json").read_text())
    assert sum(p["bonus_ribbons"] for p in bonus["players"]) == 7  # grey ribbons
    tie = json.loads((EXAMPLES / "two-player-tiebreak.score.json").read_text())
    assert tie["decided_by"] == "inspiration" and len({p["total"] for p in tie["players"]}) == 1
