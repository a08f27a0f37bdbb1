"""No byte of a name can end a comment pastiche writes (issue 23): `replay --to N` heads the position
with a comment naming the record's file and the move, and a line break in either (LF, CR, NEL, LS,
PS) used to end the comment, so what followed was read as YAML by every later command."""

from __future__ import annotations

import pathlib
import shutil

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.formats import yamlio

ROOT = pathlib.Path(__file__).resolve().parents[2]
RECORDS = sorted(p for p in (ROOT / "examples" / "records").rglob("*game.yaml"))
BREAKS = ["\n", "\r", "\x85", "\u2028", "\u2029"]


def top_keys(text: str) -> list[str]:
    root_node = yamlio.compose("out", text)
    return [k.value for k, _ in root_node.value]


@pytest.mark.parametrize("brk", BREAKS, ids=[hex(ord(b)) for b in BREAKS])
@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.parent.name + "/" + p.name)
def test_a_line_break_in_the_file_name_stays_in_the_comment(record, brk, tmp_path):
    plain = CliRunner().invoke(root, ["replay", str(record), "--to", "1"])
    assert plain.exit_code == 0, plain.output
    path = tmp_path / f"x{brk}house_rules: {{end_threshold: 1}}{brk}.yaml"
    shutil.copyfile(record, path)
    result = CliRunner().invoke(root, ["replay", str(path), "--to", "1"])
    assert result.exit_code == 0, result.output
    assert top_keys(result.stdout) == top_keys(plain.stdout)
    assert result.stdout.splitlines()[0].startswith("# ") and brk not in result.stdout.splitlines()[0]
    assert result.stdout.count("\n") == plain.stdout.count("\n")


@pytest.mark.parametrize("brk", BREAKS, ids=[hex(ord(b)) for b in BREAKS])
@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.parent.name + "/" + p.name)
def test_every_games_heading_keeps_a_name_in_its_comment(record, brk):
    from pastiche_cli import games
    from pastiche_cli.formats.gamekey import declared_in
    from pastiche_cli.formats.playing import record_loader

    text = record.read_text(encoding="utf-8")
    game = games.declared(games.by_name(declared_in(text).word))
    setup = record_loader(game, {})(str(record), text).replay.setup
    plain = game.writer.position_text(setup, ("a heading",))
    hostile = game.writer.position_text(setup, (f"Ana{brk}house_rules: {{end_threshold: 1}}{brk}x: 1",))
    assert top_keys(hostile) == top_keys(plain)
    assert hostile.count("\n") == plain.count("\n")


@pytest.mark.parametrize("ch", ["\n", "\r", "\x85", "\u2028", "\u2029", "\x1b", "\x07", "\u202e", "\x00"])
def test_comment_line_escapes_every_break_and_control(ch):
    line = yamlio.comment_line(f"a{ch}b")
    assert ch not in line and line.startswith("# a\\") and line.endswith("b")
    assert top_keys(f"{line}\nk: 1\n") == ["k"]
