"""Artline's Tab completion (built on cli/tab.py): its players complete through cli/tab.complete_file_player;
`play FILE "MOVE"` completes the player to move and the verbs of its notation (move_words). A painting is
laid by its cell (`place X,Y`), which is typed, not completed.
"""

from __future__ import annotations

import click

from pastiche_cli.cli.tab import file_end


def move_words(ctx: click.Context, done: list[str], partial: str) -> list:
    """The words `play`'s MOVE may take after `done` (cli/tab.move_completions): the player to move at the
    record's end, then `place`, `discard` or `draw`; after `place X,Y` its optional words, in their order."""
    from pastiche_cli.cli.tab import Word, move_start
    from pastiche_cli.games.artline.core.moves import PLACE_WORDS
    from pastiche_cli.games.artline.game import GAME

    position, over = file_end(ctx, GAME)
    if position is None or over:
        return []
    start = move_start(GAME, position, done)
    if start is not None:
        return start
    args = [a.lower() for a in done[2:]]
    if done[1].lower() != "place" or not args or len(args) % 2 == 0:
        return []
    given = [w for w in args[1::2] if w in PLACE_WORDS]
    return [Word(w) for w in PLACE_WORDS if not given or PLACE_WORDS.index(w) > PLACE_WORDS.index(given[-1])]
