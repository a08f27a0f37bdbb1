"""`pastiche board FILE [--svg FILE]` for every game with a board: the table as text (and SVG), drawn by the game."""

from __future__ import annotations

from functools import cached_property
from typing import cast

import click

from pastiche_cli import games
from pastiche_cli.cli.answer import show
from pastiche_cli.cli.face import decorated, verbs
from pastiche_cli.cli.game import load, terminal
from pastiche_cli.cli.shell import output_options, position_argument, write_picture
from pastiche_cli.kernel.game import BoardTeller

SVG = click.option(
    "--svg",
    "svg_path",
    metavar="FILE",
    type=click.Path(dir_okay=False, path_type=str),
    help="Also write the picture as SVG (opens in any browser); - writes the SVG alone to stdout.",
)
FORCE = click.option("--force", is_flag=True, help="Overwrite the --svg FILE if it exists.")


class Screen:
    """The terminal a board is drawn for, each part read when the game's picture first asks for it."""

    def __init__(self, width: int | None = None, colour: bool | None = None):
        from pastiche_cli.cli import terminal

        self._width, self._colour, self._terminal = width, colour, terminal
        if colour:
            terminal.force_colour()

    @cached_property
    def columns(self) -> int | None:
        """The columns to fit: --width, else the terminal's (rich's reading); None in a pipe."""
        return self._terminal.columns(self._width)

    @cached_property
    def rows(self) -> int | None:
        """The lines the terminal shows at once; None in a pipe."""
        return self._terminal.rows()

    @cached_property
    def colour(self) -> bool:
        """Whether to draw in colour: --colour, or a terminal that shows it unless --no-colour."""
        return self._colour is not False and self._terminal.drawn()

    @cached_property
    def size(self) -> int:
        """The terminal's columns as the system says them (COLUMNS, the terminal), 80 when it cannot say."""
        import shutil

        return shutil.get_terminal_size((80, 24)).columns


def serves(registered) -> bool:
    """A game that declares a board (its TERMINAL's verbs.board)."""
    told = verbs(registered)
    return told is not None and told.board is not None


def command_for(registered) -> click.Command:
    game, told = games.declared(registered), verbs(registered)
    face = terminal(game)
    teller = cast(BoardTeller, game.teller)  # serves(): a game whose terminal declares a board draws one

    def board(position: str, svg_path: str | None, force: bool, as_json: bool, **rest) -> None:
        opts = {name: rest.pop(name) for name in face.option_names}
        loaded = load(game, position, opts, as_json=as_json, needs=game.reader.needs.get("board", ()))
        if svg_path:
            from pastiche_cli.kernel.problems import EXIT_USAGE

            refuse_reading(svg_path, game.reader.files_read(position, opts))
            svg = teller.board_svg(loaded.position, position)
            if write_picture(svg_path, svg, force, as_json=as_json, unwritable=EXIT_USAGE):
                return
        screen = None if as_json else Screen(**rest)
        show(teller.told_board(loaded.position, position, svg_path, screen), as_json)

    options = [position_argument, SVG, FORCE, *told.board_options(), face.options, output_options(tables=False)]
    return click.command("board", help=told.board)(decorated(board, options))


def refuse_reading(svg_path: str, reads: list[tuple[str, str]]) -> None:
    """--svg FILE naming a file the command reads (the position, a catalogue): a usage error, nothing written."""
    if svg_path == "-":
        return
    from pastiche_cli.cli.shell import abort
    from pastiche_cli.formats.safewrite import same_file
    from pastiche_cli.kernel.problems import EXIT_USAGE

    for source, what in reads:
        if same_file(svg_path, source):
            abort(f"--svg {svg_path} is {what} this command reads; write the picture to another file", EXIT_USAGE)
