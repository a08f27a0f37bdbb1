"""Kill every create and edit path at each of its system calls, and count what the next write finds.

    python benchmarks/bench_kill_points.py [--runs 3] [--pastiche PATH] [--only NAME ...]

For each path of tests/hostile/kill_paths.py, the command runs in a forked child killed (os._exit, as
kill -9 leaves things) at its 1st, 2nd, ... counted system call (tests/hostile/killpoints.py) until
it runs to its end; after every kill the next write (`then`) must work, never refused ("2 hard
links", a usage or file error, exit 70), and leave no temporary file. A kill that leaves a file a
later write refuses is a failure (exit 2, harness.py), as is a path that never runs to its end.

Each path's sweep is timed against one uninterrupted run of its command (a forked child, its calls
counted, never killed): the ratio is how many such runs the sweep costs. CPU time counts this process
and its forked children. Each path's command is also timed as the installed `pastiche`, in a folder
set up afresh before each run and checked to be written with no temporary file left, against
`python -c pass`. A quick run: `--runs 1 --only "new -o"`.
"""

from __future__ import annotations

import os
import pathlib
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

import harness
from harness import OUTSIDE, Command

HOSTILE = harness.ROOT / "tests" / "hostile"  # kill_paths.py, killpoints.py; not the repository root
NEVER = 10**9  # a kill point past any command's last call: the run goes to its end
TEMPORARY = ".pastiche-tmp-"


def cpu_with_children() -> float:
    """CPU seconds (user + system) of this process and of every child it has waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed_with_children(
    name: str, work: Callable[[], object], base: Callable[[], object], base_name: str, runs: int
) -> harness.Figures:
    """harness.in_process, counting the forked children's CPU too (time.process_time leaves it out):
    the sweep's commands run in children."""
    work()
    base()
    cpu, wall, floor_cpu = [], [], []
    for _ in range(max(1, runs)):
        start, wall_start = cpu_with_children(), time.perf_counter()
        work()
        cpu.append(cpu_with_children() - start)
        wall.append(time.perf_counter() - wall_start)
        start = cpu_with_children()
        base()
        floor_cpu.append(cpu_with_children() - start)
    return harness.Figures(name, cpu, wall, floor_cpu, base_name)


def swept(name, setup, args, then, ok, folder: str, counts: dict[str, dict]) -> Callable[[], None]:
    """The path's whole kill sweep; any kill after which `then` is refused ends the benchmark."""
    from killpoints import sweep

    def run() -> None:
        result = sweep(setup, args, then, folder, ok_then=ok)
        if result["bad"]:
            harness.fail(f"{name}: {len(result['bad'])} kill(s) left a file a later write refused: {result['bad'][0]}")
        if result["completed_at"] is None:
            harness.fail(f"{name}: killed at every one of {result['kills']} calls, it never ran to its end")
        counts[name] = result

    return run


def uninterrupted(name, setup, args, folder: str) -> Callable[[], None]:
    """One run of the path's command in a forked child, its calls counted as in the sweep, never killed."""
    from killpoints import killed

    def run() -> None:
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        setup(folder)
        code = killed(args, NEVER, folder)
        if code != 0:
            harness.fail(f"{name}: run to its end, it exits {code}")

    return run


def snapshot(folder: pathlib.Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file()}


def as_process(name, setup, args, pastiche: list[str]) -> Command:
    """The path's command as the installed `pastiche`, run in harness.OUTSIDE (the folder every child
    runs in) set up afresh before each run: it must change a file there and leave no temporary file."""
    state: dict[str, dict[str, bytes]] = {}

    def before() -> None:
        for entry in OUTSIDE.iterdir():
            if entry.name != "data":  # harness's XDG_DATA_HOME: the rest is the last run's files
                shutil.rmtree(entry) if entry.is_dir() else entry.unlink()
        setup(str(OUTSIDE))
        state["set up"] = snapshot(OUTSIDE)

    def wrote(done: subprocess.CompletedProcess) -> str | None:
        after = snapshot(OUTSIDE)
        left = [n for n in after if TEMPORARY in n]
        if left:
            return f"left temporary files {left}"
        return None if after != state["set up"] else f"wrote nothing in {OUTSIDE}"

    return Command(f"pastiche {name}", [*pastiche, *args], wrote, before=before)


def body() -> None:
    parser = harness.parser(__doc__, runs=3)
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="NAME",
        help='only the paths whose name starts so (repeatable), e.g. --only "new -o" --only undo',
    )
    args = parser.parse_args()
    pastiche = harness.pastiche(args)
    harness.no_source_on_path()
    sys.path.insert(0, str(HOSTILE))
    from kill_paths import PATHS

    chosen = [p for p in PATHS if not args.only or any(p[0].startswith(o) for o in args.only)]
    if not chosen:
        harness.fail(f"no kill path is named {' or '.join(args.only)}")
    # the in-process commands read the saved catalogue from here, never the user's
    os.environ["XDG_DATA_HOME"] = harness.ENV["XDG_DATA_HOME"]
    os.environ.pop("PASTICHE_CATALOGUE", None)

    base = harness.floor("python -c pass")
    processes = [harness.interleaved(as_process(n, s, a, pastiche), base, args.runs) for n, s, a, _, _ in chosen]
    counts: dict[str, dict] = {}
    sweeps = []
    with tempfile.TemporaryDirectory(prefix="pastiche-bench-kill-") as scratch:
        folder = os.path.join(scratch, "run")  # emptied and set up afresh before every run
        for name, setup, command, then, ok in chosen:
            sweeps.append(
                timed_with_children(
                    f"sweep: {name}",
                    swept(name, setup, command, then, ok, folder, counts),
                    uninterrupted(name, setup, command, folder),
                    "one uninterrupted run",
                    args.runs,
                )
            )

    for name, *_ in chosen:
        print(f"{name:<30} {counts[name]['kills']:>4} kills, ran to its end at call {counts[name]['completed_at']}")
    total = sum(c["kills"] for c in counts.values())
    print(f"{total} kills over {len(chosen)} paths, each followed by a write that worked\n")
    print(f"{' '.join(pastiche)} (package: {harness.installed_from()}); {args.runs} runs each, interleaved")
    harness.report(sweeps, "in process (CPU of this process and its forked children)")
    harness.report(processes, "\nas a process")


if __name__ == "__main__":
    harness.main(body)
