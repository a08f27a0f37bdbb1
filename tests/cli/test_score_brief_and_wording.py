"""`score --brief` for every game (the table and the winner line), and the wording of counts: "1 violet
goes back", "it takes 1 primary card", bisque named only where a bisque is to be made."""

from collections import Counter

import every_game
import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli.root import root
from pastiche_cli.games.pastiche.core.colours import go_back


def run(*args):
    return CliRunner().invoke(root, [str(a) for a in args], prog_name="pastiche")


@pytest.mark.parametrize(
    "path",
    [every_game.finished(game)[0] for game in every_game.GAMES],
    ids=[every_game.ids(game) for game in every_game.GAMES],
)
def test_score_brief_is_the_table_and_the_winner_line(path):
    full = run("score", path, "--format", "plain")
    brief = run("score", path, "--format", "plain", "--brief")
    assert brief.exit_code == full.exit_code == 0, brief.output
    lines = brief.output.rstrip("\n").split("\n")
    assert lines[1].startswith("place    player      ")  # the header, then the game's own columns
    winners = every_game.score(path)["winners"]
    assert lines[-1].startswith(f"Winner: {winners[0]}" if len(winners) == 1 else "Winners: ")  # no derivation follows
    assert full.output.startswith(brief.output.rstrip("\n"))  # the brief form is the full one's head
    rows = len([line for line in lines if line and not line.startswith(("Winner", "Winners"))])
    assert len(lines) == rows + 2  # the title, header, rule and a row per player; a blank; the winner


def test_score_brief_keeps_the_provisional_note():
    result = run("score", EXAMPLES / "masterpiece" / "midgame.yaml", "--brief")
    assert result.exit_code == 0
    assert result.output.rstrip().splitlines()[-1].startswith("Note: nobody has reached the end threshold")


def test_score_brief_leaves_json_as_it_is():
    path = EXAMPLES / "canvas" / "four-player-bonus.yaml"
    assert run("score", path, "--json", "--brief").stdout == run("score", path, "--json").stdout


def test_the_verb_agrees_with_the_number_of_cards():
    assert go_back(Counter({"violet": 1})) == "1 violet goes back to the bank"
    assert go_back(Counter({"violet": 2})) == "2 violet go back to the bank"
    assert go_back(Counter({"red": 1, "blue": 1})).endswith(" go back to the bank")


def test_plan_says_one_primary_card_and_bisque_only_where_one_is_made():
    out = run("plan", EXAMPLES / "painting-twelve-cards.yaml", "--player", "Abel").output
    lemon = next(line for line in out.splitlines() if "it takes" in line)  # Lemon Grove: no bisque
    assert "it takes 1 primary card and the hand has 0" in lemon and "bisque" not in lemon
    market = out.split("Night Market", 1)[1].split("\n\n", 1)[0]  # needs a bisque the hand lacks
    assert "it takes 2 primary cards (the bisque still to make eats a yellow)" in market
    assert "primary cards (bisque eats a yellow)" not in out
