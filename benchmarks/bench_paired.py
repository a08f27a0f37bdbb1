"""Every command as a whole process doing real work, piped, as --json and through a pseudo-terminal,
each run paired with the import floor of what that output needs (issues 13 and 21).

    python benchmarks/bench_paired.py [--runs 15] [--pastiche PATH] [--only NAME ...] [--quick-floor]

The floors are the libraries alone: piped and --json, a process that imports click and ruamel.yaml
and does nothing else; in a terminal, one that also imports rich's console and table (what drawing
needs), run through a pseudo-terminal too. The ratio is what the command costs over importing the
libraries it is built on: the work, the output and the rest of the package's imports. Every
invocation does real work (a legal placement, a legal trade, a plan and a discard with something to
weigh) and is checked, in each of its three forms, for what it must say before it is timed
(harness.py). `moves --all` is timed in a terminal alone (piped and as JSON it is `moves`, which
lists every placement there): rich's table of all 324 placements. A quick run: `--runs 1 --only chart`.

pastiche ends its process as soon as the answer is flushed (`root.run`), while the floor lets Python
tear down as usual; `--quick-floor` ends the floor the same way, so that the ratio shows the work
and the output alone.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from dataclasses import dataclass

import harness
from harness import OUTSIDE, POSITIONS, RECORDS, Check, Command, json_where, says

PIPED_FLOOR = ("click", "ruamel.yaml")
DRAWN_FLOOR = ("click", "ruamel.yaml", "rich.console", "rich.table")
COLUMNS, LINES = 100, 40
TERMINAL = {"COLUMNS": str(COLUMNS), "LINES": str(LINES), "TERM": "xterm-256color"}
SILENT_FOR = 30  # seconds without output before a drawn command is taken to be waiting for input
ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
ROW = re.compile(r"^[\u2502|]?\s*(\d+)[\s\u2502|]")  # a table row's number, in a terminal's box or a pipe's columns
BOX = harness.EXAMPLES / "quick" / "box.yaml"  # a made-up catalogue, as a group saves its own


@dataclass
class Invocation:
    """One command, what its text must say (piped and drawn alike) and what its JSON must hold."""

    name: str
    args: list[str]
    shows: tuple[str, ...]
    answers: Callable[[dict], bool]
    answer: str
    rows: int = 0  # the table numbers its rows 1 to this, each listed (0: not checked)
    drawn_only: bool = False  # timed in a terminal alone: piped and --json it is another invocation

    def check(self) -> Check:
        """What its text must say: every one of `shows`, and the rows 1 to `rows` in order."""
        shows = says(*self.shows)

        def check(done: subprocess.CompletedProcess) -> str | None:
            said = shows(done)
            if said or not self.rows:
                return said
            lines = done.stdout.decode(errors="replace").splitlines()
            numbers = [int(m.group(1)) for m in map(ROW.match, lines) if m]
            return None if numbers == list(range(1, self.rows + 1)) else f"rows {numbers[:5]}... not 1 to {self.rows}"

        return check


def invocations() -> list[Invocation]:
    late, mid = str(POSITIONS / "board-late-4p.yaml"), str(POSITIONS / "board-midgame-4p.yaml")
    finish, painting = str(POSITIONS / "four-player-finish.yaml"), str(POSITIONS / "painting-midgame.yaml")
    ana = ["--player", "Ana"]
    return [
        Invocation("check", ["check", late], ("OK (0 warnings)",), lambda a: a["valid"], "a valid position"),
        Invocation("score", ["score", finish], ("Winner: Ana",), lambda a: a["winners"] == ["Ana"], "Ana the winner"),
        Invocation(
            "end", ["end", finish], ("triggered by Ana and Ben",), lambda a: a["triggered"], "the end triggered"
        ),
        Invocation(
            "board",
            ["board", late],
            ("46 hexes placed",),
            lambda a: sum(not h["start"] for h in a["hexes"]) == 46,
            "46 hexes placed",
        ),
        Invocation("moves", ["moves", late], ("324 legal placements",), lambda a: a["count"] == 324, "324 placements"),
        Invocation(
            "moves --all",
            ["moves", late, "--all"],
            ("All 324 placements",),
            lambda a: a["count"] == 324,
            "324 placements",
            rows=324,
            drawn_only=True,
        ),
        Invocation(
            "place (legal)",
            ["place", mid, "RYBBYR/R", "--at", "2,-4"],
            (": legal [place.adjacent]",),
            lambda a: a["legal"],
            "a legal placement",
        ),
        Invocation(
            "trade (legal)",
            ["trade", painting, *ana, "--give", "teal,teal,teal", "--get", "olive"],
            (": legal [trade.bank.three]",),
            lambda a: a["legal"],
            "a legal trade",
        ),
        Invocation(
            "complete",
            ["complete", painting, *ana],
            ("Harbour at Dusk",),
            lambda a: any(c["completable"] for c in a["commissions"]),
            "a completable commission",
        ),
        Invocation(
            "swap",
            ["swap", painting, *ana, "--give", "Quiet Orchard", "--take", "Salt Marsh"],
            ("Legal [commission.swap]: Ana swaps",),
            lambda a: a["legal"],
            "a legal swap",
        ),
        Invocation(
            "plan",
            ["plan", str(POSITIONS / "painting-twelve-cards.yaml"), "--player", "Dora"],
            ("2 trades, the fewest possible",),
            lambda a: a["commissions"][0]["trades"] == 2,
            "a plan of 2 trades",
        ),
        Invocation(
            "discard",
            ["discard", painting, *ana],
            ("2 over the limit of 8",),
            lambda a: a["over"] == 2 and a["best"],
            "2 cards to weigh",
        ),
        Invocation(
            "catalogue list",
            ["catalogue", "list", "--catalogue", str(BOX)],
            ("17 commission cards",),
            lambda a: len(a["cards"]) == 17,
            "17 cards",
        ),
        Invocation("rules", ["rules", "trade"], ("trade.bank.three",), lambda a: a["rules"], "the trade rules"),
        Invocation("chart", ["chart"], ("131 in all",), lambda a: a["total_copies"] == 131, "131 cards"),
        Invocation(
            "replay (record)",
            ["replay", str(RECORDS / "two-player-game.yaml")],
            ("31 moves",),
            lambda a: len(a["moves"]) == 31 and all(m["legal"] for m in a["moves"]),
            "31 legal moves",
        ),
        Invocation(
            "canvas score",
            ["score", str(POSITIONS / "canvas" / "three-player-capped.yaml")],
            ("Winner: Cleo",),
            lambda a: a["winners"] == ["Cleo"],
            "Cleo the winner",
        ),
        Invocation(
            "canvas best",
            ["canvas", "best", str(POSITIONS / "canvas" / "midgame.yaml"), *ana],
            ("Paintings Ana can complete now",),
            lambda a: a["legal"] and a["paintings"],
            "paintings to complete",
        ),
        Invocation(
            "masterpiece score",
            ["score", str(POSITIONS / "masterpiece" / "finished-tiebreak.yaml")],
            ("Winner: Ana",),
            lambda a: a["winners"] == ["Ana"],
            "Ana the winner",
        ),
        Invocation(
            "masterpiece options",
            ["masterpiece", "options", str(POSITIONS / "masterpiece" / "midgame.yaml"), *ana],
            ("Ana can present 1 thesis",),
            lambda a: any(o["presentable"] for o in a["options"]),
            "a presentable thesis",
        ),
        Invocation(
            "artline score",
            ["score", str(POSITIONS / "artline" / "finished.yaml")],
            ("Winner: Ana",),
            lambda a: a["winners"] == ["Ana"],
            "Ana the winner",
        ),
        Invocation(
            "artline spots",
            ["artline", "spots", str(POSITIONS / "artline" / "midgame.yaml")],
            ("12 cells a painting may go",),
            lambda a: len(a["spots"]) == 12,
            "12 spots",
        ),
    ]


@dataclass
class Drawn(Command):
    """A command run through a pseudo-terminal, as a player's terminal (rich draws), its output read
    to the end; the CPU time is the child's own (os.wait4)."""

    def run(self, capture: bool) -> tuple[float, float, subprocess.CompletedProcess | None]:
        if self.before:
            self.before()
        leader, follower = pty.openpty()
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", LINES, COLUMNS, 0, 0))
        start = time.perf_counter()
        proc = subprocess.Popen(
            self.argv,
            cwd=OUTSIDE,
            stdin=follower,
            stdout=follower,
            stderr=follower,
            env={**harness.ENV, **TERMINAL, **self.env},
        )
        os.close(follower)
        chunks = []
        try:
            while True:
                ready, _, _ = select.select([leader], [], [], SILENT_FOR)
                if not ready:  # a prompt or a pager would wait for a key forever: not a figure
                    proc.kill()
                    os.wait4(proc.pid, 0)
                    proc.returncode = -9
                    harness.fail(f"{self.name}: drew nothing for {SILENT_FOR} s (waiting for input?)")
                try:
                    data = os.read(leader, 65536)
                except OSError:  # the terminal closed: the program has ended
                    break
                if not data:
                    break
                chunks.append(data)
        finally:
            os.close(leader)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
        drawn = b"".join(chunks)
        if proc.returncode != self.exit:
            said = plain(drawn).strip().splitlines()[-3:]
            harness.fail(f"{self.name}: exit {proc.returncode}, expected {self.exit} ({' | '.join(said)})")
        done = subprocess.CompletedProcess(self.argv, proc.returncode, plain(drawn).encode(), b"")
        return wall, usage.ru_utime + usage.ru_stime, done if capture else None


def plain(drawn: bytes) -> str:
    """What the terminal shows, without colours and cursor moves: the text a check reads."""
    return ESCAPES.sub(b"", drawn).decode(errors="replace").replace("\r\n", "\n")


def library_floor(modules: tuple[str, ...], quick_exit: bool, kind: type[Command] = Command) -> Command:
    """A process importing only these libraries and doing nothing else."""
    code = "".join(f"import {m}\n" for m in modules)
    if quick_exit:  # end as the console script ends (root.run): no teardown, to see the work alone
        code += "import os\nos._exit(0)\n"
    return kind(" + ".join(modules), [sys.executable, "-c", code])


def body() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="NAME",
        help="time only the commands whose name starts so (repeatable), e.g. --only chart --only moves",
    )
    parser.add_argument(
        "--quick-floor",
        action="store_true",
        help="end the floors with os._exit, as pastiche ends: what is left is the work alone",
    )
    args = parser.parse_args()
    pastiche = harness.pastiche(args)
    chosen = [i for i in invocations() if not args.only or any(i.name.startswith(o) for o in args.only)]
    if not chosen:
        harness.fail(f"no command is named {' or '.join(args.only)}")
    piped_floor = library_floor(PIPED_FLOOR, args.quick_floor)
    drawn_floor = library_floor(DRAWN_FLOOR, args.quick_floor, Drawn)
    piped, as_json, drawn = [], [], []
    for each in chosen:
        argv = [*pastiche, *each.args]
        if not each.drawn_only:
            piped.append(harness.interleaved(Command(each.name, argv, each.check()), piped_floor, args.runs))
            answers = json_where(each.answers, each.answer)
            as_json.append(
                harness.interleaved(Command(f"{each.name} --json", [*argv, "--json"], answers), piped_floor, args.runs)
            )
        drawn.append(harness.interleaved(Drawn(each.name, argv, each.check()), drawn_floor, args.runs))
    harness.header(pastiche, args.runs)
    if piped:
        harness.report(piped, "\npiped")
        harness.report(as_json, "\n--json")
    harness.report(drawn, f"\nthrough a pseudo-terminal ({COLUMNS}x{LINES})")


if __name__ == "__main__":
    harness.main(body)
