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
set up afresh before each run, against `python -c pass`; it is checked first to write what it must
(WRITES: the file, a text it adds or takes away, and that it reads as YAML, SVG or HTML) with no
temporary file left. A quick run: `--runs 1 --only "new -o"`.
"""

from __future__ import annotations

import os
import pathlib
import resource
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable

import harness
from harness import OUTSIDE, Command

HOSTILE = harness.ROOT / "tests" / "hostile"  # kill_paths.py, killpoints.py; not the repository root
NEVER = 10**9  # a kill point past any command's last call: the run goes to its end
TEMPORARY = ".pastiche-tmp-"
# What each path's command writes, as a process: the file, and a text it holds more times after the
# command than in the folder as set up (fewer, for `undo`, which takes a move away).
WRITES = {
    "new -o": ("g.yaml", "  - name: Ben", 1),
    "new --game canvas -o": ("g.yaml", "game: canvas", 1),
    "new --game masterpiece -o": ("g.yaml", "game: masterpiece", 1),
    "new --game artline -o": ("g.yaml", "game: artline", 1),
    "new --record -o": ("r.yaml", "setup:", 1),
    "replay --html": ("p.html", '<li data-step="31">', 1),
    "board --svg": ("b.svg", "</svg>", 1),
    "artline board --svg": ("a.svg", "</svg>", 1),
    "canvas painting --svg": ("p.svg", "</svg>", 1),
    "first catalogue add": ("cat.yaml", "made-up: {title: Made Up, artist: Z. Madeup, points: 9", 1),
    "first theses add": ("t.yaml", "- {id: long-run, requirement: run 9, points: 7", 1),
    "catalogue add": ("cat.yaml", "made-up: {title: Made Up, artist: Z. Madeup, points: 9", 1),
    "trade --apply": ("p.yaml", "palette: [yellow, brown, red, orange, black, white, blue, olive]", 1),
    "canvas take --apply": ("c.yaml", "hand: [Truth, Nature]", 1),
    "masterpiece present --apply": (
        "m.yaml",
        "- {thesis: three-pairs, cards: [pink 3, orange 3, purple 8, orange 8]}",
        1,
    ),
    "artline discard --apply": ("a.yaml", "deck: 73", 1),
    "play": ("r.yaml", "  - Ben end", 1),
    "undo": ("r.yaml", "  - Ben end", -1),
}


def cpu_with_children() -> float:
    """CPU seconds (user + system) of this process and of every child it has waited for."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


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


def well_formed(name: str, data: bytes) -> str | None:
    """None when the file reads as what its name says: YAML that parses, an SVG or an HTML document."""
    text = data.decode(errors="replace")
    if name.endswith(".yaml"):
        from ruamel.yaml import YAML, YAMLError

        try:
            YAML(typ="safe").load(text)
        except YAMLError as error:
            return f"{name} does not parse as YAML: {str(error).splitlines()[0]}"
        return None
    start = text.lstrip()[:200].lower()
    if name.endswith(".svg") and not start.startswith(("<svg", "<?xml")):
        return f"{name} is not an SVG document: {text[:100]!r}"
    if name.endswith(".html") and not start.startswith(("<!doctype html", "<html")):
        return f"{name} is not an HTML document: {text[:100]!r}"
    return None


def as_process(name, setup, args, pastiche: list[str]) -> Command:
    """The path's command as the installed `pastiche`, run in harness.OUTSIDE (the folder every child
    runs in) set up afresh before each run: the file it writes must hold what WRITES says, read as what
    its name says, and no temporary file may be left."""
    if name not in WRITES:
        harness.fail(f"{name}: what it writes is not known: add it to WRITES in {pathlib.Path(__file__).name}")
    written, text, change = WRITES[name]
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
        if written not in after or after[written] == state["set up"].get(written):
            return f"{written} was not written in {OUTSIDE}"
        now, was = after[written].count(text.encode()), state["set up"].get(written, b"").count(text.encode())
        if (now - was) * change <= 0:
            return f"{written} holds {text!r} {now} times, {was} before: expected {'more' if change > 0 else 'fewer'}"
        return well_formed(written, after[written])

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
                harness.in_process(
                    f"sweep: {name}",
                    swept(name, setup, command, then, ok, folder, counts),
                    uninterrupted(name, setup, command, folder),
                    "one uninterrupted run",
                    args.runs,
                    clock=cpu_with_children,  # the sweep's commands run in forked children
                )
            )

    for name, *_ in chosen:
        print(f"{name:<30} {counts[name]['kills']:>4} kills, ran to its end at call {counts[name]['completed_at']}")
    total = sum(c["kills"] for c in counts.values())
    print(f"{total} kills over {len(chosen)} paths, each followed by a write that worked\n")
    harness.header(pastiche, args.runs)
    harness.report(sweeps, "in process (CPU of this process and its forked children)")
    harness.report(processes, "\nas a process")


if __name__ == "__main__":
    harness.main(body)
