"""`-` as an output file is stdout everywhere, as `--svg -` is (issue 33, item 3): `new -o -`,
`replay --html -`, `score --to-position -`, `tally -o -` and the exports made a file named `-` and
then hinted `pastiche check -`, which reads stdin. Now what would be written is printed, nothing
else goes to stdout with it, and no file is made."""

import every_game
import pytest
from click.testing import CliRunner
from conftest import ROOT

from pastiche_cli.cli.root import root

EXAMPLES = ROOT / "examples"
BOX = str(EXAMPLES / "quick" / "box.yaml")
TALLY = "\n" + (ROOT / "tests" / "cli" / "tally-four-player-finish.txt").read_text(encoding="utf-8")

CASES = {
    "new -o -": (["new", "--players", "Ana,Ben", "-o", "-"], None, "# A new 2-player game of Pastiche"),
    **{  # every other game's (three players: Masterpiece's fewest)
        f"{game.name} new -o -": (
            ["new", "--game", game.name, "--players", "Ana,Ben,Caro", "-o", "-"],
            None,
            f"game: {game.name}",
        )
        for game in every_game.OTHERS
    },
    "replay --html -": (
        ["replay", str(EXAMPLES / "records" / "two-player-game.yaml"), "--html", "-"],
        None,
        "<!DOCTYPE html>",
    ),
    "score --to-position -": (
        ["score", str(EXAMPLES / "quick" / "four-player-finish.sheet"), "--to-position", "-"],
        None,
        "# Written by pastiche from the short sheet four-player-finish.sheet",
    ),
    "tally -o -": (["tally", "--catalogue", BOX, "-o", "-"], TALLY, "# Written by pastiche tally"),
    "catalogue export -o -": (["catalogue", "export", "--catalogue", BOX, "-o", "-"], None, "# Commission cards"),
}


@pytest.mark.parametrize("argv, stdin, says", CASES.values(), ids=CASES.keys())
def test_dash_as_an_output_file_is_stdout(tmp_path, monkeypatch, argv, stdin, says):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(root, argv, input=stdin)
    assert result.exit_code == 0, result.output
    assert says in result.stdout, result.stdout[:300]
    assert not (tmp_path / "-").exists()
    assert "pastiche check -" not in result.output and "Wrote -" not in result.output


@pytest.mark.parametrize(
    "argv",
    [
        ["replay", str(EXAMPLES / "records" / "two-player-game.yaml"), "--html", "-", "--json"],
        ["score", str(EXAMPLES / "quick" / "four-player-finish.sheet"), "--to-position", "-", "--json"],
    ],
    ids=["replay --html - --json", "score --to-position - --json"],
)
def test_dash_with_json_is_a_usage_error(argv):
    result = CliRunner().invoke(root, argv)
    assert result.exit_code == 2 and "choose one" in result.stderr, result.output
    assert result.stdout == ""


def test_the_page_to_stdout_is_the_page_written_to_a_file(tmp_path):
    record = str(EXAMPLES / "records" / "two-player-game.yaml")
    out = tmp_path / "game.html"
    assert CliRunner().invoke(root, ["replay", record, "--html", str(out)]).exit_code == 0
    assert CliRunner().invoke(root, ["replay", record, "--html", "-"]).stdout == out.read_text(encoding="utf-8")
