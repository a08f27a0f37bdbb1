"""A file given to an option (-o, --to-position, --svg) never decides the game (SPEC 9): only the
position argument's `game:` does. Before, the first existing file anywhere on the command line that
declared a game was taken, so `pastiche new --players Ana,Ben -o game.yaml --force` over last week's
Canvas game wrote a new Canvas game, and a Pastiche sheet's --to-position over an Artline file was read
as an Artline sheet (found by issue 33's closing sweep, tests/hostile/sweep.py)."""

import json
import shutil

from click.testing import CliRunner
from conftest import EXAMPLES, ROOT

from pastiche_cli.cli.root import root

QUICK = ROOT / "examples" / "quick"


def test_new_over_another_games_file_starts_the_game_asked_for(tmp_path):
    out = tmp_path / "game.yaml"
    shutil.copy(EXAMPLES / "canvas" / "midgame.yaml", out)
    result = CliRunner().invoke(root, ["new", "--players", "Ana,Ben,Caro", "-o", str(out), "--force"])
    assert result.exit_code == 0, result.output
    assert "game: canvas" not in out.read_text() and "of Pastiche" in out.read_text()


def test_a_sheets_position_over_another_games_file_is_the_sheets_game(tmp_path):
    sheet = tmp_path / "friday.sheet"
    shutil.copy(QUICK / "four-player-finish.sheet", sheet)
    shutil.copy(QUICK / "box.yaml", tmp_path)
    out = tmp_path / "friday.yaml"
    shutil.copy(EXAMPLES / "artline" / "midgame.yaml", out)
    result = CliRunner().invoke(root, ["score", str(sheet), "--to-position", str(out), "--force", "--json"])
    assert result.exit_code == 0, result.output
    again = CliRunner().invoke(root, ["score", str(out), "--json"])
    assert json.loads(again.stdout) == json.loads(result.stdout)


def test_a_game_commands_picture_over_another_games_file_is_no_refusal(tmp_path):
    svg = tmp_path / "painting.yaml"
    shutil.copy(EXAMPLES / "artline" / "midgame.yaml", svg)
    args = ["canvas", "painting", "Delicate", "Revolution", "Masked", str(EXAMPLES / "canvas" / "midgame.yaml")]
    result = CliRunner().invoke(root, [*args, "--svg", str(svg), "--force"])
    assert result.exit_code == 0, result.output
    assert svg.read_text().lstrip().startswith("<")


def test_the_position_still_names_the_game():
    artline = str(EXAMPLES / "artline" / "finished.yaml")
    result = CliRunner().invoke(root, ["score", artline, "--json"])
    assert result.exit_code == 0 and "hand" in json.loads(result.stdout)["players"][0]
    refused = CliRunner().invoke(root, ["canvas", "best", artline, "--player", "Ana"])
    assert refused.exit_code == 3 and "this is an Artline file" in refused.stderr
