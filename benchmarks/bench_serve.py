"""A move served to a table of phones (`pastiche serve`), beside `pastiche play` of the same move; the page's bytes.

    python benchmarks/bench_serve.py [--runs 2] [--pastiche PATH] [--record NAME] [--moves N] [--phones 8]

A real `pastiche serve` process on a copy of a bundled record's setup (no moves), on loopback, and
`--phones` simulated phones (8), each with its own open event stream (`GET /api/events`): the first
ones each hold a seat of the record's players (its key sent as `X-Pastiche-Seat` with `Authorization:
Bearer`), the others are phones of the table that hold none (a record has at most 3 players), each its
own browser (its own User-Agent, so its own rate). Each move of the record is posted by its player's
phone (`POST /api/moves`; a trade or a vote answered by the seats it asks, as the record says) and
timed from the POST to the moment the LAST phone has heard its event and refetched its own
`/api/state` (checked to hold the move). Then, in the same run, `pastiche play` of the same move, a
fresh process on a copy of the record at the same point, checked to have added it. Every answer is
checked (200, the move as written, the state's count): a timed error ends the benchmark (harness.py).

It prints, per record, the wall time per move (median, 95th percentile, slowest) of the served move
and of `play`, and their ratio; then harness.report's table, where a served move's CPU is the server
process's (all its threads, /proc/PID/task/*/schedstat: the write and the phones' eight states) and its
floor the CPU of `play` of the same move. Last, the page's bytes over the wire on a phone's first load:
the join link's 303, `/`, the first `/api/state` and the board's picture it names (an unseated phone:
what it fetches before it shows the table; the event stream and the seat claim come after), at the
start and at the end of the game served; the issue's bound is 150 KB. `--runs` is how many times each
record is served from its start. A quick run: `--runs 1 --record two-player-game --moves 3`.
"""

from __future__ import annotations

import json
import pathlib
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import harness
from harness import Command, Figures
from streams import Heard, listening, p95, server_cpu, serving

TESTS = harness.ROOT / "tests"  # tests/serve/live.py and served.py; not the repository root
PACE = 0.12  # seconds at least between two moves' POSTs: no phone comes near 20 requests a second
RECORD_HELP = "only the bundled records whose path under examples/records starts so (repeatable)"
BOUND = 150_000  # the bytes on first load


def over_the_wire(address: str, path: str, cookie: str = "") -> tuple[int, str, bytes]:
    """A GET as a browser's first load makes it: (bytes received, the head, the body)."""
    name, port = address.rsplit(":", 1)
    sent = f"GET {path} HTTP/1.1\r\nHost: {address}\r\nUser-Agent: first load\r\nConnection: close\r\n"
    sent += "Accept-Encoding: gzip, deflate, br\r\n"  # as a phone's browser asks
    sent += (f"Cookie: {cookie}\r\n" if cookie else "") + "\r\n"
    chunks = []
    with socket.create_connection((name, int(port)), timeout=10) as connection:
        connection.sendall(sent.encode())
        while data := connection.recv(65536):
            chunks.append(data)
    raw = b"".join(chunks)
    head, _, body = raw.partition(b"\r\n\r\n")
    return len(raw), head.decode("latin-1"), body


def first_load(server, moves: int) -> list[int]:
    """The bytes of the join link's redirect, the page, its first state and the board's picture the state
    names (a game with a board), each checked."""
    size, head, _ = over_the_wire(server.address, f"/join/{server.token}")
    cookie = next(
        (
            line.split(":", 1)[1].split(";")[0].strip()
            for line in head.splitlines()
            if line.lower().startswith("set-cookie:")
        ),
        "",
    )
    if not head.startswith("HTTP/1.1 303") or "\r\nlocation: /\r\n" not in head.lower() + "\r\n" or not cookie:
        harness.fail(f"the join link did not redirect to / with a cookie: {head[:300]!r}")
    sizes = [size]
    size, head, body = over_the_wire(server.address, "/", cookie)
    if not head.startswith("HTTP/1.1 200") or b"/api/state" not in body:
        harness.fail(f"/ is not the table's page: {head[:200]!r} {body[:200]!r}")
    sizes.append(size)
    size, head, body = over_the_wire(server.address, "/api/state", cookie)
    state = json.loads(body) if head.startswith("HTTP/1.1 200") else {}
    if state.get("moves") != moves:
        harness.fail(f"the first /api/state is not the table at {moves} moves: {head[:200]!r} {body[:200]!r}")
    sizes.append(size)
    if state.get("picture"):  # a game with a board: the <img> the table shows, fetched as a browser asks
        size, head, body = over_the_wire(server.address, state["picture"], cookie)
        if not head.startswith("HTTP/1.1 200") or not body.startswith((b"\x1f\x8b", b"<svg", b"<?xml")):
            harness.fail(f"the board's picture is not an SVG: {head[:200]!r} {body[:100]!r}")
        sizes.append(size)
    return sizes


def played(path: pathlib.Path, move: str):
    def check(done: subprocess.CompletedProcess) -> str | None:
        text = path.read_text(encoding="utf-8")
        return None if text.endswith(f"  - {move}\n") else f"{path.name} does not end with the move: {text[-200:]!r}"

    return check


class Served:
    """One record served from its start: each move timed to the last phone, then as `pastiche play`."""

    def __init__(self, name: str, source: pathlib.Path, limit: int, phones: int) -> None:
        from served import record_moves

        self.name, self.phones = name, phones
        self.empty, moves = record_moves(source)
        self.moves = moves[:limit] if limit else moves
        self.latency: list[float] = []
        self.cpu: list[float] = []
        self.play_cpu: list[float] = []
        self.play_wall: list[float] = []
        self.bytes: dict[int, list[int]] = {}

    def run(self, pastiche: list[str], folder: pathlib.Path) -> None:
        path = folder / "served.yaml"
        path.write_text(self.empty, encoding="utf-8")
        holds = lambda event, n, state: event != "move" or state.get("moves") == n  # noqa: E731
        with serving([*pastiche, "serve", str(path)], holds, self.name) as (server, heard):
            self.bytes[0] = first_load(server, 0)
            self.table(server, heard, pastiche, folder)
            self.bytes[len(self.moves)] = first_load(server, len(self.moves))

    def table(self, server, heard: Heard, pastiche: list[str], folder: pathlib.Path) -> None:
        seats = server.claim_all()
        listening(server, [seats[index] if index < len(seats) else None for index in range(self.phones)], heard)
        for n, move in enumerate(self.moves):
            started, cpu = time.perf_counter(), server_cpu(server.process.pid)
            status, body = server.play(n, move)
            if status != 200 or body.get("move") != move:
                harness.fail(f"{self.name}: move {n + 1} ({move}) answered {status}: {str(body)[:300]}")
            self.latency.append(
                heard.by_all(("move", n + 1), self.phones, f"{self.name}: move {n + 1} not heard") - started
            )
            self.cpu.append(server_cpu(server.process.pid) - cpu)
            self.play(pastiche, folder, n, move)
            time.sleep(max(0.0, started + PACE - time.perf_counter()))

    def play(self, pastiche: list[str], folder: pathlib.Path, n: int, move: str) -> None:
        """`pastiche play` of the move on a copy of the record as it was before it."""
        copy = folder / "played.yaml"
        text = self.empty + "".join(f"  - {m}\n" for m in self.moves[:n])
        command = Command(
            f"play {move}",
            [*pastiche, "play", str(copy), move],
            played(copy, move),
            before=lambda: copy.write_text(text, encoding="utf-8"),
        )
        wall, cpu = command.checked()
        self.play_wall.append(wall)
        self.play_cpu.append(cpu)


def print_times(served: list[Served]) -> None:
    print(
        f"{'record':<36} {'moves':>5}  {'served: median':>14} {'p95':>6} {'max':>6}  "
        f"{'play: median':>12} {'p95':>6}  {'p95 ratio':>9}"
    )
    for s in served:
        mine, theirs = s.latency, s.play_wall
        print(
            f"{s.name:<36} {len(mine):>5}  {statistics.median(mine) * 1000:>14.1f} {p95(mine) * 1000:>6.1f} "
            f"{max(mine) * 1000:>6.1f}  {statistics.median(theirs) * 1000:>12.1f} {p95(theirs) * 1000:>6.1f}  "
            f"{p95(mine) / p95(theirs):>9.2f}"
        )
    print("(wall ms per move: served = from the POST to the last phone's refetched state; play = a fresh process)\n")


def print_bytes(served: list[Served]) -> None:
    print(
        "the page's bytes over the wire on a phone's first load "
        "(join 303 + / + the first /api/state + the board's picture, if any):"
    )
    for s in served:
        for moves, sizes in sorted(s.bytes.items()):
            total = sum(sizes)
            verdict = "under" if total < BOUND else "OVER"
            print(
                f"  {s.name} at {moves} moves: {' + '.join(f'{n:,}' for n in sizes)} = {total:,} bytes "
                f"({verdict} {BOUND // 1000} KB)"
            )
    print()


def body() -> None:
    parser = harness.parser(__doc__, runs=2)
    parser.add_argument("--record", action="append", default=[], metavar="NAME", help=RECORD_HELP)
    parser.add_argument("--moves", type=int, default=0, help="play at most N moves of each record (all)")
    parser.add_argument("--phones", type=int, default=8, help="phones at the table, each with its event stream (8)")
    args = parser.parse_args()
    pastiche = harness.pastiche(args)
    harness.no_source_on_path()
    sys.path[:0] = [str(TESTS / "serve"), str(TESTS)]

    bundled = harness.RECORDS
    chosen = [
        Served(str(path.relative_to(bundled)), path, args.moves, args.phones)
        for path in sorted(bundled.rglob("*.yaml"))
        if not path.stem.endswith("-broken")
        and (not args.record or any(str(path.relative_to(bundled)).startswith(r) for r in args.record))
    ]
    if not chosen:
        harness.fail(f"no bundled record is named {' or '.join(args.record)}")
    with tempfile.TemporaryDirectory(prefix="pastiche-bench-serve-") as scratch:
        for served in chosen:
            for _ in range(max(1, args.runs)):
                served.run(pastiche, pathlib.Path(scratch))

    print(
        f"{args.phones} phones on loopback, each with its own event stream; moves at least {PACE * 1000:.0f} ms apart\n"
    )
    print_times(chosen)
    print_bytes(chosen)
    harness.header(pastiche, args.runs)
    harness.report(
        [Figures(f"served: {s.name}", s.cpu, s.latency, s.play_cpu, "play of the same move") for s in chosen],
        "a move served to the table (the server's CPU, all threads) against `pastiche play` of it",
    )


if __name__ == "__main__":
    harness.main(body)
