"""Every benchmark times the work it names (issue 34): run with one timed run, each checks what it
times and prints its table of ratios; given a `pastiche` that fails, each stops at once with exit 2,
says what failed and prints no figure. What the figures are is the benchmarks' business, not a test's.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
SCRIPTS = sorted((ROOT / "benchmarks").glob("bench_*.py"))
# The arguments that make each script's run small (fewest cases, hands or moves) for these tests.
SMALL = {
    "bench_canvas.py": ["--hands", "5"],
    "bench_hand_sizes.py": ["--hands", "2", "--sizes", "8,16"],
    "bench_history.py": ["--plays", "20"],
    "bench_hostile.py": ["--files", "3"],
    "bench_kill_points.py": ["--only", "new -o"],
    "bench_page.py": ["--moves", "30", "--no-bundled"],
    "bench_paired.py": ["--only", "chart"],
    "bench_plan.py": ["--hands", "5"],
    "bench_plan_hard.py": ["--cases", "2"],
    "bench_replay.py": ["--moves", "5"],
    "bench_serve.py": ["--record", "two-player-game.yaml", "--moves", "2"],
    "bench_sheet.py": ["--game", "pastiche"],
    "bench_suggest.py": ["--shapes", "2"],
}
INSTALLED = pathlib.Path(sys.executable).with_name("pastiche")
HEADER = "cpu ms"  # harness.report's table


def bench(script: pathlib.Path, *extra: str, cwd: pathlib.Path) -> subprocess.CompletedProcess:
    if not INSTALLED.exists():
        pytest.fail(f"the benchmarks time the installed command, and there is none beside {sys.executable}")
    argv = [sys.executable, str(script), "--runs", "1", *SMALL.get(script.name, []), *extra]
    return subprocess.run(argv, capture_output=True, text=True, cwd=cwd, timeout=600)


def test_every_benchmark_is_on_the_harness():
    assert len(SCRIPTS) >= 15
    for script in SCRIPTS:
        text = script.read_text(encoding="utf-8")
        assert "harness.main(" in text, script.name
        assert "harness.parser(" in text or "harness.against_start_up(" in text, script.name  # its options
        assert "sys.path.insert(0, str(ROOT))" not in text, f"{script.name} would time the source tree"


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_a_benchmark_checks_its_work_then_reports_ratios(script, tmp_path):
    done = bench(script, cwd=tmp_path)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert HEADER in done.stdout and "ratio" in done.stdout, done.stdout[-2000:]
    assert "benchmark failed" not in done.stderr


def fake(folder: pathlib.Path, body: str) -> pathlib.Path:
    """A `pastiche` standing in for the installed one: a shell script of `body`."""
    script = folder / "pastiche"
    script.write_text("#!/bin/sh\n" + body)
    script.chmod(0o755)
    return script


BROKEN = 'echo "Error: something broke" >&2\nexit 1\n'
SILENT = "exit 0\n"  # answers, exit 0, and does nothing


def forwarding(folder: pathlib.Path, calls: int) -> str:
    """The real command for the first `calls` calls, then a failure: a fault past the first command."""
    count = folder / "count"
    count.write_text("0")
    return (
        f'n=$(( $(cat "{count}") + 1 )); echo "$n" > "{count}"\n'
        f'if [ "$n" -le {calls} ]; then exec "{INSTALLED}" "$@"; fi\n' + BROKEN
    )


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_a_benchmark_fails_loudly_when_the_command_it_times_fails(script, tmp_path):
    done = bench(script, "--pastiche", str(fake(tmp_path, BROKEN)), cwd=tmp_path)
    assert done.returncode == 2, done.stdout[-2000:] + done.stderr[-2000:]
    assert "benchmark failed:" in done.stderr and "something broke" in done.stderr, done.stderr[-2000:]
    assert HEADER not in done.stdout, done.stdout[-2000:]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_a_benchmark_fails_when_the_command_answers_but_does_no_work(script, tmp_path):
    """Exit 0 is not enough: a command that does nothing is not timed."""
    done = bench(script, "--pastiche", str(fake(tmp_path, SILENT)), cwd=tmp_path)
    assert done.returncode == 2 and "benchmark failed:" in done.stderr, done.stdout[-2000:] + done.stderr[-2000:]
    assert HEADER not in done.stdout, done.stdout[-2000:]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.stem)
def test_a_benchmark_fails_when_a_later_command_or_run_fails(script, tmp_path):
    """The second call fails, after a first that did its work (a check, a setup, a timed run)."""
    done = bench(script, "--pastiche", str(fake(tmp_path, forwarding(tmp_path, 1))), cwd=tmp_path)
    assert done.returncode == 2, done.stdout[-2000:] + done.stderr[-2000:]
    assert "benchmark failed:" in done.stderr, done.stderr[-2000:]
    assert int((tmp_path / "count").read_text()) == 2  # it stopped at the first failure
