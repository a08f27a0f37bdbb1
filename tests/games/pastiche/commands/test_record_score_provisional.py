"""SPEC 8: `score` on a record is final only once the end round is over; before, it is marked provisional."""

from __future__ import annotations

import json

from click.testing import CliRunner
from conftest import ROOT

from pastiche_cli.cli.root import root

EXAMPLE = ROOT / "examples" / "records" / "two-player-game.yaml"


def cut(tmp_path, moves: int):
    """The example record with only its first `moves` moves."""
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    start = lines.index(next(line for line in lines if line.startswith("moves:")))
    kept = [i for i in range(start + 1, len(lines)) if lines[i].lstrip().startswith("- ")][:moves]
    path = tmp_path / f"first-{moves}.yaml"
    path.write_text("\n".join(lines[: kept[-1] + 1]) + "\n", encoding="utf-8")
    return path


def score(*args):
    return CliRunner().invoke(root, ["score", *map(str, args)])


def test_triggered_but_the_end_round_not_over(tmp_path):
    path = cut(tmp_path, 25)  # Ana has reached the threshold; Ben's last turn is still to come
    human = score(path)
    assert human.exit_code == 0
    assert "the record's end round is not over yet, so these scores are provisional [end.round]" in human.output
    assert json.loads(score(path, "--json").output)["provisional"] is True


def test_final_once_the_end_round_is_over():
    assert json.loads(score(EXAMPLE, "--json").output)["provisional"] is False
    assert "provisional" not in score(EXAMPLE).output


def test_a_plain_position_keeps_its_answer():
    answer = json.loads(score(ROOT / "examples" / "positions" / "four-player-finish.yaml", "--json").output)
    assert answer["provisional"] is False
