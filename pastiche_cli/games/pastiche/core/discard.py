"""Which cards to discard at the hand limit, losing the least (SPEC 4.4; rulebook "Clean-up Phase").

Exact: every distinct set of discards (as a multiset) is weighed, and they are ranked by, in order:
1. usable-palette points lost at the end of the game (SPEC 4.6: cards matching the commissions in
   hand, each card counted once);
2. cards lost that the commissions in hand still need (a cheap card that a commission needs is kept
   before a costly one that no commission needs);
3. cards lost that a gallery commission needs (it could still be swapped for or completed), counting
   only the cards left over once the commissions in hand have theirs: each card serves once;
4. the face value of the cards lost.

Every criterion adds up colour by colour, so the cost of discarding d cards of a colour is tabled
once per colour and the discards are enumerated as counts per colour; an option's card lists are
only built when it is looked at (a hand of 40 cards has half a million distinct discards).
"""

from __future__ import annotations

from collections import Counter
from itertools import takewhile
from typing import Iterator, Mapping, NamedTuple, Sequence

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.commission_needs import commission_needs, usable
from pastiche_cli.games.pastiche.core.position import Commission
from pastiche_cli.games.pastiche.core.validate import HAND_LIMIT
from pastiche_cli.games.pastiche.core.rule_ids import CLEANUP_HAND_LIMIT


class DiscardOption(NamedTuple):
    discard: tuple[str, ...]
    kept: tuple[str, ...]
    palette_points_lost: int
    needed_cards_lost: int
    gallery_cards_lost: int
    value_lost: int

    def key(self) -> tuple[int, int, int, int]:
        return (self.palette_points_lost, self.needed_cards_lost, self.gallery_cards_lost, self.value_lost)

    def as_json(self) -> dict:
        return {"discard": list(self.discard), "kept": list(self.kept),
                "palette_points_lost": self.palette_points_lost, "needed_cards_lost": self.needed_cards_lost,
                "gallery_cards_lost": self.gallery_cards_lost, "value_lost": self.value_lost}


class DiscardAdvice(NamedTuple):
    hand_size: int
    limit: int
    over: int
    options: tuple[DiscardOption, ...]     # every distinct discard, best first
    rule: str = CLEANUP_HAND_LIMIT

    @property
    def best(self) -> tuple[DiscardOption, ...]:
        """Every option as good as the best one."""
        if not self.options:
            return ()
        top = self.options[0].key()
        return tuple(takewhile(lambda o: o.key() == top, self.options))


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
        rest = sum(m for _, m in items[i + 1:])
        for take in range(min(n, left), -1, -1):
            if left - take > rest:
                break
            if take:
                chosen[card] = take
            yield from walk(i + 1, left - take, chosen)
            chosen.pop(card, None)

    yield from walk(0, size, {})


class Options(Sequence):
    """Every distinct discard, best first; each DiscardOption is built only when looked at."""

    def __init__(self, cards: Sequence[str], held: Sequence[int], entries: list):
        self._cards, self._held = tuple(cards), tuple(held)
        self._entries = entries                      # (key, discard names, counts per colour), sorted
        self._where = None

    def __len__(self) -> int:
        return len(self._entries)

    def _build(self, entry) -> DiscardOption:
        key, discard, counts = entry
        kept = tuple(c for c, n, d in zip(self._cards, self._held, counts) for _ in range(n - d))
        return DiscardOption(discard, kept, *key)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(self._build(e) for e in self._entries[i])
        return self._build(self._entries[i])

    def find(self, discard: Sequence[str]) -> int | None:
        """The rank (0-based) of this discard (card names in chart order), or None if not possible."""
        if self._where is None:
            self._where = {e[1]: i for i, e in enumerate(self._entries)}
        return self._where.get(tuple(discard))

    def index(self, option, *args) -> int:
        i = self.find(option.discard)
        if i is None:
            raise ValueError("not a discard of this hand")
        return i


def advise(hand: Mapping[str, int], commissions: Sequence[Commission], gallery: Sequence[Commission] = (),
           limit: int = HAND_LIMIT) -> DiscardAdvice:
    """[cleanup.hand-limit] Every way to come down to `limit` cards, the least costly first."""
    hand = +Counter(hand)
    size = sum(hand.values())
    over = max(0, size - limit)
    if not over:
        return DiscardAdvice(size, limit, 0, ())
    required = commission_needs(commissions)
    gallery_required = commission_needs(gallery)
    items = colours.ordered(hand)
    tables = []
    for card, n in items:
        need, wanted, value = required.get(card, 0), gallery_required.get(card, 0), colours.value(card)
        kept = [usable({card: n - d}, required)[card] for d in range(n + 1)]   # [score.palette] after d discards
        row = []
        for d in range(n + 1):
            lost = kept[0] - kept[d]
            # the gallery can count only on the cards the commissions in hand leave over
            spare_lost = min(max(0, n - need), wanted) - min(max(0, n - d - need), wanted)
            row.append((lost * value, lost, spare_lost, d * value))
        tables.append(row)
    cards = [c for c, _ in items]
    held = [n for _, n in items]
    rest = [sum(held[i:]) for i in range(len(held) + 1)]
    entries: list = []
    counts = [0] * len(items)

    def walk(i: int, left: int, key: tuple, names: tuple) -> None:
        if left == 0:
            entries.append((key, names, tuple(counts)))
            return
        if i == len(items) or rest[i] < left:
            return
        row, card = tables[i], cards[i]
        for take in range(min(held[i], left), -1, -1):
            if left - take > rest[i + 1]:
                break
            cost = row[take]
            counts[i] = take
            walk(i + 1, left - take, (key[0] + cost[0], key[1] + cost[1], key[2] + cost[2], key[3] + cost[3]),
                 names + (card,) * take)
        counts[i] = 0

    walk(0, over, (0, 0, 0, 0), ())
    entries.sort(key=lambda e: (e[0], e[1]))
    return DiscardAdvice(size, limit, over, Options(cards, held, entries))


def judge_discard(name: str, hand: Mapping[str, int], cards: Mapping[str, int],
                  limit: int = HAND_LIMIT) -> tuple[bool, str]:
    """[cleanup.hand-limit] May `cards` be discarded from `hand`: cards held, and no more than those over the limit?"""
    size = sum(hand.values())
    count = sum(n for n in cards.values() if n > 0)
    over = size - limit
    if not count:
        return False, "a discard names at least one card"
    if over <= 0:
        return False, f"{name} holds {size} cards, within the limit of {limit}: nothing to discard"
    if any(hand.get(card, 0) < n for card, n in cards.items()):
        return False, f"{name} does not hold {colours.describe(cards)}"
    if count > over:
        return False, (f"{name} holds {size} cards, {over} over the limit of {limit}: a discard removes only "
                       f"those {over}, not {count}")
    return True, (f"{name} holds {size} cards, {over} over the limit of {limit}, and discards "
                  f"{colours.describe(cards)}, keeping {size - count}")
