"""Each game's notation is in the installed tool (issue 33, item 16): it was only in docs/records.md,
which an installed package does not carry, and `play --help` showed Pastiche's moves only. Now
`pastiche play --game NAME --help` lists every form of that game's moves, with examples that play."""

import pytest
from click.testing import CliRunner

from pastiche_cli import games
from pastiche_cli.cli.root import root


@pytest.mark.parametrize("name", list(games.known()))
def test_play_help_lists_every_form_of_the_games_moves_and_examples(name):
    game = games.declared(games.known()[name])
    shown = " ".join(CliRunner().invoke(root, ["play", "--game", name, "--help"]).stdout.split())
    assert f"The moves of {game.title}, in the record notation:" in shown
    for form in game.rules.moves.FORMS.values():
        assert " ".join(form.split()) in shown, form
    for move in game.move_examples:
        assert f'pastiche play game.yaml "{move}"' in shown
    for other in games.known():
        assert f"--game {other}" in shown or other == name


def test_play_help_without_a_game_names_the_others():
    shown = " ".join(CliRunner().invoke(root, ["play", "--help"]).stdout.split())
    assert "The moves of Pastiche" in shown and "pastiche play --game artline --help" in shown
