"""Pastiche's game records (SPEC 8): its setup, catalogue and drawn cards, and a position written back."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from functools import partial

from pastiche_cli.formats.gamekey import is_record_text
from pastiche_cli.formats.record import Loaded, RecordFile, RecordReading, load_record
from pastiche_cli.formats.record import read_record as read_any_record
from pastiche_cli.formats.yamledit import flow_text, plain_or_quoted
from pastiche_cli.formats.yamlio import comment_line, read_text
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.position import Commission, Position
from pastiche_cli.games.pastiche.formats.loader import PositionReader, outside_catalogue, parse_position
from pastiche_cli.kernel.problems import NOWHERE, WARNING, Places, PositionError, Problem, player_key


def reading(filename: str, outside_catalogue: Callable[[], dict[str, Commission]] | None = None) -> RecordReading:
    """How a Pastiche record is read: its setup by the position reader, `catalogue:` beside it."""

    def read_catalogue(reader, node) -> None:
        reader.catalogue = reader.read_catalogue(node)

    def finish(setup: Position, reader, texts: list[str]) -> Position:
        drawn = drawn_from_outside(texts, reader.catalogue, lambda: reader.outside)
        return setup._replace(catalogue={**drawn, **setup.catalogue}) if drawn else setup

    return RecordReading(
        "pastiche",
        lambda: PositionReader(filename, outside_catalogue),
        {"catalogue": read_catalogue},
        finish,
        "Ana place RYBBYR/R at 1,-1",
    )


def read_record(
    filename: str, text: str, outside_catalogue: Callable[[], dict[str, Commission]] | None = None
) -> tuple[RecordFile | None, list[Problem]]:
    """The record's setup and its moves, each located, with every format problem of the file."""
    _, record, problems = read_any_record(filename, text, reading(filename, outside_catalogue))
    return record, problems


_DRAW_COMMISSION = re.compile(r"\bdraw\s+commission\s+(.+?)\s*\Z")


def drawn_from_outside(
    texts: list[str], own: dict[str, Commission], outside: Callable[[], dict[str, Commission]]
) -> dict[str, Commission]:
    """The cards `draw commission` moves name that only the outside catalogue holds, for the replay's deck."""
    from pastiche_cli.games.pastiche.core.commissions import fold

    refs = [m.group(1).strip('"') for m in (_DRAW_COMMISSION.search(text) for text in texts) if m]
    wanted = [
        r for r in refs if r not in own and not any(fold(r) in (fold(cid), fold(c.title)) for cid, c in own.items())
    ]
    found: dict[str, Commission] = {}
    for ref in wanted:
        for cid, card in outside().items():
            if ref == cid or fold(ref) in (fold(cid), fold(card.title)):
                found[cid] = card
                break
    return found


def load_text(filename: str, text: str, outside_catalogue: Callable[[], dict[str, Commission]] | None = None) -> Loaded:
    """Read and replay a record: the setup is checked as a position is, then every move in order."""
    from pastiche_cli.games.pastiche.core.record import RULES
    from pastiche_cli.games.pastiche.core.validate import consistency_problems

    return load_record(filename, text, reading(filename, outside_catalogue), RULES, consistency_problems)


def load_position(path: str | os.PathLike, catalogue_path: str | None = None) -> tuple[Position, list[Problem]]:
    """A position file's position, or a record's at its end, with its warnings; else PositionError."""
    name, text = str(path), read_text(path)
    outside = partial(outside_catalogue, catalogue_path)
    if is_record_text(text):
        loaded = load_text(name, text, outside)
        position, problems = loaded.position, loaded.problems
    else:
        position, problems, _ = parse_position(name, text, outside)  # format problems and warnings only
    if position is None or any(p.kind != WARNING for p in problems):
        raise PositionError(name, problems)
    return position, problems


def card_text(card: Commission, scalar: Callable[[str], str] = plain_or_quoted) -> str:
    """The card as a one-line YAML mapping, `scalar` writing its title and artist."""
    parts = [f"title: {scalar(card.title)}", f"artist: {scalar(card.artist)}", f"points: {card.points}"]
    if card.has_palette:
        parts.append(f"palette: {flow_text(card.palette)}")
    if card.artist_bonus is not None:
        parts.append(f"artist_bonus: {card.artist_bonus}")
    return "{" + ", ".join(parts) + "}"


def _commission(position: Position, card: Commission) -> str:
    """A catalogue id when the position's catalogue has this very card under it, else the card inline."""
    if card.id is not None and card.id in position.catalogue:
        known = position.catalogue[card.id]
        if known.card_key == card.card_key and known.points == card.points:
            return plain_or_quoted(card.id)
    return card_text(card)


def _block(indent: str, key: str, items: list[str]) -> list[str]:
    """`key:` and its items one a line, or `key: []`."""
    return [f"{indent}{key}:"] + [f"{indent}  - {item}" for item in items] if items else [f"{indent}{key}: []"]


def _by(name: str | None) -> str:
    return f", by: {plain_or_quoted(name)}" if name else ""


def position_text(position: Position, heading: tuple[str, ...] = (), places: Places = NOWHERE) -> str:
    """The position as a plain position file (SPEC 3), the empty lists its file gave (`places`) too."""
    out = [comment_line(line) for line in heading]
    out.append("game: pastiche")
    out.append("players:                      # in turn order; the first is the start player")
    for p in position.players:
        out.append(f"  - name: {plain_or_quoted(p.name)}")
        if player_key(p.index, "palette") in places or p.palette:
            out.append(f"    palette: {flow_text(colours.as_list(p.palette))}")
        for key, cards in (("commissions", p.commissions), ("completed", p.completed)):
            if player_key(p.index, key) in places or cards:
                out += _block("    ", key, [_commission(position, c) for c in cards])
        if p.hexes_listed or p.hexes:
            out.append(f"    hexes: {flow_text(p.hexes)}")
    if "gallery" in places or position.gallery:
        out += _block("", "gallery", [_commission(position, c) for c in position.gallery])
    if position.start is not None or position.placed:
        out.append("board:")
        if position.start is not None:
            out.append(f"  start: {flow_text(position.start)}")
        placed = [f"{{at: [{h.at[0]}, {h.at[1]}], hex: {h.hex}{_by(h.by)}}}" for h in position.placed]
        out += _block("  ", "placed", placed)
    if position.turn is not None:
        t = position.turn
        parts = [f"player: {plain_or_quoted(t.player)}"] + ([f"phase: {t.phase}"] if t.phase else [])
        if t.swapped:
            parts.append("swapped: true")
        out.append("turn: {" + ", ".join(parts) + "}")
    rules = position.house_rules
    chosen = [f"strict_adjacency: {'true' if rules.strict_adjacency else 'false'}"] if rules.strict_adjacency else []
    if rules.open_hands:
        chosen.append("open_hands: true")
    if rules.end_threshold is not None:
        chosen.append(f"end_threshold: {rules.end_threshold}")
    if chosen:
        out.append("house_rules: {" + ", ".join(chosen) + "}")
    if position.catalogue:
        out.append("catalogue:")
        for cid, card in position.catalogue.items():
            out.append(f"  {plain_or_quoted(cid)}: {card_text(card)}")
    return "\n".join(out) + "\n"
