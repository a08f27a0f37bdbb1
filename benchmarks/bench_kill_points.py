"""Kill every create and edit path at each of its system calls, and count what the next write finds.

For each path below, the command runs in a forked child killed (os._exit, as kill -9 leaves things)
at its 1st, 2nd, ... counted system call (tests/hostile/killpoints.py) until it runs to its end; after
every kill the next write (`then`) must work, never refused ("2 hard links", a usage or file error,
exit 70), and leave no temporary file. Prints the kills per path and every failure.

    python benchmarks/bench_kill_points.py
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "hostile"))
from killpoints import sweep  # noqa: E402

POS = os.path.join(ROOT, "examples", "positions")
REC = os.path.join(ROOT, "examples", "records")


def copy(source: str, name: str):
    return lambda folder: shutil.copyfile(source, os.path.join(folder, name))


def nothing(folder: str) -> None:
    pass


def undone(folder: str) -> None:
    lines = open(os.path.join(REC, "two-player-game.yaml"), encoding="utf-8").read().split("\n")
    del lines[max(i for i, line in enumerate(lines) if line.startswith("  - Ben end"))]
    with open(os.path.join(folder, "r.yaml"), "w", encoding="utf-8") as out:
        out.write("\n".join(lines))


def catalogue(folder: str) -> None:
    with open(os.path.join(folder, "cat.yaml"), "w", encoding="utf-8") as out:
        out.write("# my box\nmill: {title: Old Mill, artist: K. Madeup, points: 12, palette: [orange, red, yellow]}\n")


ADD = ["catalogue", "add", "--title", "Made Up", "--artist", "Z. Madeup", "--points", "9", "--palette", "red,blue"]
THESIS = ["masterpiece", "theses", "add", "long-run", "--requirement", "run 9", "--points", "7"]
TAKE = ["canvas", "take", "c.yaml", "--slot", "1", "--player", "Ben", "--draw", "Peaceful", "--apply"]
PRESENT = ["masterpiece", "present", "m.yaml", "--player", "Ana", "--thesis", "three-pairs"] + [
    "--cards",
    "pink-3,orange-3,purple-8,orange-8",
    "--cite",
    "Ana:pink-6",
    "--cite",
    "Ben:blue-6",
    "--give",
    "Ben:green-12",
    "--apply",
]
PATHS = [
    # creates
    (
        "new -o",
        nothing,
        ["new", "--players", "Ana,Ben", "-o", "g.yaml"],
        ["new", "--players", "Ana,Ben", "-o", "g.yaml", "--force"],
        (0,),
    ),
    *[
        (
            f"new --game {g} -o",
            nothing,
            ["new", "--game", g, "--players", "Ana,Ben,Caro", "-o", "g.yaml"],
            ["new", "--game", g, "--players", "Ana,Ben,Caro", "-o", "g.yaml", "--force"],
            (0,),
        )
        for g in ("canvas", "masterpiece", "artline")
    ],
    (
        "new --record -o",
        nothing,
        ["new", "--players", "Ana,Ben", "--record", "-o", "r.yaml"],
        ["new", "--players", "Ana,Ben", "--record", "-o", "r.yaml", "--force"],
        (0,),
    ),
    (
        "replay --html",
        copy(os.path.join(REC, "two-player-game.yaml"), "r.yaml"),
        ["replay", "r.yaml", "--html", "p.html"],
        ["replay", "r.yaml", "--html", "p.html", "--force"],
        (0,),
    ),
    (
        "board --svg",
        copy(os.path.join(POS, "board-midgame-4p.yaml"), "b.yaml"),
        ["board", "b.yaml", "--svg", "b.svg"],
        ["board", "b.yaml", "--svg", "b.svg", "--force"],
        (0,),
    ),
    (
        "artline board --svg",
        copy(os.path.join(POS, "artline", "midgame.yaml"), "a.yaml"),
        ["board", "a.yaml", "--svg", "a.svg"],
        ["board", "a.yaml", "--svg", "a.svg", "--force"],
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
        "first catalogue add",
        nothing,
        [*ADD, "--catalogue", "cat.yaml"],
        [*ADD, "--catalogue", "cat.yaml", "--replace"],
        (0,),
    ),
    ("first theses add", nothing, [*THESIS, "--theses", "t.yaml"], [*THESIS, "--theses", "t.yaml", "--replace"], (0,)),
    # edits
    (
        "catalogue add",
        catalogue,
        [*ADD, "--catalogue", "cat.yaml"],
        [*ADD, "--catalogue", "cat.yaml", "--replace"],
        (0,),
    ),
    (
        "trade --apply",
        copy(os.path.join(POS, "painting-midgame.yaml"), "p.yaml"),
        ["trade", "p.yaml", "--player", "Ana", "--give", "teal,teal,teal", "--get", "olive", "--apply"],
        ["trade", "p.yaml", "--player", "Ana", "--give", "teal,teal,teal", "--get", "olive", "--apply"],
        (0, 1),
    ),
    (
        "canvas take --apply",
        copy(os.path.join(POS, "canvas", "midgame.yaml"), "c.yaml"),
        TAKE,
        [*TAKE[:-2], "Fading", "--apply"],  # another refill card: Peaceful is in the market once TAKE landed
        (0, 1),
    ),
    (
        "masterpiece present --apply",
        copy(os.path.join(POS, "masterpiece", "midgame.yaml"), "m.yaml"),
        PRESENT,
        PRESENT,
        (0, 1),
    ),
    (
        "artline discard --apply",
        copy(os.path.join(POS, "artline", "midgame.yaml"), "a.yaml"),
        ["artline", "discard", "a.yaml", "--apply"],
        ["artline", "discard", "a.yaml", "--apply"],
        (0, 1),
    ),
    ("play", undone, ["play", "r.yaml", "Ben end"], ["undo", "r.yaml"], (0,)),
    ("undo", copy(os.path.join(REC, "two-player-game.yaml"), "r.yaml"), ["undo", "r.yaml"], ["undo", "r.yaml"], (0,)),
]


def main() -> int:
    os.environ.setdefault("XDG_DATA_HOME", tempfile.mkdtemp())
    total, failures = 0, 0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for name, setup, args, then, ok in PATHS:
            result = sweep(setup, args, then, os.path.join(tmp, "run"), ok_then=ok)
            total += result["kills"]
            failures += len(result["bad"])
            print(
                f"{name:<30} {result['kills']:>4} kills, ran to its end at call {result['completed_at']}, "
                f"{len(result['bad'])} bad"
            )
            for bad in result["bad"]:
                print("    ", bad)
    took = time.perf_counter() - start
    print(f"{total} kills over {len(PATHS)} paths in {took:.1f} s; {failures} left a file a later write refused")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
