"""The short sheet and `pastiche tally` against the position file: characters typed and the command's time.

    python benchmarks/bench_quick.py [--runs 11]

Characters typed: every character of the lines a player writes (comments are not typed), each end
of line counted; for the short sheet without its `catalogue:` line (a group with its box saved),
for `tally` the answers of tests/cli/test_tally.py's session (Enter for the saved catalogue).
Typing time at 200 characters a minute. Then the median and fastest wall time and the CPU time
(less a bare `python -c pass`) of `score --json` on the sheet and on the position, and of a whole
piped `tally` session: each answer is checked by reading the sheet so far.
"""

from __future__ import annotations

import argparse
import pathlib
import resource
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
FULL = ROOT / "examples" / "positions" / "four-player-finish.yaml"
SHEET = ROOT / "examples" / "quick" / "four-player-finish.sheet"
# the catalogue: Enter, the saved one; then the answers tests/cli/test_tally.py types
ANSWERS = ["", *(ROOT / "tests" / "cli" / "tally-four-player-finish.txt").read_text().splitlines()]
PER_MINUTE = 200


def typed(path: pathlib.Path, skip: tuple[str, ...] = ()) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return sum(len(line) + 1 for line in lines if line.strip() and not line.lstrip().startswith(("#", *skip)))


def run(argv: list[str], stdin: bytes | None = None) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def timed(argv: list[str], runs: int, stdin: bytes | None = None) -> tuple[float, float, float]:
    walls, cpus = zip(*(run(argv, stdin) for _ in range(runs)))
    return statistics.median(walls), min(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=11)
    runs = parser.parse_args().runs
    forms = [
        ("position file", typed(FULL)),
        ("short sheet", typed(SHEET, ("catalogue:",))),
        ("tally answers", sum(len(a) + 1 for a in ANSWERS)),
    ]
    print("4-player finish          characters typed   minutes at 200/min")
    for name, n in forms:
        print(f"  {name:<22} {n:>16}   {n / PER_MINUTE:>17.1f}")
    pastiche = str(pathlib.Path(sys.executable).with_name("pastiche"))
    _, _, bare = timed([sys.executable, "-c", "pass"], runs)
    catalogue = ["--catalogue", str(SHEET.parent / "box.yaml")]
    answers = "".join(a + "\n" for a in ANSWERS).encode()
    print("\ncommand                              median wall   fastest   CPU less python")
    for name, argv, stdin in [
        ("score SHEET --json", [pastiche, "score", str(SHEET), "--json"], None),
        ("score POSITION --json", [pastiche, "score", str(FULL), "--json"], None),
        ("tally (14 answers piped)", [pastiche, "tally", *catalogue], answers),
    ]:
        median, fastest, cpu = timed(argv, runs, stdin)
        print(f"  {name:<34} {median * 1000:>8.0f} ms {fastest * 1000:>6.0f} ms {(cpu - bare) * 1000:>9.0f} ms")


if __name__ == "__main__":
    main()
