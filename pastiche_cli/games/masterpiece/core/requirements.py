"""What a thesis card asks for, and whether a set of cards meets it, with the assignment that shows how.

The grammar (one line, case and spacing free), each requirement exactly that many cards: `run N` (consecutive
values; `run N same-suit` all of one suit), `pairs N` (of distinct values unless the thesis says `repeats: true`),
`kind N` (one value; `kind N of V` the value V), `kinds A+B` (A of one value, B of another), `flag` (one card).
"""

import re
from collections import Counter
from functools import cache
from typing import NamedTuple

from pastiche_cli.games.masterpiece.core.deck import Card, deck, sorted_cards
from pastiche_cli.games.masterpiece.core.rule_ids import KIND_RULE, THESIS_SAME_SUIT
from pastiche_cli.kernel.words import listed, plural

KINDS = ("run", "pairs", "kind", "kinds", "flag")
GRAMMAR = "run N, run N same-suit, pairs N, kind N, kind N of V, kinds A+B or flag"


class Requirement(NamedTuple):
    kind: str  # one of KINDS
    count: int = 1  # type: ignore[assignment]  # N (for kinds: A); shadows tuple.count
    second: int = 0  # B of kinds A+B
    same_suit: bool = False  # run N same-suit
    value: int | None = None  # kind N of V
    repeats: bool = False  # pairs N: may two pairs share a value (the thesis's `repeats: true`)

    @property
    def size(self) -> int:
        """How many cards meet it: exactly this many."""
        return {"pairs": 2 * self.count, "kinds": self.count + self.second, "flag": 1}.get(self.kind, self.count)

    @property
    def rule(self) -> str:
        return THESIS_SAME_SUIT if self.same_suit else KIND_RULE[self.kind]

    def text(self) -> str:
        """The requirement as the grammar writes it (without `repeats`, which is the thesis's own key)."""
        if self.kind == "run":
            return f"run {self.count}" + (" same-suit" if self.same_suit else "")
        if self.kind == "kind":
            return f"kind {self.count}" + (f" of {self.value}" if self.value is not None else "")
        if self.kind == "kinds":
            return f"kinds {self.count}+{self.second}"
        if self.kind == "pairs":
            return f"pairs {self.count}"
        return "flag"

    def describe(self) -> str:
        """In words, for people."""
        n = self.count
        if self.kind == "run":
            return f"{n} cards of consecutive values" + (", all of one suit" if self.same_suit else ", suits may mix")
        if self.kind == "pairs":
            return f"{n} pair{'s' if n != 1 else ''} of equal values" + (
                ", values may repeat" if self.repeats else (", each of a different value" if n > 1 else "")
            )
        if self.kind == "kind":
            return f"{n} cards of one value" + (f" ({self.value})" if self.value is not None else "")
        if self.kind == "kinds":
            return f"{n} cards of one value and {self.second} of another"
        return "one card: the end flag"


class RequirementError(ValueError):
    """Text that the requirement grammar does not read; the message says what would."""


_NUMBER = "[0-9]{1,4}"


@cache
def _forms() -> tuple:
    """The grammar's patterns, compiled on first use (not at import: every command starts faster)."""
    forms = {
        "run": r"run\s+(?P<count>N)(?:\s+(?P<same_suit>same[\s_-]?suit))?",
        "pairs": r"pairs?\s+(?P<count>N)",
        "kind": r"kind\s+(?P<count>N)(?:\s+of\s+(?P<value>N))?",
        "kinds": r"kinds\s+(?P<count>N)\s*\+\s*(?P<second>N)",
        "flag": r"(?:end[\s_-]?)?flag",
    }
    return tuple((re.compile(pattern.replace("N", _NUMBER)), kind) for kind, pattern in forms.items())


def parse_requirement(text: str, repeats: bool = False) -> Requirement:
    """The requirement a thesis card's text names; RequirementError when the grammar does not read it."""
    words = " ".join(str(text).casefold().split())
    for pattern, kind in _forms():
        found = pattern.fullmatch(words)
        if found:
            given = found.groupdict()
            numbers = {key: int(number) for key, number in given.items() if number and key != "same_suit"}
            return Requirement(
                kind, **numbers, same_suit=bool(given.get("same_suit")), repeats=repeats and kind == "pairs"
            )
    first = words.split(" ")[0] if words else ""
    from pastiche_cli.kernel.suggest import hint, suggest

    near = hint(suggest(first, KINDS), "") if first and first not in KINDS else ""
    raise RequirementError(f"'{text}' is not a requirement{near} (write {GRAMMAR})")


def feasible(req: Requirement) -> str | None:
    """None if this deck can meet the requirement at all, else why it cannot."""
    d = deck()
    values = d.values
    copies = {v: d.copies(v) for v in values}
    n = req.count
    if req.kind == "run":
        if n < 2:
            return f"a run has at least 2 cards, not {n}"
        longest = d.suits[0].high - d.suits[0].low + 1 if req.same_suit else len(values)
        if n > longest:
            if req.same_suit:
                return f"a run of {n} of one suit is impossible: a suit has {longest} cards"
            return f"a run of {n} is impossible: the deck's values run from {values[0]} to {values[-1]}"
    elif req.kind == "pairs":
        if n < 1:
            return "pairs needs at least 1 pair"
        most, doubles = sum(c // 2 for c in copies.values()), sum(1 for c in copies.values() if c >= 2)
        if req.repeats and n > most:
            return f"{n} pairs are impossible: the whole deck makes at most {most}"
        if not req.repeats and n > doubles:
            why = f"{n} pairs of different values are impossible: only {doubles} values have two cards"
            return f"{why} (with `repeats: true` a value may make more than one pair)"
    elif req.kind == "kind":
        if n < 2:
            return f"a kind has at least 2 cards, not {n}"
        if req.value is not None:
            if req.value not in copies:
                return f"there is no value {req.value}: values run from {values[0]} to {values[-1]}"
            if n > copies[req.value]:
                held = plural(copies[req.value], "card")
                return f"{n} of a kind of {req.value} is impossible: the deck holds {held} of {req.value}"
        elif n > max(copies.values()):
            return f"{n} of a kind is impossible: no value has more than {max(copies.values())} cards"
    elif req.kind == "kinds":
        a, b = req.count, req.second
        if a < 1 or b < 1:
            return "each part of kinds A+B has at least 1 card"
        if not any(copies[x] >= a and copies[y] >= b for x in values for y in values if x != y):
            return f"{a} of one value and {b} of another are impossible: no two values have that many cards"
    return None


# --- meeting a requirement ----------------------------------------------------------------------


class Part(NamedTuple):
    label: str  # "run 3 to 7", "pair of 5", "3 of 6"
    cards: tuple[Card, ...]


class Match(NamedTuple):
    ok: bool
    rule: str
    reason: str
    parts: tuple[Part, ...] = ()


def _no(req: Requirement, reason: str) -> Match:
    return Match(False, req.rule, reason)


def match(req: Requirement, cards) -> Match:
    """Whether these cards (hand and cited together) meet the requirement exactly, and which fill what."""
    cards = sorted_cards(cards)
    twice = [c for c, k in Counter(cards).items() if k > 1]
    if twice:
        return _no(req, f"{listed(twice)} is given more than once (each card is unique)")
    if len(cards) != req.size:
        return _no(req, f"{req.text()} takes exactly {req.size} card{'s' if req.size != 1 else ''}, not {len(cards)}")
    by_value: dict[int, list[Card]] = {}
    for c in cards:
        by_value.setdefault(c.value, []).append(c)
    if req.kind == "flag":
        return Match(True, req.rule, "one card under the end flag", (Part("the flag's card", cards),))
    return {"run": _run, "pairs": _pairs, "kind": _kind, "kinds": _kinds}[req.kind](req, cards, by_value)


def _run(req: Requirement, cards: tuple[Card, ...], by_value: dict[int, list[Card]]) -> Match:
    """[masterpiece.thesis.run] One card of each of consecutive values ([masterpiece.thesis.same-suit] of one suit)."""
    repeated = [v for v, cs in by_value.items() if len(cs) > 1]
    if repeated:
        v = repeated[0]
        return _no(req, f"{listed(by_value[v])} share the value {v}: a run has one card of each value")
    low, high = cards[0].value, cards[-1].value
    if high - low != len(cards) - 1:
        missing = [v for v in range(low, high + 1) if v not in by_value]
        return _no(req, f"the values {low} to {high} are not consecutive: no {', '.join(map(str, missing))}")
    odd = [c for c in cards if c.suit != cards[0].suit] if req.same_suit else []
    if odd:
        why = f"a same-suit run is all one suit: {listed(odd)} {'is' if len(odd) == 1 else 'are'} not {cards[0].suit}"
        return Match(False, THESIS_SAME_SUIT, why)
    label = f"run {low} to {high}" + (f", all {cards[0].suit}" if req.same_suit else "")
    return Match(True, req.rule, f"{label}: one card of each value", (Part(label, cards),))


def _pairs(req: Requirement, cards: tuple[Card, ...], by_value: dict[int, list[Card]]) -> Match:
    """[masterpiece.thesis.pairs] Pairs of one value each, of different values unless the thesis says `repeats`."""
    parts: list[Part] = []
    for v, cs in sorted(by_value.items()):
        if len(cs) % 2:
            return _no(req, f"{plural(len(cs), 'card')} of value {v} ({listed(cs)}) cannot all be paired")
        if len(cs) > 2 and not req.repeats:
            why = f"{len(cs)} cards of value {v} would make {len(cs) // 2} pairs of one value"
            return _no(req, f"{why}; this thesis needs pairs of different values (unless it says `repeats: true`)")
        parts += [Part(f"pair of {v}", tuple(cs[i : i + 2])) for i in range(0, len(cs), 2)]
    return Match(True, req.rule, f"{len(parts)} pairs", tuple(parts))


def _kind(req: Requirement, cards: tuple[Card, ...], by_value: dict[int, list[Card]]) -> Match:
    """[masterpiece.thesis.kind] Cards of one value (the value named, when the thesis names one)."""
    if len(by_value) != 1:
        values = ", ".join(map(str, sorted(by_value)))
        return _no(req, f"{req.text()} is one value; these cards have {len(by_value)}: {values}")
    v = cards[0].value
    if req.value is not None and v != req.value:
        return _no(req, f"{req.text()} asks for {req.value}s, not {v}s")
    return Match(True, req.rule, f"{len(cards)} of {v}", (Part(f"{len(cards)} of {v}", cards),))


def _kinds(req: Requirement, cards: tuple[Card, ...], by_value: dict[int, list[Card]]) -> Match:
    """[masterpiece.thesis.kinds] A cards of one value and B of another."""
    a, b = req.count, req.second
    if len(by_value) != 2:
        values = ", ".join(map(str, sorted(by_value)))
        return _no(req, f"{req.text()} is two values; these cards have {len(by_value)}: {values}")
    (v1, c1), (v2, c2) = sorted(by_value.items(), key=lambda item: (-len(item[1]), item[0]))
    if sorted((len(c1), len(c2))) != sorted((a, b)):
        why = f"{req.text()} needs {a} of one value and {b} of another, not {len(c1)} of {v1} and {len(c2)} of {v2}"
        return _no(req, why)
    first, second = ((v1, c1), (v2, c2)) if len(c1) == max(a, b) else ((v2, c2), (v1, c1))
    two = (
        Part(f"{len(first[1])} of {first[0]}", tuple(first[1])),
        Part(f"{len(second[1])} of {second[0]}", tuple(second[1])),
    )
    return Match(True, req.rule, f"{two[0].label} and {two[1].label}", two)
