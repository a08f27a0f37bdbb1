"""`pastiche place POSITION HEX --at CELL`: is this placement legal, and what does it yield, corner by corner."""

from __future__ import annotations

import click

from pastiche_cli.cli.moves import Answer, MoveCommand, apply_option, move_command
from pastiche_cli.cli.shell import abort, find_player
from pastiche_cli.cli.shell import player_option as cli_player_option
from pastiche_cli.games.pastiche.commands._tab import complete_open_cell, complete_player, complete_take
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.board import Board, board_of, cell_labels, judge_placement, same_hex
from pastiche_cli.games.pastiche.core.geometry import Cell, parse_cell
from pastiche_cli.games.pastiche.core.notation import HexTile, NotationError, parse_hex
from pastiche_cli.games.pastiche.core.position import Player
from pastiche_cli.games.pastiche.game import GAME
from pastiche_cli.kernel.problems import EXIT_USAGE


def hex_argument(text: str) -> HexTile:
    """The HEX argument, or a usage error pointing at the wrong letter."""
    try:
        return parse_hex(text)
    except NotationError as exc:
        abort(f"bad HEX: {exc}\n  {text}\n  {' ' * exc.index}^", EXIT_USAGE)


def cell_argument(board: Board, text: str) -> Cell:
    """CELL as `q,r` or a label printed by `pastiche board`, or a usage error."""
    cell = parse_cell(text)
    if cell is not None:
        return cell
    labels = cell_labels(board)
    if text.strip().lower() in labels:
        return labels[text.strip().lower()]
    abort(
        f"--at '{text}' is neither q,r (e.g. --at 2,-1 or --at=-1,2) nor a label of an open cell "
        f"(a to {list(labels)[-1] if labels else 'a'}; `pastiche board POSITION` shows them)",
        EXIT_USAGE,
    )


def in_hand(player: Player | None, tile: HexTile) -> bool | None:
    """Does the player's `hexes` list this hex in some rotation? None when the file does not say."""
    if player is None or not player.hexes_listed:
        return None
    return any(same_hex(parse_hex(text), tile) for text in player.hexes)


def take_argument(take: str) -> str | None:
    """--take as the move takes it: None for the mixed cards, or the centre primary; else a usage error."""
    if take.strip().lower() == "mix":
        return None
    kind, _, colour = take.partition(":")
    if kind.strip().lower() != "centre" or not colour:
        abort(f"--take '{take}': write mix, or centre:COLOUR (e.g. centre:red)", EXIT_USAGE)
    card = colours.parse_card(colour)
    if card is None:  # not a card at all: bad usage, not a rules verdict
        abort(f"--take '{take}': {colours.unknown_card_message(colour.strip())}", EXIT_USAGE)
    return card


def mover(position, player: str | None, apply: bool) -> str | None:
    """Who places: --player, else (with --apply, or under strict adjacency) whose turn the file says it is."""
    strict = position.house_rules.strict_adjacency
    name = find_player(position, player).name if player else None
    if name is None and (apply or strict) and position.turn is not None:
        name = position.player(position.turn.player).name
    if name is None and apply:
        abort("--apply needs --player NAME (the file does not say whose turn it is)", EXIT_USAGE)
    if name is None and strict:
        abort("house_rules.strict_adjacency is on: say who places the hex with --player NAME", EXIT_USAGE)
    return name


def ask(game, loaded, path: str, tile: HexTile, at: str, player: str | None, apply: bool, take: str) -> Answer:
    from pastiche_cli.cli.apply import abort_invalid
    from pastiche_cli.games.pastiche.render.place import notes, told

    pos = loaded.position
    board = board_of(pos)
    cell = cell_argument(board, at)
    name = mover(pos, player, apply)
    verdict = judge_placement(board, tile, cell, bank=pos.bank(), player=name, strict=pos.house_rules.strict_adjacency)
    holding = in_hand(pos.player(name) if name else None, tile)
    turn = pos.player(pos.turn.player) if name is None and pos.turn is not None else None  # whoever plays it
    noted = notes(tile, name, holding, turn.name if turn and in_hand(turn, tile) is False else None)
    moves, cards, refusal = (), (), None
    if apply and verdict.legal:
        from pastiche_cli.games.pastiche.core.moves import Place, judge

        move = Place(name, tile, cell)
        ruling = judge(pos, move)  # whose turn, which phase [place]: before --take is read
        if ruling.legal:
            move = move._replace(take=take_argument(take))
            ruling = game.rules.judge_in_record(pos, move)  # the take, a hex not held: as --apply will judge it
        if ruling.legal:
            moves, cards = [move], ruling.detail.cards
        else:
            refusal = ruling

    taken = take.strip().lower()

    def tell(written: list[str] | None):
        wrote = None if written is None else (taken, cards, written)
        return told(verdict, board, path, name, holding, noted, apply, wrote, refusal)

    return Answer(verdict.legal and refusal is None, tell, moves, refused=abort_invalid)


command = move_command(
    GAME,
    MoveCommand(
        "place",
        """Is laying HEX at CELL legal? The card each corner yields, the centre option, cards the bank lacks.

        HEX is written as laid (rotation included): six corner letters clockwise from the top, '/', the centre.

        \b
        Example:
          pastiche place examples/positions/board-midgame-4p.yaml RYBBYR/R --at 2,-4
          pastiche place game.yaml RRYYBB/RB --at c --json
          pastiche place game.yaml RRYYBB/RB --at=-1,4 --player Caro --apply --take centre:red
        """,
        (
            click.argument("hex_text", metavar="HEX"),
            click.option(
                "--at",
                "at",
                required=True,
                metavar="CELL",
                shell_complete=complete_open_cell,
                help="Where: q,r (use --at=-1,2 for a negative q) or a label printed by `pastiche board`.",
            ),
            cli_player_option("Who places it (default with --apply: whose turn it is).", complete_player),
            apply_option("Record the placement in the file (atomically, comments kept)."),
            click.option(
                "--take",
                default="mix",
                show_default=True,
                metavar="mix|centre:COLOUR",
                shell_complete=complete_take,
                help="With --apply: the mixed cards, or one primary from the centre.",
            ),
        ),
        ask,
        before=lambda hex_text, **asked: {"tile": hex_argument(hex_text), **asked},
        needs=("board.start",),
        tables=True,
    ),
)
