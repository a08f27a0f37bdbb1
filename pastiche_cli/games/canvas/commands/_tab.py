"""Canvas's Tab completion: click `shell_complete` callbacks for its commands (built on cli/tab.py).

    --player NAME      the players of the FILE on the command line (cli/tab.complete_file_player)
    take --draw WORD   the art cards still in the deck (not in a hand, a painting or the market)
    painting WORD...   the 60 art card words, then files once three are given; cards [WORD] too

A callback never raises: a missing or broken file gives the words that need no file, or nothing.
"""

from __future__ import annotations

import click

from pastiche_cli.cli.tab import complete_file_player, items, position_path

__all__ = ["complete_card_word", "complete_deck_word", "complete_file_player", "complete_painting_word"]


def _words() -> list[str]:
    from pastiche_cli.games.canvas.core.cards import card_words

    return card_words()


def _position(ctx: click.Context):
    path = position_path(ctx)
    if path is None:
        return None
    try:
        from pastiche_cli.formats.yamlio import read_text
        from pastiche_cli.games.canvas.game import GAME

        return GAME.load_text(path, read_text(path), {})[0]
    except Exception:  # completion must never fail loudly
        return None


def complete_card_word(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Any of the 60 art card words (cards WORD)."""
    return items(_words(), incomplete)


def complete_deck_word(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """The art cards in the deck of the FILE on the command line (take --draw); every word without one."""
    position = _position(ctx)
    if position is None:
        return items(_words(), incomplete)
    from pastiche_cli.games.canvas.core.moves import deck

    return items(deck(position), incomplete)


def complete_painting_word(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """painting WORD WORD WORD [FILE]: art card words for the first three, then the FILE."""
    from click.shell_completion import CompletionItem

    given = [w for w in (ctx.params.get(param.name) or ()) if w]
    if len(given) >= 3:
        return [CompletionItem(incomplete, type="file")]
    return items(_words(), incomplete)
