"""`pastiche board FILE` for an Artline file: the grid of paintings with each gallery's feature."""

from __future__ import annotations

import os
import shutil

import click

from pastiche_cli.cli.shell import emit_json, output_options, position_argument, write_picture
from pastiche_cli.games.artline.commands._shell import load
from pastiche_cli.games.artline.core.rule_ids import ARTLINE_PLACE


@click.command("board")
@position_argument
@click.option(
    "--svg",
    "svg_path",
    metavar="FILE",
    type=click.Path(dir_okay=False, path_type=str),
    help="Also write the picture as SVG (opens in any browser).",
)
@click.option("--force", is_flag=True, help="Overwrite the --svg FILE if it exists.")
@output_options(tables=False)
def command(position: str, svg_path: str | None, force: bool, as_json: bool) -> None:
    """A picture of the table: every painting in its cell, each gallery's feature along its row or
    column, and + where a painting may go now.

    [Title] is a landscape painting, |Title| a portrait one; * marks a painting in both a row and a
    column gallery.

    \b
    Example:
      pastiche board examples/positions/artline/midgame.yaml
      pastiche board game.yaml --svg table.svg
    """
    from pastiche_cli.games.artline.core.placement import game_over, spots
    from pastiche_cli.games.artline.render.text import gallery_lines, picture

    pos, _ = load(position, as_json=as_json)
    _, found = spots(pos)
    cells = [s.at for s in found]
    if svg_path:
        from pastiche_cli.games.artline.render.svg import board_svg

        title = f"{os.path.basename(position)}: {len(pos.table)} paintings, {len(pos.galleries)} galleries"
        if write_picture(svg_path, board_svg(pos, cells, title), force, as_json=as_json, reads=(position,)):
            return
    if as_json:
        emit_json(
            {
                "paintings": [
                    {"at": list(p.at), "orientation": p.orientation, "title": p.title, "by": p.by} for p in pos.table
                ],
                "galleries": [
                    {g.line.axis: g.line.index, "feature": g.feature, "opened_by": g.opened_by} for g in pos.galleries
                ],
                "spots": [list(c) for c in cells],
                "deck": pos.deck,
                "discard": pos.discard,
                "turn": pos.turn,
                "svg": svg_path,
            }
        )
        return
    width = shutil.get_terminal_size((80, 24)).columns
    over = game_over(pos)
    drawn = picture(pos, cells, width)
    click.echo(
        f"{_count(len(pos.table), 'painting')}, {_count(len(pos.galleries), 'gallery', 'galleries')}; deck {pos.deck}, "
        f"discarded {pos.discard}" + (f"; {over} has won" if over else f"; {pos.turn}'s turn" if pos.turn else "")
    )
    click.echo("")
    if drawn.fits:
        click.echo("\n".join(drawn.lines))
        click.echo("")
        click.echo("[..] a landscape painting, |..| a portrait one; * one in a row and a column gallery;")
        click.echo(f"+ a cell where a painting may go now [{ARTLINE_PLACE}]")
    else:
        click.echo(f"The table is too wide to draw here: it needs {drawn.width} columns, the terminal has {width}.")
        click.echo(f"Draw it as a picture instead: pastiche board {position} --svg table.svg")
    lines = gallery_lines(pos)
    if lines:
        click.echo("")
        click.echo("Galleries:")
        click.echo("\n".join("  " + line for line in lines))
    if svg_path:
        click.echo(f"\nSVG written to {svg_path}")


def _count(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else plural or word + 's'}"
