"""Ranking players by tiebreak steps, for every game: who is first, and which step decided it.

Keys are numbers in tiebreak order, higher better (less wins: `-theses`); equal keys share a place (1, 1, 3)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypeVar

T = TypeVar("T")
SHARED = "shared"


# Not Generic[T]: Python 3.10 cannot make a NamedTuple generic (3.11 can), and 3.10 is declared.
class Placed(NamedTuple):
    item: Any  # one of the items given to `rank`
    rank: int
    decided_by: str | None  # the step that put it above the next one; None for the last


class Ranking(NamedTuple):
    placed: tuple  # Placed items, best first; ties in the order given (turn order)
    winners: tuple  # the items ranked 1, in the order given
    decided_by: str  # the step that decided first place: a step name, or "shared"


class Standing(NamedTuple):
    """Whether scores given now are final; when not, the rule that says so and why (SPEC 8)."""

    provisional: bool
    rule: str | None = None
    reason: str | None = None


def separating_step(upper: Sequence, lower: Sequence, steps: Sequence[str]) -> str:
    """The first step at which `upper` differs from `lower`, or `shared`."""
    for step, a, b in zip(steps, upper, lower):
        if a != b:
            return step
    return SHARED


def rank(items: Sequence[T], keys: Sequence[Sequence], steps: Sequence[str]) -> Ranking:
    """Rank `items` (in turn order) by `keys` (one tuple per item, higher better, step by step)."""
    if len(items) != len(keys):
        raise ValueError("one key per item")
    order = sorted(range(len(items)), key=lambda i: (tuple(-k for k in keys[i]), i))
    placed: list[Placed] = []
    first: set[int] = set()
    for n, i in enumerate(order):
        rank_ = n + 1
        if n and tuple(keys[order[n - 1]]) == tuple(keys[i]):
            rank_ = placed[n - 1].rank
        step = separating_step(keys[i], keys[order[n + 1]], steps) if n + 1 < len(order) else None
        placed.append(Placed(items[i], rank_, step))
        if rank_ == 1:
            first.add(i)
    winners = tuple(items[i] for i in sorted(first))
    decided = placed[0].decided_by if len(placed) > 1 else steps[0]
    return Ranking(tuple(placed), winners, decided or steps[0])


def ordinal(rank: int, shared: bool = False) -> str:
    """A place in a score table: 1st, 2nd, 3rd, 4th; "=" after it when shared (2nd=)."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(rank, "th")
    return f"{rank}{suffix}" + ("=" if shared else "")


def places(ranks: Sequence[int]) -> list[str]:
    """Each rank as its place, as every game's tables, playthroughs and page say it: 1st, 2nd=, 2nd=, 4th."""
    return [ordinal(rank, list(ranks).count(rank) > 1) for rank in ranks]


def precedence_lines(
    players: Sequence, words: dict[str, str], rules: dict[str, str], equal: Callable[[Any], str]
) -> list[str]:
    """Why each player stands above the next, from `rank`'s deciding step: the step in words, values and rule id."""
    lines = []
    for upper, lower in zip(players, players[1:]):
        step = upper.decided_by
        rule = rules.get(step, rules[SHARED])
        if step == SHARED:
            lines.append(
                f"{upper.name} and {lower.name}: {equal(upper)}, they share {ordinal(upper.rank)} place [{rule}]"
            )
            continue
        a, b = getattr(upper, step), getattr(lower, step)
        tied = "" if step == "total" else f" (tied on {upper.total} points)"
        lines.append(f"{upper.name} above {lower.name}: {words[step]}, {a} to {b}{tied} [{rule}]")
    return lines
