"""Every create and edit path pastiche has, as a kill sweep runs it (killpoints.sweep): the name, how
its folder is set up, the command, the command that must still work after a kill, and the exit codes
that one may end with. benchmarks/bench_kill_points.py sweeps them all; tests/hostile/
test_kill_at_each_call.py a few.
"""

from __future__ import annotations

import os
import shutil

from pastiche_cli import games

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
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


def present(position: str) -> list[str]:
    """Ana's presentation on Masterpiece's midgame example (`position`), citing, giving and applied:
    the Masterpiece write the kill sweep and the write fuzz both run."""
    return ["masterpiece", "present", position, "--player", "Ana", "--thesis", "three-pairs"] + [
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


PRESENT = present("m.yaml")
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
        for g in games.known()
        if g != games.DEFAULT
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
