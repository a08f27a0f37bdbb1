"""The moves a page offers an Artline player now (kernel/replay.py's `Rules.candidates`), the rules judge each.

Listed: each spot `pastiche artline spots` finds that opens no gallery (one that does needs the feature
the player names aloud, so it is typed), in reading order; a discard; the draw that ends a turn. Every one
is bounded by the table: the spots by the cells beside the paintings laid.
"""

from __future__ import annotations

from pastiche_cli.games.artline.core import moves
from pastiche_cli.games.artline.core.placement import Spot, spots
from pastiche_cli.games.artline.core.position import Position


def offered(position: Position, name: str) -> list[tuple[moves.Move, str]]:
    """(move, note) for each move the page may offer `name` now."""
    refused, found = spots(position, name)
    out: list[tuple[moves.Move, str]] = []
    if refused is None:
        out += [(moves.Place(name, spot.at), _note(spot)) for spot in found if not spot.opens]
    out.append((moves.Discard(name), "discards a painting"))
    out.append((moves.Draw(name), "draws a painting"))
    return out


def _note(spot: Spot) -> str:
    joins = [f"the {e.line.axis} gallery of {e.feature}" for e in spot.joins]
    note = "lays a painting" + (f" in {' and '.join(joins)}" if joins else "")
    said = (("an exhibition", spot.exhibition), ("a draw follows", spot.draws), ("it wins the game", spot.wins))
    ends = [words for words, yes in said if yes]
    return note + (f": {', '.join(ends)}" if ends else "")
