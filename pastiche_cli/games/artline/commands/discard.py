"""`pastiche artline discard FILE --player NAME`: a turn without a painting laid: discard one, then draw."""

from __future__ import annotations

from pastiche_cli.cli.moves import Answer, MoveCommand, apply_option, move_command
from pastiche_cli.cli.shell import abort, player_option
from pastiche_cli.cli.tab import complete_file_player
from pastiche_cli.games.artline.commands._shell import who
from pastiche_cli.games.artline.game import GAME
from pastiche_cli.kernel.problems import EXIT_USAGE


def ask(game, loaded, path: str, player: str | None, apply: bool) -> Answer:
    from pastiche_cli.games.artline.core.moves import Discard, Draw
    from pastiche_cli.games.artline.core.turns import judge_discard
    from pastiche_cli.games.artline.render.moves import discard_told

    name = who(loaded.position, player)
    if name is None:
        abort("say who discards with --player NAME (the file does not say whose turn it is)", EXIT_USAGE)
    verdict = judge_discard(loaded.position, name)
    turn = [Discard(name)] + ([Draw(name)] if verdict.draws else [])  # the discard, and its draw if owed
    return Answer(verdict.legal, lambda notes: discard_told(verdict, path, apply, notes), turn)


command = move_command(
    GAME,
    MoveCommand(
        "discard",
        """A player who cannot or will not lay a painting discards one, then draws one if the deck has any.

        \b
        Example:
          pastiche artline discard game.yaml --player Ben
          pastiche artline discard game.yaml --apply
        """,
        (
            player_option("Who discards (default: whose turn the file says it is).", complete_file_player),
            apply_option("Record the discard and the draw in the file."),
        ),
        ask,
    ),
)
