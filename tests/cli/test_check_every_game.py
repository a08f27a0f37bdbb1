"""`pastiche check A B ...`: files of several games at once, each checked by its own game (cli/root.py)."""

import json

import every_game
import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli.root import root

# A valid file of every game, the home game's last (a game under way of each: each passes check).
ORDER = every_game.OTHERS + [game for game in every_game.GAMES if game not in every_game.OTHERS]
ONE_OF_EACH = [every_game.under_way(game)[0] for game in ORDER]
CANVAS = EXAMPLES / "canvas" / "two-player-tiebreak.yaml"
MASTERPIECE = EXAMPLES / "masterpiece" / "midgame.yaml"
BROKEN = EXAMPLES / "broken-for-error-demo.yaml"  # a Pastiche file with format errors: exit 3


def run(*args):
    return CliRunner().invoke(root, ["check", *map(str, args)], prog_name="pastiche")


@pytest.mark.parametrize("first", range(len(ONE_OF_EACH)), ids=[game.name for game in ORDER])
def test_valid_files_of_every_game_pass_whichever_comes_first(first):
    files = ONE_OF_EACH[first:] + ONE_OF_EACH[:first]
    result = run(*files)
    assert result.exit_code == 0, result.output
    assert [line.split(": ")[0] for line in result.output.splitlines()] == [str(f) for f in files]
    assert "unexpected extra argument" not in result.output


def test_two_files_of_a_one_file_game():
    result = run(EXAMPLES / "artline" / "midgame.yaml", EXAMPLES / "artline" / "finished.yaml")
    assert result.exit_code == 0, result.output
    assert result.output.count(": OK") == 2


def test_the_worst_exit_code_wins_and_every_file_is_reported():
    result = run(ONE_OF_EACH[0], BROKEN, ONE_OF_EACH[2])
    assert result.exit_code == 3
    assert "palete" in result.output and result.output.count(": OK") == 2


def test_json_tags_each_file_with_its_game():
    result = run(*ONE_OF_EACH, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["valid"] is True
    assert [f["game"] for f in data["files"]] == [game.name for game in ORDER]
    for path, game, answer in zip(ONE_OF_EACH, ORDER, data["files"]):  # each game's own keys are kept
        assert answer == {"file": str(path), "game": game.name, **json.loads(run(path, "--json").stdout)}


def test_an_option_goes_to_the_checks_that_take_it():
    # --theses is Masterpiece's: an unreadable table breaks its file, not the Canvas one
    result = run(CANVAS, MASTERPIECE, "--theses", "/nonexistent/theses.yaml")
    assert result.exit_code == 3
    assert f"{CANVAS}: OK" in result.output


def test_an_option_no_check_takes_is_one_usage_error():
    result = run(ONE_OF_EACH[0], ONE_OF_EACH[2], "--frobnicate")
    assert result.exit_code == 2
    assert result.output.count("No such option") == 1


def test_checking_one_file_loads_only_its_own_games_modules():
    """`check FILE` reads the file with its game's check alone: no other game's modules are imported
    (each game's check imports its game, which cost a Pastiche `check` 3 ms; issue 33, item 22)."""
    import subprocess
    import sys

    probe = (
        "import sys\nfrom pastiche_cli.cli.root import main\nsys.argv = ['pastiche', 'check', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    code = exc.code\n"
        "games = {m.split('.')[2] for m in sys.modules if m.startswith('pastiche_cli.games.') and m.count('.') >= 3}\n"
        "print(code, sorted(games))\n"
    )
    for path, game in zip(ONE_OF_EACH, ORDER):
        done = subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True, text=True)
        assert done.stdout.splitlines()[-1] == f"0 ['{every_game.folder(game)}']", done.stdout + done.stderr
