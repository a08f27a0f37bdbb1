"""Every command as a whole process doing real work, piped, as --json and through a pseudo-terminal,
each run paired with the import floor of what that output needs (issues 13 and 21).

    .venv/bin/python benchmarks/bench_paired.py [--runs 15] [--only NAME ...] [--quick-floor]

The floors are the libraries alone: piped and --json, a process that imports click and ruamel.yaml
and does nothing else; in a terminal, one that also imports rich's console and table (what drawing
needs). Runs alternate command, floor, command, floor..., so a noisy machine slows both alike, and
the ratio is taken run by run; the median ratio is printed, with the medians in ms. The target is a
ratio within 1.2. Every invocation does real work: a legal placement, a legal trade, a plan and a
discard with something to weigh. Prints only; exit 0.

What is measured is what a player runs: the installed console script and a floor run from a
temporary folder outside the repository (so neither imports the source tree through the current
folder), with bytecode caches written and used as after `pip install` (PYTHONDONTWRITEBYTECODE is
dropped from the children's environment; with it, every run would recompile every module).

pastiche ends its process as soon as the answer is flushed (`root.run`), while the floor lets Python
tear down as usual; `--quick-floor` ends the floor the same way, so that the ratio shows the work
and the output alone.
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POS = str(ROOT / "examples" / "positions")
RECORDS = str(ROOT / "examples" / "records")
OUTSIDE = tempfile.mkdtemp(prefix="pastiche-bench-")  # every process runs here, outside the tree
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH", "FORCE_COLOR")}
PIPED_FLOOR = ("click", "ruamel.yaml")
DRAWN_FLOOR = ("click", "ruamel.yaml", "rich.console", "rich.table")
WALL = False  # --wall: time the wall clock rather than the CPU
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
    "replay (record)": ["replay", f"{RECORDS}/two-player-game.yaml"],
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


def floor_for(modules: tuple[str, ...], quick_exit: bool = False) -> list[str]:
    """A process importing only these libraries and doing nothing else."""
    code = "".join(f"import {m}\n" for m in modules)
    if quick_exit:  # end as the console script ends (root.run): no teardown, to see the work alone
        code += "import os\nos._exit(0)\n"
    return [sys.executable, "-c", code]


def _took(proc: subprocess.Popen, start: float) -> float:
    """The child's CPU time (user + system), or with --wall its wall-clock time: on a loaded machine
    the CPU time is what the process itself cost, where the wall clock counts the waits for a core."""
    _, _, usage = os.wait4(proc.pid, 0)
    proc.returncode = 0
    return time.perf_counter() - start if WALL else usage.ru_utime + usage.ru_stime


def run_piped(argv: list[str]) -> float:
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=OUTSIDE, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return _took(proc, start)


def run_tty(argv: list[str]) -> float:
    """Through a pseudo-terminal, as a player's terminal (rich draws), output read to the end."""
    master, slave = pty.openpty()
    env = dict(ENV, COLUMNS="100", LINES="40", TERM="xterm-256color")
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=OUTSIDE, stdin=slave, stdout=slave, stderr=slave, env=env)
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
    took = _took(proc, start)
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
    parser.add_argument("--wall", action="store_true", help="wall-clock time instead of CPU time (user + system)")
    args = parser.parse_args()
    global WALL
    WALL = args.wall
    exe = pastiche()
    piped_floor = floor_for(PIPED_FLOOR, args.quick_floor)
    drawn_floor = floor_for(DRAWN_FLOOR, args.quick_floor)
    what = "wall-clock" if WALL else "CPU (user + system)"
    print(f"{what} ms; floors: piped and --json {' + '.join(PIPED_FLOOR)}; drawn {' + '.join(DRAWN_FLOOR)}")
    print(f"every process runs in {OUTSIDE}")
    print(
        f"{'command':<20} {'piped ms':>9} {'floor':>6} {'ratio':>6}   {'json ms':>8} {'ratio':>6}   "
        f"{'tty ms':>7} {'floor':>6} {'ratio':>6}"
    )
    worst = 0.0
    for name, argv in INVOCATIONS.items():
        if args.only and not any(name.startswith(o) for o in args.only):
            continue
        code = subprocess.run(exe + argv, cwd=OUTSIDE, env=ENV, capture_output=True).returncode
        p_ms, p_floor, p_ratio = paired(exe + argv, piped_floor, args.runs, run_piped)
        takes_json = subprocess.run(exe + argv + ["--json"], cwd=OUTSIDE, env=ENV, capture_output=True).returncode
        if takes_json == code:
            j_ms, _, j_ratio = paired(exe + argv + ["--json"], piped_floor, args.runs, run_piped)
            json_cols = f"{j_ms * 1000:>8.1f} {j_ratio:>6.2f}"
        else:
            j_ratio, json_cols = 0.0, f"{'-':>8} {'-':>6}"
        t_ms, t_floor, t_ratio = paired(exe + argv, drawn_floor, args.runs, run_tty)
        worst = max(worst, p_ratio, j_ratio, t_ratio)
        print(
            f"{name:<20} {p_ms * 1000:>9.1f} {p_floor * 1000:>6.1f} {p_ratio:>6.2f}   {json_cols}   "
            f"{t_ms * 1000:>7.1f} {t_floor * 1000:>6.1f} {t_ratio:>6.2f}{'' if code == 0 else f'  (exit {code})'}"
        )
    print(f"\nworst median ratio: {worst:.2f} (target 1.2)")


if __name__ == "__main__":
    main()
