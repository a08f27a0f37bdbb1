"""Every command on every file of the hostile corpus (tests/hostile/corpus/), timed in process: the slowest answers.

The tests hold what each answer is (located, never a traceback); how fast it comes is measured here,
not in a test, since a shared machine makes any wall-clock limit in a test fail at random. The bar
(SPEC 7): each answer well under a second.

    python benchmarks/bench_hostile.py [--top N]
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "hostile"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=10, help="how many of the slowest answers to show")
    args = parser.parse_args()

    from click.testing import CliRunner
    from test_corpus import COMMANDS, FILES

    from pastiche_cli.cli.root import root

    runner = CliRunner()
    timings = []
    for path in FILES:
        for command in COMMANDS:
            for extra in ((), ("--json",)):
                argv = [command[0], str(path), *command[1:], *extra]
                start = time.perf_counter()
                runner.invoke(root, argv)
                timings.append((time.perf_counter() - start, " ".join([command[0], path.name, *command[1:], *extra])))
    timings.sort(reverse=True)
    print(
        f"{len(timings)} answers over {len(FILES)} files; slowest {timings[0][0] * 1000:.0f} ms, "
        f"median {timings[len(timings) // 2][0] * 1000:.1f} ms"
    )
    for took, what in timings[: args.top]:
        print(f"  {took * 1000:7.1f} ms  {what}")
    if timings[0][0] >= 1.0:
        print("over the bar: an answer took a second or more")


if __name__ == "__main__":
    main()
