"""Artline in a terminal: one module per command, and TERMINAL (cli/game.py): refusals and the verbs' help."""

from __future__ import annotations

import click

from pastiche_cli.cli.face import Verbs
from pastiche_cli.cli.game import Terminal


def _new_setup(names: list[str], start: str | None) -> tuple[list[str], dict]:
    """--start NAME: the player who last visited an art exhibition begins, the others follow in order."""
    from pastiche_cli.cli.shell import seated

    return (names if start is None else seated(names, start)), {}


VERBS = Verbs(
    score="""The winner of an Artline game (the first to an empty hand), or who is closest, with every hand.

    \b
    Example:
      pastiche score examples/positions/artline/finished.yaml
      pastiche score game.yaml --json
      pastiche score game.yaml --brief      # the table and the winner (or closest) line only
    """,
    check="""Everything wrong with an Artline position file (or record), each problem located as FILE:LINE:COL.

    Exit 0 if the position is valid (warnings allowed), 3 if the file cannot be read or does not
    fit the format, 4 if it breaks the rules of the game.

    \b
    Example:
      pastiche check examples/positions/artline/midgame.yaml
    """,
    end="""Whether an Artline game is over (someone has an empty hand), who won, or who is closest.

    \b
    Example:
      pastiche end examples/positions/artline/finished.yaml
    """,
    new="""Write the starting position of a new Artline game: five paintings each, the start, the deck.

    The rules text lets the player who last visited an art exhibition begin: name them with --start.
    With --record, a game record instead: the deal as its setup, then `pastiche play FILE "MOVE"`.

    \b
    Example:
      pastiche new --game artline --players Ana,Ben,Caro -o game.yaml
      pastiche check game.yaml
      pastiche new --game artline --players Ana,Ben --record -o game.yaml
    """,
    board="""A picture of the table: every painting in its cell, each gallery's feature along its row or
    column, and + where a painting may go now.

    [Title] is a landscape painting, |Title| a portrait one; * marks a painting in both a row and a
    column gallery.

    \b
    Example:
      pastiche board examples/positions/artline/midgame.yaml
      pastiche board game.yaml --svg table.svg
    """,
    detail=None,
    players="2 to 5 names, comma-separated, in turn order (clockwise).",
    new_options=lambda: (
        click.option(
            "--start", metavar="NAME", help="The start player (default: the first name); the others follow in order."
        ),
    ),
    new_setup=_new_setup,
)


class ArtlineTerminal(Terminal):
    def refused(self, path: str, exc) -> None:
        """Artline's refusals of a write: exit 4 when the result would not be a valid position, else 3."""
        from pastiche_cli.cli.apply import abort_invalid

        abort_invalid(path, exc)

    def move_words(self, ctx, done: list[str], partial: str) -> list:
        from pastiche_cli.games.artline.commands._tab import move_words

        return move_words(ctx, done, partial)


TERMINAL = ArtlineTerminal(verbs=VERBS)
