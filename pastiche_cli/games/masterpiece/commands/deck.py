"""`pastiche masterpiece deck`: the 49 cards, by suit, with how many of each value exist."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import emit_json, output_options, table
from pastiche_cli.games.masterpiece.core.rule_ids import DECK


@click.command("deck")
@output_options
def command(as_json: bool, fmt: str) -> None:
    """The 49 cards: seven suits of seven consecutive values, and the copies of each value.

    \b
    Example:
      pastiche masterpiece deck
    """
    from pastiche_cli.games.masterpiece.core.deck import deck

    d = deck()
    if as_json:
        emit_json(
            {
                "rule": DECK,
                "total": len(d.cards),
                "suits": [{"name": s.name, "low": s.low, "high": s.high} for s in d.suits],
                "copies": {str(v): d.copies(v) for v in d.values},
                "cards": [str(c) for c in d.cards],
            }
        )
        return
    table(
        ["suit", "values", "cards"],
        [[s.name, f"{s.low}-{s.high}", s.high - s.low + 1] for s in d.suits],
        fmt,
        title=f"The deck: {len(d.cards)} cards, each unique [{DECK}]",
        align=["left", "left", "right"],
    )
    click.echo("")
    click.echo("copies per value: " + ", ".join(f"{v}: {d.copies(v)}" for v in d.values))
