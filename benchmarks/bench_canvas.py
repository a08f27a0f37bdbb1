"""Time every Canvas command as a whole process, and `best`'s core on random 5-card hands.

    python benchmarks/bench_canvas.py [--runs 15] [--hands 200]

Per command: the median wall time of the installed `pastiche ...`, the fastest run, the median less
a bare `python -c pass` (the interpreter's start-up) and less `pastiche --version` (the tool's own
start-up: the interpreter, click and the root command). The target is under 0.1 s beyond start-up
(the last column) on a realistic position (the 4-player finished example; a 5-card hand for `best`). Then
`best` in-process: every painting of a random 5-card hand scored exactly, the slowest and median
of many hands. Timing lives here, not in the tests, so it cannot flake CI.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "positions" / "canvas"
TARGET = 0.100
# A player's install has its bytecode cached; a machine with PYTHONDONTWRITEBYTECODE set would compile
# every module on every run (20 ms here). The commands run with a bytecode cache in a scratch folder.
CACHE = tempfile.mkdtemp(prefix="bench-canvas-pycache-")
ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, "PYTHONPYCACHEPREFIX": CACHE}


def run(argv: list[str]) -> tuple[float, int]:
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=ENV)
    return time.perf_counter() - start, done.returncode


def timings(argv: list[str], runs: int) -> tuple[float, float, int]:
    run(argv)  # warm the file cache
    times, code = [], 0
    for _ in range(runs):
        t, code = run(argv)
        times.append(t)
    return statistics.median(times), min(times), code


def invocations(finished: str, midgame: str, scratch: str) -> dict[str, list[str]]:
    return {
        "score": ["score", finished],
        "score --json": ["score", finished, "--json", "--detail"],
        "check": ["check", finished],
        "end": ["end", finished],
        "rules": ["rules", "--game", "canvas", "score.space"],
        "new": ["new", "--game", "canvas", "--players", "Ana,Ben,Caro,Dev", "--scenario", "first-game"],
        "canvas painting": ["canvas", "painting", "Delicate", "Revolution", "Masked"],
        "canvas painting FILE": ["canvas", "painting", "Delicate", "Revolution", "Masked", midgame, "--player", "Ana"],
        "canvas best": ["canvas", "best", midgame, "--player", "Ana"],
        "canvas best --json": ["canvas", "best", midgame, "--player", "Ana", "--json"],
        "canvas take": ["canvas", "take", midgame, "--player", "Ben", "--slot", "3"],
        "canvas take --apply": ["canvas", "take", scratch, "--player", "Ben", "--slot", "1", "--apply"],
        "canvas cards": ["canvas", "cards"],
    }


def best_in_process(hands: int) -> tuple[float, float]:
    """(median, slowest) seconds for `best` on random 5-card hands with two paintings already done."""
    sys.path.insert(0, str(ROOT))
    from pastiche_cli.games.canvas.core import cards
    from pastiche_cli.games.canvas.core.best import options
    from pastiche_cli.games.canvas.core.position import Player, Position

    rng = random.Random(10)
    names = list(cards.scoring_cards())
    times = []
    for _ in range(hands):
        words = rng.sample(cards.card_words(), 11)
        player = Player("Ana", 0, 2, tuple(words[:5]), (tuple(words[5:8]), tuple(words[8:11])))
        position = Position("bench", tuple(rng.sample(names, 4)), (player,))
        start = time.perf_counter()
        found = options(position, player)
        times.append(time.perf_counter() - start)
        assert len(found) == 60
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--hands", type=int, default=200)
    args = parser.parse_args()
    script = pathlib.Path(sys.executable).with_name("pastiche")
    pastiche = [str(script)] if script.exists() else [sys.executable, "-m", "pastiche_cli"]
    finished = str(EXAMPLES / "four-player-bonus.yaml")
    midgame = str(EXAMPLES / "midgame.yaml")
    base, _, _ = timings([sys.executable, "-c", "pass"], args.runs)
    start_up, _, _ = timings(pastiche + ["--version"], args.runs)
    print(f"finished: {finished}; mid-game: {midgame}")
    print(
        f"bare `python -c pass`: {base * 1000:.1f} ms; `pastiche --version`: {start_up * 1000:.1f} ms "
        f"(medians of {args.runs})\n"
    )
    print(
        f"{'command':<22} {'median ms':>10} {'fastest ms':>11} {'less python':>12} {'less start-up':>14} "
        f"{'exit':>5}  verdict"
    )
    slow = 0
    with tempfile.TemporaryDirectory() as tmp:
        scratch = pathlib.Path(tmp) / "game.yaml"
        for name, argv in invocations(finished, midgame, str(scratch)).items():
            shutil.copy(midgame, scratch)
            if name.endswith("--apply"):
                # Each run takes from a fresh copy, so every run does the same work.
                times, code = [], 0
                for _ in range(args.runs):
                    shutil.copy(midgame, scratch)
                    t, code = run(pastiche + argv)
                    times.append(t)
                t, fastest = statistics.median(times), min(times)
            else:
                t, fastest, code = timings(pastiche + argv, args.runs)
            ok = t - start_up < TARGET
            slow += not ok
            print(
                f"{name:<22} {t * 1000:>10.1f} {fastest * 1000:>11.1f} {(t - base) * 1000:>12.1f} "
                f"{(t - start_up) * 1000:>14.1f} {code:>5}  {'ok' if ok else 'OVER 100 ms beyond start-up'}"
            )
    median, worst = best_in_process(args.hands)
    print(
        f"\nbest, in process, {args.hands} random 5-card hands (60 paintings each): median {median * 1000:.2f} ms, "
        f"slowest {worst * 1000:.2f} ms"
    )
    shutil.rmtree(CACHE, ignore_errors=True)
    sys.exit(1 if slow else 0)


if __name__ == "__main__":
    main()
