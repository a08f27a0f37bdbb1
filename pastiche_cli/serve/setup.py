"""A new game set up on the phones (`pastiche serve --new OUT`): the host enters what the table shows, each
seat its own dealt cards, unseen by the others; OUT keeps what is entered, a record whose setup is not
complete yet, and once it is, the live game (serve/table.py) begins on the same server.
"""

from __future__ import annotations

from pastiche_cli.kernel.game import Game


def pending(game: Game, path: str, text: str, opts: dict) -> bool:
    """Is this file a record whose setup is still being entered: every problem it has is a FILL-IN?"""
    from pastiche_cli.formats.gamekey import is_record_text
    from pastiche_cli.formats.reading import read_any
    from pastiche_cli.kernel.problems import WARNING, PositionError

    if not is_record_text(text):
        return False
    try:
        problems = read_any(game, path, text, opts)[1]
    except PositionError:
        return False
    errors = [p for p in problems if p.kind != WARNING]
    return bool(errors) and all(p.code == "placeholder" for p in errors)
