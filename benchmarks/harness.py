"""What every benchmark shares: the installed command, a check that it does the work it is timed
for, and timings interleaved with a floor measured in the same run.

A benchmark times the installed package as a player runs it: the `pastiche` console script beside
the Python that runs the benchmark (or `--pastiche PATH`), run in a temporary folder outside the
repository, with bytecode caches written and used as after `pip install`. A script that times
code in process imports the installed package too: it never puts the repository on `sys.path`. When
the package this Python imports is the source tree (an editable install), the header says so on
stderr: a warning, not a failure.

Before it is timed, every command runs once and is checked: its exit status and what it printed
(a refused move, an existing output file or an error message is a failure, not a figure). Every
timed run checks its exit status again. A failure ends the benchmark with exit status 2 and a
line on stderr that starts `benchmark failed:`.

A figure is never judged against a wall-clock bar, since a busy machine slows everything: each
command's runs alternate with its floor's (command, floor, command, floor, ...), so both see the
same machine, and what is reported is the ratio, from the fastest runs (min / min) and run by run
(the median of the ratios), beside the times themselves. CPU time (user + system) of the child is
the measure; wall-clock medians are shown beside it.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import pathlib
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
POSITIONS = EXAMPLES / "positions"
RECORDS = EXAMPLES / "records"
# Every child runs here, outside the tree, so none imports the source through its current folder.
OUTSIDE = pathlib.Path(tempfile.mkdtemp(prefix="pastiche-bench-"))
UNSET = ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH", "FORCE_COLOR", "NO_COLOR", "PASTICHE_CATALOGUE", "PASTICHE_DATA")
ENV = {k: v for k, v in os.environ.items() if k not in UNSET}
ENV["XDG_DATA_HOME"] = str(OUTSIDE / "data")  # never the user's saved catalogue
ENV["PASTICHE_DATA"] = str(OUTSIDE / "data" / "pastiche")  # nor their play history
atexit.register(shutil.rmtree, OUTSIDE, ignore_errors=True)


class Failed(Exception):
    """The work a benchmark times did not happen: no figure is printed for it."""


def fail(message: str) -> None:
    raise Failed(message)


def parser(doc: str, runs: int = 15) -> argparse.ArgumentParser:
    """The options every benchmark takes: how many timed runs, and which `pastiche` to time."""
    made = argparse.ArgumentParser(description=doc.strip().splitlines()[0])
    made.add_argument("--runs", type=int, default=runs, help=f"timed runs of each command and its floor ({runs})")
    made.add_argument(
        "--pastiche",
        metavar="PATH",
        help="the command to time (default: the console script installed beside this Python)",
    )
    return made


def pastiche(args: argparse.Namespace) -> list[str]:
    """The installed console script (or --pastiche): a benchmark never times the source tree."""
    if args.pastiche:
        return [str(pathlib.Path(args.pastiche).resolve())]
    script = pathlib.Path(sys.executable).with_name("pastiche")
    if not script.exists():
        fail(f"no pastiche installed beside {sys.executable}: `pip install .` into that environment first")
    return [str(script)]


def installed_from() -> str:
    """Where the package this Python imports lives, seen from outside the repository."""
    return subprocess.run(
        [sys.executable, "-c", "import pastiche_cli; print(pastiche_cli.__file__)"],
        cwd=OUTSIDE,
        env=ENV,
        capture_output=True,
        text=True,
    ).stdout.strip()


def in_source_tree(package_file: str) -> pathlib.Path | None:
    """The package's folder when it is the repository's own (an editable install, or the source tree on
    the path), not one installed into an environment that happens to sit in the repository."""
    if not package_file:
        return None
    folder = pathlib.Path(package_file).resolve().parent
    if not folder.is_relative_to(ROOT):
        return None
    return None if {"site-packages", "dist-packages"} & set(folder.relative_to(ROOT).parts) else folder


def header(pastiche: list[str], runs: int, *about: str) -> None:
    """The line over every benchmark's figures: the command timed, the package this Python imports (a
    warning on stderr when that is the source tree: not a failure), what else the script says, the runs."""
    package = installed_from()
    source = in_source_tree(package)
    if source:
        print(
            f"warning: pastiche_cli is imported from the source tree ({source}): "
            "an editable install times the checkout, not an installed package",
            file=sys.stderr,
        )
    print("; ".join([f"{' '.join(pastiche)} (package: {package})", *about, f"{runs} runs each, interleaved"]))


def no_source_on_path() -> None:
    """For scripts that time code in process: the package imported must be the installed one."""
    sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != ROOT]


# --- a command, checked, then timed ---------------------------------------------------------------


Check = Callable[[subprocess.CompletedProcess], "str | None"]


@dataclass
class Command:
    """One process to time: its arguments, what it must print to count as done, and how to reset
    what it changes (`before`, run untimed before every run)."""

    name: str
    argv: list[str]
    check: Check | None = None
    stdin: bytes | None = None
    exit: int = 0
    before: Callable[[], None] | None = None
    env: dict[str, str] = field(default_factory=dict)

    def run(self, capture: bool) -> tuple[float, float, subprocess.CompletedProcess | None]:
        """(wall s, CPU s of the child: user + system, the finished process when captured)."""
        if self.before:
            self.before()
        out = subprocess.PIPE if capture else subprocess.DEVNULL
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run(
            self.argv,
            cwd=OUTSIDE,
            env={**ENV, **self.env},
            input=self.stdin,
            stdin=None if self.stdin is not None else subprocess.DEVNULL,
            stdout=out,
            stderr=out,
        )
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if done.returncode != self.exit:
            fail(f"{self.name}: exit {done.returncode}, expected {self.exit} ({last_words(done, capture)})")
        return wall, cpu, done if capture else None

    def checked(self) -> tuple[float, float]:
        """One timed run whose output is checked as `verify` checks it: (wall s, CPU s of the child)."""
        wall, cpu, done = self.run(capture=True)
        complaint = self.check(done) if self.check and done is not None else None
        if complaint:
            fail(f"{self.name}: {complaint}")
        return wall, cpu

    def verify(self) -> subprocess.CompletedProcess:
        """Run once and check what it did; a failure ends the benchmark."""
        _, _, done = self.run(capture=True)
        assert done is not None
        if self.check:
            complaint = self.check(done)
            if complaint:
                fail(f"{self.name}: {complaint}")
        return done


def last_words(done: subprocess.CompletedProcess, captured: bool) -> str:
    """What a failed run said last, for its failure message: stderr's last lines, else stdout's."""
    if not captured:
        return "a timed run; output not kept"
    for stream, label in ((done.stderr, ""), (done.stdout, "nothing on stderr; stdout: ")):
        lines = (stream or b"").decode(errors="replace").strip().splitlines()[-3:]
        if lines:
            return label + " | ".join(lines)
    return "nothing on stderr or stdout"


def runner(pastiche: list[str], env: dict[str, str] | None = None) -> Callable[..., Command]:
    """`run(name, args, check, before=None)`: the Command that runs `pastiche ARGS` (with `env`)."""

    def run(name: str, args: list[str], check: Check | None, before: Callable[[], None] | None = None) -> Command:
        return Command(name, [*pastiche, *args], check, before=before, env=dict(env or {}))

    return run


def removing(path: pathlib.Path) -> Callable[[], None]:
    """A `before` that removes the file a command writes, so that every run writes it anew."""
    return lambda: path.unlink(missing_ok=True)


def floor(name: str, modules: tuple[str, ...] = ()) -> Command:
    """A process that imports these libraries (none: a bare interpreter) and does nothing else."""
    code = "".join(f"import {m}\n" for m in modules) or "pass"
    return Command(name, [sys.executable, "-c", code])


# --- checks on what a command printed ---------------------------------------------------------------


def says(*texts: str) -> Check:
    """Standard output holds every one of these texts."""

    def check(done: subprocess.CompletedProcess) -> str | None:
        out = done.stdout.decode(errors="replace")
        missing = [t for t in texts if t not in out]
        return f"its output lacks {missing!r}: {out[:200]!r}" if missing else None

    return check


def line_starts(*texts: str) -> Check:
    """A line of standard output begins with each of these texts: "not legal [...]" is no "legal [...]"."""

    def check(done: subprocess.CompletedProcess) -> str | None:
        lines = done.stdout.decode(errors="replace").splitlines()
        missing = [t for t in texts if not any(line.startswith(t) for line in lines)]
        return f"no line of its output starts with {missing!r}: {lines[:5]!r}" if missing else None

    return check


def json_where(test: Callable[[object], bool], what: str) -> Check:
    """Standard output is JSON and `test` holds of it (`what` says what is expected)."""

    def check(done: subprocess.CompletedProcess) -> str | None:
        try:
            answer = json.loads(done.stdout)
            holds = bool(test(answer))
        except (ValueError, LookupError, TypeError):  # not JSON, or not of the shape expected
            holds = False
        return None if holds else f"expected JSON with {what}: {done.stdout[:300]!r}"

    return check


def recorded(rule: str, path: pathlib.Path, *holds: str) -> Check:
    """`--apply` judged the move legal under `rule`, said it recorded it, and the file at `path` holds `holds`."""

    def check(done: subprocess.CompletedProcess) -> str | None:
        out = done.stdout.decode(errors="replace")
        if f": legal [{rule}]" not in out or "Recorded in" not in out:
            return f"the move was not recorded: {out[:300]!r}"
        text = path.read_text(encoding="utf-8")
        missing = [h for h in holds if h not in text]
        return f"{path} does not hold {missing!r}" if missing else None

    return check


def against_start_up(doc: str, commands: Callable[[list[str]], list[Command]]) -> None:
    """The body of a script that times its commands against a bare interpreter (`python -c pass`)."""
    args = parser(doc).parse_args()
    command = pastiche(args)
    base = floor("python -c pass")
    header(command, args.runs)
    report([interleaved(c, base, args.runs) for c in commands(command)])


def svg_written(path: pathlib.Path) -> Check:
    """The command said it wrote the SVG, and the file at `path` is an SVG document."""

    def check(done: subprocess.CompletedProcess) -> str | None:
        if b"SVG written to" not in done.stdout:
            return f"it did not say it wrote the SVG: {done.stdout[:200]!r}"
        if not path.exists():
            return f"{path} was not written"
        if not path.read_bytes().lstrip().startswith((b"<svg", b"<?xml")):
            return f"{path} is not an SVG document: {path.read_bytes()[:100]!r}"
        return None

    return check


# --- timings ---------------------------------------------------------------------------------------


@dataclass
class Figures:
    name: str
    cpu: list[float]
    wall: list[float]
    floor_cpu: list[float]
    floor_name: str

    @property
    def ratio_min(self) -> float:
        return min(self.cpu) / max(min(self.floor_cpu), 1e-9)

    @property
    def ratio_median(self) -> float:
        return statistics.median(a / max(b, 1e-9) for a, b in zip(self.cpu, self.floor_cpu))


def interleaved(command: Command, base: Command, runs: int) -> Figures:
    """The command checked, then timed `runs` times alternating with its floor."""
    command.verify()  # (which also warms the caches: bytecode, files)
    base.verify()
    cpu, wall, floor_cpu = [], [], []
    for _ in range(max(1, runs)):
        w, c, _ = command.run(capture=False)
        _, fc, _ = base.run(capture=False)
        cpu.append(c)
        wall.append(w)
        floor_cpu.append(fc)
    return Figures(command.name, cpu, wall, floor_cpu, base.name)


def in_process(
    name: str,
    work: Callable[[], object],
    base: Callable[[], object],
    base_name: str,
    runs: int,
    *,
    clock: Callable[[], float] = time.process_time,
    setup: Callable[[], object] | None = None,
    warm: bool = True,
) -> Figures:
    """Code timed in this process (CPU time by `clock`: this process's own unless told), alternating
    with its floor, after one untimed call each (unless not `warm`); `setup` runs, untimed, before
    every call of either."""

    def timed(call: Callable[[], object]) -> tuple[float, float]:
        if setup:
            setup()
        start, wall_start = clock(), time.perf_counter()
        call()
        return clock() - start, time.perf_counter() - wall_start

    if warm:
        timed(work)
        timed(base)
    cpu, wall, floor_cpu = [], [], []
    for _ in range(max(1, runs)):
        c, w = timed(work)
        cpu.append(c)
        wall.append(w)
        floor_cpu.append(timed(base)[0])
    return Figures(name, cpu, wall, floor_cpu, base_name)


def report(figures: list[Figures], title: str = "") -> None:
    """The table every benchmark prints: CPU ms (fastest, median), its floor's, both ratios, wall."""
    if title:
        print(title)
    width = max([len(f.name) for f in figures] + [7])
    print(
        f"{'what':<{width}}  {'cpu ms':>7} {'median':>7}  {'floor':>7} {'median':>7}  "
        f"{'ratio':>6} {'median':>6}  {'wall ms':>7}  floor"
    )
    for f in figures:
        print(
            f"{f.name:<{width}}  {min(f.cpu) * 1000:>7.1f} {statistics.median(f.cpu) * 1000:>7.1f}  "
            f"{min(f.floor_cpu) * 1000:>7.1f} {statistics.median(f.floor_cpu) * 1000:>7.1f}  "
            f"{f.ratio_min:>6.2f} {f.ratio_median:>6.2f}  {statistics.median(f.wall) * 1000:>7.1f}  {f.floor_name}"
        )


def main(body: Callable[[], None]) -> None:
    """Run a benchmark's body: exit 0 when everything it timed did its work, else 2, said on stderr."""
    try:
        body()
    except Failed as failure:
        print(f"benchmark failed: {failure}", file=sys.stderr)
        sys.exit(2)
