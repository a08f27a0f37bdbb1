"""A write never makes a file larger than every command reads (issue 33, item 5): `play` wrote a
record past 96 KiB, exit 0, and then every command refused it, `undo` included. The write is refused
instead, the file unchanged, and the record stays usable."""

import json
import re

import every_game
import pytest
from click.testing import CliRunner
from conftest import ROOT

from pastiche_cli.cli.root import root
from pastiche_cli.formats.yamlio import MAX_BYTES

RECORDS = ROOT / "examples" / "records"


def run(*args: str):
    return CliRunner().invoke(root, list(args))


@pytest.mark.parametrize(
    "record", [every_game.records(game)[0] for game in every_game.GAMES], ids=lambda p: str(p.relative_to(RECORDS))
)
def test_a_play_that_would_pass_the_size_cap_is_refused_and_the_record_still_undoes(tmp_path, record):
    path = tmp_path / "game.yaml"
    path.write_bytes(record.read_bytes())
    last = json.loads(run("replay", str(path), "--json").stdout)["moves"][-1]["move"]
    assert run("undo", str(path)).exit_code == 0
    text = path.read_text(encoding="utf-8")
    pad = MAX_BYTES - len(text.encode("utf-8")) - len("# \n") - 3  # the move's line takes it over
    path.write_text(text + "# " + "x" * pad + "\n", encoding="utf-8")
    before = path.read_bytes()
    assert len(before) <= MAX_BYTES
    result = run("play", str(path), last)
    assert result.exit_code == 3, result.output
    said = rf"the file (\d[\d,]*) bytes, over the {MAX_BYTES:,} \(96 KiB\) every command reads"
    assert re.search(said, result.stderr), result.stderr
    assert int(re.search(r"the file ([\d,]+) bytes", result.stderr)[1].replace(",", "")) > MAX_BYTES
    assert "no longer be read" not in result.stderr  # the file still reads: only the write was refused
    assert path.read_bytes() == before
    assert run("undo", str(path)).exit_code == 0  # still read, still edited
