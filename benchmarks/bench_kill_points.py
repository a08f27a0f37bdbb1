"""Kill every create and edit path at each of its system calls, and count what the next write finds.

For each path below, the command runs in a forked child killed (os._exit, as kill -9 leaves things)
at its 1st, 2nd, ... counted system call (tests/hostile/killpoints.py) until it runs to its end; after
every kill the next write (`then`) must work, never refused ("2 hard links", a usage or file error,
exit 70), and leave no temporary file. Prints the kills per path and every failure.

    python benchmarks/bench_kill_points.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "hostile"))
from kill_paths import PATHS  # noqa: E402
from killpoints import sweep  # noqa: E402


def main() -> int:
    os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp())
    total, failures = 0, 0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for name, setup, args, then, ok in PATHS:
            result = sweep(setup, args, then, os.path.join(tmp, "run"), ok_then=ok)
            total += result["kills"]
            failures += len(result["bad"])
            print(
                f"{name:<30} {result['kills']:>4} kills, ran to its end at call {result['completed_at']}, "
                f"{len(result['bad'])} bad"
            )
            for bad in result["bad"]:
                print("    ", bad)
    took = time.perf_counter() - start
    print(f"{total} kills over {len(PATHS)} paths in {took:.1f} s; {failures} left a file a later write refused")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
