"""Which cards to discard at the hand limit, losing the least (SPEC 4.4; rulebook "Clean-up Phase").

Exact: every distinct set of discards (as a multiset) is weighed, and they are ranked by, in order:
1. usable-palette points lost at the end of the game (SPEC 4.6: cards matching the commissions in
   hand, each card counted once);
2. cards lost that the commissions in hand still need (a cheap card that a commission needs is kept
   before a costly one that no commission needs);
3. cards lost that a gallery commission needs (it could still be swapped for or completed);
4. the face value of the cards lost.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterator, Mapping, NamedTuple, Sequence

from . import colours
from .position import Commission

HAND_LIMIT = 8


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
    rule: str = "cleanup.hand-limit"

    @property
    def best(self) -> tuple[DiscardOption, ...]:
        """Every option as good as the best one."""
        if not self.options:
            return ()
        top = self.options[0].key()
        return tuple(o for o in self.options if o.key() == top)


def _required(commissions: Sequence[Commission]) -> Counter:
    total: Counter = Counter()
    for c in commissions:
        total.update(c.needs)
    return total


def _matched(cards: Mapping[str, int], required: Mapping[str, int]) -> tuple[int, int]:
    """(cards matching the requirement, their points), each card counted once."""
    count = points = 0
    for card, need in required.items():
        n = min(cards.get(card, 0), need)
        count += n
        points += n * colours.value(card)
    return count, points


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


def advise(hand: Mapping[str, int], commissions: Sequence[Commission], gallery: Sequence[Commission] = (),
           limit: int = HAND_LIMIT) -> DiscardAdvice:
    """[cleanup.hand-limit] Every way to come down to `limit` cards, the least costly first."""
    hand = +Counter(hand)
    size = sum(hand.values())
    over = max(0, size - limit)
    if not over:
        return DiscardAdvice(size, limit, 0, ())
    required = _required(commissions)
    gallery_required = _required(gallery)
    need_count, need_points = _matched(hand, required)
    gallery_count, _ = _matched(hand, gallery_required)
    options = []
    for discard in sub_multisets(hand, over):
        kept = hand - discard
        kept_count, kept_points = _matched(kept, required)
        kept_gallery, _ = _matched(kept, gallery_required)
        options.append(DiscardOption(tuple(colours.as_list(discard)), tuple(colours.as_list(kept)),
                                     need_points - kept_points, need_count - kept_count,
                                     gallery_count - kept_gallery, colours.cards_value(discard)))
    options.sort(key=lambda o: (o.key(), o.discard))
    return DiscardAdvice(size, limit, over, tuple(options))
