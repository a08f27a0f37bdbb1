"""`play` takes what `place --at` takes (a board label, resolved on the board the move is made on, written
to the record as Q,R, SPEC 8), and a title in single quotes gets an error that says to use double quotes."""

import json

import pytest
from click.testing import CliRunner
from conftest import ROOT

from pastiche_cli.cli.root import root

RECORD = ROOT / "examples" / "records" / "two-player-game.yaml"


def run(*args):
    return CliRunner().invoke(root, [str(a) for a in args], prog_name="pastiche")


@pytest.fixture
def record(tmp_path):
    """The two-player record after Ana's first turn: Ben to lay a hex (he holds BBRRYY/B)."""
    head, moves = RECORD.read_text().split("moves:", 1)
    path = tmp_path / "game.yaml"
    path.write_text(head + "moves:" + "\n".join(moves.split("\n")[:6]) + "\n")
    return path


def label_of(path, q_r: str) -> str:
    data = json.loads(run("place", path, "BBRRYY/B", "--at", q_r, "--player", "Ben", "--json").stdout)
    return data["label"]


def test_play_takes_a_board_label_and_writes_q_r(record):
    label = label_of(record, "0,-1")
    result = run("play", record, f"Ben place BBRRYY/B at {label} take blue")
    assert result.exit_code == 0, result.output
    assert "Move 5 played: Ben place BBRRYY/B at 0,-1 take blue" in result.output
    assert f"cell {label} is 0,-1" in result.output
    assert record.read_text().rstrip().endswith("- Ben place BBRRYY/B at 0,-1 take blue")
    assert run("replay", record).exit_code == 0


def test_play_with_a_label_and_place_apply_with_it_write_the_same_record(record, tmp_path):
    other = tmp_path / "other.yaml"
    other.write_text(record.read_text())
    label = label_of(record, "0,-1")
    assert run("play", record, f"Ben place BBRRYY/B at {label} take blue").exit_code == 0
    assert run("place", other, "BBRRYY/B", "--at", label, "--apply", "--take", "centre:blue").exit_code == 0
    assert record.read_text() == other.read_text()


def test_play_json_says_how_the_move_was_rewritten(record):
    label = label_of(record, "0,-1")
    data = json.loads(run("play", record, f"Ben place BBRRYY/B at {label}", "--json").stdout)
    assert data["move"] == "Ben place BBRRYY/B at 0,-1" and data["rewritten"].startswith(f"cell {label}")


def test_an_unknown_label_is_a_usage_error_naming_both_forms(record):
    before = record.read_bytes()
    result = run("play", record, "Ben place BBRRYY/B at zz")
    assert result.exit_code == 2
    assert "write Q,R such as 1,-1" in result.output and "label" in result.output
    assert record.read_bytes() == before


def test_a_single_quoted_title_says_to_use_double_quotes(record):
    result = run("play", record, "Ben complete 'Salt Marsh'")
    assert result.exit_code == 2
    assert "written in double quotes" in result.output


def test_a_double_quoted_title_parses(record):
    result = run("play", record, 'Ben complete "Salt Marsh"')
    assert result.exit_code == 1  # parsed, then refused by the rules (not Ben's painting phase)
    assert "double quotes" not in result.output
