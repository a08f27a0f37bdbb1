"""`place`'s answer: a placement's verdict as JSON and in words, corner by corner (SPEC 6.3)."""

from __future__ import annotations

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.board import Board, Placement, label_of
from pastiche_cli.games.pastiche.core.geometry import CORNER_NAMES, cell_text
from pastiche_cli.games.pastiche.core.rule_ids import PLACE, PLACE_BANK, PLACE_CENTRE, PLACE_MIX
from pastiche_cli.render.answer import BLANK, Lines, Plain, Table, Told
from pastiche_cli.render.told import fields, plural


def corner_json(placement: Placement) -> list[dict]:
    """All six corners (SPEC 6.3); on a taken or unconnected cell nothing mixes at any of them."""
    if not placement.corners:
        return [
            {"corner": k, "dabs": "", "card": None, "own": dab, "meets": []}
            for k, dab in enumerate(placement.tile.corners)
        ]
    meets = [[{"at": list(c), "corner": k, "dab": d} for c, k, d in m.others] for m in placement.corners]
    return [fields(m, "corner", "dabs", "card", "own") | {"meets": met} for m, met in zip(placement.corners, meets)]


def placement_json(placement: Placement, board: Board) -> dict:
    p = placement
    said = fields(p, "legal", "rule", "reason", "why") | {"hex": str(p.tile), "at": list(p.cell)}
    said |= {"label": label_of(board, p.cell), "cards": p.cards, "corners": corner_json(p), "centre": list(p.centre)}
    said |= {"short": list(p.short), "centre_short": list(p.centre_short)}
    return said | {"mix_points": colours.cards_value(p.takeable), "touching": [list(c) for c in p.touching]}


def notes(tile, player: str | None, holding: bool | None, mover: str | None) -> list[str]:
    """What the verdict does not decide: the player's (or, no player named, the mover's) hexes list no such hex."""
    out = [f"{player}'s hexes do not list {tile} in any rotation"] if holding is False else []
    return out + ([f"{mover}, whose turn it is, holds no {tile} in any rotation"] if mover else [])


def _meets(board: Board, others) -> str:
    parts = []
    for cell, _corner, dab in others:
        what = "start" if board.is_start(cell) else "hex"
        parts.append(f"{dab} of {what} {cell_text(cell)}")
    return "; ".join(parts) or "nothing"


def options_lines(p: Placement) -> list[str]:
    """The two options a legal placement gives: the mixed cards (less what the bank lacks), or the centre."""
    cards = p.cards
    points = colours.cards_value(p.takeable)
    lines = [
        f"Mix [{PLACE_MIX}]: {', '.join(cards) if cards else 'nothing'}"
        + (f" ({plural(points, 'point')})" if cards else "")
    ]
    if p.short:
        lines.append(f"  the bank has run out of: {', '.join(p.short)} - those cannot be taken [{PLACE_BANK}]")
    lines.append(
        f"Or the centre [{PLACE_CENTRE}]: {' or '.join(p.centre)}"
        + (" (one of the two)" if len(p.centre) > 1 else "")
        + ", instead of all the mixed cards"
    )
    if p.centre_short:
        lines.append(f"  the bank has no {', '.join(p.centre_short)} left [{PLACE_BANK}]")
    return lines


def described(p: Placement, board: Board, noted: list[str]) -> list:
    """The verdict in words with its notes, then each corner's mix in a table and the options."""
    label = label_of(board, p.cell)
    where = cell_text(p.cell) + (f" (cell {label})" if label else "")
    head = Lines([f"{p.tile} at {where}: {'legal' if p.legal else 'not legal'} [{p.rule}]: {p.reason}", *noted])
    if not p.corners:
        return [head]
    rows = [
        [
            m.corner,
            CORNER_NAMES[m.corner],
            m.own,
            _meets(board, m.others),
            m.dabs or "-",
            m.card or ("nothing" if m.dabs else "-"),
        ]
        for m in p.corners
    ]
    corners = Table(["corner", "where", "dab", "meets", "mixes", "card"], rows, f"Corner by corner [{PLACE_MIX}]")
    return [head, BLANK, corners, BLANK, Lines(options_lines(p))]


def told(p: Placement, board: Board, path: str, player, holding, noted, apply: bool, written, refusal=None) -> Told:
    """`place`'s answer; `written`: (the take, its cards, the write's notes), None when nothing was written;
    `refusal`: the record's verdict refusing --apply (whose turn, the take), said on stderr."""
    answer = placement_json(p, board) | {"player": player, "in_hand": holding, "notes": noted}
    if refusal is not None:
        prefix = "not applied: " if refusal.rule == PLACE else ""
        answer |= fields(refusal, "legal", "rule", "reason") | {"applied": None}
        return Told(answer, (), f"pastiche: {prefix}{refusal.reason} [{refusal.rule}]")
    text = described(p, board, [f"note: {note}" for note in noted])
    if written is not None:
        take, cards, notes = written
        answer["applied"] = {"take": take, "cards": list(cards), "by": player}
        text += [BLANK, Plain([f"Recorded in {path}: " + "; ".join(notes)])]
    refused = f"pastiche: not applied: the placement is not legal; {path} is unchanged" if apply and not p.legal else ""
    return Told(answer, text, refused)


def move_json(move, labels: dict) -> dict:
    p, best = move.placement, move.best
    said = {"hex": str(p.tile), "at": list(p.cell), "label": labels.get(p.cell), "cards": p.cards}
    said |= {"centre": list(p.centre), "short": list(p.short), "mix_points": colours.cards_value(p.takeable)}
    took = {"take": best.take, "cards": list(best.cards), "points": best.points, "needed": list(best.needed)}
    opens = [
        {"at": list(o.cell), "label": labels.get(o.cell), "corner": o.corner, "dab": o.dab}
        | {"makes": colours.DAB_NAMES[o.dab]}
        for o in move.opens
    ]
    return said | {"best": took | {"worth": best.worth}, "opens": opens}


def _opens_text(move, labels: dict) -> str:
    return ", ".join(f"{o.dab}{o.dab} at {labels.get(o.cell) or cell_text(o.cell)}" for o in move.opens) or "-"


def _move_row(i: int, m, labels: dict, wide: bool) -> list:
    p = m.placement
    takes = ", ".join(m.best.cards) if m.best.take == "mix" else f"{', '.join(m.best.cards)} (centre)"
    cell = f"{labels.get(p.cell, '')} ({cell_text(p.cell)})"
    row = [i, str(p.tile), cell, takes, m.best.worth, _opens_text(m, labels)]
    if wide:
        mix = ", ".join(p.cards) or "nothing"
        if p.short:
            mix += f" (bank short: {', '.join(p.short)})"
        best = "mix" if m.best.take == "mix" else m.best.take.split(":", 1)[1]
        row[3:3] = [mix, "/".join(p.centre), best]
        row[7:7] = [m.best.points, ", ".join(m.best.needed) or "-"]
    return row


def moves_table(shown, total: int, labels: dict, after: str | None, wide: bool, heading: str, width) -> Table:
    """The placements shown, best first: the hex as laid, its cell, what it takes, its worth, what it opens."""
    headers = ["#", "hex as laid", "cell", "takes", "worth", f"opens for {after or 'next'}"]
    align = ["right", "left", "left", "left", "right", "left"]
    wrap: tuple[int, ...] = (3, 5)
    if wide:
        headers[3:3] = [f"mix [{PLACE_MIX}]", "centre", "best"]
        headers[7:7] = ["points", "needed"]
        align[3:3] = ["left", "left", "left"]
        align[7:7] = ["right", "left"]
        wrap = (3, 6, 8, 10)
    rows = [_move_row(i, m, labels, wide) for i, m in enumerate(shown, 1)]
    return Table(headers, rows, heading, align, wrap, width)


def moves_told(who, moves: list, shown: list, labels: dict, after, needed, *, wide: bool, width, capped: bool) -> Told:
    """`moves`: every legal placement of `who`'s hexes (`shown`: the best few), as a listing and a table."""
    from pastiche_cli.games.pastiche.core.rule_ids import PLACE_ADJACENT
    from pastiche_cli.render.answer import Listing

    total = len(moves)
    head = {"player": who.name, "hexes": list(who.hexes), "count": total, "next_player": after}
    head["still_needed"] = colours.as_list(needed)
    lines = [
        f"{who.name}'s hexes: {', '.join(who.hexes) or 'none'}; {plural(total, 'legal placement')} [{PLACE_ADJACENT}]",
        f"Commissions in hand still need: {colours.describe(needed)}",
        "Worth: the points of the cards taken, counting twice those a commission in hand still needs",
    ]
    more = " (--all for every one)" if capped else ""
    heading = f"Best {len(shown)} of {total} placements{more}" if len(shown) < total else f"All {total} placements"
    text = [Lines(lines, width)] + ([moves_table(shown, total, labels, after, wide, heading, width)] if shown else [])
    return Told(Listing(head, "placements", [move_json(m, labels) for m in shown]), text)
