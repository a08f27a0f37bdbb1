"""`pastiche tally` (cli/verbs/tally.py), driven through stdin for every game: the sheet it writes and
the scores it prints are those of the bundled full position; typos are asked again; `<` goes back."""

import json
import pathlib
import shutil

import every_game
import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT

from pastiche_cli import games
from pastiche_cli.cli.root import root

QUICK = ROOT / "examples" / "quick"

# What a player types at the table, one answer a line: the game, its answers, the full position (each
# game's tests/games/NAME/shared_facts.py; tests/cli/tally-four-player-finish.txt: Pastiche's answers
# after the catalogue's, which benchmarks/bench_quick.py types too).
SESSIONS = [
    (game.name, every_game.facts(game).TALLY_ANSWERS, every_game.facts(game).TALLY_POSITION)
    for game in every_game.GAMES
]
PASTICHE = every_game.facts(games.known()[games.DEFAULT]).TALLY_ANSWERS


def tally(game, answers, *more):
    """The tally of these answers; with -o, a bundled file an answer names (box.yaml, theses.yaml) is
    copied beside the sheet first and named there, as a sheet names only the files beside it."""
    more = tuple(str(a) for a in more)
    if "-o" in more and pathlib.Path(more[more.index("-o") + 1]).parent.is_dir():
        folder = pathlib.Path(more[more.index("-o") + 1]).parent
        answers = [str(shutil.copy(a, folder)) if a.startswith(f"{QUICK}/") else a for a in answers]
    args = ["tally", *more] + ([] if game == games.DEFAULT else ["--game", game])
    return CliRunner().invoke(root, [str(a) for a in args], input="".join(a + "\n" for a in answers))


def scores(path):
    result = CliRunner().invoke(root, ["score", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def final_lines(name, path):
    from pastiche_cli.formats.reading import all_problems

    game = games.declared(games.known()[name])
    position, problems = all_problems(game, str(path))
    assert position is not None, problems
    return game.teller.final_lines(position)


@pytest.mark.parametrize("name, answers, full", SESSIONS, ids=[s[0] for s in SESSIONS])
def test_a_tally_through_stdin_scores_as_the_full_position(name, answers, full, tmp_path):
    out = tmp_path / "friday.sheet"
    result = tally(name, answers, "-o", out)
    assert result.exit_code == 0, result.output
    assert scores(out) == scores(EXAMPLES / full)  # the sheet it wrote
    printed = result.stdout.splitlines()
    expected = final_lines(name, EXAMPLES / full)
    assert printed[: len(expected)] == expected  # the final scores it printed
    assert f"Wrote {out}" in result.stderr
    as_json = tally(name, answers, "--json")
    assert as_json.exit_code == 0, as_json.output
    assert json.loads(as_json.stdout)["scores"] == scores(EXAMPLES / full)


def test_without_output_the_sheet_is_printed_before_the_scores():
    result = tally("artline", ["Ana Ben Caro Dee", "0", "2", "2", "1"])
    assert result.exit_code == 0, result.output
    sheet = result.stdout.split("\n\n", 1)[0]
    assert sheet.splitlines()[1:] == ["game: artline", "Ana: 0", "Ben: 2", "Caro: 2", "Dee: 1"]


def test_the_scores_so_far_follow_each_player():
    result = tally("pastiche", PASTICHE)
    lines = [line for line in result.stderr.splitlines() if line.startswith("Scores so far")]
    assert lines == [
        "Scores so far: Ana 50 points",
        "Scores so far: Ana 50 points, Ben 48 points",
        "Scores so far: Ana 50 points, Ben 48 points, Caro 35 points",
        "Scores so far: Ana 50 points, Ben 48 points, Dan 40 points, Caro 35 points",
    ]


def test_a_typo_is_said_with_did_you_mean_and_asked_again(tmp_path):
    answers = PASTICHE[:2] + ["red blu-mill orchard"] + PASTICHE[2:]
    result = tally("pastiche", answers, "-o", tmp_path / "t.sheet")
    assert result.exit_code == 0, result.output
    assert "  no commission in the catalogue 'blu-mill'; did you mean 'blue-mill'?" in result.stderr.splitlines()
    assert scores(tmp_path / "t.sheet") == scores(EXAMPLES / "four-player-finish.yaml")


def test_back_goes_to_the_previous_question_and_the_new_answer_counts(tmp_path):
    # Ana's hand answered wrongly, then `<` twice (back to her completed ones), and both typed again
    answers = PASTICHE[:4] + ["fog", "<", "back"] + PASTICHE[2:]
    result = tally("pastiche", answers, "-o", tmp_path / "b.sheet")
    assert result.exit_code == 0, result.output
    assert scores(tmp_path / "b.sheet") == scores(EXAMPLES / "four-player-finish.yaml")


def test_question_mark_lists_the_names_an_answer_may_use():
    result = tally("pastiche", PASTICHE[:2] + ["?"])
    assert "  blue-mill, copper-kettle, fog-lamp, glass-pears," in result.stderr


def test_a_player_count_the_game_refuses_is_asked_again():
    result = tally("masterpiece", [str(QUICK / "theses.yaml"), "Ana Ben", "Ana Ben Caro"])
    assert "  the game is for 3 to 5 players, not 2 [masterpiece.turn]" in result.stderr
    refused = result.stderr.index("3 to 5 players")
    assert "Players, in turn order" in result.stderr[refused:]  # asked again
    assert "Ana, accepted theses" in result.stderr[refused:]  # and, three named, the first player's turn


def test_stdin_ending_early_writes_nothing_and_exits_2(tmp_path):
    out = tmp_path / "never.sheet"
    result = tally("artline", ["Ana Ben", "0"], "-o", out)
    assert result.exit_code == 2 and "stdin ended before the sheet was finished" in result.stderr
    assert not out.exists()


def test_an_existing_output_is_refused_before_any_question(tmp_path):
    out = tmp_path / "mine.sheet"
    out.write_text("mine\n")
    result = tally("artline", ["Ana Ben", "0", "1"], "-o", out)
    assert result.exit_code == 2 and "pass --force" in result.stderr and "Players" not in result.stderr
    assert out.read_text() == "mine\n"


def test_an_output_in_no_folder_is_refused_before_any_question(tmp_path):
    """Issue 33, item 6: `tally -o nodir/x.sheet` asked every question, then lost the answers."""
    out = tmp_path / "nodir" / "x.sheet"
    result = tally("artline", ["Ana Ben", "0", "1"], "-o", out)
    assert result.exit_code == 3 and "there is no folder" in result.stderr, result.output
    assert "Players" not in result.stderr and not out.parent.exists()


def test_a_sheet_that_cannot_be_written_at_the_end_is_printed(tmp_path, monkeypatch):
    """Issue 33, item 6: when the write fails after the questions (here the disk is full), the
    answers go to stdout beside the refusal."""
    import errno

    from pastiche_cli.formats import yamlio

    def disk_full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(yamlio, "atomic_write", disk_full)
    out = tmp_path / "x.sheet"
    result = tally("artline", ["Ana Ben", "0", "1"], "-o", out)
    assert result.exit_code == 3 and "cannot write" in result.stderr and "No space left" in result.stderr
    assert "Ana: 0" in result.stdout and "Ben: 1" in result.stdout, result.output
    assert not out.exists()


def test_the_sheet_names_its_catalogue_relative_to_where_it_is_written(tmp_path, monkeypatch):
    out = tmp_path / "deep" / "er"
    (out / "cards").mkdir(parents=True)
    shutil.copy(QUICK / "box.yaml", out / "cards" / "box.yaml")
    monkeypatch.chdir(tmp_path)  # the answer names the catalogue from here; the sheet is further down
    result = tally("pastiche", ["deep/er/cards/box.yaml"] + PASTICHE[1:], "-o", out / "g.sheet")
    assert result.exit_code == 0, result.output
    assert (out / "g.sheet").read_text().splitlines()[1] == "catalogue: cards/box.yaml"
    monkeypatch.chdir(ROOT)
    assert scores(out / "g.sheet") == scores(EXAMPLES / "four-player-finish.yaml")


def test_a_catalogue_outside_the_sheets_folder_is_asked_again(tmp_path, monkeypatch):
    """Issue 33, item 8: a sheet names only the files beside it or below, so tally takes no other."""
    monkeypatch.chdir(ROOT)
    out = tmp_path / "g.sheet"
    result = tally("pastiche", ["examples/quick/box.yaml", str(out.parent / "box.yaml")], "-o", out)
    assert f"examples/quick/box.yaml is not in {tmp_path} or below it, where the sheet goes" in result.stderr
    assert result.exit_code == 2 and not out.exists()  # stdin ended while it was asked again


def test_each_canvas_question_takes_only_its_own_kind_of_answer():
    """Issue 33, item 13: card words at "inspiration tokens left" became another painting and
    inspiration 0; a lone number at "paintings" would be the inspiration. Each is asked again."""
    answers = [
        "consistency hierarchy movement variety",
        "Ana Ben",
        "7",  # Ana's paintings: a number alone
        "curio peace forbi",
        "trap nature immin",  # Ana's inspiration: card words
        "2",
        "escape delic persp",
        "",  # Enter: 0
    ]
    result = tally("canvas", answers)
    assert result.exit_code == 0, result.output
    assert "a number alone is the inspiration count, asked next: the paintings are words" in result.stderr
    assert "'trap nature immin' is not a number: the inspiration is a count from 0 to 99" in result.stderr
    assert "Ana: curio peace forbi | 2\nBen: escape delic persp\n" in result.stdout


def test_a_sheet_tally_writes_under_any_name_is_read_back_as_a_sheet(tmp_path, monkeypatch):
    """The closing sweep of issue 33: `tally -o out.txt` wrote a sheet that every command then read as a
    position ("unknown key 'Ana' in the position"): a sheet not named .sheet says so on its first line."""
    monkeypatch.chdir(tmp_path)
    argv = ["tally", "--game", "artline", "-o", "out.txt", "--no-keep"]
    done = CliRunner().invoke(root, argv, input="Ana Ben\n0\n2\n")
    assert done.exit_code == 0, done.output
    scored = CliRunner().invoke(root, ["score", "out.txt", "--json"])
    assert scored.exit_code == 0, scored.output
    assert json.loads(scored.stdout)["winners"] == ["Ana"]


def test_a_file_answer_holding_a_nul_is_asked_again_not_an_internal_error(tmp_path, monkeypatch):
    """The closing sweep of issue 33: a NUL in the thesis file's name was exit 70 (realpath's ValueError)."""
    monkeypatch.chdir(tmp_path)
    done = CliRunner().invoke(root, ["tally", "--game", "masterpiece", "--no-keep"], input="th\x00eses.yaml\n")
    assert done.exit_code != 70 and "internal error" not in done.output, done.output
    assert done.output.count("Thesis file") >= 2, done.output  # asked again


def test_a_name_holding_a_nul_is_asked_again_and_the_sheet_written_reads(tmp_path, monkeypatch):
    """Found by the suite of Artline copied under a new name (tests/test_packaging.py), whose sources
    moved the seeded sweep: a NUL in a player's name was taken, and the sheet written was one every
    command refused as binary. The sheet's text is judged as its file will be read."""
    monkeypatch.chdir(tmp_path)
    answers = "Ana B\x00\x00en Caro Dee\nAna Ben Caro Dee\n0\n2\n2\n1\n"
    done = CliRunner().invoke(root, ["tally", "--game", "artline", "-o", "out.sheet", "--no-keep"], input=answers)
    assert done.exit_code == 0, done.output
    assert "NUL" in done.stderr and done.stderr.count("Players, in turn order") == 2  # asked again
    assert CliRunner().invoke(root, ["score", "out.sheet"]).exit_code == 0
