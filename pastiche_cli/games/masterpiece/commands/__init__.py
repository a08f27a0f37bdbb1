"""Masterpiece in a terminal: one module per command (each exposing `command`), and TERMINAL, what only
a terminal knows of the game (cli/game.py): --theses."""

from __future__ import annotations

from collections.abc import Callable

from pastiche_cli.cli.game import Terminal


class MasterpieceTerminal(Terminal):
    option_names = ("theses",)

    def options(self, f: Callable) -> Callable:
        import click

        return click.option(
            "--theses",
            "theses",
            metavar="FILE",
            type=click.Path(dir_okay=False, readable=False, path_type=str),  # unreadable: located, exit 3
            help="A thesis catalogue for ids the file does not define (default: your saved one, "
            "$PASTICHE_MASTERPIECE_THESES, else masterpiece-theses.yaml in the data folder, $PASTICHE_DATA).",
        )(f)


TERMINAL = MasterpieceTerminal()
