"""A line of a short sheet entered from the phones (`pastiche serve --sheet OUT`), beside `pastiche score` of the sheet.

    python benchmarks/bench_sheet.py [--runs 5] [--pastiche PATH] [--game NAME]

A real `pastiche serve --sheet OUT --game G --players A,B,...` process on loopback, for each bundled sheet of
examples/quick (the four games), OUT in a temporary folder with a copy of the files the sheets name beside it
(box.yaml, given as `--catalogue` to Pastiche's; theses.yaml, which the host sets as Masterpiece's `theses:`
key, as it sets Canvas's scoring cards, before the lines). One phone per player, each holding its seat, and
the host's screen, each with its own open event stream (`GET /api/events`: benchmarks/streams.py). Each line of
the bundled sheet is sent by its player's phone (`PUT /api/sheet/NAME`, at least PACE apart: no phone comes near
20 requests a second) and timed from the PUT to the moment the host and every phone have heard the `sheet`
event and refetched their own `/api/state`; every state must count the lines entered, the host's must count
this one, and after the last line the host's scores must be those `pastiche score BUNDLED.sheet --json` gives
(its players and winners). Then, in the same run, `pastiche score OUT --json` (a fresh process) on a copy of
OUT as the line left it, checked to give the players and winners the PUT answered (an Artline sheet is written
from its second line on: its first line has no `score` to compare). A timed error ends the benchmark
(harness.py).

It prints, per game, the wall time (median, 95th percentile, slowest) of a line and of the LAST line (to the
final scores on the host's screen), `score`'s, and the ratios of the 95th percentiles; then harness.report's
table, where a line's CPU is the server process's (all its threads: the write and the five states) and its
floor the CPU of `score` of the sheet as written. `--runs` is how many times each sheet is entered from its
start. A quick run: `--runs 1 --game pastiche`.
"""

from __future__ import annotations

import json
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import harness
from harness import Command, Figures
from streams import Heard, listening, p95, server_cpu, serving

TESTS = harness.ROOT / "tests"  # tests/serve/live.py and sheets.py; not the repository root
QUICK = harness.EXAMPLES / "quick"
BESIDE = ("box.yaml", "theses.yaml")  # the files the bundled sheets name, copied beside OUT
PACE = 0.12  # seconds at least between two lines' PUTs


def scored(done: subprocess.CompletedProcess) -> dict | None:
    """What `score --json` says of the players and the winners (None: it is no such JSON)."""
    try:
        answer = json.loads(done.stdout)
        return {"players": answer["players"], "winners": answer["winners"]}
    except (ValueError, LookupError, TypeError):
        return None


def scores_as(expected: dict):
    """A check: `score --json` gives these players and winners."""

    def check(done: subprocess.CompletedProcess) -> str | None:
        said = scored(done)
        return None if said == expected else f"scored {json.dumps(said)[:300]}, not {json.dumps(expected)[:300]}"

    return check


def counts_the_lines(event: str, n: int, state: dict) -> bool:
    """A phone's state after a `sheet` event counts the lines entered."""
    return event != "sheet" or sum(bool(v) for v in state.get("entered", {}).values()) == n


class Entered:
    """One bundled sheet entered from its players' phones: each line timed to the last listener, then `score`."""

    def __init__(self, game: str, source: pathlib.Path, pastiche: list[str]) -> None:
        from sheets import bundled

        self.game, self.source = game, source
        self.keys, self.lines = bundled(game)
        final = scored(Command(f"score {source.name}", [*pastiche, "score", str(source), "--json"], None).verify())
        if final is None:
            harness.fail(f"score --json of {source} did not give players and winners")
        self.final = final
        self.latency: list[float] = []
        self.cpu: list[float] = []
        self.score: list[tuple[float, float] | None] = []  # `score`'s (wall, CPU) of each line, None: no file yet
        self.last: list[float] = []
        self.last_score: list[float] = []

    def run(self, pastiche: list[str], folder: pathlib.Path) -> None:
        for name in BESIDE:
            shutil.copy(QUICK / name, folder / name)
        out = folder / "friday.sheet"
        out.unlink(missing_ok=True)
        argv = [*pastiche, "serve", "--sheet", str(out), "--game", self.game, "--players", ",".join(self.lines)]
        if "catalogue" in self.keys:  # Pastiche's: the file beside OUT given, which the server writes into OUT
            argv += ["--catalogue", str(folder / self.keys["catalogue"])]
        with serving(argv, counts_the_lines, self.game) as (server, heard):
            self.table(server, heard, pastiche, out)

    def table(self, server, heard: Heard, pastiche: list[str], out: pathlib.Path) -> None:
        keys = {k: v for k, v in self.keys.items() if k != "catalogue"}
        if keys:  # the host's screen sets them first (Canvas's scoring cards, Masterpiece's thesis table)
            status, body = server.request("PUT", "/api/sheet-keys", {"keys": keys}, host=True)
            if status != 200:
                harness.fail(f"{self.game}: the host's keys {keys} answered {status}: {str(body)[:300]}")
        seats = server.claim_all()
        if seats != list(self.lines):
            harness.fail(f"{self.game}: the seats are {seats}, not the sheet's players {list(self.lines)}")
        host = len(seats)  # the listener the host's screen is
        listeners = listening(server, seats, heard, host=True)
        for n, (name, line) in enumerate(self.lines.items(), 1):
            started, cpu = time.perf_counter(), server_cpu(server.process.pid)
            status, body = server.request("PUT", f"/api/sheet/{name}", {"line": line}, seat=name)
            if status != 200:
                harness.fail(f"{self.game}: {name}'s line ({line}) answered {status}: {str(body)[:300]}")
            latency = heard.by_all(("sheet", n), listeners, f"{self.game}: {name}'s line not heard") - started
            self.latency.append(latency)
            self.cpu.append(server_cpu(server.process.pid) - cpu)
            state = heard.states[("sheet", n)][host]
            if not state.get("entered", {}).get(name):
                harness.fail(f"{self.game}: the host's state after {name}'s line does not count it: {str(state)[:300]}")
            last = n == len(self.lines)
            if last:
                shown = {k: state.get("scores", {}).get(k) for k in ("players", "winners")}
                if shown != self.final:
                    harness.fail(f"{self.game}: the host's final scores {shown} are not `score`'s {self.final}")
                self.last.append(latency)
            self.score.append(self.score_of(pastiche, out, body) if out.exists() else None)
            if last and self.score[-1] is not None:
                self.last_score.append(self.score[-1][0])
            time.sleep(max(0.0, started + PACE - time.perf_counter()))

    def score_of(self, pastiche: list[str], out: pathlib.Path, answered: dict) -> tuple[float, float]:
        """`pastiche score --json` of a copy of OUT as this line left it, checked to give the scores the PUT gave."""
        copy = out.with_name("scored.sheet")
        text = out.read_text(encoding="utf-8")
        expected = {"players": answered.get("players"), "winners": answered.get("winners")}
        command = Command(
            f"score of {self.game}'s sheet",
            [*pastiche, "score", str(copy), "--json"],
            scores_as(expected),
            before=lambda: copy.write_text(text, encoding="utf-8"),
        )
        return command.checked()

    def figures(self, name: str, last: bool) -> Figures:
        """A line served (the server's CPU) against `score` of the sheet it wrote: the lines that wrote one."""
        count = len(self.lines)
        pairs = [
            (wall, cpu, floor)
            for i, (wall, cpu, floor) in enumerate(zip(self.latency, self.cpu, self.score))
            if floor is not None and (not last or i % count == count - 1)
        ]
        return Figures(name, [p[1] for p in pairs], [p[0] for p in pairs], [p[2][1] for p in pairs], "score of it")


def ms(times: list[float]) -> str:
    return f"{statistics.median(times) * 1000:>7.1f} {p95(times) * 1000:>6.1f} {max(times) * 1000:>6.1f}"


def print_times(entered: list[Entered]) -> None:
    print(
        f"{'game':<12} {'lines':>5}  {'line: median':>12} {'p95':>6} {'max':>6}  {'last: median':>12} {'p95':>6} "
        f"{'max':>6}  {'score: median':>13} {'p95':>6}  {'line p95 ratio':>14} {'last p95 ratio':>14}"
    )
    for e in entered:
        floor = [s[0] for s in e.score if s is not None]
        print(
            f"{e.game:<12} {len(e.latency):>5}  {'':>5}{ms(e.latency)}  {'':>5}{ms(e.last)}  "
            f"{statistics.median(floor) * 1000:>13.1f} {p95(floor) * 1000:>6.1f}  "
            f"{p95(e.latency) / p95(floor):>14.2f} {p95(e.last) / p95(e.last_score):>14.2f}"
        )
    print(
        "(wall ms: a line = from its PUT to the last of the phones and the host's screen with its state refetched; "
        "last = the last line, to the final scores on the host's screen; score = `pastiche score --json`, a fresh "
        "process, of the sheet as written)\n"
    )


def body() -> None:
    parser = harness.parser(__doc__, runs=5)
    parser.add_argument(
        "--game", action="append", default=[], metavar="NAME", help="only this game's bundled sheet (repeatable)"
    )
    args = parser.parse_args()
    pastiche = harness.pastiche(args)
    harness.no_source_on_path()
    sys.path[:0] = [str(TESTS / "serve"), str(TESTS)]
    from sheets import BUNDLED

    unknown = [g for g in args.game if g not in BUNDLED]
    if unknown:
        harness.fail(f"no bundled sheet of {' or '.join(unknown)}: the games are {', '.join(BUNDLED)}")
    chosen = [Entered(game, path, pastiche) for game, path in BUNDLED.items() if not args.game or game in args.game]
    with tempfile.TemporaryDirectory(prefix="pastiche-bench-sheet-") as scratch:
        for entered in chosen:
            for _ in range(max(1, args.runs)):
                entered.run(pastiche, pathlib.Path(scratch))

    print(
        "one phone per player and the host's screen on loopback, each with its own event stream; "
        f"lines at least {PACE * 1000:.0f} ms apart\n"
    )
    print_times(chosen)
    harness.header(pastiche, args.runs)
    figures = []
    for e in chosen:
        figures += [e.figures(f"line: {e.game}", last=False), e.figures(f"last line: {e.game}", last=True)]
    harness.report(figures, "a line served (the server's CPU, all threads) against `pastiche score` of the sheet")


if __name__ == "__main__":
    harness.main(body)
