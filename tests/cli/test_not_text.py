"""Arguments and file names that are not text (issue 23): bytes that are not UTF-8 in a name, a title or a
move are a usage error naming the option (exit 2); in a file name they are shown escaped. Never exit 70."""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys

import every_game
import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.render import pages

ROOT = pathlib.Path(__file__).resolve().parents[2]
RECORD = ROOT / "examples" / "records" / "two-player-game.yaml"
NOT_UTF8 = os.fsdecode(b"\xff")  # what the system hands Python for the byte 0xff in an argument


def run(args: list[str], cwd) -> subprocess.CompletedProcess:
    """The real console entry, so that arguments arrive as the system decodes them."""
    env = dict(os.environ, LC_ALL="C.UTF-8")
    code = "import sys; from pastiche_cli.cli.root import run; sys.argv[0] = 'pastiche'; run()"
    argv = [sys.executable, "-c", code, *args]
    return subprocess.run([os.fsencode(a) for a in argv], cwd=cwd, env=env, capture_output=True, timeout=120)


@pytest.mark.parametrize("game", every_game.NAMES)
def test_a_player_name_that_is_not_utf8_is_a_usage_error_in_every_game(game, tmp_path):
    args = ["new", "--players", f"{NOT_UTF8},Ben", "-o", "g.yaml"]
    if game != "pastiche":
        args = [game, *args] if _has_new(game) else ["new", "--game", game, *args[1:]]
    result = run(args, tmp_path)
    assert result.returncode == 2, result.stderr
    assert b"is not UTF-8 text" in result.stderr and b"--players" in result.stderr
    assert not (tmp_path / "g.yaml").exists()


def _has_new(game: str) -> bool:
    return CliRunner().invoke(root, [game, "new", "--help"]).exit_code == 0


def test_a_catalogue_title_that_is_not_utf8_is_a_usage_error_and_the_catalogue_untouched(tmp_path):
    args = ["catalogue", "add", "--title", f"T{NOT_UTF8}", "--artist", "A. Madeup", "--points", "9"]
    result = run([*args, "--palette", "red,blue", "--catalogue", "cat.yaml"], tmp_path)
    assert result.returncode == 2, result.stderr
    assert b"--title" in result.stderr and b"not UTF-8" in result.stderr
    assert not (tmp_path / "cat.yaml").exists()


def test_a_record_whose_file_name_is_not_utf8_makes_its_page_with_the_name_escaped(tmp_path):
    name = f"r{NOT_UTF8}.yaml"
    shutil.copyfile(RECORD, os.path.join(tmp_path, name))
    result = run(["replay", name, "--html", "out.html"], tmp_path)
    assert result.returncode == 0, result.stderr
    text = (tmp_path / "out.html").read_text(encoding="utf-8")
    assert "r\\udcff.yaml" in text or "r\\xff.yaml" in text


def test_the_page_shows_bidi_and_control_characters_escaped():
    assert pages.escape("Ana\u202eBen\x1b[31m\x07") == "Ana\\u202eBen\\x1b[31m\\x07"
    assert "\u202e" not in pages.css_string("A\u202eB")
