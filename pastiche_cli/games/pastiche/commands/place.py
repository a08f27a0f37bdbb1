"""`pastiche place POSITION HEX --at CELL`: is this placement legal, and what does it yield, corner by corner."""

from __future__ import annotations

import click

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.board import Board, Placement, board_of, cell_labels, judge_placement, label_of, same_hex
from pastiche_cli.games.pastiche.commands._tab import complete_open_cell, complete_player, complete_take
from pastiche_cli.games.pastiche.core.geometry import CORNER_NAMES, Cell, cell_text, parse_cell
from pastiche_cli.games.pastiche.core.notation import HexTile, NotationError, parse_hex
from pastiche_cli.kernel.problems import EXIT_BAD_FILE, EXIT_RULES_SAY_NO, EXIT_USAGE, PositionError
from pastiche_cli.games.pastiche.core.position import Player
from pastiche_cli.cli.shell import (abort, catalogue_option, echo_lines, emit_json, err, find_player, load, output_options,
                     position_argument, report_problems, resolve_format, table)


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
    abort(f"--at '{text}' is neither q,r (e.g. --at 2,-1 or --at=-1,2) nor a label of an open cell "
          f"(a to {list(labels)[-1] if labels else 'a'}; `pastiche board POSITION` shows them)", EXIT_USAGE)


# --- rendering --------------------------------------------------------------------------------

def grid(headers: list[str], rows: list[list[object]], fmt: str, *, title: str | None = None,
         align: list[str] | None = None) -> None:
    """A table: plain text is laid out here (tabulate's import alone costs a fifth of the time
    budget of SPEC 7); rich and markdown go through shell.table."""
    if fmt != "plain":
        table(headers, rows, fmt, title=title, align=align)
        return
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    align = align or ["left"] * len(headers)

    def line(row: list[str]) -> str:
        return "  ".join(c.rjust(w) if a == "right" else c.ljust(w) for c, w, a in zip(row, widths, align)).rstrip()

    lines = ([title] if title else []) + [line(cells[0]), line(["-" * w for w in widths])]
    lines += [line(row) for row in cells[1:]]
    click.echo("\n".join(lines))


def corner_json(placement: Placement) -> list[dict]:
    """All six corners (SPEC 6.3); on a taken or unconnected cell nothing mixes at any of them."""
    if not placement.corners:
        return [{"corner": k, "dabs": "", "card": None, "own": dab, "meets": []}
                for k, dab in enumerate(placement.tile.corners)]
    return [{"corner": m.corner, "dabs": m.dabs, "card": m.card, "own": m.own,
             "meets": [{"at": list(c), "corner": k, "dab": d} for c, k, d in m.others]}
            for m in placement.corners]


def placement_json(placement: Placement, board: Board) -> dict:
    p = placement
    return {
        "legal": p.legal, "rule": p.rule, "reason": p.reason, "why": p.why,
        "hex": str(p.tile), "at": list(p.cell), "label": label_of(board, p.cell),
        "cards": p.cards, "corners": corner_json(p), "centre": list(p.centre),
        "short": list(p.short), "centre_short": list(p.centre_short),
        "mix_points": colours.cards_value(p.takeable),
        "touching": [list(c) for c in p.touching],
    }


def _meets(board: Board, others) -> str:
    parts = []
    for cell, corner, dab in others:
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
    rows = [[m.corner, CORNER_NAMES[m.corner], m.own, _meets(board, m.others), m.dabs or "-",
             m.card or ("nothing" if m.dabs else "-")] for m in p.corners]
    grid(["corner", "where", "dab", "meets", "mixes", "card"], rows, fmt,
         title="Corner by corner [place.mix]")
    click.echo("")
    cards = p.cards
    points = colours.cards_value(p.takeable)
    lines = [f"Mix [place.mix]: {', '.join(cards) if cards else 'nothing'}"
             + (f" ({points} point{'s' if points != 1 else ''})" if cards else "")]
    if p.short:
        lines.append(f"  the bank has run out of: {', '.join(p.short)} - those cannot be taken [place.bank]")
    centre = " or ".join(p.centre)
    lines.append(f"Or the centre [place.centre]: {centre}" + (" (one of the two)" if len(p.centre) > 1 else "")
                 + ", instead of all the mixed cards")
    if p.centre_short:
        lines.append(f"  the bank has no {', '.join(p.centre_short)} left [place.bank]")
    echo_lines(lines, fmt)


def in_hand(player: Player | None, tile: HexTile) -> bool | None:
    """Does the player's `hexes` list this hex in some rotation? None when the file does not say."""
    if player is None or "hexes" not in player.keys:
        return None
    return any(same_hex(parse_hex(text), tile) for text in player.hexes)


# --- applying ---------------------------------------------------------------------------------

def refuse_out_of_turn(pos, name: str) -> None:
    """[place] A hex is laid in the mixing phase of one's own turn; the file's `turn:` says whose."""
    turn = pos.turn
    if turn is None:
        return
    if turn.player.casefold() != name.casefold():
        abort(f"not applied: it is {turn.player}'s turn, not {name}'s; a hex is laid on one's own turn "
              "[place]", EXIT_RULES_SAY_NO)
    if turn.phase not in (None, "mixing"):
        abort(f"not applied: {name} is in the {turn.phase} phase; a hex is laid in the mixing phase, "
              "once a turn [place]", EXIT_RULES_SAY_NO)


def chosen_cards(placement: Placement, take: str) -> list[str]:
    """The cards the player receives for --take mix|centre:COLOUR, or exit 1 saying why not."""
    if take.strip().lower() == "mix":
        return colours.as_list(placement.takeable)
    kind, _, colour = take.partition(":")
    if kind.strip().lower() != "centre" or not colour:
        abort(f"--take '{take}': write mix, or centre:COLOUR (e.g. centre:red)", EXIT_USAGE)
    card = colours.parse_card(colour)
    if card is None:   # not a card at all: bad usage, not a rules verdict
        abort(f"--take '{take}': {colours.unknown_card_message(colour.strip())}", EXIT_USAGE)
    if card not in placement.centre:
        abort(f"the centre of {placement.tile} shows {' or '.join(placement.centre)}, not {colour} "
              "[place.centre]", EXIT_RULES_SAY_NO)
    if card in placement.centre_short:
        abort(f"the bank has no {card} left [place.bank]", EXIT_RULES_SAY_NO)
    return [card]


def apply_placement(path: str, catalogue: str | None, placement: Placement, player: str,
                    cards: list[str]) -> list[str]:
    """Record the placement in the file (atomically, comments kept); returns notes for the user."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    from pastiche_cli.games.pastiche.formats.loader import outside_catalogue, parse_position
    from pastiche_cli.games.pastiche.core.validate import consistency_problems
    from pastiche_cli.kernel.problems import WARNING, PositionError
    from pastiche_cli.formats.yamledit import adding_at_end, delete_item, unsharing
    from pastiche_cli.cli.apply import player_node
    from pastiche_cli.formats.yamlio import edit_file

    notes: list[str] = []

    def flow_seq(items) -> CommentedSeq:
        seq = CommentedSeq(items)
        seq.fa.set_flow_style()
        return seq

    def change(data) -> None:
        board = data["board"]
        entry = CommentedMap()
        entry["at"] = flow_seq(list(placement.cell))
        entry["hex"] = str(placement.tile)
        entry["by"] = player
        entry.fa.set_flow_style()
        placed = board.get("placed")
        if placed is None:
            placed = board["placed"] = CommentedSeq()
        if not placed:
            placed.fa.set_block_style()
        adding_at_end(placed, lambda: placed.append(entry))
        node = player_node(data, player)
        hexes = node.get("hexes")
        if hexes:
            for i, text in enumerate(hexes):
                if same_hex(parse_hex(str(text)), placement.tile):
                    delete_item(node, "hexes", i)
                    notes.append(f"took {text} out of {player}'s hexes")
                    break
            else:
                notes.append(f"{player}'s hexes do not list {placement.tile} in any rotation; left as they are")
        palette = node.get("palette")
        if palette is not None and not palette:
            palette.fa.set_flow_style()    # an empty palette is written [] or {}: it stays on one line
        if palette is None:
            node["palette"] = flow_seq(cards)
        elif hasattr(palette, "items"):
            written = {colours.parse_card(str(key)): key for key in palette}   # "Purple" counts as purple

            def count_in() -> None:
                for card in cards:
                    key = written.get(card, card)
                    palette[key] = (palette.get(key) or 0) + 1

            adding_at_end(palette, count_in)
        else:
            adding_at_end(palette, lambda: palette.extend(cards))
        notes.append(f"{player} takes: {', '.join(cards) if cards else 'nothing'}")
        turn = data.get("turn")
        if turn is not None and hasattr(turn, "get") and turn.get("phase") is not None:
            turn["phase"] = "painting"   # one hex a turn: the mixing phase is over
            notes.append("turn.phase is now painting")

    def validate(text: str) -> None:
        try:
            position, problems = parse_position(path, text, lambda: outside_catalogue(catalogue))
        except PositionError as exc:
            raise ApplyRefused([p.located(exc.filename) for p in exc.problems]) from None
        if position is not None:
            problems = problems + consistency_problems(position)
        errors = [p for p in problems if p.kind != WARNING]
        if errors or position is None:
            raise ApplyRefused([p.located(path) for p in errors] or ["the rewritten file would not load"])

    edit_file(path, unsharing(change), validate)
    return notes


class ApplyRefused(Exception):
    def __init__(self, messages: list[str]):
        super().__init__("\n".join(messages))
        self.messages = messages


# --- the command ------------------------------------------------------------------------------

@click.command("place")
@position_argument
@click.argument("hex_text", metavar="HEX")
@click.option("--at", "at", required=True, metavar="CELL", shell_complete=complete_open_cell,
              help="Where: q,r (use --at=-1,2 for a negative q) or a label printed by `pastiche board`.")
@click.option("--player", metavar="NAME", shell_complete=complete_player, help="Who places it (default with --apply: whose turn it is).")
@click.option("--apply", "apply_", is_flag=True, help="Record the placement in the file (atomically, comments kept).")
@click.option("--take", default="mix", show_default=True, metavar="mix|centre:COLOUR", shell_complete=complete_take,
              help="With --apply: the mixed cards, or one primary from the centre.")
@catalogue_option
@output_options
def command(position: str, hex_text: str, at: str, player: str | None, apply_: bool, take: str,
            catalogue: str | None, as_json: bool, fmt: str) -> None:
    """Is laying HEX at CELL legal? The card each corner yields, the centre option, cards the bank lacks.

    HEX is written as laid (rotation included): six corner letters clockwise from the top, '/', the centre.

    \b
    Example:
      pastiche place examples/positions/board-midgame-4p.yaml RYBBYR/R --at 2,-4
      pastiche place game.yaml RRYYBB/RB --at c --json
      pastiche place game.yaml RRYYBB/RB --at=-1,4 --player Caro --apply --take centre:red
    """
    tile = hex_argument(hex_text)
    pos, _ = load(position, catalogue, as_json=as_json, needs=("board.start",))
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
    notes: list[str] = []
    if apply_ and verdict.legal:
        refuse_out_of_turn(pos, name)
        cards = chosen_cards(verdict, take)
        try:
            notes = apply_placement(position, catalogue, verdict, name, cards)
        except ApplyRefused as exc:
            for line in exc.messages:
                err(line)
            abort(f"not applied: the result would not be a valid position; {position} is unchanged", 4)
        except OSError as exc:
            abort(f"not applied: cannot rewrite {position}: {exc.strerror or exc}; it is unchanged", EXIT_BAD_FILE)
        except PositionError as exc:   # the file changed under us between reading and rewriting
            report_problems(exc.filename, exc.problems)
            abort(f"not applied: {position} can no longer be read; it is unchanged", EXIT_BAD_FILE)
        result["applied"] = {"take": take.strip().lower(), "cards": cards, "by": name}
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

