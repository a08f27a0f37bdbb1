"""`pastiche score POSITION`: final scores with their breakdown, ranks, winners and the deciding tiebreak."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import (
    brief_option,
    echo,
    emit_json,
    err,
    ordinal,
    output_options,
    position_argument,
    resolve_format,
    table,
    to_position_options,
    write_sheet_position,
)
from pastiche_cli.games.pastiche.commands._shell import catalogue_option, echo_lines, read
from pastiche_cli.games.pastiche.core.scoring import ScoringError, score, standing
from pastiche_cli.games.pastiche.render.scores import explain, note_line, score_json, winner_line
from pastiche_cli.kernel.problems import exit_code


@click.command("score")
@position_argument
@catalogue_option
@output_options
@to_position_options
@click.option("--detail", is_flag=True, help="With --json, add each player's derivation under 'detail'.")
@brief_option
def command(
    position: str,
    catalogue: str | None,
    as_json: bool,
    fmt: str,
    detail: bool,
    brief: bool,
    to_position: str | None,
    force: bool,
) -> None:
    """Final scores: every player's total, its breakdown, ranks, winner(s) and the deciding tiebreak.

    \b
    Example:
      pastiche score examples/positions/four-player-finish.yaml
      pastiche score game.yaml --format markdown     # for a forum post
      pastiche score game.yaml --brief               # the table and the winner only
    """
    loaded = read(
        position,
        catalogue,
        as_json=as_json,
        needs=("players.palette", "players.commissions", "players.completed"),
        fatal=("missing-artist-bonus",),
    )
    pos = loaded.position
    if write_sheet_position(position, loaded, to_position, force, as_json):
        return
    try:
        result = score(pos)
    except ScoringError as exc:
        if as_json:
            emit_json({"problems": [exc.problem.as_json()]})
        err(exc.problem.located(position))
        raise SystemExit(exit_code([exc.problem])) from exc
    final = standing(pos, loaded.over if loaded.is_record else None)
    if as_json:  # provisional: the same fact as the text's note (SPEC 8: a record before its end round is over)
        emit_json(score_json(result, detail) | {"provisional": final.provisional})
        return
    rows = []
    for s in result.players:
        shared = sum(1 for o in result.players if o.rank == s.rank) > 1
        rows.append(
            [
                ordinal(s.rank, shared),
                s.name,
                s.commission_points,
                s.palette_points,
                s.artist_bonus,
                s.total,
                s.completed,
            ]
        )
    fmt = resolve_format(fmt)
    heading = "Scores so far" if final.provisional else "Final scores"
    table(
        ["place", "player", "commissions", "palette", "bonus", "total", "completed"],
        rows,
        fmt,
        title=f"{heading} ({len(result.players)} players; = marks a shared place)"
        if any(r[0].endswith("=") for r in rows)
        else f"{heading} ({len(result.players)} players)",
        align=["left", "left", "right", "right", "right", "right", "right"],
    )
    echo("")
    echo(winner_line(result, final.provisional))
    if not brief:
        echo("")
        completed = {p.name: list(p.completed) for p in pos.players}
        echo_lines(explain(result, completed), fmt)
    if final.provisional:
        echo("")
        echo(note_line(final))
