"""What the docs and examples say is what the tool does (issue 33, item 20): a command given in a
comment runs, the verbs said to serve every game serve every game, a link goes to the page about
its subject, a record's bracketed move list is described as it behaves, and the time a sheet saves
is said beside the one-time catalogue it needs."""

import re
import shlex

import every_game
import pytest
from click.testing import CliRunner
from conftest import ROOT

from pastiche_cli import games
from pastiche_cli.cli.root import root

DOCS = ROOT / "docs"


def test_the_command_in_the_box_examples_first_line_runs(monkeypatch):
    first = (ROOT / "examples" / "quick" / "box.yaml").read_text(encoding="utf-8").splitlines()[0]
    command = re.search(r"\((pastiche [^)]*)\)", first).group(1)
    monkeypatch.chdir(ROOT / "examples" / "quick")
    result = CliRunner().invoke(root, shlex.split(command)[1:])
    assert result.exit_code == 0, (command, result.output)
    assert "commission cards in box.yaml" in result.stdout


def shared_verbs() -> list[str]:
    text = (DOCS / "completion.md").read_text(encoding="utf-8")
    said = text.split("an option of every shared verb (", 1)[1].split(")", 1)[0].split(";", 1)[0]
    return re.findall(r"`(\w+)`", said)


@pytest.mark.parametrize("game", list(games.known()))
def test_every_verb_completion_md_calls_shared_serves_every_game(game):
    verbs = shared_verbs()
    assert "score" in verbs and "board" not in verbs
    for verb in verbs:
        result = CliRunner().invoke(root, [verb, "--game", game, "--help"])
        assert result.exit_code == 0, (verb, game, result.output)


def test_the_completion_row_of_the_architecture_links_to_the_completion_page():
    row = next(
        line for line in (DOCS / "architecture.md").read_text(encoding="utf-8").splitlines() if "Tab completion" in line
    )
    linked = re.findall(r"\]\(([\w.-]+\.md)\)", row)
    assert linked == ["completion.md"]
    assert all(shell in (DOCS / linked[0]).read_text(encoding="utf-8") for shell in ("bash", "zsh", "fish"))


def test_records_md_says_a_bracketed_move_list_stays_bracketed(tmp_path):
    text = (DOCS / "records.md").read_text(encoding="utf-8")
    assert "becomes a block list" not in text and "A list written in brackets stays so" in text
    record = (ROOT / "examples" / "records" / "two-player-game.yaml").read_text(encoding="utf-8")
    path = tmp_path / "game.yaml"
    path.write_text(record[: record.index("moves:")] + "moves: []\n", encoding="utf-8")
    assert CliRunner().invoke(root, ["play", str(path), "Ana place RYYBBR/R at -1,1"]).exit_code == 0
    assert path.read_text(encoding="utf-8").endswith('moves: ["Ana place RYYBBR/R at -1,1"]\n')
    assert CliRunner().invoke(root, ["undo", str(path)]).exit_code == 0
    assert path.read_text(encoding="utf-8").endswith("moves: []\n")


def test_quick_md_says_the_one_time_catalogue_beside_the_two_minutes():
    text = " ".join((DOCS / "quick.md").read_text(encoding="utf-8").split())
    assert "about two minutes from the box to the scores" in text
    assert "about 18 minutes for the 34 commission cards" in text


@pytest.mark.parametrize("game", every_game.GAMES, ids=every_game.ids)
def test_the_root_help_says_board_only_of_the_games_that_have_one(game):
    """Issue 33, item 20: `pastiche --help` said board served every game; Canvas and Masterpiece have none."""
    said = " ".join(CliRunner().invoke(root, ["--help"]).stdout.split())
    every = said.split(" serve every game", 1)[0].rsplit(".", 1)[-1]
    assert "board" not in every, said
    has_board = CliRunner().invoke(root, ["board", "--game", game.name, "--help"]).exit_code == 0
    assert has_board is every_game.facts(game).HAS_BOARD
