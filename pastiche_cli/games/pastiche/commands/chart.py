"""`pastiche chart`: the colour chart, card values and copies (SPEC 1.1, 1.2)."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import emit_json, output_options, resolve_format, table
from pastiche_cli.games.pastiche.core import colours


@click.command("chart")
@output_options
def command(as_json: bool, fmt: str) -> None:
    """The colour chart (what dabs mix into), and every card's value and copies.

    \b
    Example:
      pastiche chart --format markdown
    """
    kinds = colours.card_kinds()
    chart = colours.chart()
    if as_json:
        emit_json(
            {
                "mixes": [{"dabs": d, "card": c} for d, c in chart.items()],
                "cards": [
                    {"name": k.name, "group": k.group, "value": k.value, "copies": k.copies} for k in kinds.values()
                ],
                "total_copies": sum(k.copies for k in kinds.values()),
            }
        )
        return
    fmt = resolve_format(fmt)
    rows = [[d, c or "nothing"] for d, c in chart.items()]
    table(["dabs", "card"], rows, fmt, title="Colour chart (R red, Y yellow, B blue)")
    click.echo("")
    rows = [[k.name, k.group, k.value, k.copies] for k in kinds.values()]
    table(
        ["card", "group", "value", "copies"],
        rows,
        fmt,
        title=f"Palette cards ({sum(k.copies for k in kinds.values())} in all)",
        align=["left", "left", "right", "right"],
    )
