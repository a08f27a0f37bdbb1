"""Canvas's loading and options for its commands: the position checked, --player, card words.

What all games share (output switches, messages, tables) is cli/shell.py.
"""

from __future__ import annotations

from collections.abc import Iterable

import click

from pastiche_cli.cli.shell import find_player  # noqa: F401 - the commands find players through here
from pastiche_cli.games.canvas.core.position import Position
from pastiche_cli.kernel.problems import Problem


def read(path: str, *, as_json: bool = False, needs: Iterable[str] = ()):
    """The file (a position, or a record replayed once), checked: the shared load (cli/game.py), kernel.game.Loaded."""
    from pastiche_cli.cli.game import load
    from pastiche_cli.games.canvas.game import GAME

    return load(GAME, path, {}, as_json=as_json, needs=needs)


def load(path: str, *, as_json: bool = False, needs: Iterable[str] = ()) -> tuple[Position, list[Problem]]:
    """The position (a record's at its end), checked; on any error, report every problem (located) and exit 3 or 4.

    Warnings go to stderr and are returned. `needs` are top-level keys the command cannot do without
    (`market` for take)."""
    loaded = read(path, as_json=as_json, needs=needs)
    return loaded.position, loaded.warnings


def art_card_word(word: str, param: str) -> str:
    """An art card's title word as printed, or a usage error (exit 2) with a "did you mean"."""
    from pastiche_cli.games.canvas.core import cards
    from pastiche_cli.kernel.suggest import hint, suggest

    found = cards.find_card(word)
    if found is None:
        offer = hint(suggest(word, cards.card_words()), " `pastiche canvas cards` lists the 60 words.", "sentence")
        raise click.BadParameter(f"'{word}' is not the title word of an art card.{offer}", param_hint=param)
    return found.word


def scoring_names(text: str, param: str) -> tuple[str, ...]:
    """A comma-separated list of scoring cards (`unity` read as emphasis), or a usage error."""
    from pastiche_cli.games.canvas.core import cards
    from pastiche_cli.kernel.suggest import hint, suggest

    out = []
    for word in (w.strip() for w in text.split(",")):
        found = cards.parse_scoring(word) if word else None
        if found is None:
            names = list(cards.scoring_cards())
            offer = hint(suggest(word.lower(), names), f" The scoring cards: {', '.join(names)}.", "sentence")
            raise click.BadParameter(f"'{word}' is not a scoring card.{offer}", param_hint=param)
        if found[0] in out:
            raise click.BadParameter(f"{found[0]} is named twice", param_hint=param)
        out.append(found[0])
    return tuple(out)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")
