"""The data folder (formats/userdata.py): $PASTICHE_DATA, else the platform's; the saved catalogue and
thesis catalogue live there, their old place ($XDG_DATA_HOME/pastiche) still read, and a change to a
file still at its old place is written to the data folder, the old file left as it was."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root

HARBOUR = ["--title", "Harbour", "--artist", "P", "--points", "11", "--palette", "teal,blue", "harbour"]
OLD_CATALOGUE = "catalogue:\n  lantern: {title: Lantern, artist: Q, points: 9, palette: [red, red]}\n"
OLD_THESES = "theses:\n  - {id: twins, requirement: kind 2, points: 2}\n"


def run(*args):
    result = CliRunner().invoke(root, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture
def apart(tmp_path, monkeypatch):
    """The data folder apart from the old place (as on macOS, or with $PASTICHE_DATA set): (new, old)."""
    new, old = tmp_path / "data", tmp_path / "xdg" / "pastiche"
    monkeypatch.setenv("PASTICHE_DATA", str(new))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    return new, old


def test_the_data_folder_is_pastiche_data_else_the_platform_s(tmp_path, monkeypatch):
    from pastiche_cli.formats import userdata

    monkeypatch.setenv("PASTICHE_DATA", str(tmp_path / "mine"))
    assert userdata.folder() == str(tmp_path / "mine")
    monkeypatch.delenv("PASTICHE_DATA")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert userdata.folder() == str(tmp_path / "xdg" / "pastiche")  # platformdirs on Linux


def test_a_saved_catalogue_at_its_old_place_is_still_read(apart):
    new, old = apart
    old.mkdir(parents=True)
    (old / "catalogue.yaml").write_text(OLD_CATALOGUE)
    listed = run("catalogue", "list", "--json")
    assert listed.exit_code == 0 and "lantern" in listed.stdout, listed.output
    assert not new.exists()


def test_a_change_to_the_old_catalogue_is_written_to_the_data_folder_with_every_card(apart):
    new, old = apart
    old.mkdir(parents=True)
    (old / "catalogue.yaml").write_text(OLD_CATALOGUE)
    assert run("catalogue", "add", *HARBOUR).exit_code == 0
    moved = (new / "catalogue.yaml").read_text()
    assert "lantern" in moved and "harbour" in moved
    assert (old / "catalogue.yaml").read_text() == OLD_CATALOGUE  # the old file as it was
    listed = run("catalogue", "list", "--json")
    assert "lantern" in listed.stdout and "harbour" in listed.stdout  # read from the data folder now


def test_a_new_catalogue_goes_to_the_data_folder(apart):
    new, old = apart
    result = run("catalogue", "add", *HARBOUR)
    assert result.exit_code == 0 and (new / "catalogue.yaml").is_file() and not old.exists()
    assert f"made the folder {new}" in result.stderr


def test_the_saved_thesis_catalogue_moves_the_same_way(apart):
    new, old = apart
    old.mkdir(parents=True)
    (old / "masterpiece-theses.yaml").write_text(OLD_THESES)
    assert "twins" in run("masterpiece", "theses", "list", "--json").stdout
    added = run("masterpiece", "theses", "add", "duo", "--requirement", "run 2", "--points", "1")
    assert added.exit_code == 0, added.output
    moved = (new / "masterpiece-theses.yaml").read_text()
    assert "twins" in moved and "duo" in moved
    assert (old / "masterpiece-theses.yaml").read_text() == OLD_THESES


def test_a_change_to_the_old_catalogue_names_the_file_it_wrote(apart):
    new, old = apart
    old.mkdir(parents=True)
    (old / "catalogue.yaml").write_text(OLD_CATALOGUE)
    added = run("catalogue", "add", *HARBOUR)
    assert added.exit_code == 0, added.output
    assert f"-> {new / 'catalogue.yaml'}" in added.stdout and str(old) not in added.stdout


def test_a_change_to_the_old_thesis_catalogue_names_the_file_it_wrote(apart):
    new, old = apart
    old.mkdir(parents=True)
    (old / "masterpiece-theses.yaml").write_text(OLD_THESES)
    added = run("masterpiece", "theses", "add", "duo", "--requirement", "run 2", "--points", "1")
    assert added.exit_code == 0, added.output
    assert f"-> {new / 'masterpiece-theses.yaml'}" in added.stdout and str(old) not in added.stdout
