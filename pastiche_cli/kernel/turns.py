"""Turn order, for every game: the players sit in the file's order, and the turn goes round the table."""

from collections.abc import Callable, Sequence


def seat(names: Sequence[str], name: str) -> int:
    """Where `name` sits: its place in turn order (the name as written, else in any case)."""
    if name in names:
        return names.index(name)
    return [n.casefold() for n in names].index(name.casefold())


def next_seat(names: Sequence[str], name: str) -> str:
    """The player after `name` in turn order, round to the first."""
    return names[(seat(names, name) + 1) % len(names)]


def next_playing(names: Sequence[str], name: str, playing: Callable[[str], bool]) -> str | None:
    """The first player after `name`, round the table (`name` itself last), still `playing`; None when no one is."""
    at = seat(names, name)
    return next((n for n in [*names[at + 1 :], *names[: at + 1]] if playing(n)), None)


def named(players: Sequence, name: str):
    """The player of this name: as written, else in any case; None when there is none."""
    found = next((p for p in players if p.name == name), None)
    return found or next((p for p in players if p.name.casefold() == name.casefold()), None)
