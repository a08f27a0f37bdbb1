"""Size and time of the record page (`replay --html`) as a game grows: does it stay linear in the moves?

    python benchmarks/bench_page.py [--runs 5] [--pastiche PATH] [--moves 30,60,100,150,200] [--no-bundled]

Builds Pastiche records of each length (tests/long_game.py: two players, the setup of
examples/records/two-player-game.yaml with no end trigger, played on by a greedy player until the
hexes run out at 198 moves), and takes every bundled record of every game (unless --no-bundled).
For each it prints the page's size and the fastest time to build it, both per move, then two timings:
the page built in process from the replayed record (cli/verbs/replay.page, modules imported) against
its floor, replaying the record (`game.load`), so the ratio is what drawing the page costs over the
replay it draws; and `pastiche replay RECORD --html OUT` as a whole process against `python -c pass`.
Every page is checked first to hold every move of its record, and OUT to be written (harness.py).
The issue's sizes: the 31-move example under 300 KB, a 200-move game under 1 MB. A quick run:
`--runs 1 --moves 30 --no-bundled`.
"""

from __future__ import annotations

import argparse
import html
import pathlib
import subprocess
import sys
import tempfile

import harness
from harness import Command

TESTS = harness.ROOT / "tests"  # tests/long_game.py; not the repository root, so the package is the installed one


def holds_moves(page: str, moves: list[str]) -> str | None:
    """None when the page lists every move of the record, in order, each as its own entry."""
    at = 0
    for n, move in enumerate(moves, 1):
        entry = f'<li data-step="{n}"><code>{html.escape(move)}</code>'
        found = page.find(entry, at)
        if found < 0:
            return f"move {n} ({move!r}) is not on the page ({len(page)} characters)"
        at = found
    return None


class Record:
    """A record replayed in process: its page built, checked and timed; the command that writes it."""

    def __init__(self, name: str, path: pathlib.Path) -> None:
        from pastiche_cli import games
        from pastiche_cli.formats.gamekey import declared_in

        said = declared_in(path.read_text(encoding="utf-8"))
        self.name, self.path = name, path
        self.game = games.declared(games.by_name(said.word if said else games.DEFAULT))
        self.loaded = self.replay()
        self.moves = [str(step.move) for step in self.loaded.replay.steps]
        if not self.moves:
            harness.fail(f"{name}: the record replays no move")
        built = self.page()
        self.size = len(built.encode("utf-8"))
        complaint = holds_moves(built, self.moves)
        if complaint:
            harness.fail(f"{name}: {complaint}")

    def replay(self):
        from pastiche_cli.cli.game import load

        return load(self.game, str(self.path), {}, record=True)

    def page(self) -> str:
        from pastiche_cli.cli.verbs.replay import page

        return page(self.game, str(self.path), self.loaded)

    def command(self, pastiche: list[str], out: pathlib.Path) -> Command:
        """`replay RECORD --html OUT`, OUT removed before each run (an existing OUT is refused)."""

        def written(done: subprocess.CompletedProcess) -> str | None:
            if not out.exists():
                return f"{out} was not written"
            return holds_moves(out.read_text(encoding="utf-8"), self.moves)

        return Command(
            f"replay --html: {self.name}",
            [*pastiche, "replay", str(self.path), "--html", str(out)],
            written,
            before=harness.removing(out),
        )


def body() -> None:
    parser = harness.parser(__doc__, runs=5)
    parser.add_argument("--moves", default="30,60,100,150,200", help="lengths of the greedy games (30,60,100,150,200)")
    parser.add_argument(
        "--bundled", action=argparse.BooleanOptionalAction, default=True, help="also every bundled record (yes)"
    )
    args = parser.parse_args()
    pastiche = harness.pastiche(args)
    harness.no_source_on_path()
    sys.path.insert(0, str(TESTS))
    from long_game import greedy_game

    with tempfile.TemporaryDirectory(prefix="pastiche-bench-page-") as scratch:
        folder = pathlib.Path(scratch)
        records = []
        for limit in (int(n) for n in args.moves.split(",")):
            path = folder / f"long-{limit}.yaml"
            path.write_text(greedy_game(limit), encoding="utf-8")
            records.append(Record(f"greedy Pastiche game, at most {limit}", path))
        if args.bundled:
            bundled = harness.RECORDS
            for path in sorted(bundled.rglob("*.yaml")):
                if not path.stem.endswith("-broken"):  # a record made to fail, for the error demo
                    records.append(Record(str(path.relative_to(bundled)), path))

        built, commands = [], []
        for number, record in enumerate(records):
            built.append(harness.in_process(f"page: {record.name}", record.page, record.replay, "replay", args.runs))
            out = folder / f"page-{number}.html"  # two games' records share a file name
            commands.append(
                harness.interleaved(record.command(pastiche, out), harness.floor("python -c pass"), args.runs)
            )

    print(f"{'record':<44} {'moves':>5} {'page KB':>8} {'B/move':>7} {'build ms':>9} {'ms/move':>8}")
    for record, figures in zip(records, built):
        moves, size, fastest = len(record.moves), record.size, min(figures.wall)
        print(
            f"{record.name:<44} {moves:>5} {size / 1000:>8.1f} {size / moves:>7.0f} "
            f"{fastest * 1000:>9.1f} {fastest * 1000 / moves:>8.2f}"
        )
    print()
    harness.header(pastiche, args.runs)
    harness.report(built, "in process")
    harness.report(commands, "\nas a process")


if __name__ == "__main__":
    harness.main(body)
