"""Only regular files are read: a FIFO, a device or a socket named as a position or a catalogue gets a
located error at once (exit 3) instead of a command that waits forever for a writer."""

import os
import socket
import subprocess
import sys

import pytest

from pastiche_cli.formats.yamlio import read_text
from pastiche_cli.kernel.problems import PositionError

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPEC_EXAMPLE = os.path.join(ROOT, "examples", "positions", "spec-example.yaml")


def pastiche(*args, env=None):
    """The command as a process, bounded: on main each of these waited for ever."""
    return subprocess.run(
        [sys.executable, "-m", "pastiche_cli", *args],
        capture_output=True,
        text=True,
        timeout=20,
        cwd=ROOT,
        env={**os.environ, **(env or {})},
    )


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "game.yaml"
    os.mkfifo(path)
    return str(path)


@pytest.mark.parametrize(
    "args",
    [
        ("score", "{fifo}"),
        ("check", "{fifo}"),
        ("trade", "{fifo}", "--player", "Ana", "--give", "teal,teal,teal", "--get", "olive"),
        ("score", SPEC_EXAMPLE, "--catalogue", "{fifo}"),
        ("catalogue", "list", "--catalogue", "{fifo}"),
    ],
)
def test_a_fifo_is_refused_at_once_with_its_location(fifo, args):
    result = pastiche(*(a.format(fifo=fifo) for a in args))
    assert result.returncode == 3, result.stderr
    assert f"{fifo}:1:1: error: is a named pipe (FIFO), not a file" in result.stdout + result.stderr


def test_a_fifo_as_the_saved_catalogue_is_refused_at_once(fifo):
    result = pastiche("catalogue", "list", env={"PASTICHE_CATALOGUE": fifo})
    assert result.returncode == 3 and "is a named pipe (FIFO), not a file" in result.stderr


@pytest.mark.parametrize("path, what", [("/dev/zero", "a device"), ("/dev/null", "a device")])
def test_a_device_is_not_read(path, what):
    with pytest.raises(PositionError) as caught:
        read_text(path)
    assert (
        caught.value.problems[0].code == "not-a-file" and f"is {what}, not a file" in caught.value.problems[0].message
    )


def test_a_socket_is_not_read(tmp_path):
    path = str(tmp_path / "s")
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(path)
        with pytest.raises(PositionError) as caught:
            read_text(path)
    assert "is a socket, not a file" in caught.value.problems[0].message


def test_a_regular_file_still_reads(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text("players: []\n")
    assert read_text(path) == "players: []\n"
