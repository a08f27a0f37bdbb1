"""`pastiche canvas cards [WORD]`: the art cards (swatches and icons) and the scoring cards, as data."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import emit_json, output_options, resolve_format, table
from pastiche_cli.games.canvas.commands._tab import complete_card_word
from pastiche_cli.games.canvas.core import cards
from pastiche_cli.games.canvas.core.rule_ids import score_rule


def _art_json(card: cards.ArtCard) -> dict:
    return {
        "n": card.n,
        "word": card.word,
        "side": card.side,
        "swatches": {cards.SWATCHES[s]: list(card.icons[s]) for s in range(5) if card.icons[s]},
    }


def _scoring_json(card: cards.ScoringCard) -> dict:
    return {
        "name": card.name,
        "rule": score_rule(card.name),
        "ribbon": card.rule,
        "points": list(card.points),
        "cap": card.cap,
    }


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
            raise click.BadParameter(
                f"'{word}' is neither an art card's word nor a scoring card." + hint(near, "", "sentence"),
                param_hint="'WORD'",
            )
        art = [found] if found else []
        scoring = [cards.scoring_cards()[named[0]]] if named else []
    if as_json:
        emit_json({"art_cards": [_art_json(c) for c in art], "scoring_cards": [_scoring_json(c) for c in scoring]})
        return
    fmt = resolve_format(fmt)
    if art:
        rows = [[c.n, c.word, c.side] + [" ".join(c.icons[s]) or "-" for s in range(5)] for c in art]
        table(
            ["#", "word", "side", *cards.SWATCHES],
            rows,
            fmt,
            title=f"Art cards ({len(art)}): the icons in each swatch, left to right",
            align=["right"] + ["left"] * 7,
        )
    if art and scoring:
        click.echo("")
    if scoring:
        rows = [[c.name, "/".join(map(str, c.points)), c.rule] for c in scoring]
        table(
            ["scoring card", "points for 1/2/3/4 ribbons", "one ribbon for"],
            rows,
            fmt,
            title=f"Scoring cards ({len(scoring)}): a player takes at most as many ribbons on a card as its table has",
        )
