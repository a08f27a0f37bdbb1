"""Canvas's page (pastiche_cli/games/canvas/README.md): every command line it shows runs (on the bundled
examples), and it names every command."""

import pathlib
import re
import shlex
import shutil

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.games import by_name, command_modules

ROOT = pathlib.Path(__file__).resolve().parents[4]
DOC = (ROOT / "pastiche_cli" / "games" / "canvas" / "README.md").read_text("utf-8")
LINES = [
    line
    for block in re.findall(r"^```[a-z]*\n(.*?)^```", DOC, re.S | re.M)
    for line in block.splitlines()
    if line.startswith("pastiche ")
]


def test_the_page_shows_every_command():
    for name in command_modules(by_name("canvas")):
        assert re.search(rf"pastiche (canvas )?{name}\b", DOC), name


@pytest.mark.parametrize("line", LINES)
def test_every_command_line_runs(line, tmp_path, monkeypatch):
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    shutil.copy(ROOT / "examples" / "positions" / "canvas" / "midgame.yaml", tmp_path / "game.yaml")
    monkeypatch.chdir(tmp_path)
    args = shlex.split(line.split("#")[0])[1:]
    result = CliRunner().invoke(root, args, catch_exceptions=False)
    assert result.exit_code == 0, (line, result.output)
