"""An Artline record as the shared record reader sees it (formats/record.py), and a position written
back as a plain Artline position file (what `replay --to N` prints, and `check` accepts)."""

from __future__ import annotations

from pastiche_cli.formats.record import RecordReading
from pastiche_cli.formats.yamledit import plain_or_quoted
from pastiche_cli.formats.yamlio import comment_line
from pastiche_cli.games.artline.core.position import DRAW, Position


def reading(filename: str) -> RecordReading:
    """How an Artline record is read: its setup by the position reader; nothing else beside `moves:`."""
    from pastiche_cli.games.artline.formats.loader import PositionReader

    return RecordReading("artline", lambda: PositionReader(filename), example="Ana place 1,0 row dogs")


def _flow(pairs: list[tuple[str, str]]) -> str:
    return "{" + ", ".join(f"{key}: {value}" for key, value in pairs) + "}"


def position_text(position: Position, heading: tuple[str, ...] = ()) -> str:
    """The position as a plain Artline position file, under comment lines `heading`."""
    out = [comment_line(line) for line in heading]
    out += ["game: artline", "players:                     # in turn order; hand: the paintings held"]
    out += [f"  - {_flow([('name', plain_or_quoted(p.name)), ('hand', str(p.hand))])}" for p in position.players]
    out.append("table:")
    for p in position.table:
        pairs = [("at", f"[{p.at[0]}, {p.at[1]}]"), ("orientation", p.orientation)]
        pairs += [("title", plain_or_quoted(p.title))] if p.title is not None else []
        pairs += [("by", plain_or_quoted(p.by))] if p.by is not None else []
        out.append(f"  - {_flow(pairs)}")
    out.append("galleries:" if position.galleries else "galleries: []")
    for g in position.galleries:
        pairs = [(g.line.axis, str(g.line.index)), ("feature", plain_or_quoted(g.feature))]
        pairs += [("opened_by", plain_or_quoted(g.opened_by))] if g.opened_by is not None else []
        out.append(f"  - {_flow(pairs)}")
    out += [f"deck: {position.deck}", f"discard: {position.discard}"]
    if position.turn is not None:
        pairs = [("player", plain_or_quoted(position.turn))] + ([("phase", DRAW)] if position.phase == DRAW else [])
        owed = "   # the painting is played; the draw that ends the turn is next" if position.phase == DRAW else ""
        out.append(f"turn: {_flow(pairs)}{owed}")
    if position.bounds is not None:
        out.append(f"bounds: {_flow([('columns', str(position.bounds.columns)), ('rows', str(position.bounds.rows))])}")
    return "\n".join(out) + "\n"
