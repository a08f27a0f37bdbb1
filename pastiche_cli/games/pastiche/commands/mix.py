"""`pastiche mix DABS…`: what meeting dabs make, by the colour chart (SPEC 1.2)."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import emit_json, output_options
from pastiche_cli.games.pastiche.commands._shell import echo_lines
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.rule_ids import PLACE_MIX


@click.command("mix")
@click.argument("dabs", nargs=-1, required=True)
@output_options(tables=False)
def command(dabs: tuple[str, ...], as_json: bool) -> None:
    """What 2 or 3 meeting dabs make, in any order of letters (R, Y, B).

    \b
    Example:
      pastiche mix RY YYB RR      # orange, olive, nothing
    """
    mixes = []
    for text in dabs:
        try:
            card = colours.mix(text)
        except ValueError as exc:
            raise click.BadParameter(f"'{text}': {exc}", param_hint="DABS") from exc
        mixes.append({"dabs": colours.sort_dabs(text), "input": text, "card": card})
    if as_json:
        emit_json({"mixes": mixes, "rule": PLACE_MIX})
        return
    lines = [f"{m['dabs']:<4} -> {m['card'] or 'nothing (two alike dabs make no card)'}" for m in mixes]
    echo_lines([*lines, f"[{PLACE_MIX}] by the colour chart (`pastiche chart` prints it)"])
