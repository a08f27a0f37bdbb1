"""A Canvas record told: each move's lines and JSON, a position in words and as JSON (replay, the record page)."""

from __future__ import annotations

from pastiche_cli.games.canvas.core.cards import PAINTINGS_PER_PLAYER
from pastiche_cli.games.canvas.core.position import Position
from pastiche_cli.games.canvas.core.rule_ids import END
from pastiche_cli.render.told import plural, verdict_lines


def market_line(position: Position) -> str:
    """`1 Nature (1 token), 2 Beauty, ...`: the market slot by slot."""
    if position.market is None:
        return "no market in the file"
    return (
        ", ".join(
            f"{i} {s.card}" + (f" ({plural(s.tokens, 'token')})" if s.tokens else "")
            for i, s in enumerate(position.market, 1)
        )
        or "empty"
    )


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
    entry: dict = {}
    if isinstance(step.move, Take):
        entry.update(
            {
                "slot": detail.slot,
                "card": detail.card,
                "cost": detail.cost,
                "tokens_gained": detail.gained,
                "inspiration_after": detail.inspiration_after,
            }
        )
        entry["market_after"] = [{"card": s.card, "tokens": s.tokens} for s in step.after.market or ()]
    else:
        entry.update(
            {
                "cards": list(step.move.cards),
                "ribbons": {r.card: r.count for r in detail.ribbons},
                "bonus_ribbons": detail.bonus_count,
            }
        )
    entry["turn_after"] = step.after.turn
    return entry


def position_json(position: Position) -> dict:
    """The position as JSON: the scoring cards, each player's tokens, hand and paintings, the market, the turn."""
    return {
        "scoring": list(position.scoring),
        "players": [
            {
                "name": p.name,
                "inspiration": p.inspiration,
                "hand": list(p.hand),
                "paintings": [list(painting) for painting in p.paintings],
            }
            for p in position.players
        ],
        "market": None if position.market is None else [{"card": s.card, "tokens": s.tokens} for s in position.market],
        "turn": position.turn,
        "house_rules": position.house.as_json(),
    }
