"""Time every Artline command as a whole process on a realistic position.

    python benchmarks/bench_artline.py [--runs 15]

The positions: the bundled finished four-player game (30 paintings, 14 galleries) for score, check,
end and board; the same table with the game still going (the winner's last painting back in hand)
for spots, place and discard. Prints per command the median and fastest wall time of the installed
`pastiche`, and the median less a bare `python -c pass`. The target is under 0.1 s beyond start-up
(SPEC 7). Timing lives here, not in the tests, so it cannot flake CI.
"""

from __future__ import annotations

import argparse
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
FINISHED = ROOT / "examples" / "positions" / "artline" / "finished.yaml"
TARGET = 0.100


def run(argv: list[str]) -> tuple[float, int]:
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - start, done.returncode


def timings(argv: list[str], runs: int) -> tuple[float, float, int]:
    run(argv)  # warm the file cache
    times, code = [], 0
    for _ in range(runs):
        t, code = run(argv)
        times.append(t)
    return statistics.median(times), min(times), code


def going_on(folder: pathlib.Path) -> pathlib.Path:
    """The finished table with the game still going: Ana holds one painting, one fewer in the deck."""
    text = FINISHED.read_text(encoding="utf-8")
    deck = next(line for line in text.splitlines() if line.startswith("deck: "))
    text = text.replace("{name: Ana, hand: 0}", "{name: Ana, hand: 1}")
    text = text.replace(deck, f"deck: {int(deck.split()[1]) - 1}")
    path = folder / "going-on.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def invocations(finished: str, live: str, scratch: str, svg: str) -> dict[str, list[str]]:
    return {
        "score": ["score", finished],
        "score --json": ["score", finished, "--json"],
        "check": ["check", finished],
        "end": ["end", finished],
        "board": ["board", finished],
        "board --svg": ["board", finished, "--svg", svg, "--force"],
        "rules": ["rules", "--game", "artline", "exhibition"],
        "new": ["new", "--game", "artline", "--players", "Ana,Ben,Caro,Dee"],
        "spots": ["artline", "spots", live],
        "spots --json": ["artline", "spots", live, "--json"],
        "place": ["artline", "place", live, "--at", "0,2", "--feature-row", "a new feature"],
        "place --apply": ["artline", "place", scratch, "--at", "0,2", "--feature-row", "a new feature", "--apply"],
        "discard": ["artline", "discard", live],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    script = pathlib.Path(sys.executable).with_name("pastiche")
    pastiche = [str(script)] if script.exists() else [sys.executable, "-m", "pastiche_cli"]
    base, _, _ = timings([sys.executable, "-c", "pass"], args.runs)
    with tempfile.TemporaryDirectory() as folder:
        live = going_on(pathlib.Path(folder))
        scratch = pathlib.Path(folder) / "scratch.yaml"
        print(f"position: {FINISHED.relative_to(ROOT)} ({FINISHED.stat().st_size} bytes), and it still going")
        print(f"bare `python -c pass`: {base * 1000:.1f} ms (median of {args.runs})\n")
        print(f"{'command':<16} {'median ms':>10} {'fastest ms':>11} {'median less python':>19} {'exit':>5}  verdict")
        slow = 0
        for name, argv in invocations(str(FINISHED), str(live), str(scratch),
                                      str(pathlib.Path(folder) / "t.svg")).items():
            if name == "place --apply":
                # Each run applies the move to a fresh copy, so every run does the whole write.
                times, code = [], 0
                for _ in range(args.runs):
                    shutil.copyfile(live, scratch)
                    t, code = run(pastiche + argv)
                    times.append(t)
                t, fastest = statistics.median(times), min(times)
            else:
                t, fastest, code = timings(pastiche + argv, args.runs)
            ok = t - base < TARGET
            slow += not ok
            print(f"{name:<16} {t * 1000:>10.1f} {fastest * 1000:>11.1f} {(t - base) * 1000:>19.1f} {code:>5}  "
                  f"{'ok' if ok else 'OVER 100 ms'}")
    sys.exit(1 if slow else 0)


if __name__ == "__main__":
    main()
