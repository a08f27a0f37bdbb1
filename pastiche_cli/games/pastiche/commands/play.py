"""`pastiche play RECORD "MOVE"`: judge one move at the record's end and, when legal, add it to `moves:`."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import abort, emit_json, output_options, position_argument
from pastiche_cli.games.pastiche.commands._shell import catalogue_option, echo_lines
from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO


def broken(path: str, loaded, as_json: bool) -> None:
    """A record whose replay stops cannot take a move: the move that stops it, located, exit 4."""
    from pastiche_cli.cli.shell import err
    from pastiche_cli.formats.yamlio import last_read
    from pastiche_cli.games.pastiche.formats.record import located
    from pastiche_cli.kernel.problems import EXIT_BREAKS_RULES

    stop = next((p for p in loaded.problems if p.code == "illegal-move"), None)
    if stop is None:
        return
    last_read(path)
    if as_json:
        emit_json({"problems": [stop.as_json()]})
    err(located(path, stop))
    raise SystemExit(EXIT_BREAKS_RULES)


def parse(text: str, position):
    """The move from the command line, or a usage error pointing at where its notation goes wrong."""
    from pastiche_cli.games.pastiche.core.moves import MoveSyntaxError, parse_move

    try:
        return parse_move(text, position)
    except MoveSyntaxError as exc:
        raise click.BadParameter(f"{exc}\n  {text}\n  {' ' * exc.column}^", param_hint="'MOVE'")


@click.command("play")
@position_argument
@click.argument("move_text", metavar="MOVE")
@catalogue_option
@output_options(tables=False)
def command(position: str, move_text: str, catalogue: str | None, as_json: bool) -> None:
    """Judge one move, in the record notation, at the record's end; add it to `moves:` when legal.

    The file is untouched when the rules refuse the move (exit 1); comments and everything else
    in it are kept when the move is added. `pastiche undo RECORD` takes it back.

    \b
    Example:
      pastiche play game.yaml "Ana place RYBBYR/R at 1,-1"
      pastiche play game.yaml "Ana trade teal,teal,teal for olive"
      pastiche play game.yaml "Ana end"
    """
    from pastiche_cli.cli.apply import abort_refused, refuse_stdin
    from pastiche_cli.formats.yamledit import Refused
    from pastiche_cli.games.pastiche.commands.replay import read
    from pastiche_cli.games.pastiche.core.record import judge_next
    from pastiche_cli.games.pastiche.formats.loader import outside_catalogue
    from pastiche_cli.games.pastiche.formats.record import (append_move, checked_moves, drawn_from_outside,
                                                              edit_record)

    refuse_stdin(position)

    loaded = read(position, catalogue, as_json)
    broken(position, loaded, as_json)
    replayed = loaded.replay
    final = replayed.final
    drawn = drawn_from_outside([move_text], final.catalogue, lambda: outside_catalogue(catalogue))
    if drawn:                       # a card drawn from the deck that only --catalogue or the saved one holds
        final = final._replace(catalogue={**drawn, **final.catalogue})
    move = parse(move_text, final)
    verdict = judge_next(final, replayed.over, move)
    n = len(loaded.record.moves) + 1
    if not verdict.legal:
        if as_json:
            emit_json({"n": n, "move": str(move), "player": move.player, "played": False,
                       **verdict.as_json()})
        abort(f"not played: {verdict.reason} [{verdict.rule}]", EXIT_RULES_SAY_NO)
    want = [m.text for m in loaded.record.moves] + [str(move)]
    try:
        edit_record(position, lambda text: append_move(text, str(move)),
                    checked_moves(position, lambda: outside_catalogue(catalogue), want))
    except Refused as exc:
        abort_refused(position, exc)
    if as_json:
        emit_json({"n": n, "move": str(move), "player": move.player, "played": True, **verdict.as_json()})
        return
    lines = [f"Move {n} played: {move}", f"  legal [{verdict.rule}]: {verdict.reason}"]
    lines += [f"  {effect}" for effect in verdict.effects] + [f"  note: {note}" for note in verdict.notes]
    echo_lines(lines, "plain")
