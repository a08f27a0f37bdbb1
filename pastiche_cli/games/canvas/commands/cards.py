"""`pastiche canvas cards [WORD]`: the art cards (swatches and icons) and the scoring cards, as data."""

from __future__ import annotations

import click

from pastiche_cli.cli.answer import show
from pastiche_cli.cli.shell import output_options
from pastiche_cli.games.canvas.commands._tab import complete_card_word
from pastiche_cli.games.canvas.core import cards


@click.command("cards")
@click.argument("word", required=False, shell_complete=complete_card_word)
@output_options
def command(word: str | None, as_json: bool, fmt: str) -> None:
    """The 60 art cards (the icons in each swatch) and the 12 scoring cards (what earns a ribbon, the
    points table), as bundled with pastiche. WORD shows one art card or scoring card.

    \b
    Example:
      pastiche canvas cards
      pastiche canvas cards Masked
      pastiche canvas cards space --json
    """
    art = list(cards.art_cards())
    scoring = list(cards.scoring_cards().values())
    if word is not None:
        found = cards.find_card(word)
        named = cards.parse_scoring(word)
        if found is None and named is None:
            from pastiche_cli.kernel.suggest import hint, suggest

            near = suggest(word, cards.card_words() + list(cards.scoring_cards()))
            why = f"'{word}' is neither an art card's word nor a scoring card." + hint(near, "", "sentence")
            raise click.BadParameter(why, param_hint="'WORD'")
        art = [found] if found else []
        scoring = [cards.scoring_cards()[named[0]]] if named else []
    from pastiche_cli.games.canvas.render.paintings import cards_told

    show(cards_told(art, scoring), as_json, fmt)
