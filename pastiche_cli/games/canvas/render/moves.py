"""The answer of Canvas's move command `take`: the verdict, its cost and gain, as JSON and in words."""

from __future__ import annotations

from pastiche_cli.render.answer import Plain, Told
from pastiche_cli.render.told import fields, plural


def take_json(verdict, player: str, slot: int, applied: bool, notes: list[str]) -> dict:
    take = verdict.detail
    return fields(verdict, "legal", "rule", "reason") | {
        "player": player,
        "slot": slot,
        "card": take.card if take else None,
        "cost": take.cost if take else None,
        "tokens_gained": take.gained if take else None,
        "inspiration_after": take.inspiration_after if take else None,
        "market_after": [{"card": m.card, "tokens": m.tokens} for m in take.market_after] if take else None,
        "effects": list(verdict.effects),
        "applied": applied,
        "notes": notes,
    }


def take_told(verdict, player, slot: int, path: str, apply: bool, notes: list[str] | None) -> Told:
    """`take`'s answer (core.moves.judge's verdict, its detail a turns.Take); `notes`: the write's, None
    when nothing was written."""
    take = verdict.detail
    what = f"{player.name} takes slot {slot}" + (f" ({take.card})" if take else "")
    lines = [f"{what}: {'legal' if verdict.legal else 'NOT legal'} [{verdict.rule}]: {verdict.reason}"]
    if take:
        lines.append(
            f"  cost {plural(take.cost, 'token')}, gains {plural(take.gained, 'token')}: "
            f"{player.inspiration} -> {take.inspiration_after} inspiration"
        )
        lines += [f"  - {effect}" for effect in verdict.effects]
    lines += [f"Note: {note}." for note in notes or ()]
    if notes is not None:
        lines.append(f"Recorded in {path}.")
    elif apply:
        lines.append("Nothing was recorded: the take is not legal.")
    return Told(take_json(verdict, player.name, slot, notes is not None, notes or []), [Plain(lines)])
