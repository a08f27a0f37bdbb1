"""Every bundled example of every game answers --json byte for byte as the goldens hold: each game's in
tests/games/NAME/json-answers.json, written by `python tests/goldens/cases.py` (tests/goldens/)."""

import json

import every_game
import pytest
from goldens.cases import ANSWERS, ROOT, TESTS, cases_by_game, example_files, game_of, golden, run

CASES = cases_by_game()
HELD = {path.parent.name: json.loads(path.read_text()) for path in sorted(TESTS.glob(f"*/{ANSWERS}"))}


def test_the_goldens_cover_every_game():
    assert sorted(HELD) == sorted(CASES) == sorted(every_game.NAMES), "run python tests/goldens/cases.py"


@pytest.mark.parametrize("game", every_game.NAMES)
def test_the_goldens_cover_every_case(game):
    assert sorted(HELD[game]) == sorted(" ".join(args) for args in CASES[game]), golden(game)


@pytest.mark.parametrize("game", every_game.NAMES)
def test_every_bundled_example_is_asked_score_check_and_end(game):
    asked = {}
    for args in CASES[game]:
        for word in args:
            if word.startswith("examples/"):
                asked.setdefault(word, set()).add(" ".join(args[: args.index(word)]))
    files = [(path, record) for path, record in example_files() if game_of(path).name == game]
    assert files
    for path, record in files:
        rel = str(path.relative_to(ROOT))
        assert {"score", "check", "end"} | ({"replay"} if record else set()) <= asked.get(rel, set()), rel


@pytest.mark.parametrize(
    "game, args",
    [(game, args) for game, own in CASES.items() for args in own],
    ids=[" ".join(args) for own in CASES.values() for args in own],
)
def test_json_answer_is_unchanged(game, args):
    assert run(args) == HELD[game][" ".join(args)]
