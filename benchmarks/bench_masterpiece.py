"""Time every Masterpiece command as a whole process, and `options` on a large position in process.

    python benchmarks/bench_masterpiece.py [--runs 15]

Per command: the median and fastest wall time of `python -m pastiche_cli ...`, and the same less the
median of a bare `python -c pass`. The target is under 0.1 s beyond start-up. `options` is also timed
in process on a position with a 10-card hand, 12 theses and 16 citable cards under accepted theses
(the written file is kept in a temporary folder for the run). Timing lives here, not in the tests.
"""

from __future__ import annotations

import argparse
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "positions" / "masterpiece"
TARGET = 0.100

LARGE = """\
game: masterpiece
theses:   # a made-up table of 12 theses: a group's own table; the real cards' points are on your cards
  - {id: five-run, requirement: run 5, points: 3, copies: 6}
  - {id: seven-run, requirement: run 7, points: 5, copies: 6}
  - {id: nine-run, requirement: run 9, points: 7, copies: 6}
  - {id: eleven-run, requirement: run 11, points: 9, copies: 6}
  - {id: colour-run, requirement: run 5 same-suit, points: 6, copies: 6}
  - {id: three-pairs, requirement: pairs 3, points: 4, copies: 6}
  - {id: four-pairs, requirement: pairs 4, points: 6, copies: 6}
  - {id: twin-pairs, requirement: pairs 3, points: 5, copies: 6, repeats: true}
  - {id: triple, requirement: kind 3, points: 2, copies: 6}
  - {id: five-alike, requirement: kind 5, points: 8, copies: 6}
  - {id: full-house, requirement: kinds 3+2, points: 5, copies: 6}
  - {id: end-flag, requirement: flag, points: 1, copies: 1}
players:
  - name: Ana
    hand: [pink 3, orange 3, purple 5, yellow 6, lightblue 7, blue 7, green 8, purple 8, orange 9, blue 10]
    accepted: [{thesis: triple, card: pink 6}, {thesis: five-run, card: yellow 4}]
  - name: Ben
    hand: [pink 1]
    accepted: [{thesis: five-run, card: blue 6}, {thesis: full-house, card: green 11}, {thesis: triple, card: orange 5}]
  - name: Caro
    hand: []
    accepted: [{thesis: three-pairs, card: lightblue 9},
      {thesis: colour-run, card: green 10}, {thesis: seven-run, card: pink 7}]
  - name: Dora
    hand: []
    accepted: [{thesis: four-pairs, card: orange 8},
      {thesis: nine-run, card: yellow 5}, {thesis: three-pairs, card: blue 11}]
  - name: Eli
    hand: []
    accepted: [{thesis: twin-pairs, card: green 12},
      {thesis: five-alike, card: green 9}, {thesis: eleven-run, card: purple 4}]
discard: []
"""


def run(argv: list[str]) -> tuple[float, int]:
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - start, done.returncode


def timings(argv: list[str], runs: int) -> tuple[float, float, int]:
    run(argv)
    times, code = [], 0
    for _ in range(runs):
        t, code = run(argv)
        times.append(t)
    return statistics.median(times), min(times), code


def invocations(large: pathlib.Path) -> dict[str, list[str]]:
    mid, fin, trig = (str(EXAMPLES / n) for n in ("midgame.yaml", "finished-tiebreak.yaml", "end-triggered.yaml"))
    return {
        "score": ["score", fin],
        "score --json": ["score", fin, "--json"],
        "check": ["check", mid],
        "end": ["end", trig],
        "rules": ["rules", "--game", "masterpiece", "cite"],
        "deck": ["masterpiece", "deck"],
        "present": [
            "masterpiece",
            "present",
            mid,
            "--player",
            "Ana",
            "--thesis",
            "three-pairs",
            "--cards",
            "pink-3,orange-3,purple-8,orange-8",
            "--cite",
            "Ana:pink-6",
            "--cite",
            "Ben:blue-6",
        ],
        "review": ["masterpiece", "review", mid, "--player", "Ana", "--from", "Caro:five-run", "--take", "orange-5"],
        "options": ["masterpiece", "options", mid, "--player", "Ana"],
        "options (10 cards, 12 theses)": ["masterpiece", "options", str(large), "--player", "Ana"],
        "theses list": ["masterpiece", "theses", "list", "--theses", str(large.with_name("theses.yaml"))],
    }


def in_process(large: pathlib.Path, runs: int) -> tuple[float, int, int]:
    """(median seconds of the core's options(), theses presentable, ways counted) on the large position."""
    sys.path.insert(0, str(ROOT))
    from pastiche_cli.games.masterpiece.core.options import options
    from pastiche_cli.games.masterpiece.formats.loader import parse_position

    pos, _ = parse_position(str(large), large.read_text())
    ana = pos.player("Ana")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        found = options(pos, ana)
        times.append(time.perf_counter() - start)
    return statistics.median(times), sum(1 for o in found if o.presentable), sum(o.ways for o in found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        large = pathlib.Path(folder) / "large.yaml"
        large.write_text(LARGE)
        (pathlib.Path(folder) / "theses.yaml").write_text(
            "theses:\n" + LARGE.split("theses:", 1)[1].split("players:", 1)[0].split("\n", 1)[1]
        )
        base, _, _ = timings([sys.executable, "-c", "pass"], args.runs)
        print(f"python start-up: {base * 1000:.1f} ms (median of {args.runs})")
        print(f"{'command':34} {'median':>9} {'fastest':>9} {'beyond start-up':>16}  exit")
        worst = 0.0
        for name, argv in invocations(large).items():
            median, fastest, code = timings([sys.executable, "-m", "pastiche_cli", *argv], args.runs)
            beyond = median - base
            worst = max(worst, fastest - base)
            print(f"{name:34} {median * 1000:7.1f}ms {fastest * 1000:7.1f}ms {beyond * 1000:14.1f}ms  {code}")
        core, presentable, ways = in_process(large, args.runs)
        print(
            f"options() in process on the large position: {core * 1000:.2f} ms "
            f"({presentable} theses presentable, {ways} ways counted)"
        )
        print(
            f"slowest command beyond start-up (fastest run): {worst * 1000:.1f} ms; target {TARGET * 1000:.0f} ms: "
            + ("met" if worst < TARGET else "NOT met")
        )


if __name__ == "__main__":
    main()
