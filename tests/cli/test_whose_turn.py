"""Whose turn is it: `trade`, `complete` and `plan` default --player to the file's `turn:`, and `end`
says whose turn it is in words, for every game."""

import json

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli.root import root

MIDGAME = EXAMPLES / "board-midgame-4p.yaml"  # turn: Caro, mixing
NO_TURN = EXAMPLES / "spec-example.yaml"  # no turn:


def run(*args):
    return CliRunner().invoke(root, [str(a) for a in args], prog_name="pastiche")


@pytest.mark.parametrize(
    "args",
    [["complete"], ["plan"], ["trade", "--give", "teal,teal,teal", "--get", "olive"]],
    ids=["complete", "plan", "trade"],
)
def test_the_turns_player_answers_without_player_and_says_so(args):
    alone = run(args[0], MIDGAME, *args[1:], "--json")
    named = run(args[0], MIDGAME, *args[1:], "--player", "Caro", "--json")
    assert alone.exit_code == named.exit_code and alone.exit_code != 2, alone.output
    a, b = json.loads(alone.stdout), json.loads(named.stdout)
    assert a["player"] == "Caro" and a["player_from_turn"] is True and b["player_from_turn"] is False
    assert {k: v for k, v in a.items() if k != "player_from_turn"} == {
        k: v for k, v in b.items() if k != "player_from_turn"
    }
    assert "Caro, whose turn it is (the file's `turn:`)" in run(args[0], MIDGAME, *args[1:]).output


@pytest.mark.parametrize("command", ["complete", "plan"])
def test_without_a_turn_the_player_must_be_named(command):
    result = run(command, NO_TURN)
    assert result.exit_code == 2
    assert "--player NAME" in result.output and "whose turn" in result.output


@pytest.mark.parametrize(
    "path, line",
    [
        (MIDGAME, "Whose turn: Caro's, in the mixing phase."),
        (NO_TURN, "Whose turn: the file does not say"),
        (EXAMPLES / "canvas" / "midgame.yaml", "Whose turn: the file does not say"),
        (EXAMPLES / "canvas" / "two-player-tiebreak.yaml", "Whose turn: nobody's, the game is over."),
        (EXAMPLES / "masterpiece" / "midgame.yaml", "Whose turn: Ana's."),
        (EXAMPLES / "masterpiece" / "finished-tiebreak.yaml", "Whose turn: nobody's, the game is over."),
        (EXAMPLES / "artline" / "opening.yaml", "Whose turn: Ben's."),
        (EXAMPLES / "artline" / "finished.yaml", "Whose turn: nobody's, the game is over."),
        (EXAMPLES.parent / "records" / "two-player-game.yaml", "Whose turn: nobody's, the game is over."),
    ],
)
def test_end_says_whose_turn_it_is_for_every_game(path, line):
    result = run("end", path)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith(line)
