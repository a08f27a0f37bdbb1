"""The answer of Canvas's move command `take`: the verdict, its cost and gain, as JSON and in words."""

from __future__ import annotations

from pastiche_cli.render.answer import Plain, Told
from pastiche_cli.render.told import fields, plural


def take_json(verdict, player: str, slot: int, applied: bool, notes: list[str]) -> dict:
    take = verdict.detail
    market = [{"card": m.card, "tokens": m.tokens} for m in take.market_after] if take else None
    taken = (take.card, take.cost, take.gained, take.inspiration_after) if take else (None,) * 4
    said = {"market_after": market, "effects": list(verdict.effects), "applied": applied, "notes": notes}
    out = fields(verdict, "legal", "rule", "reason") | {"player": player, "slot": slot}
    return out | dict(zip(TAKEN, taken)) | said


TAKEN = ("card", "cost", "tokens_gained", "inspiration_after")


def take_told(verdict, player, slot: int, path: str, apply: bool, notes: list[str] | None) -> Told:
    """`take`'s answer (its verdict's detail a turns.Take); `notes`: the write's, None when nothing was written."""
    take = verdict.detail
    what = f"{player.name} takes slot {slot}" + (f" ({take.card})" if take else "")
    lines = [f"{what}: {'legal' if verdict.legal else 'NOT legal'} [{verdict.rule}]: {verdict.reason}"]
    if take:
        paid = f"cost {plural(take.cost, 'token')}, gains {plural(take.gained, 'token')}"
        lines.append(f"  {paid}: {player.inspiration} -> {take.inspiration_after} inspiration")
        lines += [f"  - {effect}" for effect in verdict.effects]
    lines += [f"Note: {note}." for note in notes or ()]
    if notes is not None:
        lines.append(f"Recorded in {path}.")
    elif apply:
        lines.append("Nothing was recorded: the take is not legal.")
    return Told(take_json(verdict, player.name, slot, notes is not None, notes or []), [Plain(lines)])
