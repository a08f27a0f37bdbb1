"""Whose turn is it: `trade`, `complete` and `plan` default --player to the file's `turn:`, and `end`
says whose turn it is in words, for every game."""

import json
import re

import every_game
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


def whose_turn(game, path) -> str:
    """What `end` says first of a bundled file: a record's game is over; a position's turn is its `turn:`
    player's, else the file does not say, unless its game is over and its rules end the turns with it."""
    over = "Whose turn: nobody's, the game is over."
    if path in every_game.records(game):
        return over
    if path in every_game.finished(game) and every_game.facts(game).OVER_IS_NOBODYS_TURN:
        return over
    turn = re.search(r"^turn: \{player: ([^,}]+)", path.read_text(encoding="utf-8"), re.M)
    return f"Whose turn: {turn[1]}'s" if turn else "Whose turn: the file does not say"


WHOSE_TURN = [
    (path, whose_turn(game, path))
    for game in every_game.GAMES
    for path in every_game.under_way(game) + every_game.finished(game) + every_game.records(game)
]


def test_the_expected_words_hold_two_known_answers():
    assert (MIDGAME, "Whose turn: Caro's") in WHOSE_TURN and (
        NO_TURN,
        "Whose turn: the file does not say",
    ) in WHOSE_TURN


@pytest.mark.parametrize("path, line", WHOSE_TURN, ids=[str(p.relative_to(EXAMPLES.parent)) for p, _ in WHOSE_TURN])
def test_end_says_whose_turn_it_is_for_every_game(path, line):
    result = run("end", path)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith(line)
