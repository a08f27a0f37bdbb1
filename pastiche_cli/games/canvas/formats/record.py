"""Canvas's game records: how the one record reader (formats/record.py) reads a Canvas setup, and a
position written back as a plain Canvas position file (`replay --to N`; `check` accepts it)."""

from __future__ import annotations

from pastiche_cli.formats.record import RecordReading
from pastiche_cli.formats.yamledit import flow_text, plain_or_quoted
from pastiche_cli.formats.yamlio import comment_line
from pastiche_cli.games.canvas.core.house import HouseRules
from pastiche_cli.games.canvas.core.position import Position


def reading(filename: str) -> RecordReading:
    """How a Canvas record is read: its setup by the position reader; no other key beside it."""
    from pastiche_cli.games.canvas.core.moves import EXAMPLE
    from pastiche_cli.games.canvas.formats.loader import PositionReader

    return RecordReading("canvas", lambda: PositionReader(filename), {}, None, EXAMPLE)


def position_text(position: Position, heading: tuple[str, ...] = ()) -> str:
    """The position as a plain Canvas position file (spec/canvas.md section 4)."""
    out = [comment_line(line) for line in heading]
    out += ["game: canvas", f"scoring: {flow_text(position.scoring)}", "players:                       # in turn order"]
    for p in position.players:
        out += [
            f"  - name: {plain_or_quoted(p.name)}",
            f"    inspiration: {p.inspiration}",
            f"    hand: {flow_text(p.hand)}",
        ]
        if p.paintings:
            out.append("    paintings:                 # each bottom to top")
            out += [f"      - {flow_text(painting)}" for painting in p.paintings]
        else:
            out.append("    paintings: []")
    if position.market is not None:
        if position.market:
            out.append("market:                        # slot 1 (furthest from the deck) first")
            out += [
                f"  - {{card: {s.card}, tokens: {s.tokens}}}" if s.tokens else f"  - {s.card}" for s in position.market
            ]
        else:
            out.append("market: []")
    if position.turn is not None:
        out.append(f"turn: {plain_or_quoted(position.turn)}")
    house, default = position.house, HouseRules()
    chosen = [f"{key}: {value}" for key, value in house.as_json().items() if value != default.as_json()[key]]
    if chosen:
        out.append("house_rules: {" + ", ".join(chosen) + "}")
    return "\n".join(out) + "\n"
