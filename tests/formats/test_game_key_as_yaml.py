"""A file's game is read as YAML reads it (issue 23): an anchor or a tag on the value, the value on the
next line, a file of lone CRs, `game` after other keys in JSON; a CR-only file keeps its CRs when
`--apply` rewrites it."""

from __future__ import annotations

import pathlib

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.formats.gamekey import declared_in, is_record_text

ROOT = pathlib.Path(__file__).resolve().parents[2]
CANVAS = ROOT / "examples" / "positions" / "canvas" / "midgame.yaml"
ARTLINE_RECORD = ROOT / "examples" / "records" / "artline" / "three-player-game.yaml"


@pytest.mark.parametrize(
    "text, word",
    [
        ("game: &g canvas\n", "canvas"),
        ("game: !!str canvas\n", "canvas"),
        ("game:\n  canvas\n", "canvas"),
        ("a: 1\rgame: artline\r", "artline"),
        ("players:\n  - game: canvas\ngame: artline\n", "artline"),
        ('{"players": [], "game": "masterpiece"}', "masterpiece"),
        ("notes: |\n  game: canvas\n", None),
    ],
)
def test_the_game_key_is_read_as_yaml_reads_it(text, word):
    found = declared_in(text)
    assert (found.word if found else None) == word


@pytest.mark.parametrize(
    "edit",
    [
        lambda t: t.replace("game: canvas", "game: &g canvas", 1),
        lambda t: t.replace("game: canvas", "game: !!str canvas", 1),
        lambda t: t.replace("game: canvas", "game:\n  canvas", 1),
        lambda t: t.replace("\n", "\r"),
    ],
    ids=["anchor", "tag", "next-line", "lone-cr"],
)
def test_every_reading_command_finds_the_game(edit, tmp_path):
    path = tmp_path / "c.yaml"
    path.write_bytes(edit(CANVAS.read_text(encoding="utf-8")).encode("utf-8"))
    result = CliRunner().invoke(root, ["check", str(path)])
    assert result.exit_code == 0, result.output


def test_a_record_of_lone_crs_is_a_record_of_its_game(tmp_path):
    text = ARTLINE_RECORD.read_text(encoding="utf-8").replace("\n", "\r")
    assert is_record_text(text) and declared_in(text).word == "artline"
    path = tmp_path / "r.yaml"
    path.write_bytes(text.encode("utf-8"))
    result = CliRunner().invoke(root, ["score", str(path)])
    assert result.exit_code == 0, result.output


def test_apply_on_a_file_of_lone_crs_writes_lone_crs(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_bytes(CANVAS.read_bytes().replace(b"\n", b"\r"))
    result = CliRunner().invoke(
        root, ["canvas", "take", str(path), "--slot", "1", "--player", "Ben", "--draw", "Peaceful", "--apply"]
    )
    assert result.exit_code == 0, result.output
    written = path.read_bytes()
    assert b"\n" not in written and written.count(b"\r") > 10
