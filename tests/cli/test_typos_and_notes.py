"""What a player who mistypes gets (issue 33, item 18): a typo in the start of a commission's name
(`qiuet`, `orchrd`), which a sheet may write for the name, got no suggestion; a sheet with no
catalogue gave the same error for every name on it (16 for the 4-player finish); `place` without
--player said nothing when the player to move holds no such hex."""

import json
import shutil

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT

from pastiche_cli.cli.root import root

QUICK = ROOT / "examples" / "quick"


@pytest.fixture
def sheet(tmp_path):
    shutil.copy(QUICK / "box.yaml", tmp_path / "box.yaml")
    return tmp_path / "s.sheet", (QUICK / "four-player-finish.sheet").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "typed, written, suggested",
    [("qiuet", "quiet", "Quiet Canal"), ("orchrd", "orchard", "orchard-in-fog"), ("wintr", "winter", "Winter Bridge")],
)
def test_a_typo_in_the_start_of_a_commission_gets_a_suggestion(sheet, typed, written, suggested):
    path, text = sheet
    assert f" {written} " in text or f" {written}\n" in text
    path.write_text(text.replace(written, typed, 1), encoding="utf-8")
    result = CliRunner().invoke(root, ["score", str(path)])
    assert result.exit_code == 3
    assert f"no commission in the catalogue '{typed}'; did you mean '{suggested}'?" in result.stderr, result.stderr


def test_with_no_catalogue_the_sheet_says_so_once(sheet, monkeypatch, tmp_path):
    path, text = sheet
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "empty"))
    path.write_text("".join(line for line in text.splitlines(True) if not line.startswith("catalogue:")))
    result = CliRunner().invoke(root, ["score", str(path)])
    assert result.exit_code == 3
    errors = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert len(errors) == 1, errors
    assert "the catalogue is empty" in errors[0] and "no other name on the sheet is looked up" in errors[0]


def test_place_without_player_notes_that_the_player_to_move_holds_no_such_hex():
    args = ["place", str(EXAMPLES / "board-midgame-4p.yaml"), "RRRRRR/R", "--at", "2,-4"]
    said = "Caro, whose turn it is, holds no RRRRRR/R in any rotation"
    result = CliRunner().invoke(root, args)
    assert result.exit_code == 0 and f"note: {said}" in result.stdout, result.output
    assert json.loads(CliRunner().invoke(root, [*args, "--json"]).stdout)["notes"] == [said]
    held = ["place", str(EXAMPLES / "board-midgame-4p.yaml"), "RRRBBR/RB", "--at", "2,-4", "--json"]
    assert json.loads(CliRunner().invoke(root, held).stdout)["notes"] == []  # Caro holds it
