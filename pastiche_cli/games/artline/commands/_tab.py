"""Artline's Tab completion of `play FILE "MOVE"` (built on cli/tab.py): the player, the verb, a place's words."""

from __future__ import annotations

import click

from pastiche_cli.cli.tab import file_end


def move_words(ctx: click.Context, done: list[str], partial: str) -> list:
    """The words `play`'s MOVE may take after `done`: the player, a verb, after `place X,Y` its optional words."""
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
