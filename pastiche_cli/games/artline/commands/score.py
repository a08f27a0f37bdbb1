"""`pastiche score FILE` for an Artline file: the winner (the first empty hand), or who is closest."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import (
    brief_option,
    emit_json,
    output_options,
    position_argument,
    resolve_format,
    table,
    to_position_options,
    write_sheet_position,
)
from pastiche_cli.games.artline.commands._shell import read
from pastiche_cli.games.artline.core.standing import standing
from pastiche_cli.games.artline.render.scores import provisional_line, score_json, verdict_lines
from pastiche_cli.games.artline.render.scores import rows as hand_rows


@click.command("score")
@position_argument
@output_options
@to_position_options
@brief_option
def command(position: str, as_json: bool, fmt: str, brief: bool, to_position: str | None, force: bool) -> None:
    """The winner of an Artline game (the first to an empty hand), or who is closest, with every hand.

    \b
    Example:
      pastiche score examples/positions/artline/finished.yaml
      pastiche score game.yaml --json
      pastiche score game.yaml --brief      # the table and the winner (or closest) line only
    """
    loaded = read(position, as_json=as_json)
    if write_sheet_position(position, loaded, to_position, force, as_json):
        return
    result = standing(loaded.position)
    if as_json:
        emit_json(score_json(result))
        return
    fmt = resolve_format(fmt)
    rows = hand_rows(result)
    title = f"Hands ({len(rows)} players, fewest first" + (
        "; = marks a shared place)" if any(r[0].endswith("=") for r in rows) else ")"
    )
    table(["place", "player", "in hand"], rows, fmt, title=title, align=["left", "left", "right"])
    click.echo("")
    for line in verdict_lines(result)[:1] if brief else verdict_lines(result):
        click.echo(line)
    note = provisional_line(result)
    if note:
        click.echo(note)
