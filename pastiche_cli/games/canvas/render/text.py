"""A painting in a terminal: five swatch columns, each with the card that shows there and its icons by name."""

from __future__ import annotations

from pastiche_cli.games.canvas.core.cards import SWATCHES
from pastiche_cli.games.canvas.core.painting import Layered

# Styles for a rich terminal; every swatch is also written as its name, so colour is never needed.
SWATCH_STYLES = {
    "red": "bold red",
    "yellow": "bold yellow",
    "green": "bold green",
    "blue": "bold blue",
    "violet": "bold magenta",
}


def painting_lines(painting: Layered, indent: str = "  ") -> list[str]:
    """The five swatches side by side: name, the card showing, its icons; then what lies covered."""
    columns = []
    for s, name in enumerate(SWATCHES):
        shown = painting.shown_by[s]
        icons = [i.kind for i in painting.visible[s]] or ["(empty)"]
        columns.append([name, shown or "-", *icons])
    height = max(len(c) for c in columns)
    width = max(len(cell) for c in columns for cell in c) + 2
    lines = []
    for row in range(height):
        cells = [(c[row] if row < len(c) else "").ljust(width) for c in columns]
        lines.append((indent + "".join(cells)).rstrip())
    if painting.hidden:
        covered = "; ".join(f"{i.kind} in {SWATCHES[i.swatch]} ({i.card})" for i in painting.hidden)
        lines.append(f"{indent}covered, not counted: {covered}")
    return lines
