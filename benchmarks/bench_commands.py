"""Time every `pastiche` command as a whole process on the largest bundled example.

    python benchmarks/bench_commands.py [--runs 15] [--example FILE]

Prints, per command, the median wall time of `python -m pastiche_cli ...` and the same less the
median of a bare `python -c pass` (the interpreter's own start-up). The target is under 0.1 s a
command, start-up included (SPEC 7). Timing lives here, not in the tests, so it cannot flake CI.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "positions"
TARGET = 0.100


def largest_example(with_board: bool = False) -> pathlib.Path:
    candidates = [p for p in EXAMPLES.glob("*.yaml") if "broken" not in p.name]
    if with_board:
        candidates = [p for p in candidates if "\nboard:" in p.read_text()] or candidates
    return max(candidates, key=lambda p: p.stat().st_size)


def run(argv: list[str]) -> tuple[float, int]:
    start = time.perf_counter()
    done = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - start, done.returncode


def timings(argv: list[str], runs: int) -> tuple[float, float, int]:
    """(median, fastest, exit code): on a shared virtual machine the fastest run shows the
    command's own cost, the median what a player typically waits."""
    run(argv)  # warm the file cache
    times, code = [], 0
    for _ in range(runs):
        t, code = run(argv)
        times.append(t)
    return statistics.median(times), min(times), code


def first_player(position: pathlib.Path) -> str:
    script = pathlib.Path(sys.executable).with_name("pastiche")
    out = subprocess.run(
        [str(script), "score", str(position), "--json"], capture_output=True, text=True, cwd=ROOT
    ).stdout
    try:
        return json.loads(out)["players"][0]["name"]
    except (ValueError, KeyError, IndexError):
        return "Ana"


def invocations(position: pathlib.Path, board: pathlib.Path) -> dict[str, list[str]]:
    p, b = str(position), str(board)
    who = first_player(position)
    return {
        "score": ["score", p],
        "score --json": ["score", p, "--json"],
        "check": ["check", p],
        "end": ["end", p],
        "chart": ["chart"],
        "mix": ["mix", "RY", "YYB", "RR"],
        "board": ["board", b],
        "place": ["place", b, "RYBBYR/R", "--at", "2,-1"],
        "moves": ["moves", b],
        "trade": ["trade", p, "--player", who, "--give", "green,green,green", "--get", "teal"],
        "complete": ["complete", p, "--player", who],
        "discard": ["discard", p, "--player", who],
        "plan": ["plan", p, "--player", who],
        "rules": ["rules", "trade"],
        "catalogue list": ["catalogue", "list"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--example", type=pathlib.Path)
    args = parser.parse_args()
    position = args.example or largest_example()
    board = args.example or largest_example(with_board=True)
    python = [sys.executable]
    # The installed console script, as a player runs it (`python -m` from the repository root
    # would import the source tree instead of the installed package).
    script = pathlib.Path(sys.executable).with_name("pastiche")
    pastiche = [str(script)] if script.exists() else python + ["-m", "pastiche_cli"]
    base, _, _ = timings(python + ["-c", "pass"], args.runs)
    print(f"position: {position.relative_to(ROOT)} ({position.stat().st_size} bytes); board: {board.relative_to(ROOT)}")
    print(f"bare `python -c pass`: {base * 1000:.1f} ms (median of {args.runs})\n")
    print(f"{'command':<16} {'median ms':>10} {'fastest ms':>11} {'median less python':>19} {'exit':>5}  verdict")
    available = subprocess.run(pastiche + ["--help"], capture_output=True, text=True, cwd=ROOT).stdout
    slow = 0
    for name, argv in invocations(position, board).items():
        if f"  {name.split()[0]} " not in available and f"  {name.split()[0]}\n" not in available:
            print(f"{name:<16} {'-':>10} {'-':>11} {'-':>19} {'-':>5}  (no such command)")
            continue
        t, fastest, code = timings(pastiche + argv, args.runs)
        ok = t < TARGET
        slow += not ok
        print(
            f"{name:<16} {t * 1000:>10.1f} {fastest * 1000:>11.1f} {(t - base) * 1000:>19.1f} {code:>5}  "
            f"{'ok' if ok else 'OVER 100 ms'}"
        )
    sys.exit(1 if slow else 0)


if __name__ == "__main__":
    main()
