"""`pastiche artline spots FILE`: every cell a painting may go now, with what it would join or open."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import emit_json, output_options, position_argument, resolve_format, table
from pastiche_cli.cli.tab import complete_file_player
from pastiche_cli.games.artline.commands._shell import load, who
from pastiche_cli.games.artline.core.grid import cell_text
from pastiche_cli.games.artline.core.placement import Spot
from pastiche_cli.games.artline.core.rule_ids import (
    ARTLINE_DRAW,
    ARTLINE_EXHIBITION,
    ARTLINE_FIT,
    ARTLINE_OPEN,
    ARTLINE_PLACE,
)


def spot_json(s: Spot) -> dict:
    return {
        "at": list(s.at),
        "orientation": s.orientation,
        "joins": [e.as_json() for e in s.joins],
        "opens": [e.as_json() for e in s.opens],
        "exhibition": s.exhibition,
        "draws": s.draws,
        "wins": s.wins,
    }


def _joins(s: Spot) -> str:
    return ", ".join(f"{e.line} '{e.feature}'" for e in s.joins) or "-"


def _opens(s: Spot) -> str:
    return ", ".join(f"{e.line} (new feature, with {', '.join(map(cell_text, e.paintings))})" for e in s.opens) or "-"


def _end(s: Spot) -> str:
    return (
        "wins" if s.wins else "exhibition: no draw" if s.exhibition else "draws" if s.draws else "no draw (deck empty)"
    )


@click.command("spots")
@position_argument
@click.option(
    "--player",
    metavar="NAME",
    shell_complete=complete_file_player,
    help="Whose turn (default: whose turn the file says it is).",
)
@output_options
def command(position: str, player: str | None, as_json: bool, fmt: str) -> None:
    """Every cell a painting may go now: the galleries it would join (its painting must show their
    features: the players' decision) or open (a new feature to name), and whether it is an exhibition.

    \b
    Example:
      pastiche artline spots examples/positions/artline/midgame.yaml
      pastiche artline spots game.yaml --json
    """
    from pastiche_cli.games.artline.core.placement import spots

    pos, _ = load(position, as_json=as_json)
    name = who(pos, player)
    refused, found = spots(pos, name)
    if as_json:
        out = {
            "player": name,
            "legal": refused is None,
            "rule": refused.rule if refused else ARTLINE_PLACE,
            "reason": refused.reason if refused else f"{len(found)} cells a painting may go",
            "spots": [spot_json(s) for s in found],
        }
        emit_json(out)
        if refused is not None:
            raise SystemExit(1)
        return
    if refused is not None:
        click.echo(f"No painting may be laid now [{refused.rule}]: {refused.reason}")
        raise SystemExit(1)
    fmt = resolve_format(fmt)
    rows = [[f"{s.at[0]},{s.at[1]}", _joins(s), _opens(s), _end(s)] for s in found]
    whose = f" for {name}" if name else ""
    table(
        ["at", "joins (must show its feature)", "opens (name a feature)", "end of turn"],
        rows,
        fmt,
        title=f"{len(found)} cells a painting may go{whose} [{ARTLINE_PLACE}]",
    )
    click.echo("")
    click.echo(f"Joining a gallery: the painting must show its feature, which the players decide [{ARTLINE_FIT}].")
    click.echo(
        f"Opening one: announce a feature no gallery uses [{ARTLINE_OPEN}]; in a row and a column at once, "
        f"an exhibition, no draw [{ARTLINE_EXHIBITION}]; otherwise one painting is drawn [{ARTLINE_DRAW}]."
    )
