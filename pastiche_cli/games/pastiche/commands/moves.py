"""`pastiche moves POSITION [--player NAME]`: every legal placement of a player's hexes, best first."""

from __future__ import annotations

import click

from pastiche_cli.cli.answer import show
from pastiche_cli.cli.game import load, terminal
from pastiche_cli.cli.shell import abort, output_options, player_option, position_argument, resolve_format, width_option
from pastiche_cli.cli.terminal import columns, drawn
from pastiche_cli.games.pastiche.commands._shell import catalogue_option, find_player
from pastiche_cli.games.pastiche.commands._tab import complete_player
from pastiche_cli.games.pastiche.core.board import board_of, cell_labels
from pastiche_cli.games.pastiche.core.placements import list_placements, shortfall
from pastiche_cli.games.pastiche.core.turns import next_player
from pastiche_cli.games.pastiche.game import GAME
from pastiche_cli.kernel.problems import EXIT_BAD_FILE, EXIT_USAGE

TERMINAL_TOP = 10  # a terminal shows this many unless --top or --all; a pipe or --json gets every one


@click.command("moves")
@position_argument
@player_option("Whose hexes (default: the player to move).", complete_player)
@click.option(
    "--top",
    type=click.IntRange(min=1),
    metavar="N",
    help=f"Show only the N best placements (in a terminal: the best {TERMINAL_TOP} unless --all).",
)
@click.option("--all", "show_all", is_flag=True, help="Show every placement, in a terminal too.")
@click.option(
    "--wide",
    is_flag=True,
    help="Every column: also what the hex mixes, its centre, the option taken, its points and the cards needed.",
)
@width_option
@catalogue_option
@output_options
def command(
    position: str,
    player: str | None,
    top: int | None,
    show_all: bool,
    wide: bool,
    width: int | None,
    catalogue: str | None,
    as_json: bool,
    fmt: str,
) -> None:
    """Every legal placement of a player's hexes in every distinct rotation, ranked by worth to them.

    Worth is the points of the cards taken, with cards their commissions in hand still need counted
    twice; the best of the mixing and centre options is shown. "Opens" lists open cells where two
    equal dabs now meet, so the next player can lay a third there and mix a primary.

    The table shows what a player compares down a column, and fits 80 columns: the hex as laid, the
    cell, the cards the best option takes (a centre card marked "centre"), its worth, and the cells it
    opens for the next player. --wide adds what the hex mixes, its centre, the option, the points
    and the cards needed. In a terminal, the best 10 are shown (--all for every one); the lists wrap
    in their cells, and a table that still does not fit is printed one placement to a record.

    \b
    Example:
      pastiche moves examples/positions/board-midgame-4p.yaml --top 10
      pastiche moves game.yaml --player Ana --json
    """
    from pastiche_cli.games.pastiche.render.place import moves_told

    pos = load(GAME, position, {"catalogue": catalogue}, as_json=as_json, needs=("board.start",)).position
    if player:
        who = find_player(pos, player)
    elif pos.turn is not None:
        who = pos.player(pos.turn.player)
    else:
        abort("say whose hexes with --player NAME (the file does not say whose turn it is)", EXIT_USAGE)
    if not who.hexes_listed:
        abort(f"{position}: {who.name} has no 'hexes' (moves needs players[].hexes, the hexes in hand)", EXIT_BAD_FILE)
    board = board_of(pos)
    moves = list_placements(board, who.hexes, player=who, bank=pos.bank(), strict=pos.house_rules.strict_adjacency)
    if top is None and not show_all and not as_json and drawn():
        top = TERMINAL_TOP
    shown = moves[:top] if top else moves
    labels = {cell: label for label, cell in cell_labels(board).items()}
    after = next_player(pos, who.name) if len(pos.players) > 1 else None
    fit_to = None if as_json or resolve_format(fmt) == "markdown" else columns(width)
    capped = top == TERMINAL_TOP and not show_all
    told = moves_told(who, moves, shown, labels, after, shortfall(who), wide=wide, width=fit_to, capped=capped)
    show(told, as_json, fmt, terminal(GAME).styles)
