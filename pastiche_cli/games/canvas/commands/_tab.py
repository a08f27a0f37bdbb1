"""Canvas's Tab completion (cli/tab.py); a callback never raises: without a file, the words that need none."""

from __future__ import annotations

import click

from pastiche_cli.cli.tab import file_end, items


def _words() -> list[str]:
    from pastiche_cli.games.canvas.core.cards import card_words

    return card_words()


def _loaded(ctx: click.Context) -> tuple:
    """(the FILE's position, a record's at its end, or None; whether its game is over): cli/tab.file_end."""
    from pastiche_cli.games.canvas.game import GAME

    return file_end(ctx, GAME)


def complete_card_word(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """Any of the 60 art card words (cards WORD)."""
    return items(_words(), incomplete)


def complete_deck_word(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """The art cards in the deck of the FILE on the command line (take --draw); every word without one."""
    position = _loaded(ctx)[0]
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


def move_words(ctx: click.Context, done: list[str], partial: str) -> list:
    """The words `play`'s MOVE may take after `done`: the player, a verb, then a take's or a painting's words."""
    from pastiche_cli.cli.tab import DONE, MORE, Word, move_opening
    from pastiche_cli.games.canvas.core.cards import MARKET_SLOTS
    from pastiche_cli.games.canvas.core.moves import deck
    from pastiche_cli.games.canvas.game import GAME

    position, me, first = move_opening(GAME, _loaded(ctx), done)
    if me is None:
        return first
    verb, args = done[1].lower(), done[2:]
    if verb == "take":
        left = deck(position)
        if not args:
            slots = len(position.market) if position.market is not None else MARKET_SLOTS
            return [Word(str(n), MORE if left else DONE) for n in range(1, slots + 1)]
        if len(args) == 1:
            return [Word("refill")] if left else []
        return [Word(w, DONE) for w in left] if len(args) == 2 and args[1].lower() == "refill" else []
    if verb == "paint" and len(args) < 3:
        hand = [w.casefold() for w in me.hand]
        for w in args:
            if w.casefold() in hand:
                hand.remove(w.casefold())
        held = [w for w in me.hand if w.casefold() in hand]
        return [Word(w, DONE if len(args) == 2 else MORE) for w in dict.fromkeys(held)]
    return []
