"""Benchmark `pastiche plan`: a 12-card hand, two commissions in hand and four in the gallery.

The bar (issue 4): the whole process answers in under 0.5 s. Run from the repository root:

    .venv/bin/python benchmarks/bench_plan.py            # the process figures, then a stress sweep
    .venv/bin/python benchmarks/bench_plan.py --quick    # the process figures only

Exit status 1 if the median whole-process time is over the bar.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POSITION = ROOT / "examples" / "positions" / "painting-twelve-cards.yaml"
BAR = 0.5
RUNS = 15


def whole_process() -> list[float]:
    cmd = [sys.executable, "-m", "pastiche_cli", "plan", str(POSITION), "--player", "Dora", "--json"]
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, cwd=ROOT)
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            sys.exit(f"plan failed: {done.stderr.decode()}")
    return times


def stress(seed: int = 4, hands: int = 200) -> list[float]:
    """In-process: random 12-card hands, each planned for six random commissions (2-5 colours)."""
    sys.path.insert(0, str(ROOT))
    from pastiche_cli.games.pastiche.core import colours
    from pastiche_cli.games.pastiche.core.planner import plan

    names = colours.card_names()
    rng = random.Random(seed)
    times = []
    for _ in range(hands):
        hand = Counter(rng.choice(names) for _ in range(12))
        bank = Counter({c: colours.copies(c) - hand[c] for c in names})
        palettes = [Counter(rng.choice(names) for _ in range(rng.randint(2, 5))) for _ in range(6)]
        start = time.perf_counter()
        for palette in palettes:
            plan(hand, bank, palette)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    times = whole_process()
    median = statistics.median(times)
    print(
        f"plan, whole process, {POSITION.name} ({RUNS} runs): "
        f"min {min(times):.3f} s, median {median:.3f} s, max {max(times):.3f} s (bar {BAR} s)"
    )
    if "--quick" not in sys.argv:
        sweep = sorted(stress())
        n = len(sweep)
        print(
            f"plan, in process, {n} random 12-card hands x 6 commissions: median {sweep[n // 2]:.3f} s, "
            f"p90 {sweep[int(n * 0.9)]:.3f} s, max {sweep[-1]:.3f} s"
        )
    sys.exit(0 if median < BAR else 1)


if __name__ == "__main__":
    main()
