"""The shared verbs are served once for every game (cli/verbs/), and every move command goes through the
one driver (cli/moves.py): no game writes either again."""

import click
import pytest

from pastiche_cli import games
from pastiche_cli.cli.face import verbs
from pastiche_cli.cli.root import _load, _verb

GAMES = list(games.known().values())
SHARED = ("score", "check", "end", "new", "board")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_no_game_writes_a_shared_verb_again(game):
    assert set(games.command_modules(game)) & set(SHARED) == set()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_game_offers_board_exactly_when_its_teller_draws_one(game):
    from pastiche_cli.kernel.game import BoardTeller

    drawn = isinstance(games.declared(game).teller, BoardTeller)
    assert drawn == (verbs(game).board is not None)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("verb", SHARED)
def test_each_shared_verb_is_the_shells(game, verb):
    command = _verb(game, verb)
    if verb == "board" and verbs(game).board is None:
        assert command is None  # a game without a board says so (cli/root.py)
        return
    assert command.callback.__module__ == f"pastiche_cli.cli.verbs.{verb}"
    assert command.help == getattr(verbs(game), verb)  # the game's own help, as before


def _own_commands():
    for game in GAMES:
        for name, module in sorted(games.command_modules(game).items()):
            command = _load(game, module)
            if not isinstance(command, click.Group):
                yield game.name, name, command


@pytest.mark.parametrize("game, name, command", list(_own_commands()), ids=lambda x: x if isinstance(x, str) else "")
def test_every_move_command_goes_through_the_driver(game, name, command):
    """A command that can write a move (--apply) is a MoveCommand served by cli/moves.py, its --apply the driver's."""
    writes = any("--apply" in getattr(p, "opts", ()) for p in command.params)
    assert writes == hasattr(command, "move"), f"{game} {name}"
    if writes:
        assert command.move.name == name and command.callback.__module__ == "pastiche_cli.cli.moves"


def test_the_move_commands_are_those_of_every_game():
    moves = {(game, name) for game, name, command in _own_commands() if hasattr(command, "move")}
    assert {("pastiche", "place"), ("pastiche", "complete"), ("canvas", "take"), ("artline", "place")} <= moves
    assert {("masterpiece", "present"), ("masterpiece", "review"), ("artline", "discard")} <= moves
