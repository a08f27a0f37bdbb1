"""`pastiche tally` keeps the game it scored in the play history when asked (issue 35): --keep, --no-keep,
or a question at the end (y keeps; no answer, the end of the piped answers, keeps nothing); a game
`score` calls provisional is never kept, --keep says why and exits 1."""

from __future__ import annotations

import json
import os

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root

FINISHED = ["Ana Ben Caro Dee", "0", "2", "2", "1"]  # Artline: Ana's hand is empty
UNFINISHED = ["Ana Ben", "1", "2"]  # nobody has emptied their hand
QUESTION = "Keep this game in your play history? [y/N]"


def tally(answers, *options):
    return CliRunner().invoke(root, ["tally", "--game", "artline", *options], input="".join(a + "\n" for a in answers))


def plays():
    return json.loads(CliRunner().invoke(root, ["history", "--json"]).stdout)


def test_keep_keeps_the_finished_game():
    result = tally(FINISHED, "--keep")
    assert result.exit_code == 0, result.output
    assert "Kept play 1" in result.stderr and QUESTION not in result.stderr
    (play,) = plays()
    assert (play["game"], [p["name"] for p in play["players"]], play["players"][0]["winner"]) == (
        "artline",
        ["Ana", "Ben", "Caro", "Dee"],
        True,
    )


@pytest.mark.parametrize("answer, kept", [("y", 1), ("yes", 1), ("n", 0), (None, 0)])
def test_without_either_it_asks_at_the_end(answer, kept):
    result = tally(FINISHED + ([answer] if answer else []))
    assert result.exit_code == 0, result.output
    assert QUESTION in result.stderr and len(plays()) == kept


def test_no_keep_neither_asks_nor_keeps():
    result = tally(FINISHED + ["y"], "--no-keep")
    assert result.exit_code == 0 and QUESTION not in result.stderr and plays() == []


def test_a_game_not_over_is_not_kept_and_not_asked_about():
    asked = tally(UNFINISHED + ["y"])
    assert asked.exit_code == 0 and QUESTION not in asked.stderr and plays() == []
    refused = tally(UNFINISHED, "--keep")
    assert refused.exit_code == 1
    assert "not kept: the game is not over (nobody has emptied their hand yet)" in refused.stderr
    assert not os.path.exists(os.path.join(os.environ["PASTICHE_DATA"], "history.sqlite3"))


def test_json_says_the_play_kept():
    answer = json.loads(tally(FINISHED, "--keep", "--json").stdout)
    assert answer["kept"] == 1 and answer["scores"]["winners"] == ["Ana"]
    assert json.loads(tally(FINISHED, "--no-keep", "--json").stdout)["kept"] is None


def test_answers_that_are_not_utf8_end_tally_without_a_traceback_and_keep_nothing():
    """The hostile sweep's find: piped answers with bytes that are not UTF-8 ended tally with exit 70 when
    read in process (strict decoding); now they are no answer any question takes, and nothing is kept."""
    answers = b"".join(a.encode() + b"\n" for a in FINISHED) + b"\xe2\x82 y\n"
    result = CliRunner().invoke(root, ["tally", "--game", "artline"], input=answers)
    assert isinstance(result.exception, SystemExit) and result.exit_code in (0, 2), result.output
    assert plays() == []


def test_the_same_result_tallied_twice_is_kept_twice_as_two_plays():
    """A tally is a game played now: the same answers another evening are another play, never refused."""
    first, second = tally(FINISHED, "--keep"), tally(FINISHED, "--keep")
    assert (first.exit_code, second.exit_code) == (0, 0), second.output
    assert "Kept play 2" in second.stderr and "already kept" not in second.stderr
    assert [p["id"] for p in plays()] == [2, 1]


def test_a_tally_is_named_as_the_sheet_written_or_as_the_tally(tmp_path):
    """Never tally.sheet in the current folder, a file that does not exist."""
    tally(FINISHED, "--keep")
    sheet = tmp_path / "friday.sheet"
    tally(FINISHED, "--keep", "-o", sheet)
    assert [p["file"] for p in plays()] == [str(sheet), "the tally"]
    refused = tally(UNFINISHED, "--keep")
    assert "the tally: not kept: the game is not over" in refused.stderr
    assert "tally.sheet" not in refused.stderr
    refused = tally(UNFINISHED, "--keep", "-o", tmp_path / "unfinished.sheet")
    assert f"{tmp_path / 'unfinished.sheet'}: not kept" in refused.stderr
