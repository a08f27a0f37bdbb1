"""A position piped in names its game as a file does (SPEC 9): `pastiche score - < canvas.yaml`
scores Canvas. Before, stdin always meant Pastiche unless --game was given (a note from issue 13)."""

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli.root import root


def run(args, text):
    return CliRunner().invoke(root, args, input=text)


def test_a_piped_canvas_position_is_scored_as_canvas():
    path = EXAMPLES / "canvas" / "three-player-capped.yaml"
    piped = run(["score", "-", "--json"], path.read_text(encoding="utf-8"))
    named = CliRunner().invoke(root, ["score", str(path), "--json"])
    assert piped.exit_code == 0, piped.output
    assert json.loads(piped.stdout) == json.loads(named.stdout)


def test_a_piped_artline_position_is_checked_as_artline():
    result = run(["check", "-"], (EXAMPLES / "artline" / "finished.yaml").read_text(encoding="utf-8"))
    assert result.exit_code == 0 and "<stdin>: OK" in result.stdout


def test_a_piped_file_of_an_unknown_game_is_a_located_error():
    result = run(["score", "-"], "players: []\ngame: chess\n")
    assert result.exit_code == 3 and result.stderr.startswith("<stdin>:2:7: error:"), result.stderr
    assert "chess" in result.stderr


def test_a_piped_pastiche_position_and_one_not_utf8_are_read_as_before():
    text = (EXAMPLES / "four-player-finish.yaml").read_text(encoding="utf-8")
    assert run(["score", "-"], text).stdout.startswith("Final scores (4 players)")
    result = CliRunner().invoke(root, ["score", "-"], input=b"game: canvas\nplayers: \xff\n")
    assert result.exit_code == 3 and "not UTF-8" in result.stderr  # stdin read once, refused once


def test_a_dash_given_to_an_option_is_not_taken_for_the_position():
    # `--svg -` writes the picture to stdout; the position is the file named after it
    path = EXAMPLES / "board-late-4p.yaml"
    result = run(["board", "--svg", "-", str(path)], "game: canvas\n")
    assert result.exit_code == 0 and "<svg" in result.stdout[:200], result.output[:200]


def test_a_flag_before_the_dash_still_finds_the_game():
    text = (EXAMPLES / "canvas" / "three-player-capped.yaml").read_text(encoding="utf-8")
    result = run(["score", "--json", "-"], text)
    assert result.exit_code == 0 and "ribbons" in result.stdout, result.output[:300]


@pytest.mark.parametrize(
    "args",
    [
        ["score", "-", "--help"],
        ["rules", "-"],
        ["board", "-", "--help"],
        ["end", "-", "-h"],
        ["score", str(EXAMPLES / "four-player-finish.yaml"), "-"],
        ["new", "-", "--players", "Ana,Ben"],
    ],
)
def test_a_command_that_will_not_read_stdin_does_not_wait_for_it(args):
    # stdin a pipe that is never closed: only a command whose POSITION is '-' may read it
    proc = subprocess.Popen(
        [sys.executable, "-m", "pastiche_cli", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        code = proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise AssertionError(f"{args} waited on stdin") from None
    finally:
        proc.stdin.close()
    assert code in (0, 2)
