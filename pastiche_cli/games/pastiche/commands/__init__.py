"""Pastiche in a terminal: one module per command, and TERMINAL, what only a terminal knows of the game."""

from __future__ import annotations

import click

from pastiche_cli.cli.face import Verbs
from pastiche_cli.cli.game import Terminal


def _new_options() -> tuple:
    from pastiche_cli.cli.tab import complete_new_start

    return (
        click.option(
            "--start",
            metavar="NAME",
            shell_complete=complete_new_start,
            help="The start player (default: the first name).",
        ),
        click.option("--random-start", is_flag=True, help="Pick the start player at random, as the rulebook says."),
    )


def _board_options() -> tuple:
    from pastiche_cli.cli.shell import width_option

    return (
        click.option(
            "--colour/--no-colour",
            "--color/--no-color",
            "colour",
            default=None,
            help="Colour the dabs (default: as rich reads the terminal: NO_COLOR, FORCE_COLOR, TERM=dumb).",
        ),
        width_option,
    )


def _new_setup(names: list[str], start: str | None, random_start: bool) -> tuple[list[str], dict]:
    """--start NAME, or --random-start as the rulebook says: the seating from the start player on."""
    from pastiche_cli.cli.shell import seated

    if start and random_start:
        raise click.UsageError("give --start NAME or --random-start, not both")
    if random_start:
        import random

        start = random.choice(names)
    return (seated(names, start) if start else names), {}


VERBS = Verbs(
    score="""Final scores: every player's total, its breakdown, ranks, winner(s) and the deciding tiebreak.

    \b
    Example:
      pastiche score examples/positions/four-player-finish.yaml
      pastiche score game.yaml --format markdown     # for a forum post
      pastiche score game.yaml --brief               # the table and the winner only
    """,
    check="""Everything wrong with each position file, each problem located as FILE:LINE:COL.

    Exit 0 if every position is valid (warnings allowed), 3 if a file cannot be read or does not
    fit the format, 5 if the saved catalogue it takes cards from cannot, else 4 if one breaks the
    rules of the game. `-` reads a position from stdin.
    With several files, --json answers {"valid", "files": [{"file", "valid", "problems"}]}.
    Files of several games may be checked at once: each by its own game's check (its `game:`),
    the exit code the worst of theirs, and each --json answer is tagged with its "game".

    \b
    Example:
      pastiche check game.yaml
      pastiche check games/*.yaml
      pastiche check examples/positions/spec-example.yaml examples/positions/canvas/midgame.yaml
      generate-position | pastiche check -
    """,
    end="""Whether the end of the game is triggered, by whom, and how many turns remain.

    \b
    Example:
      pastiche end game.yaml
    """,
    new="""Write a starting position for a new game, with the setup done and FILL-IN left for the rest.

    Each player gets the four secondary cards; the commissions dealt, the hexes drawn, the gallery
    and the starting piece's hexes are left as FILL-IN for the group to copy from the table.
    `pastiche check FILE` then lists every FILL-IN still to do.

    \b
    Example:
      pastiche new --players Ana,Ben,Caro -o game.yaml
      pastiche check game.yaml
      pastiche new --players Ana,Ben --record -o game.yaml
    """,
    board="""A picture of the layout: every corner dab as its letter, open cells labelled for `place --at`.

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
    """,
    check_several=True,
    players="2 to 4 names, comma-separated, in turn order (clockwise).",
    new_options=_new_options,
    new_setup=_new_setup,
    board_options=_board_options,
)


class PasticheTerminal(Terminal):
    def __init__(self):
        super().__init__(
            ("catalogue", "Commission cards by id (default: the file's own catalogue, then your saved one)."),
            " `at` also takes the label of an open cell that `pastiche board` prints (`Ana place RYBBYR/R at c`);"
            " the record gets its Q,R.",
            VERBS,
        )

    def styles(self) -> dict[str, str]:
        from pastiche_cli.games.pastiche.core.colours import card_kinds

        return {name: f"bold {kind.display}" for name, kind in card_kinds().items() if kind.display}

    def move_words(self, ctx, done: list[str], partial: str) -> list:
        from pastiche_cli.games.pastiche.commands._tab import move_words

        return move_words(ctx, done, partial)

    def in_notation(self, position, move_text: str) -> tuple[str, str | None]:
        """`Ana place HEX at c`: an open cell's board label as the Q,R the notation writes (SPEC 8)."""
        from pastiche_cli.games.pastiche.core.board import board_of, cell_labels
        from pastiche_cli.games.pastiche.core.geometry import cell_text, parse_cell
        from pastiche_cli.kernel.moves import MoveSyntaxError, tokens

        try:
            words = tokens(move_text)
        except MoveSyntaxError:
            return move_text, None  # the parse says where
        if len(words) < 5 or not words[1].is_word("place") or not words[3].is_word("at") or words[4].quoted:
            return move_text, None
        cell = words[4]
        if parse_cell(cell.text) is not None or position.start is None:
            return move_text, None
        found = cell_labels(board_of(position)).get(cell.text.strip().lower())
        if found is None:
            return move_text, None
        written = cell_text(found)
        text = move_text[: cell.start] + written + move_text[cell.end :]
        return text, f"cell {cell.text} is {written} on the board this move is made on"


TERMINAL = PasticheTerminal()
