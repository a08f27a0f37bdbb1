"""Every distinct multiset of discards, listed one by one: what the tests weigh `discard`'s counting
(core/discard.py reasons on colour counts and never lists them) against."""

from collections import Counter
from collections.abc import Iterator, Mapping

from pastiche_cli.games.pastiche.core import colours


def sub_multisets(cards: Mapping[str, int], size: int) -> Iterator[Counter]:
    """Every distinct multiset of `size` cards taken from `cards`."""
    items = colours.ordered(cards)

    def walk(i: int, left: int, chosen: dict) -> Iterator[Counter]:
        if left == 0:
            yield Counter(chosen)
            return
        if i == len(items):
            return
        card, n = items[i]
        rest = sum(m for _, m in items[i + 1 :])
        for take in range(min(n, left), -1, -1):
            if left - take > rest:
                break
            if take:
                chosen[card] = take
            yield from walk(i + 1, left - take, chosen)
            chosen.pop(card, None)

    yield from walk(0, size, {})
