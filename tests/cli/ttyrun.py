"""Run pastiche on a real pseudo-terminal of a chosen size, as a player at the table does."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios


def run_in_tty(
    args: list[str],
    columns: int = 80,
    rows: int = 50,
    env: dict | None = None,
    timeout: float = 60,
    program: list[str] | None = None,
) -> tuple[int, str]:
    """(exit code, what the terminal received) for `pastiche ARGS` (or `program ARGS`) with stdout and
    stderr a terminal."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    full_env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    full_env.update({"TERM": "xterm-256color"}, **(env or {}))
    proc = subprocess.Popen(
        [*(program or [sys.executable, "-m", "pastiche_cli"]), *args],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=full_env,
        close_fds=True,
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:  # the terminal closed: the program has ended
            break
        if not data:
            break
        chunks.append(data)
    code = proc.wait(timeout=timeout)
    os.close(leader)
    return code, b"".join(chunks).decode("utf-8", "replace").replace("\r\n", "\n")
