"""`pastiche board POSITION [--svg FILE]`: a picture of the layout with the open cells labelled."""

from __future__ import annotations

import os

import click

from pastiche_cli.cli.shell import (
    abort,
    echo,
    echo_styled,
    emit_json,
    output_options,
    position_argument,
    safe,
    terminal_width,
    width_option,
    wrap,
    write_picture,
)
from pastiche_cli.games.pastiche.commands._shell import catalogue_option, load
from pastiche_cli.games.pastiche.core.board import board_of, cell_labels
from pastiche_cli.games.pastiche.core.geometry import START_CELLS, cell_text
from pastiche_cli.games.pastiche.render.text import STYLES, fit_picture, legend_for
from pastiche_cli.kernel.problems import EXIT_USAGE

# Lines besides the picture in a terminal: the count, a note on the layout, the blanks and the heading
# of the legend (whose own lines are added), so the picture's top does not scroll away.
_AROUND_PICTURE = 6


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
    help="Colour the dabs (default: as rich reads the terminal: NO_COLOR, FORCE_COLOR, TERM=dumb).",
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
    of the starting piece. Open cells show their label inside a faint outline; the list below gives
    q,r. Where the terminal is narrower or shorter than the drawing, a compact one is drawn (three
    lines a cell), and narrower still only the cells around the last hex laid, whole, saying how many
    are left out.

    Orientation: +q points right, +r down-right; a hex is read clockwise from its top corner (12
    o'clock, the top of the drawing); labels are renumbered after every placement, so write q,r in
    files (docs/position-format.md, "Describing a board already on the table").

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
    from pastiche_cli.cli import terminal

    if colour:
        terminal.force_colour()
    columns = terminal_width(width)
    legend = legend_for(board, columns)
    tall = terminal.rows()
    picture = fit_picture(board, columns, None if tall is None else max(10, tall - _AROUND_PICTURE - len(legend)))

    def say(line: str) -> None:
        echo("\n".join(wrap(line, columns)))

    say(f"{len(pos.placed)} hexes placed around the starting piece; {len(labels)} open cells")
    if picture.layout == "compact":
        fitted = f"{columns} columns" if columns is not None else "the terminal"
        say(f"(the compact drawing, to fit {fitted}: each cell's top dabs, its centre, its bottom dabs)")
    elif picture.layout == "window":
        say(
            f"Only the cells within {columns} columns around the last hex laid ({cell_text(picture.focus)}): "
            f"{picture.hidden} of {len(board.tiles)} hexes are left out. For the whole board, widen the "
            f"terminal, pass --width, or draw it with --svg FILE."
        )
    echo("")
    if colour is False or not terminal.drawn():
        echo("\n".join(picture.lines))
    else:
        echo_styled([[(text, STYLES.get(key) if key else None) for text, key in line] for line in picture.runs])
    echo("")
    say("Open cells (for `pastiche place ... --at LABEL`):")
    echo("\n".join("  " + line for line in legend))
    if svg_path:
        say(f"\nSVG written to {safe(svg_path)}")
