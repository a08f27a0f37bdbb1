"""`pastiche score FILE` for Masterpiece: accepted points per player, ranks, winner and the deciding step."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import (
    brief_option,
    echo_lines,
    emit_json,
    output_options,
    position_argument,
    resolve_format,
    table,
    to_position_options,
    write_sheet_position,
)
from pastiche_cli.games.masterpiece.commands._shell import read, theses_option
from pastiche_cli.games.masterpiece.core.scoring import score, standing
from pastiche_cli.games.masterpiece.render.scores import explain, note_line, rows, score_json, winner_line


@click.command("score")
@position_argument
@theses_option
@output_options
@to_position_options
@click.option("--detail", is_flag=True, help="With --json, add each player's accepted theses under 'detail'.")
@brief_option
def command(
    position: str,
    theses: str | None,
    as_json: bool,
    fmt: str,
    detail: bool,
    brief: bool,
    to_position: str | None,
    force: bool,
) -> None:
    """Scores: each player's accepted theses and points, ranks, winner(s) and the deciding tiebreak.

    An accepted thesis whose id is not in the thesis table is an error: the tool never guesses points.

    \b
    Example:
      pastiche score examples/positions/masterpiece/finished-tiebreak.yaml
      pastiche score game.yaml --brief      # the table and the winner only
    """
    loaded = read(position, theses, as_json=as_json)
    if write_sheet_position(position, loaded, to_position, force, as_json):
        return
    pos = loaded.position
    result = score(pos)
    final = standing(pos, loaded.over if loaded.is_record else None)
    if as_json:  # provisional: the same fact as the text's note (SPEC 8: a record whose game is not over)
        emit_json(score_json(result, detail) | {"provisional": final.provisional})
        return
    fmt = resolve_format(fmt)
    table(
        ["place", "player", "points", "theses"],
        rows(result),
        fmt,
        title=f"{'Scores so far' if final.provisional else 'Final scores'} ({len(result.players)} players)",
        align=["left", "left", "right", "right"],
    )
    click.echo("")
    click.echo(winner_line(result, final.provisional))
    if not brief:
        click.echo("")
        echo_lines(explain(result), fmt)
    if final.provisional:
        click.echo("")
        click.echo(note_line(final, position))
