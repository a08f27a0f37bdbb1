"""Bad Artline files: clear located errors, every problem at once, never a traceback (exit 3)."""

from __future__ import annotations

import os

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.games.artline import NAME

HEAD = "game: artline\n"
PLAYERS = "players:\n  - {name: Ana, hand: 4}\n  - {name: Ben, hand: 5}\n"
TABLE = "table:\n  - {at: [0, 0], orientation: landscape}\n  - {at: [1, 0], by: Ana}\n"
REST = "galleries:\n  - {row: 0, feature: dogs}\ndeck: 85\n"
GOOD = HEAD + PLAYERS + TABLE + REST

COMMANDS = [
    ["check"],
    ["score"],
    ["end"],
    ["board"],
    ["artline", "spots"],
    ["artline", "place", "--at", "2,0"],
    ["artline", "discard", "--player", "Ana"],
]


def run(tmp_path, text, command=("check",), name="game.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    args = list(command)
    at = 1 if command[0] != "artline" else 2
    args.insert(at, str(path))
    if command[0] != "artline" and "--game" not in args:
        args += ["--game", "artline"]
    return CliRunner().invoke(root, args, catch_exceptions=False), str(path)


def test_the_good_file_is_good(tmp_path):
    result, _ = run(tmp_path, GOOD)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    "text, located",
    [
        ("", "1:1: error: the file is empty"),
        ("# only a comment\n", "1:1: error: the file is empty"),
        ("- just\n- a list\n", "1:1: error: the position should be a mapping"),
        (GOOD + "decks: 3\n", "11:1: error: unknown key 'decks' in the position; did you mean 'deck'?"),
        (GOOD.replace("hand: 4", "hand: four"), "3:23: error: Ana's hand should be a whole number, not 'four'"),
        (GOOD.replace("hand: 4", "hand: -1"), "3:23: error: Ana's hand is -1; it must be 0 to 96"),
        (GOOD.replace("hand: 4", "hand: 99999999999999999999"), "Ana's hand is far too large"),
        (GOOD.replace("[1, 0]", "[1, 0, 2]"), "7:10: error: table[1].at should be two whole numbers [x, y], not 3"),
        (GOOD.replace("[1, 0]", "[1000000, 0]"), "7:11: error: table[1].at's x is 1000000: no table of 96 paintings"),
        (GOOD.replace("[1, 0]", "[1e400, 0]"), "table[1].at's x should be a whole number, not '1e400'"),
        (GOOD.replace("[1, 0]", "'1,0'"), "7:10: error: table[1].at should be a list"),
        (
            GOOD.replace("by: Ana", "by: Anna"),
            "7:22: error: table[1].by 'Anna' is not one of the players; did you mean 'Ana'?",
        ),
        (GOOD.replace("orientation: landscape", "orientation: landscap"), "did you mean 'landscape'?"),
        (GOOD.replace("{row: 0, feature: dogs}", "{row: 0, column: 1, feature: dogs}"), "both a row and a column"),
        (GOOD.replace("{row: 0, feature: dogs}", "{feature: dogs}"), "names no line"),
        (GOOD.replace("{row: 0, feature: dogs}", "{row: 0}"), "lacks 'feature'"),
        (GOOD.replace("{row: 0, feature: dogs}", "{row: 0, feature: ''}"), "galleries[0].feature is empty"),
        (GOOD.replace("feature: dogs", "feature: !!python/object:os.system dogs"), "the tag"),
        (GOOD.replace("deck: 85", "deck: !custom 85"), "the tag '!custom' is not allowed"),
        (GOOD.replace("deck: 85\n", ""), "1:1: error: the position lacks 'deck'"),
        (GOOD.replace(TABLE, ""), "the position lacks 'table'"),
        (GOOD.replace("  - {name: Ben, hand: 5}", "  - {name: ana, hand: 5}"), "the player 'ana' is listed twice"),
        (GOOD.replace("  - {name: Ben, hand: 5}", "  - {name: Ben}"), "players[1] lacks 'hand'"),
        (GOOD + "turn: {player: Bne}\n", "turn.player 'Bne' is not one of the players; did you mean 'Ben'?"),
        (GOOD + "turn: Ben\n", "turn should be a mapping"),
        (GOOD + "bounds: {columns: 0, rows: 3}\n", "bounds.columns is 0; it must be 1 to 96"),
        (GOOD + "bounds: {columns: 3}\n", "bounds lacks 'rows'"),
        (  # a typo of the game's own name, whatever it is (tests/test_packaging.py copies the game renamed)
            GOOD.replace(f"game: {NAME}", f"game: {NAME[:-1]}"),
            f"error: unknown game '{NAME[:-1]}'; did you mean '{NAME}'?",
        ),
        (
            GOOD.replace("game: artline", "game: pastiche"),
            "this is a Pastiche file (game: pastiche), read here as Artline",
        ),
        ("players: [\n", "error: YAML syntax"),
        ("a: &x [1]\nb: *x\n" + GOOD[len(HEAD) :], "unknown key 'a'"),
        (GOOD + "deck: 3\n", "11:1: error: 'deck' is given twice"),
    ],
)
def test_format_errors_are_located(tmp_path, text, located):
    result, path = run(tmp_path, text)
    assert result.exit_code == 3, result.output
    assert located in result.output
    assert "Traceback" not in result.output


def test_every_problem_at_once(tmp_path):
    text = GOOD.replace("hand: 4", "hand: x").replace("by: Ana", "by: Zed").replace("deck: 85", "deck: -2")
    result, path = run(tmp_path, text)
    assert result.exit_code == 3
    lines = [ln for ln in result.output.splitlines() if ": error: " in ln]
    assert len(lines) == 3 and all(ln.startswith(path + ":") for ln in lines)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c))
@pytest.mark.parametrize("text", ["", "[1, 2", "players: 3\ntable: {}\ndeck: x\n", "\x00binary", "deck: 1\n" * 3])
def test_no_command_gives_a_traceback_on_a_bad_file(tmp_path, command, text):
    result, _ = run(tmp_path, text, command)
    assert result.exit_code == 3, (command, result.output)
    assert ": error: " in result.output


def test_a_directory_and_a_missing_file(tmp_path):
    for command in COMMANDS:
        args = list(command)
        args.insert(1 if command[0] != "artline" else 2, str(tmp_path / "nothing.yaml"))
        if command[0] != "artline":
            args += ["--game", "artline"]
        result = CliRunner().invoke(root, args)
        assert result.exit_code == 3 and "cannot read the file" in result.output, (command, result.output)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    result = CliRunner().invoke(root, ["artline", "spots", str(fifo)])
    assert result.exit_code == 3 and "named pipe" in result.output


def test_a_huge_file_is_refused(tmp_path):
    result, _ = run(tmp_path, GOOD + "# " + "x" * 200_000 + "\n")
    assert result.exit_code == 3 and "larger than" in result.output
