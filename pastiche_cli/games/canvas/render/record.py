"""A Canvas record told: each move's lines and JSON, a position in words and as JSON (replay, the record page)."""

from __future__ import annotations

from pastiche_cli.games.canvas.core.cards import PAINTINGS_PER_PLAYER
from pastiche_cli.games.canvas.core.position import Position
from pastiche_cli.games.canvas.core.rule_ids import END
from pastiche_cli.render.told import fields, plural, verdict_lines


def market_line(position: Position) -> str:
    """`1 Nature (1 token), 2 Beauty, ...`: the market slot by slot."""
    market = position.market
    if market is None:
        return "no market in the file"
    slots = [f"{i} {s.card}" + (f" ({plural(s.tokens, 'token')})" if s.tokens else "") for i, s in enumerate(market, 1)]
    return ", ".join(slots) or "empty"


def turn_words(position: Position) -> str:
    if position.turn is not None:
        return position.turn
    if position.players and all(len(p.paintings) >= PAINTINGS_PER_PLAYER for p in position.players):
        return f"none follows: every player has completed {PAINTINGS_PER_PLAYER} paintings [{END}]"
    return "not given"


def position_lines(position: Position) -> list[str]:
    """The table in words: each player's tokens, hand and paintings; the market; whose turn."""
    out = [f"  scoring: {', '.join(position.scoring)}"]
    for p in position.players:
        out.append(f"  {p.name}: {plural(p.inspiration, 'token')}; hand: {', '.join(p.hand) or 'empty'}")
        for i, painting in enumerate(p.paintings, 1):
            out.append(f"    painting {i}: {', '.join(painting)}")
    out.append(f"  market: {market_line(position)}")
    out.append(f"  turn: {turn_words(position)}")
    return out


def step_lines(step) -> list[str]:
    """What a legal move did, after its verdict: its effects and notes, the market after a take, the end."""
    from pastiche_cli.games.canvas.core.moves import Take

    out = verdict_lines(step.verdict)
    me = step.after.player(step.move.player)
    if isinstance(step.move, Take):
        out.append(f"{me.name}: {plural(me.inspiration, 'token')}; hand: {', '.join(me.hand)}")
        out.append(f"market: {market_line(step.after)}")
    return out


def step_json(step) -> dict:
    """What a move's JSON adds for Canvas: a take's cost and tokens, a painting's ribbons, the turn after it."""
    from pastiche_cli.games.canvas.core.moves import Take

    detail = step.verdict.detail
    if isinstance(step.move, Take):
        entry = fields(detail, "slot", "card", "cost") | {"tokens_gained": detail.gained}
        entry |= fields(detail, "inspiration_after") | {"market_after": _market_json(step.after.market or ())}
    else:
        entry = {"cards": list(step.move.cards), "ribbons": {r.card: r.count for r in detail.ribbons}}
        entry["bonus_ribbons"] = detail.bonus_count
    return entry | {"turn_after": step.after.turn}


def _market_json(market) -> list[dict]:
    return [{"card": s.card, "tokens": s.tokens} for s in market]


def position_json(position: Position) -> dict:
    """The position as JSON: the scoring cards, each player's tokens, hand and paintings, the market, the turn."""
    players = [
        {"name": p.name, "inspiration": p.inspiration, "hand": list(p.hand), "paintings": list(map(list, p.paintings))}
        for p in position.players
    ]
    market = None if position.market is None else _market_json(position.market)
    out = {"scoring": list(position.scoring), "players": players, "market": market, "turn": position.turn}
    return out | {"house_rules": position.house.as_json()}
