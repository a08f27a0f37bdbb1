"""Masterpiece's game records: the setup read as a position file, and a position written as one (`replay --to N`)."""

from __future__ import annotations

from collections.abc import Callable

from pastiche_cli.formats.record import RecordReading
from pastiche_cli.formats.yamledit import flow_text, plain_or_quoted
from pastiche_cli.formats.yamlio import comment_line
from pastiche_cli.games.masterpiece import NAME
from pastiche_cli.games.masterpiece.core.position import Position, Thesis

EXAMPLE = "Ana research keep pink-3 discard blue-9"


def reading(filename: str, outside: Callable[[], tuple[tuple[Thesis, ...], str]] | None = None) -> RecordReading:
    """How a Masterpiece record is read: its setup as a position file is, theses and all."""
    from pastiche_cli.games.masterpiece.formats.loader import PositionReader

    return RecordReading(NAME, lambda: PositionReader(filename, outside), {}, None, EXAMPLE)


def thesis_text(t: Thesis, scalar=plain_or_quoted) -> str:
    """A thesis card as a one-line YAML mapping, `scalar` writing its id and requirement."""
    repeats = ", repeats: true" if t.requirement.repeats else ""
    return (
        f"{{id: {scalar(t.id)}, requirement: {scalar(t.requirement.text())}, "
        f"points: {t.points}, copies: {t.copies}{repeats}}}"
    )


def position_text(position: Position, heading: tuple[str, ...] = ()) -> str:
    """The position as a position file that stands alone: the whole thesis table, the players, the pile, the end."""
    out = [comment_line(line) for line in heading]
    out += [f"game: {NAME}", "theses:"]
    out += [f"  - {thesis_text(t)}" for t in position.theses]
    out.append("players:")
    for p in position.players:
        out += [f"  - name: {plain_or_quoted(p.name)}", f"    hand: {flow_text(p.hand)}"]
        published = [f"thesis: {plain_or_quoted(t.thesis)}, cards: {flow_text(t.cards)}" for t in p.published]
        accepted = [
            f"thesis: {plain_or_quoted(t.thesis)}, " + (f"card: {t.card}" if t.card else f"cards: {flow_text(t.cards)}")
            for t in p.accepted
        ]
        for key, entries in (("published", published), ("accepted", accepted)):
            out += [f"    {key}:"] + [f"      - {{{entry}}}" for entry in entries] if entries else [f"    {key}: []"]
    out.append(f"discard: {flow_text(position.discard)}")
    if position.deck_count is not None:
        out.append(f"deck: {position.deck_count}")
    if position.turn is not None:
        out.append(f"turn: {{player: {plain_or_quoted(position.turn.player)}}}")
    house = position.house
    chosen = (["end_threshold_strict: true"] if house.end_threshold_strict else []) + (
        [] if house.flag_in_tiebreak else ["flag_in_tiebreak: false"]
    )
    if chosen:
        out.append("house_rules: {" + ", ".join(chosen) + "}")
    end = position.end
    if end is not None and (end.triggered_by is not None or end.turns_taken or end.over is not None):
        parts = [f"triggered_by: {plain_or_quoted(end.triggered_by)}"] if end.triggered_by else []
        if end.turns_taken:
            parts.append("turns_taken: {" + ", ".join(f"{plain_or_quoted(n)}: {k}" for n, k in end.turns_taken) + "}")
        if end.over is not None:
            parts.append(f"over: {'true' if end.over else 'false'}")
        out.append("end: {" + ", ".join(parts) + "}")
    return "\n".join(out) + "\n"
