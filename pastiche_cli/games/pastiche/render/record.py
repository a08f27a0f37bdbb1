"""A Pastiche record told: each move's lines and JSON, a position in words and as JSON (replay, the record page)."""

from __future__ import annotations

from pastiche_cli.games.pastiche.core.position import Commission, Position
from pastiche_cli.render.told import verdict_lines


def bank_line(before: Position, after: Position) -> str | None:
    """The bank's stacks a move changed: `orange 10 (-1), violet 11 (-1)`."""
    old, new = before.bank(), after.bank()
    from pastiche_cli.games.pastiche.core import colours

    changed = [(card, new[card], new[card] - old[card]) for card in colours.card_names() if new[card] != old[card]]
    if not changed:
        return None
    return ", ".join(f"{card} {count} ({delta:+d})" for card, count, delta in changed)


def corner_lines(verdict) -> list[str]:
    """A place's corners, one phrase each: `corner 2: R+Y = orange`."""
    from pastiche_cli.games.pastiche.core.mixing import PlaceJudgement

    detail = verdict.detail
    if not isinstance(detail, PlaceJudgement):
        return []
    out = []
    for corner in detail.placement.corners:
        if corner.dabs:
            out.append(f"corner {corner.corner}: {'+'.join(corner.dabs)} = {corner.card or 'nothing'}")
    centre = " or ".join(detail.placement.centre)
    return ["; ".join(out) or "no corner meets another hex"] + ([f"centre option: {centre}"] if centre else [])


def step_lines(step) -> list[str]:
    """What a legal move did: a place's corners, its effects and notes, the bank, the end trigger."""
    from pastiche_cli.games.pastiche.core.endgame import end_verdict
    from pastiche_cli.games.pastiche.core.rule_ids import END_ROUND

    out = corner_lines(step.verdict) + verdict_lines(step.verdict)
    bank = bank_line(step.before, step.after)
    if bank:
        out.append(f"bank: {bank}")
    if step.triggers_end:
        e = end_verdict(step.after)
        out.append(
            f"the end is triggered: {', '.join(e.triggered_by)} reached {e.threshold} completed "
            f"points; play goes on to the end of the round [{END_ROUND}]"
        )
    return out


def step_json(step) -> dict:
    """What a move's JSON adds for Pastiche: the cards and corners of a place, the bank and turn after it."""
    from pastiche_cli.games.pastiche.core.mixing import PlaceJudgement

    v = step.verdict
    entry: dict = {}
    if isinstance(v.detail, PlaceJudgement):
        entry["cards"] = list(v.detail.cards)
        entry["corners"] = [{"corner": c.corner, "dabs": c.dabs, "card": c.card} for c in v.detail.placement.corners]
    entry["bank_after"] = dict(step.after.bank())
    entry["turn_after"] = turn_json(step.after)
    return entry


def turn_json(position: Position) -> dict | None:
    t = position.turn
    return None if t is None else {"player": t.player, "phase": t.phase, "swapped": t.swapped}


def _card_json(card: Commission) -> dict:
    return {"title": card.title, "artist": card.artist, "points": card.points, "palette": list(card.palette)}


def position_json(position: Position) -> dict:
    """The position as JSON: hands, commissions, hexes, gallery, board, turn and bank."""
    from pastiche_cli.games.pastiche.core import colours

    players = [
        {"name": p.name, "palette": colours.as_list(p.palette), "commissions": [_card_json(c) for c in p.commissions]}
        | {"completed": [_card_json(c) for c in p.completed], "hexes": list(p.hexes)}
        for p in position.players
    ]
    placed = [{"at": list(h.at), "hex": h.hex, "by": h.by} for h in position.placed]
    board = {"start": list(position.start) if position.start else None, "placed": placed}
    pending = None if position.pending_draw is None else dict(zip(("player", "to"), position.pending_draw))
    said = {"players": players, "gallery": [_card_json(c) for c in position.gallery], "board": board}
    return said | {"turn": turn_json(position), "pending_draw": pending, "bank": dict(position.bank())}


def position_lines(position: Position) -> list[str]:
    from pastiche_cli.games.pastiche.core import colours

    out = []
    for p in position.players:
        hand = colours.describe(p.palette) if p.palette else "no cards"
        out.append(f"  {p.name}: {hand} ({p.hand_size} cards)")
        out.append(f"    commissions: {'; '.join(c.label() for c in p.commissions) or 'none'}")
        if p.completed:
            out.append(f"    completed: {'; '.join(c.label() for c in p.completed)} = {p.completed_points} points")
        if p.hexes:
            out.append(f"    hexes: {', '.join(p.hexes)}")
    out.append(f"  gallery: {'; '.join(c.label() for c in position.gallery) or 'empty'}")
    if position.start is not None:
        out.append(f"  board: {len(position.placed)} hexes laid beside the starting piece")
    t = position.turn
    if t is not None:
        out.append(f"  turn: {t.player}, {t.phase or 'phase unknown'} phase" + (", swap used" if t.swapped else ""))
    if position.pending_draw is not None:
        who, where = position.pending_draw
        out.append(f"  {who} is to draw a commission to the {where}")
    bank = position.bank()
    out.append("  bank: " + ", ".join(f"{card} {n}" for card, n in bank.items()))
    return out
