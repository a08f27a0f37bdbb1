"""Every command as a whole process doing real work, piped and through a pseudo-terminal, each run
paired with its own import floor (issue 13).

    .venv/bin/python benchmarks/bench_paired.py [--runs 15] [--only NAME ...] [--quick-floor]

A command's *floor* is a process that imports exactly the modules the command itself imports (found
once with `python -X importtime`) and does nothing else: what the command costs beyond it is the
work, the output and the exit. Runs alternate command, floor, command, floor..., so a noisy machine
slows both alike, and the ratio is taken run by run; the median ratio is printed, with the
medians in ms. The issue's target is a ratio within 1.2. Every invocation does real work: a legal
placement, a legal trade, a plan and a discard with something to weigh. Prints only; exit 0.

pastiche ends its process as soon as the answer is flushed (`root.run`), while the floor lets Python
tear down as usual; `--quick-floor` ends the floor the same way, so that the ratio shows the work
and the output alone.
"""

from __future__ import annotations

import argparse
import os
import pty
import re
import select
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POS = "examples/positions"
INVOCATIONS = {
    "check": ["check", f"{POS}/board-late-4p.yaml"],
    "score": ["score", f"{POS}/four-player-finish.yaml"],
    "end": ["end", f"{POS}/four-player-finish.yaml"],
    "board": ["board", f"{POS}/board-late-4p.yaml"],
    "moves": ["moves", f"{POS}/board-late-4p.yaml"],
    "place (legal)": ["place", f"{POS}/board-midgame-4p.yaml", "RYBBYR/R", "--at", "2,-4"],
    "trade (legal)": [
        "trade",
        f"{POS}/painting-midgame.yaml",
        "--player",
        "Ana",
        "--give",
        "teal,teal,teal",
        "--get",
        "olive",
    ],
    "complete": ["complete", f"{POS}/painting-midgame.yaml", "--player", "Ana"],
    "swap": [
        "swap",
        f"{POS}/painting-midgame.yaml",
        "--player",
        "Ana",
        "--give",
        "Quiet Orchard",
        "--take",
        "Salt Marsh",
    ],
    "plan": ["plan", f"{POS}/painting-twelve-cards.yaml", "--player", "Dora"],
    "discard": ["discard", f"{POS}/painting-midgame.yaml", "--player", "Ana"],
    "catalogue list": ["catalogue", "list"],
    "rules": ["rules", "trade"],
    "chart": ["chart"],
    "replay (record)": ["replay", "examples/records/two-player-game.yaml"],
    "canvas score": ["score", f"{POS}/canvas/three-player-capped.yaml"],
    "canvas best": ["canvas", "best", f"{POS}/canvas/midgame.yaml", "--player", "Ana"],
    "masterpiece score": ["score", f"{POS}/masterpiece/finished-tiebreak.yaml"],
    "masterpiece options": ["masterpiece", "options", f"{POS}/masterpiece/midgame.yaml", "--player", "Ana"],
    "artline score": ["score", f"{POS}/artline/finished.yaml"],
    "artline spots": ["artline", "spots", f"{POS}/artline/midgame.yaml"],
}


def pastiche() -> list[str]:
    script = Path(sys.executable).with_name("pastiche")
    return [str(script)] if script.exists() else [sys.executable, "-m", "pastiche_cli"]


def floor_for(argv: list[str], quick_exit: bool = False) -> list[str]:
    """A process importing the command's own modules, found with -X importtime, and doing nothing."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "pastiche_cli", *argv], cwd=ROOT, capture_output=True, text=True
    )
    modules = []
    for line in done.stderr.splitlines():
        m = re.match(r"import time:\s+\d+ \|\s+\d+ \|( *)(\S+)$", line)
        if m and not m.group(2).startswith("encodings"):
            modules.append(m.group(2))
    code = (
        f"import importlib\nfor m in {modules!r}:\n    try:\n        importlib.import_module(m)\n"
        "    except Exception:\n        pass\n"
    )
    if quick_exit:  # end as the console script ends (root.run): no teardown, to see the work alone
        code += "import os\nos._exit(0)\n"
    return [sys.executable, "-c", code]


def run_piped(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, capture_output=True)
    return time.perf_counter() - start


def run_tty(argv: list[str]) -> float:
    """Through a pseudo-terminal, as a player's terminal (rich draws), output read to the end."""
    master, slave = pty.openpty()
    env = dict(os.environ, COLUMNS="100", LINES="40", TERM="xterm-256color")
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=ROOT, stdin=slave, stdout=slave, stderr=slave, env=env)
    os.close(slave)
    while True:
        ready, _, _ = select.select([master], [], [], 5)
        if not ready:
            break
        try:
            if not os.read(master, 65536):
                break
        except OSError:
            break
    proc.wait()
    took = time.perf_counter() - start
    os.close(master)
    return took


def paired(command: list[str], floor: list[str], runs: int, how) -> tuple[float, float, float]:
    how(command)
    how(floor)  # warm the caches
    ratios, mine, base = [], [], []
    for _ in range(runs):
        a, b = how(command), how(floor)
        mine.append(a)
        base.append(b)
        ratios.append(a / b)
    return statistics.median(mine), statistics.median(base), statistics.median(ratios)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="NAME",
        help="time only these commands (repeatable), e.g. --only chart --only moves",
    )
    parser.add_argument(
        "--quick-floor",
        action="store_true",
        help="end the floor with os._exit, as pastiche ends: what is left is the work alone",
    )
    args = parser.parse_args()
    exe = pastiche()
    print(f"{'command':<20} {'piped ms':>9} {'floor ms':>9} {'ratio':>6}   {'tty ms':>7} {'floor ms':>9} {'ratio':>6}")
    worst = 0.0
    for name, argv in INVOCATIONS.items():
        if args.only and not any(name.startswith(o) for o in args.only):
            continue
        code = subprocess.run(exe + argv, cwd=ROOT, capture_output=True).returncode
        floor = floor_for(argv, args.quick_floor)
        p_ms, p_floor, p_ratio = paired(exe + argv, floor, args.runs, run_piped)
        t_ms, t_floor, t_ratio = paired(exe + argv, floor, args.runs, run_tty)
        worst = max(worst, p_ratio, t_ratio)
        print(
            f"{name:<20} {p_ms * 1000:>9.1f} {p_floor * 1000:>9.1f} {p_ratio:>6.2f}   {t_ms * 1000:>7.1f} "
            f"{t_floor * 1000:>9.1f} {t_ratio:>6.2f}{'' if code == 0 else f'  (exit {code})'}"
        )
    print(f"\nworst median ratio: {worst:.2f} (target 1.2)")


if __name__ == "__main__":
    main()
