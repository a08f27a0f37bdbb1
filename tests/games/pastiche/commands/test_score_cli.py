"""score's human output: the breakdown, the deciding step in words, and the provisional note."""

from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli.root import root


def score(name, *extra):
    return CliRunner().invoke(root, ["score", str(EXAMPLES / name), "--format", "plain", *extra])


def test_score_says_scores_are_provisional_before_the_end_is_triggered():
    # Ana has 23 completed points of the 40 a 3-player game needs.
    result = score("spec-example.yaml")
    assert result.exit_code == 0
    assert "nobody has 40 completed commission points yet), so these scores are provisional" in result.output


def test_score_has_no_provisional_note_after_the_end():
    result = score("four-player-finish.yaml")
    assert result.exit_code == 0
    assert "provisional" not in result.output


def test_score_names_each_tiebreak_step_between_neighbours():
    out = score("four-player-tiebreak-bonus.yaml").output
    assert "Winner: Ana, decided by most artist-bonus points [score.tiebreak]" in out
    assert "Ana above Ben: most artist-bonus points, 6 to 5 (tied on 46 points) [score.tiebreak]" in out
    assert "Ben above Caro: highest total, 46 to 26 [score.total]" in out


def test_score_marks_shared_places_and_says_why():
    out = score("three-player-shared-win.yaml").output
    assert "1st=" in out
    assert "Winners: Ana and Ben, sharing first place: equal at every tiebreak step [score.tiebreak]" in out


def test_score_shows_which_cards_counted_and_which_pair_earned_the_bonus():
    out = score("four-player-finish.yaml").output
    assert "usable palette 10 [score.palette]: 1 blue x 4 = 4; 1 orange x 1 = 1; 1 teal x 2 = 2; 1 white x 3 = 3" in out
    assert (
        "artist bonus 3 [score.bonus]: X. Notreal, Salt Flats I + Salt Flats II = 17 points (table: 17 points gives 3)"
        in out
    )


def test_score_markdown_is_a_github_table():
    out = score("four-player-finish.yaml", "--format", "markdown").output
    assert "| place   | player   |" in out
    assert "|---" in out
