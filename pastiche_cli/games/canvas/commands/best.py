"""`pastiche canvas best FILE --player NAME`: every painting the hand allows now, ranked by the points it adds."""

from __future__ import annotations

import click

from pastiche_cli.cli.answer import show
from pastiche_cli.cli.game import load
from pastiche_cli.cli.shell import output_options, player_option, position_argument
from pastiche_cli.cli.tab import complete_file_player
from pastiche_cli.games.canvas.commands._shell import find_player
from pastiche_cli.games.canvas.core.best import options
from pastiche_cli.games.canvas.core.turns import judge_paint
from pastiche_cli.games.canvas.game import GAME
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO


@click.command("best")
@position_argument
@player_option("Whose hand to paint from.", complete_file_player, "player_name", required=True)
@click.option(
    "--top",
    type=click.IntRange(min=1),
    default=10,
    show_default=True,
    help="How many paintings to show in the table (--json lists every one).",
)
@output_options
def command(position: str, player_name: str, top: int, as_json: bool, fmt: str) -> None:
    """Every painting the player could complete now (each choice of 3 cards from hand, each order),
    ranked by the points it adds to their final score given the ribbons already earned, the cap included.

    Exact: every painting is scored in full. Exit 1 when the player cannot paint now.

    \b
    Example:
      pastiche canvas best examples/positions/canvas/two-player-tiebreak.yaml --player Ana
    """
    from pastiche_cli.games.canvas.render.paintings import best_told, refused

    pos = load(GAME, position, as_json=as_json).position
    player = find_player(pos, player_name)
    verdict = judge_paint(player)
    if not verdict.legal:
        show(refused(player.name, verdict), as_json)
        raise SystemExit(EXIT_RULES_SAY_NO)
    show(best_told(pos, player.name, verdict, options(pos, player), top), as_json, fmt)
