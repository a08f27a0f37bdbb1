"""Canvas's options for its commands: --player, card words, scoring cards (what all games share is cli/shell.py)."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import find_player  # noqa: F401 - the commands find players through here


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
