"""`--svg -` writes the picture to stdout in every game (issue 23: Artline's `board` and Canvas's
`painting` wrote a file named `-`), and with `--json` it is a usage error."""

from __future__ import annotations

import os
import pathlib

import every_game
import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "positions"
# Every game's pictures: its board's, of a game under way, where it has one, and its own commands'.
PICTURES = [
    args + ["--svg", "-"]
    for game in every_game.GAMES
    for args in ([["board", str(every_game.under_way(game)[0])]] if every_game.facts(game).HAS_BOARD else [])
    + every_game.facts(game).PICTURES
]
IDS = [" ".join(args[:2]).replace(f"{EXAMPLES}/", "") for args in PICTURES]


@pytest.mark.parametrize("args", PICTURES, ids=IDS)
def test_svg_dash_goes_to_stdout(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(root, args)
    assert result.exit_code == 0, result.output
    assert result.stdout.lstrip().startswith("<?xml") or result.stdout.lstrip().startswith("<svg")
    assert result.stdout.rstrip().endswith("</svg>")
    assert not os.path.exists(tmp_path / "-")


@pytest.mark.parametrize("args", PICTURES, ids=IDS)
def test_svg_dash_with_json_is_a_usage_error(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(root, [*args, "--json"])
    assert result.exit_code == 2, result.output
    assert not os.path.exists(tmp_path / "-")
