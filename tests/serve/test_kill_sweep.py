"""The server killed at any moment leaves the record as before or after one whole move (issue 31).

For every game, a real `pastiche serve` process on a copy of its bundled record's setup; phones play
the record's moves through the API while the server is killed (SIGKILL) at moments a seeded random
picks. After every kill the file replays (`pastiche replay --json`: every move read and legal), its
moves are a prefix of the moves played (each move answered 200 is in it, at most the one in flight
besides, never a half-written one), and a restarted server serves it (`/api/state`'s `moves` is the
file's count) and play goes on from there, until the last kill and then to the record's end, where
no temporary file of a killed write is left.
"""

from __future__ import annotations

import http.client
import json
import pathlib
import random
import signal
import sys
import threading

import every_game
import pytest
from click.testing import CliRunner
from live import Live
from served import record_moves

from pastiche_cli import games
from pastiche_cli.cli.root import root

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
KILLS = 5  # a game's kills; then a last server plays it to its end
WINDOW = (0.0, 0.2)  # seconds after the phones start playing: a few moves' worth, a write in flight or not
BROKEN = (OSError, http.client.HTTPException)  # what a phone gets from a server killed under it


@pytest.fixture
def servers():
    """Every server a test starts, killed at its end, failed or not."""
    started: list[Live] = []
    yield started
    for server in started:
        server.kill()


def replayed(path: pathlib.Path) -> list[str]:
    """The record's moves as `pastiche replay --json` reads them; the test fails unless it replays whole."""
    done = CliRunner().invoke(root, ["replay", str(path), "--json"])
    assert done.exit_code == 0, done.output
    answer = json.loads(done.stdout)
    assert "problems" not in answer or not answer["problems"], answer.get("problems")
    assert all(entry["legal"] for entry in answer["moves"]), answer["moves"]
    return [entry["move"] for entry in answer["moves"]]


def play_until_killed(server: Live, moves: list[str], start: int) -> tuple[int, bool]:
    """The record's moves from `start` played by their phones until the end or a broken connection:
    (the moves answered as written, whether a move was in flight when the server went)."""
    played = start
    for n in range(start, len(moves)):
        try:
            status, body = server.play(n, moves[n])
        except BROKEN:
            return played, True
        assert status == 200 and body["move"] == moves[n], (n, moves[n], status, body)
        played = n + 1
    return played, False


@pytest.mark.parametrize("name", every_game.NAMES)
def test_a_server_killed_at_random_moments_leaves_a_prefix_that_replays_and_serves(tmp_path, servers, name):
    source = every_game.records(games.known()[name])[0]
    empty, moves = record_moves(source)
    path = tmp_path / source.name
    path.write_text(empty, encoding="utf-8")
    chance = random.Random(f"kill sweep: {name}")
    held = 0
    for round in range(KILLS + 1):
        server = Live([sys.executable, "-m", "pastiche_cli", "serve", str(path)], cwd=ROOT)
        servers.append(server)
        status, state = server.request("GET", "/api/state")
        assert status == 200 and state["moves"] == held  # a restart serves the file as it is
        server.claim_all()
        if round == KILLS:
            assert play_until_killed(server, moves, held) == (len(moves), False)
            assert server.request("GET", "/api/state")[1]["over"] is True
            if held < len(moves):  # a write since the last kill cleared what a killed write left
                assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".pastiche-tmp-")]
            break
        killer = threading.Timer(chance.uniform(*WINDOW), server.process.send_signal, (signal.SIGKILL,))
        killer.start()
        answered, in_flight = play_until_killed(server, moves, held)
        killer.join()
        server.kill()
        now = replayed(path)
        assert now == moves[: len(now)], "the file holds a move not played, or not in the order played"
        assert answered <= len(now) <= answered + in_flight, (answered, in_flight, len(now))
        held = len(now)
    assert replayed(path) == moves
    assert held > 0  # the kills came while the phones played, not all before the first move
