"""Short sheets (docs/quick.md): each bundled sheet scores as the full position it abbreviates, every
game; `--to-position` writes a position that scores the same; problems are located on the sheet."""

import json
import shutil

import every_game
import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT

from pastiche_cli.cli.root import root

QUICK = ROOT / "examples" / "quick"


def stands_for(sheet) -> str:
    """The bundled full position a sheet stands for, as its first line names it ("# PATH in short")."""
    named = sheet.read_text(encoding="utf-8").split()[1]
    return str((ROOT / named if (ROOT / named).is_file() else EXAMPLES / named).relative_to(EXAMPLES))


# Each bundled sheet of every game and the bundled full position it stands for.
PAIRS = [(sheet.name, stands_for(sheet)) for game in every_game.GAMES for sheet in every_game.sheets(game)]


def run(*args, input=None):
    return CliRunner().invoke(root, [str(a) for a in args], input=input)


def scores(path, *more):
    result = run("score", path, "--json", *more)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("game", every_game.GAMES, ids=every_game.ids)
def test_every_game_has_a_bundled_sheet(game):
    assert every_game.sheets(game)
    assert {p.name for p in QUICK.glob("*.sheet")} == {sheet for sheet, _ in PAIRS}


@pytest.mark.parametrize("sheet, full", PAIRS)
def test_a_bundled_sheet_scores_as_its_full_position_and_is_short(sheet, full):
    # The conftest gives every test an empty XDG data folder: the sheet works on a fresh machine.
    assert (QUICK / sheet).stat().st_size < 400
    assert scores(QUICK / sheet) == scores(EXAMPLES / full)
    # and the long form is longer than the short one by far
    assert (EXAMPLES / full).stat().st_size > 1.5 * (QUICK / sheet).stat().st_size


@pytest.mark.parametrize("sheet, full", PAIRS)
def test_to_position_writes_a_position_that_scores_the_same(sheet, full, tmp_path):
    out = tmp_path / "full.yaml"
    result = run("score", QUICK / sheet, "--to-position", out, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == scores(EXAMPLES / full)
    assert f"Wrote {out}" in result.stderr
    text = out.read_text()
    assert text.startswith("# Written by pastiche from the short sheet ")
    assert scores(out) == scores(EXAMPLES / full)
    assert run("check", out).exit_code == 0


def test_to_position_never_overwrites_without_force(tmp_path):
    out = tmp_path / "full.yaml"
    out.write_text("mine\n")
    sheet = QUICK / "artline-finished.sheet"
    refused = run("score", sheet, "--to-position", out)
    assert refused.exit_code == 2 and "pass --force" in refused.stderr
    assert out.read_text() == "mine\n"
    assert run("score", sheet, "--to-position", out, "--force").exit_code == 0
    assert "game: artline" in out.read_text()


def test_to_position_of_a_position_is_a_usage_error(tmp_path):
    result = run("score", EXAMPLES / "four-player-finish.yaml", "--to-position", tmp_path / "x.yaml")
    assert result.exit_code == 2 and "not a short sheet" in result.stderr
    assert not (tmp_path / "x.yaml").exists()


def test_a_piped_sheet_starts_with_the_word_sheet_and_names_its_game():
    text = "sheet\n" + (QUICK / "canvas-four-player-bonus.sheet").read_text()
    assert json.loads(run("score", "-", "--json", input=text).stdout) == scores(
        EXAMPLES / "canvas/four-player-bonus.yaml"
    )


def test_every_problem_of_a_sheet_is_located_at_once_with_did_you_mean(tmp_path):
    shutil.copy(QUICK / "box.yaml", tmp_path / "box.yaml")
    sheet = tmp_path / "bad.sheet"
    sheet.write_text(
        "catalogue: box.yaml\n"
        "Ana: red blu-mill | harbour lantern | teal 2 blue oranje\n"
        "Ben no colon\n"
        "Ben: salt-flats-i | | 2 | x\n"
    )
    result = run("score", sheet)
    assert result.exit_code == 3
    lines = result.stderr.splitlines()
    assert lines == [
        f"{sheet}:2:10: error: no commission in the catalogue 'blu-mill'; did you mean 'blue-mill'?",
        f"{sheet}:2:21: error: 'harbour' starts more than one commission in the catalogue "
        "(harbour-at-dawn, harbour-at-dusk); write more of it",
        f"{sheet}:2:51: error: no palette card 'oranje'; did you mean 'orange'?",
        f"{sheet}:3:1: error: a sheet line is `NAME: ...` (a player) or `KEY: ...` (the keys: catalogue, game); "
        "this one has no name before a ':'",
        f"{sheet}:4:23: error: a count with nothing after it",
        f"{sheet}:4:27: error: a Pastiche player has three fields: completed | in hand | palette",
    ]


def test_a_rule_the_sheet_breaks_is_located_on_the_players_line(tmp_path):
    shutil.copy(QUICK / "box.yaml", tmp_path / "box.yaml")
    sheet = tmp_path / "twice.sheet"
    sheet.write_text("catalogue: box.yaml\nAna: red-mill | | teal\nBen: red-mill | | teal\n")
    result = run("score", sheet)
    assert result.exit_code == 4
    assert result.stderr.startswith(f"{sheet}:3:6: error: 'Red Mill' by Q. Example is in Ben's completed")


def test_a_sheet_without_its_catalogue_names_the_commissions_it_cannot_find(tmp_path):
    sheet = tmp_path / "g.sheet"
    sheet.write_text("Ana: red-mill | | teal\nBen: | | teal\n")  # no catalogue: the (empty) saved one
    result = run("score", sheet)
    assert result.exit_code == 3
    assert result.stderr.startswith(f"{sheet}:1:6: error: no commission in the catalogue 'red-mill'")


def test_the_catalogue_option_serves_a_sheet_without_a_catalogue_line(tmp_path):
    text = (QUICK / "four-player-finish.sheet").read_text().replace("catalogue: box.yaml\n", "")
    sheet = tmp_path / "g.sheet"
    sheet.write_text(text)
    assert scores(sheet, "--catalogue", QUICK / "box.yaml") == scores(EXAMPLES / "four-player-finish.yaml")


def test_apply_refuses_a_sheet_and_leaves_it_untouched(tmp_path):
    shutil.copy(QUICK / "box.yaml", tmp_path / "box.yaml")
    sheet = tmp_path / "g.sheet"
    text = "catalogue: box.yaml\nAna: | fog-lamp | black white gray\nBen: | | teal\n"
    sheet.write_text(text)
    result = run("complete", sheet, "Fog Lamp", "--player", "Ana", "--apply")
    assert result.exit_code == 2 and "short sheet" in result.stderr
    assert sheet.read_text() == text


def test_a_game_without_a_sheet_module_says_so_as_a_located_problem():
    from pastiche_cli.formats.reading import read_sheet
    from pastiche_cli.games.pastiche.game import GAME
    from pastiche_cli.kernel.game import Game, Reader

    class Sheetless(Reader):  # a reader whose game has no formats/sheet.py
        def read_position(self, path, text, opts):
            raise AssertionError("a sheet is not read as a position")

        def record_reading(self, path, opts):
            raise AssertionError

    parts = {"writer": GAME.writer, "teller": GAME.teller, "view": GAME.view}
    game = Game(name="sheetless", title="Sheetless", rules=lambda: GAME.rules, reader=Sheetless(), **parts)
    assert GAME.reader.has_sheet and not game.reader.has_sheet  # said without importing a sheet
    position, problems, written, _ = read_sheet(game, "g.sheet", "Ana: 0\n", {})
    assert position is None and written is None
    assert [(p.code, p.message) for p in problems] == [
        ("no-sheet", "Sheetless has no short sheet (docs/quick.md): write a position file")
    ]


def test_a_file_the_sheet_names_that_is_missing_or_broken_is_located_where_it_is_wrong(tmp_path):
    missing = tmp_path / "m.sheet"
    missing.write_text("catalogue: nothere.yaml\nAna: red | | teal\nBen: | | teal\n")
    result = run("score", missing)
    assert result.exit_code == 3
    assert result.stderr == f"{missing}:1:12: error: catalogue: there is no file {tmp_path / 'nothere.yaml'}\n"
    (tmp_path / "bad.yaml").write_text("catalogue:\n  x: {title: 3}\n")
    broken = tmp_path / "b.sheet"
    broken.write_text("catalogue: bad.yaml\nAna: red | | teal\nBen: | | teal\n")
    result = run("score", broken, "--json")
    assert result.exit_code == 3
    (problem,) = json.loads(result.stdout)["problems"]
    assert (problem["line"], problem["column"]) == (1, 12) and "file" not in problem
    assert problem["message"].startswith(f"{tmp_path / 'bad.yaml'}:2:6: error: catalogue entry 'x' lacks")
    theses = tmp_path / "t.sheet"
    theses.write_text("game: masterpiece\ntheses: none.yaml\nAna: nine:y10\n")
    result = run("score", theses)
    assert result.exit_code == 3 and result.stderr.startswith(f"{theses}:2:9: error: theses: there is no file")
