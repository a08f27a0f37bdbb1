"""`--svg -` writes the picture to stdout in every game (issue 23: Artline's `board` and Canvas's
`painting` wrote a file named `-`), and with `--json` it is a usage error."""

from __future__ import annotations

import os
import pathlib

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "positions"
PICTURES = [
    ["board", str(EXAMPLES / "board-midgame-4p.yaml"), "--svg", "-"],
    ["board", str(EXAMPLES / "artline" / "midgame.yaml"), "--svg", "-"],
    ["canvas", "painting", "Heavy", "Fragile", "Melancholy", "--svg", "-"],
]


@pytest.mark.parametrize("args", PICTURES, ids=["pastiche", "artline", "canvas"])
def test_svg_dash_goes_to_stdout(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(root, args)
    assert result.exit_code == 0, result.output
    assert result.stdout.lstrip().startswith("<?xml") or result.stdout.lstrip().startswith("<svg")
    assert result.stdout.rstrip().endswith("</svg>")
    assert not os.path.exists(tmp_path / "-")


@pytest.mark.parametrize("args", PICTURES, ids=["pastiche", "artline", "canvas"])
def test_svg_dash_with_json_is_a_usage_error(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(root, [*args, "--json"])
    assert result.exit_code == 2, result.output
    assert not os.path.exists(tmp_path / "-")
