"""Setup (rulebook "Setup"; SPEC 4): seating, start player, and what every player is dealt."""

import pytest

from pastiche_cli.games.pastiche.core.setup import names_problem, new_game, starting_palette
from pastiche_cli.kernel.names import seating


def test_each_player_starts_with_one_of_each_secondary_card():
    assert starting_palette() == ("orange", "green", "violet", "brown")


@pytest.mark.parametrize(
    "names, threshold", [(["Ana", "Ben"], 45), (["Ana", "Ben", "Caro"], 40), (["Ana", "Ben", "Caro", "Dev"], 35)]
)
def test_new_game_deals_as_the_rulebook_says(names, threshold):
    game = new_game(names)
    assert [p.name for p in game.players] == names and game.start_player == names[0]
    assert all((p.palette, p.commissions, p.hexes) == (starting_palette(), 2, 2) for p in game.players)
    assert (game.gallery, game.start_hexes, game.first_phase, game.end_threshold) == (4, 3, "mixing", threshold)


@pytest.mark.parametrize(
    "names, problem",
    [
        (["Ana"], "Pastiche is for 2 to 4 players, not 1"),
        (["Ana", "Ben", "Caro", "Dev", "Eve"], "Pastiche is for 2 to 4 players, not 5"),
        (["Ana", "ana", "Ben"], "'Ana' is named twice; names must be unique"),
        (["Ana", "Ben"], None),
        (["Ana", "Ben", "Caro", "Dev"], None),
    ],
)
def test_names_problem_table(names, problem):
    assert names_problem(names) == problem


@pytest.mark.parametrize(
    "start, seated",
    [
        ("Ana", ["Ana", "Ben", "Caro"]),
        (" caro ", ["Caro", "Ana", "Ben"]),  # any case; the seating is kept, only who begins changes
        ("Ben", ["Ben", "Caro", "Ana"]),
        ("Dev", None),
    ],
)
def test_seating_puts_the_start_player_first(start, seated):
    assert seating(["Ana", "Ben", "Caro"], start) == seated
