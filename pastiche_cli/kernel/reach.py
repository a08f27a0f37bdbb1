"""What a board's pieces share: the cells joined to some through their neighbours (a hex grid, a square one)."""

from collections.abc import Callable, Container, Iterable
from typing import TypeVar

Cell = TypeVar("Cell")


def reachable(starts: Iterable[Cell], neighbours: Callable[[Cell], Iterable[Cell]], inside: Container[Cell]) -> set:
    """The `starts` and every cell `inside` joined to one of them, neighbour to neighbour."""
    seen = set(starts)
    todo = list(seen)
    while todo:
        for n in neighbours(todo.pop()):
            if n in inside and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen
