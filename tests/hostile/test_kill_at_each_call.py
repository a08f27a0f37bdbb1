"""A writer killed at any system call leaves nothing the next write refuses (issue 23).

Each command is run in a forked child killed (os._exit, as kill -9 leaves things) at its 1st, 2nd, ...
counted call until it runs to its end (tests/hostile/killpoints.py); after every kill the next write
must work (never "2 hard links", never a usage or file error) and leave no temporary file. A create
killed between link() and unlink() used to lock its file out for good. This is the small run;
benchmarks/bench_kill_points.py runs every create and edit path.
"""

from __future__ import annotations

import os
import shutil
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from killpoints import sweep  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
POSITIONS = os.path.join(ROOT, "examples", "positions")
RECORD = os.path.join(ROOT, "examples", "records", "two-player-game.yaml")

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")


def nothing(folder: str) -> None:
    pass


def canvas_position(folder: str) -> None:
    shutil.copyfile(os.path.join(POSITIONS, "canvas", "midgame.yaml"), os.path.join(folder, "c.yaml"))


def undone_record(folder: str) -> None:
    text = open(RECORD, encoding="utf-8").read()
    lines = text.split("\n")
    last = max(i for i, line in enumerate(lines) if line.startswith("  - Ben end"))
    del lines[last]
    with open(os.path.join(folder, "r.yaml"), "w", encoding="utf-8") as out:
        out.write("\n".join(lines))


CASES = [
    (
        "new -o",
        nothing,
        ["new", "--players", "Ana,Ben", "-o", "g.yaml"],
        ["new", "--players", "Ana,Ben", "-o", "g.yaml", "--force"],
        (0,),
    ),
    (
        "canvas painting --svg",
        nothing,
        ["canvas", "painting", "Heavy", "Fragile", "Melancholy", "--svg", "p.svg"],
        ["canvas", "painting", "Heavy", "Fragile", "Melancholy", "--svg", "p.svg", "--force"],
        (0,),
    ),
    (
        "canvas take --apply",
        canvas_position,
        ["canvas", "take", "c.yaml", "--slot", "1", "--player", "Ben", "--draw", "Peaceful", "--apply"],
        # another refill card: Peaceful is in the market once the first take has landed
        ["canvas", "take", "c.yaml", "--slot", "1", "--player", "Ben", "--draw", "Fading", "--apply"],
        (0, 1),
    ),
    ("play", undone_record, ["play", "r.yaml", "Ben end"], ["undo", "r.yaml"], (0,)),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_a_kill_at_any_call_leaves_nothing_the_next_write_refuses(case, tmp_path, monkeypatch):
    _, setup, args, then, ok = case
    result = sweep(setup, args, then, str(tmp_path / "run"), ok_then=ok)
    assert result["completed_at"] is not None and result["kills"] >= 5
    assert result["bad"] == []
