"""A writer killed at any system call leaves nothing the next write refuses (issue 23).

Each command is run in a forked child killed (os._exit, as kill -9 leaves things) at its 1st, 2nd, ...
counted call until it runs to its end (tests/hostile/killpoints.py); after every kill the next write
must work (never "2 hard links", never a usage or file error) and leave no temporary file. A create
killed between link() and unlink() used to lock its file out for good. This is the small run;
benchmarks/bench_kill_points.py runs every create and edit path.
"""

from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from kill_paths import PATHS  # noqa: E402
from killpoints import sweep  # noqa: E402

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")

# A create, a create of another game, an edit whose retry is another move, and a record's play
SMALL = ("new -o", "canvas painting --svg", "canvas take --apply", "play")
CASES = [path for path in PATHS if path[0] in SMALL]


def test_the_small_run_names_paths_that_exist():
    assert [case[0] for case in CASES] == list(SMALL)


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_kill_at_any_call_leaves_nothing_the_next_write_refuses(case, tmp_path, monkeypatch):
    _, setup, args, then, ok = case
    result = sweep(setup, args, then, str(tmp_path / "run"), ok_then=ok)
    assert result["completed_at"] is not None and result["kills"] >= 5
    assert result["bad"] == []
