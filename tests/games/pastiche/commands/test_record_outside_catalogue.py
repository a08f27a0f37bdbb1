"""SPEC 3.1 on a record: a commission drawn from the deck may be named by an id that only --catalogue
(or the saved catalogue) holds — a game started with `new --record` has no `catalogue:` of its own."""

from __future__ import annotations

from click.testing import CliRunner
from conftest import ROOT

from pastiche_cli.cli.root import root

EXAMPLE = ROOT / "examples" / "records" / "two-player-game.yaml"


def split_example(tmp_path):
    """The example up to its first completion, with the card drawn next kept only in an outside catalogue."""
    text = EXAMPLE.read_text(encoding="utf-8")
    pier = next(line for line in text.splitlines() if line.startswith("  pier:"))
    lines = text.replace(pier + "\n", "").splitlines()
    cut = next(i for i, line in enumerate(lines) if "Ana draw commission pier" in line)
    record = tmp_path / "game.yaml"
    record.write_text("\n".join(lines[:cut]) + "\n", encoding="utf-8")
    catalogue = tmp_path / "box.yaml"
    catalogue.write_text("catalogue:\n" + pier + "\n", encoding="utf-8")
    return record, catalogue


def run(*args):
    return CliRunner().invoke(root, [str(a) for a in args], catch_exceptions=False)


def test_play_draws_a_card_only_the_outside_catalogue_holds(tmp_path, monkeypatch):
    monkeypatch.setenv("PASTICHE_CATALOGUE", str(tmp_path / "no-saved-catalogue.yaml"))
    record, catalogue = split_example(tmp_path)
    played = run("play", record, "Ana draw commission pier", "--catalogue", catalogue)
    assert played.exit_code == 0, played.output
    assert "'Stone Pier' goes to the gallery" in played.output
    assert record.read_text(encoding="utf-8").rstrip().endswith("- Ana draw commission pier")
    # replayed with the same catalogue, the record goes on; without it, the move is located and refused
    assert run("replay", record, "--catalogue", catalogue).exit_code == 0
    alone = run("replay", record)
    assert alone.exit_code == 1
    assert "move 11: no commission 'pier' in the catalogue" in alone.output


def test_the_saved_catalogue_serves_too(tmp_path, monkeypatch):
    record, catalogue = split_example(tmp_path)
    monkeypatch.setenv("PASTICHE_CATALOGUE", str(catalogue))
    assert run("play", record, 'Ana draw commission "Stone Pier"').exit_code == 0
    assert run("replay", record).exit_code == 0
