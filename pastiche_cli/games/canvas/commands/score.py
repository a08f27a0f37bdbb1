"""`pastiche score FILE` for a Canvas file: ribbons per painting and card with their icons, the capped
totals and their points, grey ribbons, totals, ranks, winners and the step that decided first place."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import (
    brief_option,
    emit_json,
    ordinal,
    output_options,
    position_argument,
    resolve_format,
    table,
    to_position_options,
    write_sheet_position,
)
from pastiche_cli.games.canvas.commands._shell import read
from pastiche_cli.games.canvas.core.scoring import score, standing
from pastiche_cli.games.canvas.render.explain import reading_lines
from pastiche_cli.games.canvas.render.scores import explain, note_line, score_json, winner_line
from pastiche_cli.games.canvas.render.text import SWATCH_STYLES


@click.command("score")
@position_argument
@output_options
@to_position_options
@click.option("--detail", is_flag=True, help="With --json, add each player's derivation under 'detail'.")
@brief_option
def command(
    position: str, as_json: bool, fmt: str, detail: bool, brief: bool, to_position: str | None, force: bool
) -> None:
    """Final scores of a Canvas game: ribbons per painting with the icons that made them, the capped
    totals per scoring card and their points, grey ribbons, ranks, winners and the deciding step.

    \b
    Example:
      pastiche score examples/positions/canvas/three-player-capped.yaml
      pastiche score game.yaml --json --detail
      pastiche score game.yaml --brief      # the table and the winner only
    """
    loaded = read(position, as_json=as_json)
    if write_sheet_position(position, loaded, to_position, force, as_json):
        return
    pos = loaded.position
    result = score(pos)
    final = standing(pos, loaded.over if loaded.is_record else None)
    if as_json:  # provisional: the same fact as the text's note (SPEC 8: a record whose game is not over)
        emit_json(score_json(result, pos.house, detail) | {"provisional": final.provisional})
        return
    fmt = resolve_format(fmt)
    shared_any = False
    rows = []
    for s in result.players:
        shared = sum(1 for o in result.players if o.rank == s.rank) > 1
        shared_any |= shared
        rows.append(
            [ordinal(s.rank, shared), s.name]
            + [f"{c.counted} -> {c.points}" for c in s.cards]
            + [f"{s.bonus_ribbons} -> {s.bonus_points}", s.total, s.inspiration]
        )
    headers = ["place", "player"] + list(pos.scoring) + ["grey", "total", "tokens"]
    heading = "Scores so far" if final.provisional else "Final scores"
    table(
        headers,
        rows,
        fmt,
        title=f"{heading} ({len(result.players)} players; ribbons -> points"
        + ("; = marks a shared place)" if shared_any else ")"),
        align=["left", "left"] + ["right"] * (len(headers) - 2),
    )
    click.echo("")
    click.echo(winner_line(result, final.provisional))
    if brief:
        if final.provisional:
            click.echo(note_line(final))
        return
    readings = reading_lines(pos.house, pos.scoring, any(p.bonus for s in result.players for p in s.paintings))
    for line in readings:
        click.echo(line)
    click.echo("")
    from pastiche_cli.cli.shell import echo_lines

    echo_lines(explain(result, pos.house), fmt, SWATCH_STYLES)
    if final.provisional:
        click.echo("")
        click.echo(note_line(final))
