"""Masterpiece in a terminal: one module per command (each exposing `command`), and TERMINAL, what only
a terminal knows of the game (cli/game.py): --theses."""

from pastiche_cli.cli.game import Terminal

TERMINAL = Terminal(
    (
        "theses",
        "A thesis catalogue for ids the file does not define (default: your saved one, "
        "$PASTICHE_MASTERPIECE_THESES, else masterpiece-theses.yaml in the data folder, $PASTICHE_DATA).",
    )
)
