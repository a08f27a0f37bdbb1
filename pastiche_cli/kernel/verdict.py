"""A verdict on one move, as a value: whether the rules allow it, the rule that decided, and why."""

from typing import Any, NamedTuple


def fields(value, *names: str) -> dict:
    """The named attributes of a value, by name in that order: the plain part of its JSON."""
    return {name: getattr(value, name) for name in names}


class Verdict(NamedTuple):
    legal: bool
    rule: str  # the rule id that decided it (every id is in the game's rules.json)
    reason: str  # one plain sentence
    effects: tuple[str, ...] = ()  # what the move does, in words, when it is legal
    notes: tuple[str, ...] = ()  # what could not be checked, or was assumed
    turn_checked: bool = True  # False when the position does not say whose turn it is
    detail: Any = None  # the deciding judge's own verdict: its derivation, for rendering

    def as_json(self) -> dict:
        return {
            "legal": self.legal,
            "rule": self.rule,
            "reason": self.reason,
            "effects": list(self.effects),
            "notes": list(self.notes),
            "turn_checked": self.turn_checked,
        }
