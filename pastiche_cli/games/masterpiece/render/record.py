"""A Masterpiece record told: each move's lines and JSON, a position in words and as JSON (replay, the record page)."""

from __future__ import annotations

from pastiche_cli.games.masterpiece.core.endgame import end_verdict, thesis_points, turns_after
from pastiche_cli.games.masterpiece.core.position import Position
from pastiche_cli.games.masterpiece.core.record import flag_due
from pastiche_cli.games.masterpiece.core.rule_ids import END_FLAG, END_TURNS
from pastiche_cli.render.told import plural, verdict_lines


def _cards(cards) -> str:
    return ", ".join(str(c) for c in cards) or "none"


def _points(position: Position, thesis_id: str) -> int:
    thesis = position.thesis(thesis_id)
    return thesis.points if thesis is not None else 0


def position_lines(position: Position) -> list[str]:
    """The table in words: each player's points, hand and theses; the discard pile, the deck, the turn, the end."""
    out = []
    for p in position.players:
        pts = thesis_points(position, p)
        out.append(f"  {p.name}: {plural(pts, 'point')}; hand ({len(p.hand)}): {_cards(p.hand)}")
        accepted = [f"{a.thesis} ({_cards(a.cards)}, {_points(position, a.thesis)})" for a in p.accepted]
        out += [f"    accepted: {', '.join(accepted)}"] if accepted else []
        out += [f"    under review: {t.thesis} ({_cards(t.cards)})" for t in p.published]
    out.append(f"  discard pile (top last): {_cards(position.discard)}")
    if position.deck_count is not None:
        out.append(f"  deck: {plural(position.deck_count, 'card')}")
    end = end_verdict(position)
    if position.turn is not None and not end.over:  # a finished game has no turn to play
        out.append(f"  turn: {position.turn.player}")
    if end.triggered_by is not None:
        left = ", ".join(f"{name} {n}" for name, n in end.turns_left) + (" (the game is over)" if end.over else "")
        out.append(f"  the end is triggered by {end.triggered_by}; turns still to come: {left}")
    return out


def step_lines(step) -> list[str]:
    """What a legal move did, after its verdict: its effects and notes, the end it triggers, the flag owed, the turn."""
    out = verdict_lines(step.verdict)
    if step.triggers_end:
        end = end_verdict(step.after)
        who = end.triggered_by
        out.append(
            f"{who} has {dict(end.points).get(who, 0)} accepted points: every other player takes "
            f"{turns_after(False)} more turns and {who} {turns_after(True)} [{END_TURNS}]"
        )
    due = flag_due(step.after)
    if due is not None:
        out.append(f"{due} lays the end flag next, with one card from hand [{END_FLAG}]")
    elif not step.ends_game and step.after.turn is not None and step.before.turn != step.after.turn:
        out.append(f"the turn passes to {step.after.turn.player}")
    return out


def step_json(step) -> dict:
    """What a move's JSON adds for Masterpiece: the points, hands, discard top and deck after it, whose turn."""
    after = step.after
    said = {"points_after": {p.name: thesis_points(after, p) for p in after.players}}
    said["hand_sizes_after"] = {p.name: len(p.hand) for p in after.players}
    said |= {"discard_top": str(after.discard[-1]) if after.discard else None, "deck_after": after.deck_count}
    return said | {"turn_after": after.turn.player if after.turn is not None else None, "flag_due": flag_due(after)}


def _player_json(position: Position, p) -> dict:
    published = [{"thesis": t.thesis, "cards": [str(c) for c in t.cards]} for t in p.published]
    accepted = [
        {"thesis": a.thesis, "cards": [str(c) for c in a.cards], "points": _points(position, a.thesis)}
        for a in p.accepted
    ]
    mine = {"name": p.name, "points": thesis_points(position, p), "hand": [str(c) for c in p.hand]}
    return mine | {"published": published, "accepted": accepted}


def position_json(position: Position) -> dict:
    end = position.end
    said = None if end is None else {"triggered_by": end.triggered_by, "turns_taken": dict(end.turns_taken)}
    table = {"players": [_player_json(position, p) for p in position.players]}
    table |= {"discard": [str(c) for c in position.discard], "deck": position.deck_count}
    table["turn"] = position.turn.player if position.turn is not None else None
    return table | {"end": None if said is None else said | {"over": end_verdict(position).over}}
