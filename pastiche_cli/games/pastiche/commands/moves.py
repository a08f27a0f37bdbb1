"""`pastiche moves POSITION [--player NAME]`: every legal placement of a player's hexes, best first."""

from __future__ import annotations

import click

from pastiche_cli.cli import shell as _shell
from pastiche_cli.cli.shell import (
    abort,
    echo_verbatim,
    json_text,
    output_options,
    position_argument,
    resolve_format,
    table,
    terminal_width,
    width_option,
)
from pastiche_cli.cli.terminal import drawn
from pastiche_cli.games.pastiche.commands._shell import catalogue_option, find_player, load
from pastiche_cli.games.pastiche.commands._tab import complete_player
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.board import board_of, cell_labels
from pastiche_cli.games.pastiche.core.geometry import cell_text
from pastiche_cli.games.pastiche.core.placements import RankedPlacement, list_placements, shortfall
from pastiche_cli.games.pastiche.core.rule_ids import PLACE_ADJACENT, PLACE_MIX
from pastiche_cli.games.pastiche.core.turns import next_player
from pastiche_cli.kernel.problems import EXIT_BAD_FILE, EXIT_USAGE


def move_json(move: RankedPlacement, labels: dict) -> dict:
    p = move.placement
    return {
        "hex": str(p.tile),
        "at": list(p.cell),
        "label": labels.get(p.cell),
        "cards": p.cards,
        "centre": list(p.centre),
        "short": list(p.short),
        "mix_points": colours.cards_value(p.takeable),
        "best": {
            "take": move.best.take,
            "cards": list(move.best.cards),
            "points": move.best.points,
            "needed": list(move.best.needed),
            "worth": move.best.worth,
        },
        "opens": [
            {
                "at": list(o.cell),
                "label": labels.get(o.cell),
                "corner": o.corner,
                "dab": o.dab,
                "makes": colours.DAB_NAMES[o.dab],
            }
            for o in move.opens
        ],
    }


def emit_listing(head: dict, placements: list[dict]) -> None:
    """JSON with one placement per line: the C encoder does it, where `indent` would fall back to
    the pure-Python one (hundreds of placements would cost a third of the time budget)."""
    lines = ["{"] + [f"  {json_text(k, None)}: {json_text(v, None)}," for k, v in head.items()]
    if placements:
        lines.append('  "placements": [')
        lines.append(",\n".join("    " + json_text(p, None) for p in placements))
        lines.append("  ]")
    else:
        lines.append('  "placements": []')
    lines.append("}")
    echo_verbatim("\n".join(lines))


def card_styles() -> dict[str, str]:
    """Card name -> its style, as _shell.echo_lines marks them (here the lines are wrapped too)."""
    from pastiche_cli.games.pastiche.core.colours import card_kinds

    return {name: f"bold {kind.display}" for name, kind in card_kinds().items() if kind.display}


def _opens_text(move: RankedPlacement, labels: dict) -> str:
    parts = []
    for o in move.opens:
        label = labels.get(o.cell)
        parts.append(f"{o.dab}{o.dab} at {label or cell_text(o.cell)}")
    return ", ".join(parts) or "-"


TERMINAL_TOP = 10  # a terminal shows this many unless --top or --all; a pipe or --json gets every one


@click.command("moves")
@position_argument
@click.option(
    "--player",
    metavar="NAME",
    shell_complete=complete_player,
    help="Whose hexes (default: the player to move).",
)
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
    pos, _ = load(position, catalogue, as_json=as_json, needs=("board.start",))
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
    total = len(moves)
    if top is None and not show_all and not as_json and drawn():
        top = TERMINAL_TOP
    shown = moves[:top] if top else moves
    labels = {cell: label for label, cell in cell_labels(board).items()}
    after = next_player(pos, who.name) if len(pos.players) > 1 else None
    if as_json:
        emit_listing(
            {
                "player": who.name,
                "hexes": list(who.hexes),
                "count": total,
                "next_player": after,
                "still_needed": colours.as_list(shortfall(who)),
            },
            [move_json(m, labels) for m in shown],
        )
        return
    fmt = resolve_format(fmt)
    columns = terminal_width(width) if fmt != "markdown" else None
    needed = shortfall(who)
    _shell.echo_lines(
        [
            f"{who.name}'s hexes: {', '.join(who.hexes) or 'none'}; "
            f"{total} legal placement{'s' if total != 1 else ''} [{PLACE_ADJACENT}]",
            f"Commissions in hand still need: {colours.describe(needed)}",
            "Worth: the points of the cards taken, counting twice those a commission in hand still needs",
        ],
        fmt,
        card_styles(),
        width=columns,
    )
    if not shown:
        return
    rows = []
    for i, m in enumerate(shown, 1):
        p = m.placement
        where = labels.get(p.cell, "")
        takes = ", ".join(m.best.cards) if m.best.take == "mix" else f"{', '.join(m.best.cards)} (centre)"
        row = [i, str(p.tile), f"{where} ({cell_text(p.cell)})", takes, m.best.worth, _opens_text(m, labels)]
        if wide:
            mix = ", ".join(p.cards) or "nothing"
            if p.short:
                mix += f" (bank short: {', '.join(p.short)})"
            best = "mix" if m.best.take == "mix" else m.best.take.split(":", 1)[1]
            row[3:3] = [mix, "/".join(p.centre), best]
            row[7:7] = [m.best.points, ", ".join(m.best.needed) or "-"]
        rows.append(row)
    heading = f"Best {len(shown)} of {total} placements" if top and top < total else f"All {total} placements"
    if top and top < total and top == TERMINAL_TOP and not show_all:
        heading += " (--all for every one)"
    headers = ["#", "hex as laid", "cell", "takes", "worth", f"opens for {after or 'next'}"]
    align = ["right", "left", "left", "left", "right", "left"]
    wrap = (3, 5)
    if wide:
        headers[3:3] = [f"mix [{PLACE_MIX}]", "centre", "best"]
        headers[7:7] = ["points", "needed"]
        align[3:3] = ["left", "left", "left"]
        align[7:7] = ["right", "left"]
        wrap = (3, 6, 8, 10)
    table(
        headers,
        rows,
        fmt,
        title=heading,
        align=align,
        wrap_columns=wrap,
        width=columns,
    )
