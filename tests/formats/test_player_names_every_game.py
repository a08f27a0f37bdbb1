"""The same name rules in every game (issue 23: Canvas took `!!float 1.5`, `!!bool yes`, `!!timestamp …`
and a 90,000-character string as player names): one rule (kernel/names.name_problem, read through
formats/nodes.Reader.player_name) for every game's files and for `new --players`."""

from __future__ import annotations

import pathlib
import re

import every_game
import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "positions"
# A game under way of every game, with a player Ben to rename.
FILES = [
    next(path for path in every_game.under_way(game) if re.search(r"(- name: |\{name: )Ben\b", path.read_text()))
    for game in every_game.GAMES
]


def renamed(source: pathlib.Path, name: str) -> str:
    text = source.read_text(encoding="utf-8")
    return re.sub(r"(- name: |\{name: )Ben\b", lambda m: m.group(1) + name, text, count=1)


@pytest.mark.parametrize("name", ["!!float 1.5", "!!bool yes", "!!timestamp 2001-12-14", "B" * 90_000, "B" * 101])
@pytest.mark.parametrize("source", FILES, ids=lambda path: str(path.relative_to(EXAMPLES)))
def test_a_name_that_is_not_a_name_is_refused_in_every_game(source, name, tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(renamed(source, name), encoding="utf-8")
    result = CliRunner().invoke(root, ["check", str(path), "--json"])
    assert result.exit_code == 3, result.output
    assert re.search(r"name is text, not a|name is \d+ characters long", result.stdout)


@pytest.mark.parametrize("source", FILES, ids=lambda path: str(path.relative_to(EXAMPLES)))
def test_a_plain_scalar_is_the_name_as_typed_in_every_game(source, tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(renamed(source, "007"), encoding="utf-8")
    result = CliRunner().invoke(root, ["check", str(path), "--json"])
    assert "name is" not in result.stdout, result.output


@pytest.mark.parametrize("game", every_game.NAMES)
def test_new_refuses_a_name_the_files_would_refuse(game):
    players = "Ana," + "B" * 101 + ",Caro"
    result = CliRunner().invoke(root, ["new", "--game", game, "--players", players])
    assert result.exit_code == 2, result.output
    assert "a name is at most 100" in result.stderr
