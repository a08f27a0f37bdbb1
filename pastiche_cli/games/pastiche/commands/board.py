"""`pastiche board POSITION [--svg FILE]`: a picture of the layout with the open cells labelled."""

from __future__ import annotations

import os
import sys

import click

from pastiche_cli.cli.shell import (
    abort,
    echo,
    emit_json,
    output_options,
    position_argument,
    safe,
    styled_echo,
    terminal_width,
    width_option,
    wrap,
    write_picture,
)
from pastiche_cli.games.pastiche.commands._shell import catalogue_option, load
from pastiche_cli.games.pastiche.core.board import board_of, cell_labels
from pastiche_cli.games.pastiche.core.geometry import START_CELLS, cell_text
from pastiche_cli.games.pastiche.render.text import fit_picture, legend_for
from pastiche_cli.kernel.problems import EXIT_USAGE


def use_colour(choice: bool | None) -> bool:
    if choice is not None:
        return choice
    return sys.stdout.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"


@click.command("board")
@position_argument
@click.option(
    "--svg",
    "svg_path",
    metavar="FILE",
    type=click.Path(dir_okay=False, path_type=str),
    help="Also write the picture as SVG (opens in any browser); - writes the SVG alone to stdout.",
)
@click.option("--force", is_flag=True, help="Overwrite the --svg FILE if it exists.")
@click.option(
    "--colour/--no-colour",
    "--color/--no-color",
    "colour",
    default=None,
    help="Colour the dabs (default: when writing to a terminal and NO_COLOR is not set).",
)
@width_option
@catalogue_option
@output_options(tables=False)
def command(
    position: str,
    svg_path: str | None,
    force: bool,
    colour: bool | None,
    width: int | None,
    catalogue: str | None,
    as_json: bool,
) -> None:
    """A picture of the layout: every corner dab as its letter, open cells labelled for `place --at`.

    Each hex shows its six corner dabs around its centre: (RB) is a placed hex's centre, [R] one
    of the starting piece. Open cells show their label between dots; the list below gives q,r.
    Where the terminal is narrower than the drawing, a compact one is drawn (three lines a cell),
    and narrower still only the cells around the last hex laid, whole, saying how many are left out.

    \b
    Example:
      pastiche board examples/positions/board-midgame-4p.yaml
      pastiche board game.yaml --svg board.svg
      pastiche board game.yaml --svg - > board.svg
    """
    pos, _ = load(position, catalogue, as_json=as_json, needs=("board.start",))
    board = board_of(pos)
    labels = cell_labels(board)
    if svg_path:
        from pastiche_cli.formats.safewrite import same_file
        from pastiche_cli.games.pastiche.formats.catalogue import path_for
        from pastiche_cli.games.pastiche.render.svg import board_svg

        if svg_path != "-":
            for source, what in ((position, "the position file"), (path_for(catalogue), "the catalogue")):
                if same_file(svg_path, source):
                    abort(
                        f"--svg {svg_path} is {what} this command reads; write the picture to another file", EXIT_USAGE
                    )
        title = f"{safe(os.path.basename(position))}: {len(pos.placed)} hexes placed, {len(labels)} open cells"
        if write_picture(svg_path, board_svg(board, title), force, as_json=as_json, unwritable=EXIT_USAGE):
            return
    if as_json:
        emit_json(
            {
                "hexes": [
                    {"at": list(cell), "hex": str(tile), "start": cell in START_CELLS, "by": board.placers.get(cell)}
                    for cell, tile in board.tiles.items()
                ],
                "open": [{"label": label, "at": list(cell)} for label, cell in labels.items()],
                "svg": svg_path,
            }
        )
        return
    paint = use_colour(colour)
    columns = terminal_width(width)
    picture = fit_picture(board, columns, paint)

    def say(line: str) -> None:
        echo("\n".join(wrap(line, columns)))

    say(f"{len(pos.placed)} hexes placed around the starting piece; {len(labels)} open cells")
    if picture.layout == "compact":
        say(f"(the compact drawing, to fit {columns} columns: each cell's top dabs, its centre, its bottom dabs)")
    elif picture.layout == "window":
        say(
            f"Only the cells within {columns} columns around the last hex laid ({cell_text(picture.focus)}): "
            f"{picture.hidden} of {len(board.tiles)} hexes are left out. For the whole board, widen the "
            f"terminal, pass --width, or draw it with --svg FILE."
        )
    echo("")
    styled_echo("\n".join(picture.lines), paint)
    echo("")
    say("Open cells (for `pastiche place ... --at LABEL`):")
    echo("\n".join("  " + line for line in legend_for(board, columns)))
    if svg_path:
        say(f"\nSVG written to {safe(svg_path)}")
