"""A record's edit never reaches into its setup (issue 23): a `moves: &m` list repeated by an alias in
`setup:` is refused by play and undo, located, the file untouched; and the check after every record
edit compares the setup replayed from the new text with the one read, not only the final position."""

from __future__ import annotations

import pathlib

import pytest
from click.testing import CliRunner

from pastiche_cli import games
from pastiche_cli.cli.root import root
from pastiche_cli.formats.playing import record_loader
from pastiche_cli.formats.record import checked_moves
from pastiche_cli.formats.yamledit import Refused

ROOT = pathlib.Path(__file__).resolve().parents[2]
RECORD = ROOT / "examples" / "records" / "two-player-game.yaml"
FIRST = "Ana place RYYBBR/R at -1,1"
SECOND = "Ana trade olive with Ben for orange,brown"


def shared_record() -> str:
    """Ben's completed list is the moves list itself (made-up cards whose ids are the moves' texts)."""
    text = RECORD.read_text(encoding="utf-8")
    head = text.split("\nmoves:", 1)[0]
    head = head.replace(
        "      commissions: [ferry, kettle]\n      completed: []",
        "      commissions: [ferry, kettle]\n      completed: *m",
    )
    head = head.replace("  house_rules: {end_threshold: 20}\n", "")
    head = head.replace(
        "\ncatalogue:",
        f"\ncatalogue:\n  {FIRST}: {{title: Alias One, artist: Z. Madeup, points: 15, palette: [orange, brown]}}"
        f"\n  {SECOND}: {{title: Alias Two, artist: Z. Madeup, points: 16, palette: [green, violet]}}",
        1,
    )
    top, setup = head.split("\nsetup:", 1)
    return f"{top}\nmoves: &m\n  - {FIRST}\nsetup:{setup}\n"


@pytest.mark.parametrize("args", [["play", "{}", SECOND], ["undo", "{}"]])
def test_a_moves_list_shared_with_the_setup_is_refused(args, tmp_path):
    path = tmp_path / "shared.yaml"
    path.write_text(shared_record(), encoding="utf-8")
    assert CliRunner().invoke(root, ["check", str(path)]).exit_code == 0
    before = path.read_bytes()
    result = CliRunner().invoke(root, [a.replace("{}", str(path)) for a in args])
    assert result.exit_code == 3, result.output
    assert "anchored (&m) and repeated by the alias *m at line" in result.stderr
    assert path.read_bytes() == before


def test_the_check_after_a_record_edit_compares_the_setup():
    game = games.declared(games.by_name("pastiche"))
    load = record_loader(game, {})
    text = RECORD.read_text(encoding="utf-8")
    loaded = load(str(RECORD), text)
    moves = [m.text for m in loaded.record.moves]
    setup = loaded.replay.setup
    validate = checked_moves(str(RECORD), load, moves, None, lambda s: game.writer.difference(s, setup))
    validate(text)  # the same setup: passes
    ben = "palette: [orange, green, violet, brown]\n      commissions: [ferry"
    changed = text.replace(ben, ben.replace("brown]", "brown, teal]"), 1)
    assert changed != text and load(str(RECORD), changed).problems == []
    with pytest.raises(Refused, match="would not start from its setup"):
        validate(changed)
