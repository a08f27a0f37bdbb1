"""Which cards to discard at the hand limit, losing the least (SPEC 4.4; rulebook "Clean-up Phase").

Exact, ranked by usable points lost, then cards the commissions need, then the gallery, then face value."""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.commission_needs import commission_needs, usable
from pastiche_cli.games.pastiche.core.position import Commission
from pastiche_cli.games.pastiche.core.rule_ids import CLEANUP_HAND_LIMIT
from pastiche_cli.games.pastiche.core.validate import HAND_LIMIT
from pastiche_cli.kernel.verdict import Verdict


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
        return {
            "discard": list(self.discard),
            "kept": list(self.kept),
            "palette_points_lost": self.palette_points_lost,
            "needed_cards_lost": self.needed_cards_lost,
            "gallery_cards_lost": self.gallery_cards_lost,
            "value_lost": self.value_lost,
        }


class DiscardAdvice(NamedTuple):
    hand_size: int
    limit: int
    over: int
    options: Options | tuple[()]  # every distinct discard, best first
    rule: str = CLEANUP_HAND_LIMIT

    @property
    def best_count(self) -> int:
        """How many options are as good as the best one."""
        return self.options.best_count if self.options else 0

    @property
    def best(self) -> tuple[DiscardOption, ...]:
        """The options as good as the best one, the first BEST_LISTED of them (`best_count` counts all)."""
        if not self.options:
            return ()
        return self.options[: min(self.best_count, BEST_LISTED)]


BEST_LISTED = 50  # equally good discards listed (all are counted): a huge hand can have thousands


class Options(Sequence):
    """Every distinct discard, best first, found on demand from the per-colour cost tables, never listing subsets."""

    def __init__(self, cards: Sequence[str], held: Sequence[int], tables: list, over: int):
        self._cards, self._held, self._tables, self._over = tuple(cards), tuple(held), tables, over
        widths = [sum(max(row[d][j] for d in range(len(row))) for row in tables) + 1 for j in range(4)]
        self._scale = (widths[1] * widths[2] * widths[3], widths[2] * widths[3], widths[3], 1)
        self._cost = [[sum(x * s for x, s in zip(entry, self._scale)) for entry in row] for row in tables]
        n = len(cards)
        inf = float("inf")
        cheapest = [[inf] * (over + 1) for _ in range(n + 1)]
        cheapest[n][0] = 0
        ways = [[0] * (over + 1) for _ in range(n + 1)]  # options in all
        ties = [[0] * (over + 1) for _ in range(n + 1)]  # options at the least cost
        ways[n][0] = ties[n][0] = 1
        for i in range(n - 1, -1, -1):
            row = self._cost[i]
            for k in range(over + 1):
                for take in range(min(held[i], k) + 1):
                    rest = cheapest[i + 1][k - take]
                    ways[i][k] += ways[i + 1][k - take]
                    if rest == inf:
                        continue
                    cost = row[take] + rest
                    if cost < cheapest[i][k]:
                        cheapest[i][k], ties[i][k] = cost, ties[i + 1][k - take]
                    elif cost == cheapest[i][k]:
                        ties[i][k] += ties[i + 1][k - take]
        self._cheapest, self._count, self._ties = cheapest, ways[0][over], ties[0][over]
        self._ways = ways
        dearest = [[-1] * (over + 1) for _ in range(n + 1)]  # the costliest completion
        dearest[n][0] = 0
        for i in range(n - 1, -1, -1):
            for k in range(over + 1):
                for take in range(min(held[i], k) + 1):
                    rest = dearest[i + 1][k - take]
                    if rest >= 0:
                        dearest[i][k] = max(dearest[i][k], self._cost[i][take] + rest)
        self._dearest = dearest
        self._found: list = []
        self._heap: list[tuple] = [(cheapest[0][over], (), 0, over, 0, ())] if self._count else []

    def __len__(self) -> int:
        return self._count

    def _more(self, wanted: int) -> None:
        """Meet options in order until `wanted` are known (or none is left)."""
        heap, found, cheapest, cards, held = self._heap, self._found, self._cheapest, self._cards, self._held
        n = len(cards)
        while len(found) < wanted and heap:
            bound, names, i, left, so_far, counts = heapq.heappop(heap)
            if i == n or left == 0:
                found.append((bound, names, counts + (0,) * (n - len(counts))))
                continue
            for take in range(min(held[i], left), -1, -1):
                rest = cheapest[i + 1][left - take]
                if rest == float("inf"):
                    continue
                cost = so_far + self._cost[i][take]
                heapq.heappush(
                    heap, (cost + rest, names + (cards[i],) * take, i + 1, left - take, cost, counts + (take,))
                )

    def _build(self, counts: Sequence[int]) -> DiscardOption:
        totals = [0, 0, 0, 0]
        for row, d in zip(self._tables, counts):
            for j in range(4):
                totals[j] += row[d][j]
        discard = tuple(c for c, d in zip(self._cards, counts) for _ in range(d))
        kept = tuple(c for c, n, d in zip(self._cards, self._held, counts) for _ in range(n - d))
        return DiscardOption(discard, kept, *totals)

    def __getitem__(self, i):
        if isinstance(i, slice):
            start, stop, step = i.indices(self._count)
            self._more(stop)
            return tuple(self._build(e[2]) for e in self._found[start:stop:step])
        if i < 0:
            i += self._count
        if not 0 <= i < self._count:
            raise IndexError("no such discard")
        self._more(i + 1)
        return self._build(self._found[i][2])

    def counts_of(self, discard: Sequence[str]) -> tuple[int, ...] | None:
        """Cards discarded per colour, or None if the hand does not hold them or the number is wrong."""
        wanted = Counter(discard)
        counts = tuple(wanted.pop(c, 0) for c in self._cards)
        if wanted or sum(counts) != self._over or any(d > n for d, n in zip(counts, self._held)):
            return None
        return counts

    def option(self, discard: Sequence[str]) -> DiscardOption | None:
        counts = self.counts_of(discard)
        return None if counts is None else self._build(counts)

    def count_better(self, counts: Sequence[int]) -> int:
        """How many options come before this one (cost, then card names): a count over the tables."""
        target = sum(self._cost[i][d] for i, d in enumerate(counts))
        names = self._cards
        # state: (cards left to discard, cost so far, how the names compare so far); a state whose every
        # completion is cheaper counts them all at once, one whose cheapest is dearer counts none.
        states = {(self._over, 0, "same"): 1}
        better = 0
        for i, row in enumerate(self._cost):
            nxt: dict = {}
            cheapest, dearest, completions = self._cheapest[i + 1], self._dearest[i + 1], self._ways[i + 1]
            for (left, cost, order), ways in states.items():
                for take in range(min(self._held[i], left) + 1):
                    new = cost + row[take]
                    rest = left - take
                    if dearest[rest] < 0 or new + cheapest[rest] > target:
                        continue
                    if new + dearest[rest] < target:
                        better += ways * completions[rest]
                        continue
                    now: str | int
                    if take and isinstance(order, int):
                        now = "less" if names[i] < names[order] else "more"
                    elif order == "same" and take != counts[i]:
                        if take > counts[i]:
                            j = next(j for j in range(i + 1, len(names)) if counts[j])
                            now = "less" if names[i] < names[j] else "more"
                        else:
                            now = i  # decided by the next colour this option takes
                    else:
                        now = order
                    key = (left - take, new, now)
                    nxt[key] = nxt.get(key, 0) + ways
            states = nxt
        return better + sum(
            ways for (left, cost, order), ways in states.items() if left == 0 and (cost < target or order == "less")
        )

    def find(self, discard: Sequence[str]) -> int | None:
        """The rank (0-based) of this discard (card names in chart order), or None if not possible."""
        counts = self.counts_of(discard)
        return None if counts is None else self.count_better(counts)

    def index(self, option, *args) -> int:
        i = self.find(option.discard)
        if i is None:
            raise ValueError("not a discard of this hand")
        return i

    @property
    def best_count(self) -> int:
        """How many options cost as little as the best one (ties included)."""
        return self._ties


def advise(
    hand: Mapping[str, int],
    commissions: Sequence[Commission],
    gallery: Sequence[Commission] = (),
    limit: int = HAND_LIMIT,
) -> DiscardAdvice:
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
        kept = [usable({card: n - d}, required)[card] for d in range(n + 1)]  # [score.palette] after d discards
        row = []
        for d in range(n + 1):
            lost = kept[0] - kept[d]
            # the gallery can count only on the cards the commissions in hand leave over
            spare_lost = min(max(0, n - need), wanted) - min(max(0, n - d - need), wanted)
            row.append((lost * value, lost, spare_lost, d * value))
        tables.append(row)
    return DiscardAdvice(size, limit, over, Options([c for c, _ in items], [n for _, n in items], tables, over))


def judge_discard(
    name: str, hand: Mapping[str, int], cards: Mapping[str, int], limit: int = HAND_LIMIT
) -> tuple[bool, str]:
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
        return False, (
            f"{name} holds {size} cards, {over} over the limit of {limit}: a discard removes only "
            f"those {over}, not {count}"
        )
    return True, (
        f"{name} holds {size} cards, {over} over the limit of {limit}, and discards "
        f"{colours.describe(cards)}, keeping {size - count}"
    )


def refusal(
    name: str, hand: Mapping[str, int], limit: int, cards: Mapping[str, int] | None, apply: bool
) -> Verdict | None:
    """[cleanup.hand-limit] Why the discard asked (`cards`, else with `apply` the best) cannot be made, or None."""
    if cards is not None:
        legal, reason = judge_discard(name, hand, cards, limit)
        return None if legal else Verdict(False, CLEANUP_HAND_LIMIT, reason)
    if apply and sum(hand.values()) <= limit:
        return Verdict(False, CLEANUP_HAND_LIMIT, "the hand is within the limit")
    return None
