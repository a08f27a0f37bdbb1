"""`pastiche artline place FILE --at X,Y`: may a painting go there, and what it joins, opens and draws."""

from __future__ import annotations

import click

from pastiche_cli.cli.moves import Answer, MoveCommand, apply_option, move_command
from pastiche_cli.cli.shell import abort, player_option
from pastiche_cli.cli.tab import complete_file_player
from pastiche_cli.games.artline.commands._shell import parse_cell, who
from pastiche_cli.games.artline.game import GAME
from pastiche_cli.kernel.problems import EXIT_USAGE


def ask(game, loaded, path: str, cell, player, feature_row, feature_column, unclear: int, apply: bool) -> Answer:
    from pastiche_cli.games.artline.core.moves import Draw, Place
    from pastiche_cli.games.artline.core.placement import judge, misuses
    from pastiche_cli.games.artline.render.moves import place_told

    pos = loaded.position
    name = who(pos, player)
    if name is None and apply:
        abort("--apply needs --player NAME (the file does not say whose turn it is)", EXIT_USAGE)
    wrong = misuses(pos, cell, feature_row, feature_column, unclear)
    if wrong:
        raise click.UsageError("; ".join(m.message for m in wrong))
    verdict = judge(pos, cell, name, feature_row, feature_column, unclear)
    # The whole turn: the painting, and the draw that ends it when one is owed (a record gets both lines).
    turn = [Place(name, cell, feature_row, feature_column, unclear)] + ([Draw(name)] if verdict.draws else [])
    told = lambda notes: place_told(verdict, unclear, len(pos.players), path, apply, notes)  # noqa: E731
    return Answer(verdict.legal, told, turn)


command = move_command(
    GAME,
    MoveCommand(
        "place",
        """May a painting go at X,Y? Which galleries it joins or opens, whether it is an exhibition, whether
        the player draws. Whether the painting shows a gallery's feature is for the players to decide.

        \b
        Example:
          pastiche artline place examples/positions/artline/midgame.yaml --player Ben --at 2,0
          pastiche artline place game.yaml --player Ana --at 0,1 --feature-column "red clothing" --apply
        """,
        (
            click.option(
                "--at",
                required=True,
                metavar="X,Y",
                help="The cell: x to the right, y down (--at=-1,0 for a negative x).",
            ),
            player_option("Who lays the painting (default: whose turn the file says it is).", complete_file_player),
            click.option(
                "--feature-row", metavar="TEXT", help="The feature announced for the row gallery this painting opens."
            ),
            click.option(
                "--feature-column", metavar="TEXT", help="The feature announced for the column gallery it opens."
            ),
            click.option(
                "--unclear",
                type=click.IntRange(min=0),
                default=0,
                show_default=True,
                metavar="N",
                help="How many players could not identify the announced feature (half or more: it does not stand).",
            ),
            apply_option("Record the placement in the file (atomically, comments kept)."),
        ),
        ask,
        before=lambda at, **asked: {"cell": parse_cell(at), **asked},
    ),
)
