"""`pastiche place POSITION HEX --at CELL`: is this placement legal, and what does it yield, corner by corner."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import (
    abort,
    emit_json,
    err,
    output_options,
    position_argument,
    report_problems,
    resolve_format,
    table,
)
from pastiche_cli.games.pastiche.commands._shell import catalogue_option, echo_lines, find_player, read
from pastiche_cli.games.pastiche.commands._tab import complete_open_cell, complete_player, complete_take
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.board import (
    Board,
    Placement,
    board_of,
    cell_labels,
    judge_placement,
    label_of,
    same_hex,
)
from pastiche_cli.games.pastiche.core.geometry import CORNER_NAMES, Cell, cell_text, parse_cell
from pastiche_cli.games.pastiche.core.notation import HexTile, NotationError, parse_hex
from pastiche_cli.games.pastiche.core.position import Player
from pastiche_cli.games.pastiche.core.rule_ids import PLACE, PLACE_BANK, PLACE_CENTRE, PLACE_MIX
from pastiche_cli.kernel.problems import EXIT_BAD_FILE, EXIT_BREAKS_RULES, EXIT_RULES_SAY_NO, EXIT_USAGE

# --- reading the arguments (shared with `moves` and `board`) ------------------------------------


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


# --- rendering --------------------------------------------------------------------------------


def corner_json(placement: Placement) -> list[dict]:
    """All six corners (SPEC 6.3); on a taken or unconnected cell nothing mixes at any of them."""
    if not placement.corners:
        return [
            {"corner": k, "dabs": "", "card": None, "own": dab, "meets": []}
            for k, dab in enumerate(placement.tile.corners)
        ]
    return [
        {
            "corner": m.corner,
            "dabs": m.dabs,
            "card": m.card,
            "own": m.own,
            "meets": [{"at": list(c), "corner": k, "dab": d} for c, k, d in m.others],
        }
        for m in placement.corners
    ]


def placement_json(placement: Placement, board: Board) -> dict:
    p = placement
    return {
        "legal": p.legal,
        "rule": p.rule,
        "reason": p.reason,
        "why": p.why,
        "hex": str(p.tile),
        "at": list(p.cell),
        "label": label_of(board, p.cell),
        "cards": p.cards,
        "corners": corner_json(p),
        "centre": list(p.centre),
        "short": list(p.short),
        "centre_short": list(p.centre_short),
        "mix_points": colours.cards_value(p.takeable),
        "touching": [list(c) for c in p.touching],
    }


def _meets(board: Board, others) -> str:
    parts = []
    for cell, _corner, dab in others:
        what = "start" if board.is_start(cell) else "hex"
        parts.append(f"{dab} of {what} {cell_text(cell)}")
    return "; ".join(parts) or "nothing"


def describe(placement: Placement, board: Board, fmt: str, notes: list[str] = ()) -> None:
    p = placement
    label = label_of(board, p.cell)
    where = cell_text(p.cell) + (f" (cell {label})" if label else "")
    verdict = "legal" if p.legal else "not legal"
    echo_lines([f"{p.tile} at {where}: {verdict} [{p.rule}]: {p.reason}", *notes], fmt)
    if not p.corners:
        return
    click.echo("")
    rows = [
        [
            m.corner,
            CORNER_NAMES[m.corner],
            m.own,
            _meets(board, m.others),
            m.dabs or "-",
            m.card or ("nothing" if m.dabs else "-"),
        ]
        for m in p.corners
    ]
    table(
        ["corner", "where", "dab", "meets", "mixes", "card"],
        rows,
        fmt,
        title=f"Corner by corner [{PLACE_MIX}]",
    )
    click.echo("")
    cards = p.cards
    points = colours.cards_value(p.takeable)
    lines = [
        f"Mix [{PLACE_MIX}]: {', '.join(cards) if cards else 'nothing'}"
        + (f" ({points} point{'s' if points != 1 else ''})" if cards else "")
    ]
    if p.short:
        lines.append(f"  the bank has run out of: {', '.join(p.short)} - those cannot be taken [{PLACE_BANK}]")
    centre = " or ".join(p.centre)
    lines.append(
        f"Or the centre [{PLACE_CENTRE}]: {centre}"
        + (" (one of the two)" if len(p.centre) > 1 else "")
        + ", instead of all the mixed cards"
    )
    if p.centre_short:
        lines.append(f"  the bank has no {', '.join(p.centre_short)} left [{PLACE_BANK}]")
    echo_lines(lines, fmt)


def in_hand(player: Player | None, tile: HexTile) -> bool | None:
    """Does the player's `hexes` list this hex in some rotation? None when the file does not say."""
    if player is None or not player.hexes_listed:
        return None
    return any(same_hex(parse_hex(text), tile) for text in player.hexes)


# --- applying ---------------------------------------------------------------------------------


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


def refuse_unless_legal(ruling) -> None:
    """Exit 1 with the rule when the core refuses the move; a turn refusal says nothing was applied."""
    if not ruling.legal:
        prefix = "not applied: " if ruling.rule == PLACE else ""
        abort(f"{prefix}{ruling.reason} [{ruling.rule}]", EXIT_RULES_SAY_NO)


def report_refused(path: str, exc) -> None:
    """A rewrite that could not be made: the file is unchanged; say why, with the exit code of SPEC 6.1."""
    if exc.kind == "invalid":
        for line in exc.problems:
            err(line)
        abort(f"not applied: the result would not be a valid position; {path} is unchanged", EXIT_BREAKS_RULES)
    if exc.kind == "unreadable":  # the file changed under us between reading and rewriting
        report_problems(exc.cause.filename, exc.cause.problems)
        abort(f"not applied: {path} is unchanged", EXIT_BAD_FILE)  # the problems say why
    why = (exc.cause.strerror or exc.cause) if isinstance(exc.cause, OSError) else exc
    abort(f"not applied: cannot rewrite {path}: {why}; it is unchanged", EXIT_BAD_FILE)


# --- the command ------------------------------------------------------------------------------


@click.command("place")
@position_argument
@click.argument("hex_text", metavar="HEX")
@click.option(
    "--at",
    "at",
    required=True,
    metavar="CELL",
    shell_complete=complete_open_cell,
    help="Where: q,r (use --at=-1,2 for a negative q) or a label printed by `pastiche board`.",
)
@click.option(
    "--player",
    metavar="NAME",
    shell_complete=complete_player,
    help="Who places it (default with --apply: whose turn it is).",
)
@click.option("--apply", "apply_", is_flag=True, help="Record the placement in the file (atomically, comments kept).")
@click.option(
    "--take",
    default="mix",
    show_default=True,
    metavar="mix|centre:COLOUR",
    shell_complete=complete_take,
    help="With --apply: the mixed cards, or one primary from the centre.",
)
@catalogue_option
@output_options
def command(
    position: str,
    hex_text: str,
    at: str,
    player: str | None,
    apply_: bool,
    take: str,
    catalogue: str | None,
    as_json: bool,
    fmt: str,
) -> None:
    """Is laying HEX at CELL legal? The card each corner yields, the centre option, cards the bank lacks.

    HEX is written as laid (rotation included): six corner letters clockwise from the top, '/', the centre.

    \b
    Example:
      pastiche place examples/positions/board-midgame-4p.yaml RYBBYR/R --at 2,-4
      pastiche place game.yaml RRYYBB/RB --at c --json
      pastiche place game.yaml RRYYBB/RB --at=-1,4 --player Caro --apply --take centre:red
    """
    tile = hex_argument(hex_text)
    loaded = read(position, catalogue, as_json=as_json, needs=("board.start",))
    pos = loaded.position
    board = board_of(pos)
    cell = cell_argument(board, at)
    strict = pos.house_rules.strict_adjacency
    name = find_player(pos, player).name if player else None
    if name is None and (apply_ or strict) and pos.turn is not None:
        name = pos.player(pos.turn.player).name
    if name is None and apply_:
        abort("--apply needs --player NAME (the file does not say whose turn it is)", EXIT_USAGE)
    if name is None and strict:
        abort("house_rules.strict_adjacency is on: say who places the hex with --player NAME", EXIT_USAGE)
    verdict = judge_placement(board, tile, cell, bank=pos.bank(), player=name, strict=strict)
    result = placement_json(verdict, board)
    result["player"] = name
    holding = in_hand(pos.player(name) if name else None, tile)
    result["in_hand"] = holding
    warnings = [f"note: {name}'s hexes do not list {tile} in any rotation"] if holding is False else []
    if name is None and pos.turn is not None:  # no --player: the hex is judged for whoever plays it
        mover = pos.player(pos.turn.player)
        if in_hand(mover, tile) is False:
            warnings.append(f"note: {mover.name}, whose turn it is, holds no {tile} in any rotation")
    result["notes"] = [w.removeprefix("note: ") for w in warnings]
    notes: list[str] = []
    if apply_ and verdict.legal:
        from pastiche_cli.games.pastiche.commands._apply import apply_move
        from pastiche_cli.games.pastiche.core.moves import Place, judge

        move = Place(name, tile, cell)
        ruling = judge(pos, move)  # whose turn, which phase [place]
        refuse_unless_legal(ruling)
        move = move._replace(take=take_argument(take))
        if move.take is not None:
            ruling = judge(pos, move)  # the centre shows it, the bank has it
            refuse_unless_legal(ruling)
        _, notes = apply_move(position, catalogue, loaded, move, refused=report_refused)
        result["applied"] = {"take": take.strip().lower(), "cards": list(ruling.detail.cards), "by": name}
    if as_json:
        emit_json(result)
    else:
        describe(verdict, board, resolve_format(fmt), warnings)
        if apply_ and verdict.legal:
            click.echo("")
            click.echo(f"Recorded in {position}: " + "; ".join(notes))
    if apply_ and not verdict.legal:
        err(f"pastiche: not applied: the placement is not legal; {position} is unchanged")
    if not verdict.legal:
        raise SystemExit(EXIT_RULES_SAY_NO)
