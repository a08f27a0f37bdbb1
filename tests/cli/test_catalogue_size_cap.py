"""A card or thesis added never makes a catalogue larger than every command reads: `catalogue add`
and `masterpiece theses add` on a catalogue near 96 KiB wrote it past the cap, exit 0, and then
`catalogue list` and every position naming its cards refused it (issue 33's closing sweep; play's
records: test_record_size_cap.py). The add is refused instead, the file unchanged and still read."""

import pytest
from click.testing import CliRunner
from conftest import ROOT

from pastiche_cli.cli.root import root
from pastiche_cli.formats.yamlio import MAX_BYTES

QUICK = ROOT / "examples" / "quick"
ADD_CARD = ["catalogue", "add", "--title", "Made Up", "--artist", "Z. Madeup", "--points", "9", "--palette", "red,blue"]
ADD_THESIS = ["masterpiece", "theses", "add", "long-run", "--requirement", "run 9", "--points", "7"]
CASES = [
    ("box.yaml", ADD_CARD, "--catalogue", ["catalogue", "list"]),
    ("theses.yaml", ADD_THESIS, "--theses", ["masterpiece", "theses", "list"]),
]


def near_the_cap(path, source: str, room: int) -> bytes:
    """The bundled catalogue, padded with a comment to `room` bytes under the cap."""
    text = (QUICK / source).read_text(encoding="utf-8")
    pad = MAX_BYTES - room - len(text.encode("utf-8")) - len("# \n")
    path.write_text(text + "# " + "x" * pad + "\n", encoding="utf-8")
    return path.read_bytes()


@pytest.mark.parametrize("source, add, option, listing", CASES, ids=["card", "thesis"])
def test_an_add_past_the_cap_is_refused_and_the_catalogue_still_reads(tmp_path, source, add, option, listing):
    path = tmp_path / source
    before = near_the_cap(path, source, room=10)
    result = CliRunner().invoke(root, [*add, option, str(path)])
    assert result.exit_code == 3, result.output
    assert f"over the {MAX_BYTES:,}" in result.stderr and "nothing was written" in result.stderr
    assert path.read_bytes() == before
    assert CliRunner().invoke(root, [*listing, option, str(path)]).exit_code == 0


@pytest.mark.parametrize("source, add, option, listing", CASES, ids=["card", "thesis"])
def test_an_add_that_fits_under_the_cap_is_made(tmp_path, source, add, option, listing):
    path = tmp_path / source
    near_the_cap(path, source, room=400)
    assert CliRunner().invoke(root, [*add, option, str(path)]).exit_code == 0
    assert len(path.read_bytes()) <= MAX_BYTES
    assert CliRunner().invoke(root, [*listing, option, str(path)]).exit_code == 0
