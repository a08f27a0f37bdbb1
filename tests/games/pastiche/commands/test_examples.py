"""Every bundled finished game scores as its header comment (checked by hand) and its golden file say."""

import json

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli.root import root

GOLDEN = sorted(EXAMPLES.glob("*.score.json"))


def test_there_are_at_least_five_finished_games_with_golden_scores():
    assert len(GOLDEN) >= 5
    counts = {len(json.loads(g.read_text())["players"]) for g in GOLDEN}
    assert {2, 3, 4} <= counts


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda p: p.name)
def test_example_scores_match_golden(golden):
    position = golden.with_name(golden.name.replace(".score.json", ".yaml"))
    result = CliRunner().invoke(root, ["score", str(position), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == json.loads(golden.read_text())


@pytest.mark.parametrize("golden", GOLDEN, ids=lambda p: p.name)
def test_example_positions_are_valid_without_warnings(golden):
    position = golden.with_name(golden.name.replace(".score.json", ".yaml"))
    result = CliRunner().invoke(root, ["check", str(position), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"valid": True, "problems": []}


def test_examples_cover_every_deciding_step():
    decided = {json.loads(g.read_text())["decided_by"] for g in GOLDEN}
    assert decided >= {"total", "completed", "palette_points", "artist_bonus", "shared"}


def test_broken_example_shows_every_problem_located():
    broken = EXAMPLES / "broken-for-error-demo.yaml"
    result = CliRunner().invoke(root, ["check", str(broken)])
    assert result.exit_code == 3
    out = result.stdout
    assert f"{broken}:5:5: error: unknown key 'palete' in players[0]; did you mean 'palette'?" in out
    assert f"{broken}:6:21: error: unknown palette card 'purpel'; did you mean 'purple'?" in out
    assert f"{broken}:8:62: error: the commission points should be a whole number, not 'eleven'" in out
    assert "9 red cards are in hands (Ben 9), but the game has only 8" in out
    assert "did you mean 'Ben'?" in out
    assert "Traceback" not in result.output
