"""Two players whose names look the same are one name twice, in every game (kernel/names.py).

Each game's bundled example with Ben renamed to a twin of Ana: `check` and `score` refuse it at the
twin's line, in the sentence the game uses for a name given twice, and say why the two spellings
are one name; `new --players` refuses the twins as it refuses a name given twice. Exit codes are
each game's for a duplicate player: 4 where it is a rule (Pastiche, Canvas), 3 where the position
cannot be read with it (Masterpiece, Artline).
"""

import json
import re

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli.root import root
from pastiche_cli.kernel.names import explain_twins, named_twice, reading, twins_note

CYRILLIC = "\u0410na"  # a Cyrillic capital A, then "na"
WHY = (
    f" ('Ana' and '{CYRILLIC}' look alike: letter from another script drawn like Latin ones: "
    "\u0410 (Cyrillic Capital Letter A))"
)

# game, example, where the twin is (line, column), the game's sentence for it, exit code.
GAMES = [
    ("pastiche", "four-player-finish.yaml", (20, 5), "two players are called '{}'; names must be unique", 4),
    ("canvas", "canvas/two-player-tiebreak.yaml", (33, 5), "two players are named '{}'", 4),
    ("masterpiece", "masterpiece/finished-tiebreak.yaml", (27, 5), "two players are called {}", 3),
    ("artline", "artline/midgame.yaml", (9, 12), "the player '{}' is listed twice", 3),
]


def with_twin(tmp_path, example: str, twin: str):
    path = tmp_path / "twins.yaml"
    path.write_text(re.sub(r"\bBen\b", twin, (EXAMPLES / example).read_text("utf-8")), encoding="utf-8")
    return str(path)


def run(*args):
    result = CliRunner().invoke(root, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.mark.parametrize("game, example, at, sentence, code", GAMES, ids=[g[0] for g in GAMES])
@pytest.mark.parametrize("verb", ["check", "score"])
def test_a_cyrillic_twin_is_refused_in_every_game(tmp_path, game, example, at, sentence, code, verb):
    path = with_twin(tmp_path, example, CYRILLIC)
    result = run(verb, path)
    assert result.exit_code == code, result.output
    assert f"{path}:{at[0]}:{at[1]}: error: {sentence.format(CYRILLIC)}{WHY}\n" in result.output


@pytest.mark.parametrize("game, example, at, sentence, code", GAMES, ids=[g[0] for g in GAMES])
@pytest.mark.parametrize("twin, why", [("A\u200bna", "invisible character U+200B"), ("ana", None)])
def test_other_twins_are_refused_the_same_way(tmp_path, game, example, at, sentence, code, twin, why):
    result = run("check", with_twin(tmp_path, example, twin), "--json")
    assert result.exit_code == code, result.output
    problem = next(p for p in json.loads(result.stdout)["problems"] if p["code"] == "duplicate-player")
    assert (problem["line"], problem["column"]) == at
    assert problem["message"] == sentence.format(twin) + (f" ('Ana' and '{twin}' look alike: {why})" if why else "")


@pytest.mark.parametrize("game, example, at, sentence, code", GAMES, ids=[g[0] for g in GAMES])
def test_the_example_itself_passes(game, example, at, sentence, code):
    assert run("check", str(EXAMPLES / example)).exit_code == 0


@pytest.mark.parametrize(
    "game, players, refusal",
    [
        ("pastiche", f"Ana,{CYRILLIC}", "'Ana' is named twice; names must be unique"),
        ("canvas", f"Ana,{CYRILLIC}", f"each player needs a name of their own (Ana, {CYRILLIC} is given twice)"),
        ("masterpiece", f"Ana,{CYRILLIC},Caro", "two players share the name Ana; give each a name of their own"),
        ("artline", f"Ana,{CYRILLIC}", f"each player needs a name of their own: Ana, {CYRILLIC} is given twice"),
    ],
)
def test_new_refuses_twins_as_it_refuses_a_name_given_twice(game, players, refusal):
    result = run("new", "--game", game, "--players", players)
    assert result.exit_code == 2, result.output
    assert f"Invalid value for '--players': {refusal}{WHY}\n" in result.stderr
    plain = run("new", "--game", game, "--players", players.replace(CYRILLIC, "Ana"))
    assert plain.exit_code == 2 and "look alike" not in plain.stderr
    assert run("new", "--game", game, "--players", players.replace(CYRILLIC, "Ben")).exit_code == 0


# --- the kernel's reading of names ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "names, twice",
    [
        (["Ana", "Ben"], []),
        (["Ana", "Anna"], []),
        (["Ana", "ana"], ["Ana", "ana"]),
        (["Ana", CYRILLIC, "Ben"], ["Ana", CYRILLIC]),
        (["Ana", "Ben", "A\u00adna", "BEN"], ["Ana", "A\u00adna", "BEN", "Ben"]),
        (["Ana Lee", "Ana  Lee"], ["Ana  Lee", "Ana Lee"]),
        (["Ana", "Ana"], ["Ana"]),
    ],
)
def test_named_twice(names, twice):
    assert named_twice(names) == twice


def test_twins_note_explains_the_first_twin_of_a_name():
    assert twins_note(["Ana", "Ben", CYRILLIC], "Ana") == explain_twins("Ana", CYRILLIC) == WHY
    assert twins_note(["Ana", "Ana"], "Ana") == ""  # the same spelling twice: nothing to explain
    assert twins_note(["Ana", "ana"], "Ana") == ""  # only the case differs: plain to see
    assert twins_note(["Ana", "Ben"], "Ana") == ""
    assert reading(CYRILLIC) == reading("ana") == "ana"
