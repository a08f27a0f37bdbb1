"""Kill a pastiche command at its Nth system call, for every N, and see what the next write finds.

`killed(args, n, cwd)` forks; the child runs the command in process (CliRunner) with the os calls a
write makes (open, write, fsync, close, link, unlink, replace, rename, fchmod, fchown, scandir, the
renameat2 swap and flock) counted, and ends itself with os._exit at the nth: the file system is left
exactly as a kill -9 at that call leaves it. `sweep(...)` does so for n = 0, 1, ... until the command
runs to its end, and after each kill runs the command that must still work (`then`), checking it is
not refused and leaves no temporary file behind. Used by tests/hostile/test_kill_at_each_call.py (a
small run) and benchmarks/bench_kill_points.py (every create and edit path).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable

KILLED = 137
COUNTED = ("open", "write", "fsync", "close", "link", "unlink", "replace", "rename", "fchmod", "fchown", "scandir")


def killed(args: list[str], n: int, cwd: str, stdin: str | None = None) -> int:
    """Run `pastiche ARGS` in a forked child killed at its nth counted call; the child's exit status
    (KILLED when it was killed, else the command's own exit code)."""
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 70
        try:
            os.chdir(cwd)
            from click.testing import CliRunner

            from pastiche_cli.cli.root import root
            from pastiche_cli.formats import safewrite

            calls = [0]

            def counting(func):
                def call(*a, **k):
                    calls[0] += 1
                    if calls[0] > n:
                        os._exit(KILLED)
                    return func(*a, **k)

                return call

            for name in COUNTED:
                setattr(os, name, counting(getattr(os, name)))
            if hasattr(safewrite, "_exchange"):
                safewrite._exchange = counting(safewrite._exchange)
            if safewrite.fcntl is not None:
                import fcntl

                fcntl.flock = counting(fcntl.flock)
            result = CliRunner().invoke(root, args, input=stdin)
            code = result.exit_code if isinstance(result.exit_code, int) else 70
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


def leftovers(folder: str) -> list[str]:
    return sorted(name for name in os.listdir(folder) if ".pastiche-tmp-" in name)


def sweep(
    setup: Callable[[str], None],
    args: list[str],
    then: list[str],
    folder: str,
    ok_then: tuple[int, ...] = (0,),
    limit: int = 400,
) -> dict:
    """Kill `args` at each call in turn (a fresh `setup(folder)` each time), then run `then`: it must exit
    with one of `ok_then` (never refused: no exit 2, 3 or 70) and, when it wrote, leave no temporary file.
    The counts."""
    from click.testing import CliRunner

    from pastiche_cli.cli.root import root

    out = {"kills": 0, "completed_at": None, "bad": []}
    for n in range(limit):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        setup(folder)
        code = killed(args, n, folder)
        if code != KILLED:
            out["completed_at"] = n
            if code not in (0, 1):
                out["bad"].append((n, "the command itself", code))
            break
        out["kills"] += 1
        here = os.getcwd()
        os.chdir(folder)
        try:
            after = CliRunner().invoke(root, then)
        finally:
            os.chdir(here)
        # a `then` the rules refuse (exit 1) writes nothing, so removes nothing yet: only a write is held to it
        if after.exit_code not in ok_then or (after.exit_code == 0 and leftovers(folder)):
            out["bad"].append((n, after.exit_code, (after.stderr or after.output)[-300:], leftovers(folder)))
    return out
