"""A sheet names only files in its own folder or below (issue 33, item 8): `catalogue: /etc/passwd` or
`../../x` was read, and its keys and titles came back in the messages. Others are refused, located,
unread; a folder, a named pipe or a device named there is said to be one (not "there is no file")."""

import os
import shutil

import pytest
from click.testing import CliRunner
from conftest import ROOT

from pastiche_cli.cli.root import root

LINES = "Ana: red | | teal\nBen: | | teal\n"


@pytest.mark.parametrize("named", ["/etc/passwd", "../outside.yaml", "link.yaml"], ids=["absolute", "up", "link"])
def test_a_file_outside_the_sheets_folder_is_refused_unread(tmp_path, named):
    (tmp_path / "outside.yaml").write_text("catalogue:\n  secret-key: {title: Secret Title, points: x}\n")
    folder = tmp_path / "sheets"
    folder.mkdir()
    os.symlink(tmp_path / "outside.yaml", folder / "link.yaml")
    sheet = folder / "s.sheet"
    sheet.write_text(f"catalogue: {named}\n{LINES}")
    result = CliRunner().invoke(root, ["score", str(sheet)])
    assert result.exit_code == 3, result.output
    assert f"{sheet}:1:12: error: catalogue: " in result.stderr
    assert f"is not in the sheet's folder ({folder}) or below it" in result.stderr
    assert "root:" not in result.output and "secret" not in result.output.casefold()


def test_a_file_below_the_sheets_folder_is_read(tmp_path):
    (tmp_path / "cards").mkdir()
    shutil.copy(ROOT / "examples" / "quick" / "box.yaml", tmp_path / "cards" / "box.yaml")
    sheet = tmp_path / "s.sheet"
    sheet.write_text("catalogue: cards/box.yaml\nAna: red-mill | | teal\nBen: | | teal\n")
    assert CliRunner().invoke(root, ["score", str(sheet)]).exit_code == 0


@pytest.mark.parametrize("kind", ["a folder", "a named pipe"])
def test_a_named_path_that_is_no_file_is_said_to_be_what_it_is(tmp_path, kind):
    place = tmp_path / "box.yaml"
    place.mkdir() if kind == "a folder" else os.mkfifo(place)
    sheet = tmp_path / "s.sheet"
    sheet.write_text(f"catalogue: box.yaml\n{LINES}")
    result = CliRunner().invoke(root, ["score", str(sheet)])
    assert result.exit_code == 3, result.output
    assert f"error: catalogue: not a file ({kind}): {place}" in result.stderr, result.stderr
