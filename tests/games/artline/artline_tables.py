"""Small Artline positions written as values, for the hand-checked tables."""

from __future__ import annotations

from pastiche_cli.games.artline.core.position import COLUMN, ROW, Bounds, Gallery, Line, Painting, Player, Position


def table(cells, galleries=(), hands=(5, 5), turn="Ana", portrait=(), bounds=None, deck=None) -> Position:
    """Paintings at `cells` (the first is the start), galleries as ("row"|"column", index, feature)."""
    names = ["Ana", "Ben", "Caro", "Dee", "Eve"][: len(hands)]
    players = tuple(Player(n, h) for n, h in zip(names, hands))
    paintings = tuple(Painting(tuple(c), "portrait" if tuple(c) in portrait else "landscape") for c in cells)
    lines = tuple(Gallery(Line(ROW if a == "row" else COLUMN, i), f, "Ana") for a, i, f in galleries)
    if deck is None:
        deck = 96 - sum(hands) - len(paintings)
    return Position(
        players,
        paintings,
        lines,
        deck,
        96 - sum(hands) - len(paintings) - deck,
        turn,
        Bounds(*bounds) if bounds else None,
    )
