"""`pastiche serve` in its own process, driven over HTTP as the phones drive it: the two links it prints
first, seats claimed with the join token, and a record's moves played by their players (a move that
needs other seats' answers is answered as the record says: a trade agreed, a vote of `unclear N`).
Shared by tests/serve/test_kill_sweep.py and benchmarks/bench_serve.py, so it imports no pastiche_cli.
"""

from __future__ import annotations

import http.client
import json
import re
import signal
import subprocess
import threading


class NoLinks(Exception):
    """The server did not print its two links first (it failed to start, or is not a server)."""


def player_of(move: str) -> str:
    """The player a move in the notation names first (a quoted name with spaces, or the first word)."""
    return move.split('"')[1] if move.startswith('"') else move.split()[0]


def record_answers(move: str, asked: list[str]) -> list[bool]:
    """Each asked seat's answer as the record says: `unclear N` is N seats that could not tell."""
    found = re.search(r"unclear (\d+)", move)
    unclear = int(found.group(1)) if found else 0
    return [i >= unclear for i in range(len(asked))]


class Live:
    """A server process (`argv` ends with `serve FILE`): its links, requests to it, and its end."""

    def __init__(self, argv: list[str], cwd=None, env=None):
        self.process = subprocess.Popen(
            argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True, cwd=cwd, env=env
        )
        assert self.process.stdout is not None and self.process.stderr is not None
        self.said: list[str] = []  # what it printed after its links: the table's news
        self.errors: list[str] = []
        join, host = self.process.stdout.readline().strip(), self.process.stdout.readline().strip()
        if not (join.startswith("join: http://") and host.startswith("host: http://")):
            self.stop()
            why = self.process.stderr.read().strip().splitlines()[-3:] or [join or "nothing"]
            raise NoLinks(f"`serve` printed no links (exit {self.process.returncode}): {' | '.join(why)}")
        self.join, self.host = join[6:], host[6:]
        self.address = self.join.split("/")[2]
        self.token = self.join.rsplit("/", 1)[1]
        self.host_token = self.host.rsplit("/", 1)[1]
        for stream, into in ((self.process.stdout, self.said), (self.process.stderr, self.errors)):
            threading.Thread(target=_drain, args=(stream, into), daemon=True).start()
        self.keys: dict[str, str] = {}

    def connection(self, timeout: float = 10) -> http.client.HTTPConnection:
        name, port = self.address.rsplit(":", 1)
        return http.client.HTTPConnection(name, int(port), timeout=timeout)

    def headers(self, seat: str | None = None, agent: str = "", host: bool = False) -> dict[str, str]:
        """A script's credentials: the join token (the host's, when `host`), and `seat`'s key; `agent` tells one
        phone from another."""
        sent = {"Authorization": f"Bearer {self.host_token if host else self.token}"}
        if seat is not None:
            sent["X-Pastiche-Seat"] = self.keys[seat]
        return sent | ({"User-Agent": agent} if agent else {})

    def request(
        self, method: str, path: str, body=None, seat: str | None = None, agent: str = "", connection=None, host=False
    ):
        """(status, the answer's JSON or bytes) of a request with the join token (and `seat`'s key), or the host's."""
        made = connection or self.connection()
        sent = self.headers(seat, agent, host)
        data = None if body is None else json.dumps(body)
        if data is not None:
            sent["Content-Type"] = "application/json"
        try:
            made.request(method, path, body=data, headers=sent)
            answer = made.getresponse()
        except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
            if connection is None or method != "GET":
                raise
            made.close()  # a kept-alive connection the server closed while idle: a GET is asked again
            made.request(method, path, body=data, headers=sent)
            answer = made.getresponse()
        raw = answer.read()
        if connection is None:
            made.close()
        is_json = (answer.getheader("Content-Type") or "").startswith("application/json")
        return answer.status, json.loads(raw) if is_json else raw

    def claim_all(self) -> list[str]:
        """Every seat claimed with the join token, its key kept: the players of the file."""
        status, state = self.request("GET", "/api/state")
        assert status == 200, state
        for name in state["seats"]:
            status, body = self.request("POST", f"/api/seats/{name}", {})
            assert status == 201, (name, status, body)
            self.keys[name] = body["key"]
        return list(state["seats"])

    def play(self, n: int, move: str) -> tuple[int, dict]:
        """`move` posted by its player after `n` moves; a proposal answered by the seats it asks. Each on a
        connection of its own: a POST is never sent again on a connection the server may have closed."""
        status, body = self.request("POST", "/api/moves", {"move": move, "after": n}, player_of(move))
        if status == 202:
            path = f"/api/proposals/{body['proposal']}"
            for seat, accept in zip(body["asks"], record_answers(move, body["asks"])):
                status, body = self.request("POST", path, {"accept": accept}, seat)
        return status, body

    def kill(self) -> None:
        """SIGKILL: no handler runs, no write is finished."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        """Ctrl-C (SIGINT), and SIGKILL when it has not stopped within 5 seconds."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.kill()


def _drain(stream, into: list[str]) -> None:
    try:
        for line in stream:
            into.append(line)
    except (OSError, ValueError):
        pass
