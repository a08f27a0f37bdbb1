"""`plan` and `discard` on hands of 8, 16, 30, 60 and 131 cards: time and peak memory (issue 13).

    .venv/bin/python benchmarks/bench_hand_sizes.py [--hands 40] [--seed 13]

Each hand is dealt at random from the 131-card deck (the bank holds the rest), with two commissions
in hand and four in the gallery of 2 to 7 random colours. `plan` plans all six, as the command does;
`discard` ranks the discards at the hand limit and finds the rank of a random discard (the work of
`--cards`). Printed per size: the median and the worst time per hand, the worst peak memory
(tracemalloc, in a second run: the search's own allocations) and the most hands a single plan expanded, against the
bars: plan < 0.5 s at 30 cards and < 1 s at 131, discard < 0.2 s, memory < 100 MB. Exit status 1 if
a worst case is over its bar. Timing lives here, not in the tests, so it cannot flake CI.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pastiche_cli.games.pastiche.core import colours  # noqa: E402
from pastiche_cli.games.pastiche.core.commission_needs import commission_needs  # noqa: E402
from pastiche_cli.games.pastiche.core.discard import advise  # noqa: E402
from pastiche_cli.games.pastiche.core.planner import plan  # noqa: E402
from pastiche_cli.games.pastiche.core.position import Commission  # noqa: E402

SIZES = (8, 16, 30, 60, 131)
PLAN_BAR = {8: 0.5, 16: 0.5, 30: 0.5, 60: 1.0, 131: 1.0}
DISCARD_BAR = 0.2
MEMORY_BAR = 100 * 2**20
NAMES = colours.card_names()
DECK = [c for c in NAMES for _ in range(colours.copies(c))]


def deal(size: int, rng: random.Random):
    hand = Counter(rng.sample(DECK, size))
    bank = Counter({c: colours.copies(c) - hand[c] for c in NAMES})
    commissions = [
        Commission(
            f"C{i}", "A", 10, tuple(colours.as_list(Counter(rng.choice(NAMES) for _ in range(rng.randint(2, 7)))))
        )
        for i in range(6)
    ]
    return hand, bank, commissions[:2], commissions[2:]


def measure(work) -> tuple[float, int, object]:
    """(seconds, peak bytes, answer): timed on its own, then run again under tracemalloc, which
    slows Python down several times and would spoil the timing."""
    start = time.perf_counter()
    out = work()
    took = time.perf_counter() - start
    tracemalloc.start()
    work()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return took, peak, out


def plan_all(hand, bank, in_hand, gallery):
    keep = commission_needs(in_hand)
    return max(plan(hand, bank, c.needs, keep_for=keep).explored for c in in_hand + gallery)


def discard_all(hand, in_hand, gallery, rng):
    advice = advise(hand, in_hand, gallery)
    advice.options[:5]
    cards = list(hand.elements())
    rng.shuffle(cards)
    if advice.over:
        advice.options.find(colours.as_list(Counter(cards[: advice.over])))
    return advice.best_count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args()
    over = False
    print(f"{'cards':>5}  {'command':<8} {'median s':>9} {'worst s':>8} {'peak MB':>8} {'most hands':>10}  bar")
    for size in SIZES:
        rng = random.Random(args.seed * 1000 + size)
        deals = [deal(size, rng) for _ in range(args.hands)]
        for name, bar in (("plan", PLAN_BAR[size]), ("discard", DISCARD_BAR)):
            times, peaks, explored = [], [], []
            for hand, bank, in_hand, gallery in deals:
                if name == "plan":
                    took, peak, most = measure(
                        lambda hand=hand, bank=bank, in_hand=in_hand, gallery=gallery: plan_all(
                            hand, bank, in_hand, gallery
                        )
                    )
                    explored.append(most)
                else:
                    pick = random.Random(size)
                    took, peak, _ = measure(
                        lambda hand=hand, in_hand=in_hand, gallery=gallery, pick=pick: discard_all(
                            hand, in_hand, gallery, pick
                        )
                    )
                times.append(took)
                peaks.append(peak)
            worst, peak = max(times), max(peaks)
            bad = worst > bar or peak > MEMORY_BAR
            over |= bad
            most = f"{max(explored):>10}" if explored else f"{'':>10}"
            print(
                f"{size:>5}  {name:<8} {statistics.median(times):>9.4f} {worst:>8.4f} {peak / 2**20:>8.1f} "
                f"{most}  < {bar} s{'  OVER' if bad else ''}"
            )
    sys.exit(1 if over else 0)


if __name__ == "__main__":
    main()
