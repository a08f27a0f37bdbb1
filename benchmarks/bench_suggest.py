"""The worst case of "did you mean" over one file: a Budget spent to the end (issue 13: under 50 ms).

    .venv/bin/python benchmarks/bench_suggest.py

Random ids and typos of several lengths, as many suggestions as the budget allows, timed.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pastiche_cli.kernel.suggest import Budget  # noqa: E402

BAR = 0.050


def main() -> None:
    rng = random.Random(1)

    def word(n: int) -> str:
        return "".join(rng.choice("abcdefghij") for _ in range(n))

    worst = 0.0
    for ids, length in ((30, 8), (300, 10), (2000, 40), (500, 64), (100, 900), (5000, 12), (40, 20)):
        choices = [word(length) for _ in range(ids)]
        # typos: the ids with a letter changed (close enough to be compared in full) and random words
        typos = [c[:-1] + "x" for c in choices[:100]] + [word(length) for _ in range(100)]
        budget = Budget()
        start = time.perf_counter()
        made = 0
        while budget.left > 0 and budget.units > 0 and made < 5_000:  # 96 KiB hold no more words
            budget.suggest(typos[made % len(typos)], choices)
            made += 1
        took = time.perf_counter() - start
        worst = max(worst, took)
        print(f"{ids:>5} ids of {length:>3} letters: {made:>6} suggestions asked, {took * 1000:6.1f} ms")
    print(f"worst {worst * 1000:.1f} ms (bar {BAR * 1000:.0f} ms)")
    sys.exit(0 if worst < BAR else 1)


if __name__ == "__main__":
    main()
