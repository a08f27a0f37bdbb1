"""What the benchmarks of `pastiche serve` share (bench_serve.py, bench_sheet.py): phones on loopback, each with
its own open event stream (`GET /api/events`), that refetch their own `/api/state` after every event; what they
heard and when; the server's CPU; the 95th percentile. The server is tests/serve/live.py's Live.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import pathlib
import statistics
import threading
import time
from collections.abc import Callable, Iterator

import harness

WAIT = 10.0  # seconds a phone may take to hear a change and refetch its state before the run fails

# Whether a phone's refetched state is right after (event, n): a failure of the run when not.
Holds = Callable[[str, int, dict], bool]


class Heard:
    """What the phones heard: for each (event, n), when each phone had its state refetched, and that state."""

    def __init__(self, holds: Holds) -> None:
        self.holds = holds
        self.changed = threading.Condition()
        self.times: dict[tuple[str, int], dict[int, float]] = {}
        self.states: dict[tuple[str, int], dict[int, dict]] = {}
        self.open: set[int] = set()
        self.failures: list[str] = []
        self.closing = False

    def note(self, phone: int, event: str, n: int, status: int, state) -> None:
        with self.changed:
            if status != 200 or not isinstance(state, dict) or not self.holds(event, n, state):
                self.failures.append(
                    f"phone {phone}: after {event} {n}, /api/state answered {status} {str(state)[:200]}"
                )
            self.times.setdefault((event, n), {})[phone] = time.perf_counter()
            self.states.setdefault((event, n), {})[phone] = state
            self.changed.notify_all()

    def failed(self, phone: int, why: str) -> None:
        with self.changed:
            if not self.closing:
                self.failures.append(f"phone {phone}: {why}")
            self.changed.notify_all()

    def opened(self, phone: int) -> None:
        with self.changed:
            self.open.add(phone)
            self.changed.notify_all()

    def wait(self, done, what: str) -> None:
        """Until `done()` (called under the lock), or fail after WAIT seconds or at a phone's failure."""
        with self.changed:
            if not self.changed.wait_for(lambda: self.failures or done(), WAIT):
                harness.fail(f"{what}: not within {WAIT:.0f} s")
            if self.failures:
                harness.fail(self.failures[0])

    def by_all(self, key: tuple[str, int], phones: int, what: str) -> float:
        """When the last of `phones` phones had its state refetched after `key` (waited for, as `wait`)."""
        self.wait(lambda: len(self.times.get(key, ())) == phones, what)
        return max(self.times[key].values())


def phone(server, index: int, seat: str | None, heard: Heard, host: bool = False) -> None:
    """One phone (the host's screen, when `host`): its event stream open, and its own state fetched again after
    every event."""
    agent = "host" if host else f"phone {index}"
    try:
        stream = server.connection(timeout=60)
        stream.request("GET", "/api/events", headers=server.headers(seat, agent, host))
        answer = stream.getresponse()
        if answer.status != 200 or not answer.readline().startswith(b": open"):
            return heard.failed(index, f"the event stream answered {answer.status}")
        heard.opened(index)
        own = server.connection()
        event = ""
        for raw in iter(answer.readline, b""):
            line = raw.decode().strip()
            if line.startswith("event:"):
                event = line[6:].strip()
            elif line.startswith("data:"):
                status, state = server.request("GET", "/api/state", seat=seat, agent=agent, connection=own, host=host)
                heard.note(index, event, json.loads(line[5:])["n"], status, state)
    except Exception as exc:  # a phone's failure fails the run (Heard.wait), unless the server is stopping
        heard.failed(index, f"{type(exc).__name__}: {exc}")


def listening(server, seats: list[str | None], heard: Heard, host: bool = False) -> int:
    """A phone for each of `seats` (None: a phone that holds no seat), and the host's screen last when `host`,
    each with its event stream open; then a pause, so that the claims' requests leave the rate's one-second
    window. The number of listeners."""
    listeners = [(index, seat, False) for index, seat in enumerate(seats)]
    listeners += [(len(seats), None, True)] if host else []
    for index, seat, is_host in listeners:
        threading.Thread(target=phone, args=(server, index, seat, heard, is_host), daemon=True).start()
    heard.wait(lambda: len(heard.open) == len(listeners), "the phones' event streams did not all open")
    time.sleep(1.1)
    return len(listeners)


@contextlib.contextmanager
def serving(argv: list[str], holds: Holds, name: str) -> Iterator[tuple]:
    """(the server `argv` starts, what its phones heard): a server that prints no links, or stops answering, is a
    failure of the run; the server is stopped at the end (tests/serve must be on sys.path, for live.py)."""
    from live import Live, NoLinks

    try:
        server = Live(argv, cwd=harness.OUTSIDE, env=harness.ENV)
    except NoLinks as exc:
        harness.fail(str(exc))
        raise
    heard = Heard(holds)
    try:
        yield server, heard
    except (OSError, http.client.HTTPException) as exc:
        harness.fail(f"{name}: the server did not answer: {type(exc).__name__}: {exc}")
    finally:
        heard.closing = True
        server.stop()


def server_cpu(pid: int) -> float:
    """CPU seconds the process has run, all its threads (Linux's per-thread schedstat, in nanoseconds)."""
    total = 0
    for task in pathlib.Path(f"/proc/{pid}/task").glob("*"):
        try:
            total += int((task / "schedstat").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            pass  # a thread that ended meanwhile
    return total / 1e9


def p95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20, method="inclusive")[18] if len(times) > 1 else times[0]
