"""The console script's last guard: a bug in pastiche shows one sentence and exit 70, never a traceback;
Ctrl-C is 130, not click's exit 1 (which says the rules say no); the quick exit keeps every code."""

import platform
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pastiche_cli.cli import root as cli


def test_a_bug_becomes_one_sentence_and_exit_70(monkeypatch, capsys):
    def broken(**kwargs):
        raise KeyError("oops")

    monkeypatch.setattr(cli.root, "main", broken)
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    assert exit_info.value.code == cli.EXIT_INTERNAL == 70
    err = capsys.readouterr().err
    assert "internal error (KeyError: 'oops')" in err and "This is a bug in pastiche" in err
    assert "Traceback" not in err


def test_interrupt_exits_130_quietly(monkeypatch, capsys):
    def interrupted(**kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli.root, "main", interrupted)
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    assert exit_info.value.code == 130
    assert capsys.readouterr().err == "pastiche: interrupted\n"


def restore_ctrl_c() -> None:
    """In the child: SIGINT's default disposition. A suite started with SIGINT ignored (from a shell
    without job control, as `cmd &` runs) passes that on, and Python installs no handler then."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wait_until_reading_stdin(proc: subprocess.Popen) -> None:
    """Until the child blocks in read(0, ...), where Python has long installed its SIGINT handler;
    Linux's /proc says so. Elsewhere, a pause."""
    read = {"x86_64": "0", "aarch64": "63"}.get(platform.machine())  # read(2)'s number
    syscall = Path(f"/proc/{proc.pid}/syscall")
    for _ in range(400 if read else 0):  # polls, not a time limit: nothing is asserted on how long
        try:
            if syscall.read_text().startswith(f"{read} 0x0 "):  # read(2) on file descriptor 0
                return
        except OSError:
            break
        if proc.poll() is not None:
            return
        time.sleep(0.05)
    time.sleep(1.5)


def test_ctrl_c_in_a_real_process_exits_130_not_1():
    proc = subprocess.Popen(
        [sys.executable, "-m", "pastiche_cli", "score", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=restore_ctrl_c,
    )
    wait_until_reading_stdin(proc)  # reading the position from stdin, which never comes
    proc.send_signal(signal.SIGINT)
    try:
        code = proc.wait(timeout=20)
    finally:
        proc.stdin.close()
    assert code == 130 and proc.stderr.read().decode().strip() == "pastiche: interrupted"


EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "positions"


@pytest.mark.parametrize(
    "args, code",
    [
        (["score", str(EXAMPLES / "four-player-finish.yaml")], 0),
        (["trade", str(EXAMPLES / "painting-midgame.yaml"), "--player", "Ana", "--give", "teal", "--get", "red"], 1),
        (["score", "--nope"], 2),
        (["score", "/nonexistent/file.yaml"], 3),
        (["check", str(EXAMPLES.parent / "records" / "two-player-game-broken.yaml")], 4),
    ],
)
def test_the_console_scripts_quick_exit_keeps_each_exit_code_and_the_whole_output(args, code):
    done = subprocess.run([sys.executable, "-m", "pastiche_cli", *args], capture_output=True)
    assert done.returncode == code, done.stderr
    if code == 0:
        assert done.stdout.rstrip().endswith(b"[score.total]")  # the last line arrived


def test_a_closed_stderr_does_not_change_the_exit_code():
    done = subprocess.run(
        [sys.executable, "-m", "pastiche_cli", "score", str(EXAMPLES / "four-player-finish.yaml")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        close_fds=True,
        preexec_fn=lambda: __import__("os").close(2),
    )
    assert done.returncode == 0
