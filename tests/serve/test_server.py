"""`pastiche serve` as a player's host starts it: a process listening on loopback (or on a second loopback
address for --lan), its two links first, its events on every stream, its refusals of a file it cannot
serve, and Ctrl-C with streams open."""

from __future__ import annotations

import http.client
import json
import pathlib
import signal
import subprocess
import sys
import threading
import time

import pytest
from served import record_moves

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
RECORD = ROOT / "examples" / "records" / "two-player-game.yaml"


class Server:
    """`pastiche serve FILE ARGS` in its own process: the links it printed, then requests to it."""

    def __init__(self, path: pathlib.Path, *args: str):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pastiche_cli", "serve", str(path), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        assert self.process.stdout is not None
        self.join = self.process.stdout.readline().strip()
        self.host = self.process.stdout.readline().strip()
        assert self.join.startswith("join: http://") and self.host.startswith("host: http://"), self.join
        self.join, self.host = self.join[6:], self.host[6:]
        self.address = self.join.split("/")[2]
        self.token = self.join.rsplit("/", 1)[1]

    def request(self, method: str, path: str, body=None, headers=None, host: str | None = None):
        name, port = self.address.rsplit(":", 1)
        connection = http.client.HTTPConnection(name, int(port), timeout=10)
        sent = {"Authorization": f"Bearer {self.token}", **(headers or {})}
        if host is not None:
            sent["Host"] = host
        data = None
        if body is not None:
            data, sent["Content-Type"] = json.dumps(body), "application/json"
        connection.request(method, path, body=data, headers=sent)
        answer = connection.getresponse()
        return answer.status, answer.read()

    def stop(self) -> tuple[int, str, str, float]:
        started = time.monotonic()
        self.process.send_signal(signal.SIGINT)
        out, err = self.process.communicate(timeout=10)
        return self.process.returncode, out, err, time.monotonic() - started


@pytest.fixture
def record(tmp_path):
    empty, moves = record_moves(RECORD)
    path = tmp_path / "game.yaml"
    path.write_text(empty, encoding="utf-8")
    return path, moves


def test_the_links_come_first_each_token_fresh_and_every_seat_free_after_a_restart(record):
    path, moves = record
    first = Server(path)
    status, _ = first.request("POST", "/api/seats/Ana", {})
    assert status == 201
    assert first.stop()[0] in (0, 130)
    again = Server(path)
    try:
        assert again.token != first.token and len(again.token) >= 22  # 128 bits and more, base64
        assert again.address.startswith("127.0.0.1:")
        status, body = again.request("GET", "/api/state")
        assert status == 200 and json.loads(body)["seats"] == {"Ana": False, "Ben": False}
    finally:
        again.stop()


def test_every_stream_hears_a_move_and_ctrl_c_stops_with_streams_open(record):
    path, moves = record
    server = Server(path)
    try:
        key = json.loads(server.request("POST", "/api/seats/Ana", {})[1])["key"]
        heard: list[list[str]] = [[], []]
        ready = threading.Barrier(3, timeout=10)

        def listen(into: list[str]) -> None:
            name, port = server.address.rsplit(":", 1)
            connection = http.client.HTTPConnection(name, int(port), timeout=10)
            connection.request("GET", "/api/events", headers={"Authorization": f"Bearer {server.token}"})
            answer = connection.getresponse()
            into.append(answer.getheader("Content-Type"))
            answer.readline()  # the opening comment
            answer.readline()
            ready.wait()
            while not any(line.startswith("data:") for line in into):
                line = answer.readline().decode()
                if not line:
                    return
                into.append(line.strip())

        threads = [threading.Thread(target=listen, args=(into,), daemon=True) for into in heard]
        for thread in threads:
            thread.start()
        ready.wait()
        status, _ = server.request("POST", "/api/moves", {"move": moves[0], "after": 0}, {"X-Pastiche-Seat": key})
        assert status == 200
        for thread in threads:
            thread.join(10)
        for into in heard:
            assert into[0].startswith("text/event-stream")
            assert "event: move" in into and 'data: {"n": 1}' in into
    finally:
        code, out, err, _ = server.stop()  # with two streams open (how long it takes: benchmarks/, not here)
    assert code in (0, 130)
    assert server.token not in out + err  # the access log never prints a token
    assert "move 1: " + moves[0] in out  # the host's terminal tells the table's news


@pytest.mark.skipif(sys.platform != "linux", reason="127.0.0.2 is a loopback address on Linux only")
def test_lan_on_a_second_loopback_address_checks_its_host_and_origin(record):
    path, _ = record
    server = Server(path, "--lan", "--host", "127.0.0.2")
    try:
        assert server.address.startswith("127.0.0.2:")
        assert server.request("GET", "/api/state")[0] == 200
        assert server.request("GET", "/api/state", host="127.0.0.1:" + server.address.split(":")[1])[0] == 400
        assert server.request("GET", "/api/state", host="attacker.example")[0] == 400
        foreign = {"Origin": "http://attacker.example"}
        assert server.request("POST", "/api/seats/Ana", {}, foreign)[0] == 403
        assert server.request("POST", "/api/seats/Ana", {}, {"Origin": f"http://{server.address}"})[0] == 201
    finally:
        server.stop()


def test_a_file_that_does_not_serve_is_refused_before_anything_listens(tmp_path):
    position = ROOT / "examples" / "positions" / "four-player-finish.yaml"
    done = subprocess.run(
        [sys.executable, "-m", "pastiche_cli", "serve", str(position)], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 2 and "new --record" in done.stderr and done.stdout == ""
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: pastiche\nsetup: [\n")
    done, checked = (
        subprocess.run([sys.executable, "-m", "pastiche_cli", verb, str(broken)], capture_output=True, text=True)
        for verb in ("serve", "check")
    )
    assert done.returncode == checked.returncode == 3 and done.stdout == ""
    assert done.stderr.splitlines()[0] == checked.stdout.splitlines()[0]  # check answers on stdout
    for options, said in ((["--host", "127.0.0.2"], "--host ADDR"), (["--lan", "--host", "0.0.0.0"], "every address")):
        refused = subprocess.run(
            [sys.executable, "-m", "pastiche_cli", "serve", str(RECORD), *options], capture_output=True, text=True
        )
        assert refused.returncode == 2 and said in refused.stderr and refused.stdout == ""


SERVER_LIBRARIES = {"starlette", "uvicorn", "anyio", "segno", "jinja2", "h11", "httpx"}
PROBE = (
    "import sys\nfrom pastiche_cli.cli.root import main\nsys.argv = ['pastiche', *sys.argv[1:]]\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\nsys.stdout.flush()\n"
    "print('IMPORTED', *sorted({m.split('.')[0] for m in sys.modules}))\n"
)


@pytest.mark.parametrize(
    "argv",
    [
        ["score", "examples/positions/four-player-finish.yaml"],
        ["play", str(RECORD), "Ana end"],
        ["serve", "--help"],
        ["serve", "examples/positions/four-player-finish.yaml"],  # refused before anything listens
    ],
    ids=lambda argv: " ".join(argv[:2]),
)
def test_only_a_server_that_starts_imports_the_server_libraries(argv):
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, cwd=ROOT)
    imported = set(done.stdout.rsplit("IMPORTED", 1)[1].split())
    assert imported & SERVER_LIBRARIES == set()


def test_a_move_played_in_a_terminal_reaches_every_stream_as_a_reload(record):
    path, moves = record
    server = Server(path)
    try:
        name, port = server.address.rsplit(":", 1)
        connection = http.client.HTTPConnection(name, int(port), timeout=10)
        connection.request("GET", "/api/events", headers={"Authorization": f"Bearer {server.token}"})
        stream = connection.getresponse()
        stream.readline(), stream.readline()  # the opening comment
        played = subprocess.run(
            [sys.executable, "-m", "pastiche_cli", "play", str(path), moves[0]], capture_output=True, text=True
        )
        assert played.returncode == 0, played.stderr
        lines = [stream.readline().decode().strip() for _ in range(2)]
        assert lines == ["event: reload", 'data: {"n": 1}']
        assert json.loads(server.request("GET", "/api/state")[1])["moves"] == 1
    finally:
        server.stop()
