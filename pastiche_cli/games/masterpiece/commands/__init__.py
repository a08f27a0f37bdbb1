"""Masterpiece in a terminal: one module per command, and TERMINAL (cli/game.py): --theses and the verbs' help."""

import click

from pastiche_cli.cli.face import Verbs
from pastiche_cli.cli.game import Terminal

VERBS = Verbs(
    score="""Scores: each player's accepted theses and points, ranks, winner(s) and the deciding tiebreak.

    An accepted thesis whose id is not in the thesis table is an error: the tool never guesses points.

    \b
    Example:
      pastiche score examples/positions/masterpiece/finished-tiebreak.yaml
      pastiche score game.yaml --brief      # the table and the winner only
    """,
    check="""Everything wrong with a Masterpiece position (or game record), each problem located as FILE:LINE:COL.

    Exit 0 if the position is valid (warnings allowed), 3 if the file cannot be read or does not
    fit the format, 4 if it breaks the rules of the game.

    \b
    Example:
      pastiche check examples/positions/masterpiece/midgame.yaml
    """,
    end="""Whether the end is triggered, by whom, the end flag, and the turns each player still has.

    \b
    Example:
      pastiche end examples/positions/masterpiece/end-triggered.yaml
    """,
    new="""Write a starting position for a new game, with FILL-IN for the dealt cards and your thesis cards.

    \b
    Example:
      pastiche new --game masterpiece --players Ana,Ben,Caro -o game.yaml
      pastiche check game.yaml
      pastiche new --game masterpiece --players Ana,Ben,Caro --record -o game.yaml
    """,
    detail="With --json, add each player's accepted theses under 'detail'.",
    players="3 to 5 names, comma-separated, in turn order.",
    new_options=lambda: (
        click.option("--no-theses", is_flag=True, help="Leave out `theses:` (use your saved thesis catalogue)."),
    ),
    new_setup=lambda names, no_theses: (names, {"with_theses": not no_theses}),
)


class MasterpieceTerminal(Terminal):
    def move_words(self, ctx, done: list[str], partial: str) -> list:
        from pastiche_cli.games.masterpiece.commands._tab import move_words

        return move_words(ctx, done, partial)


TERMINAL = MasterpieceTerminal(
    (
        "theses",
        "A thesis catalogue for ids the file does not define (default: your saved one, "
        "$PASTICHE_MASTERPIECE_THESES, else masterpiece-theses.yaml in the data folder, $PASTICHE_DATA).",
    ),
    verbs=VERBS,
)
