"""Every Artline command as a whole process on a realistic position, against a bare interpreter's start-up.

    python benchmarks/bench_artline.py [--runs 15] [--pastiche PATH]

The positions: the bundled finished four-player game (30 paintings, 14 galleries) for score, check,
end and board; the same table with the game still going (the winner's last painting back in hand,
one card fewer in the deck) for spots, place and discard. `board --svg` writes a new SVG on every
run and `place --apply` records Ana's placement in a fresh copy of the game still going: both files
are reset, untimed, before each run. Each command is checked once for what it must say before it is
timed (harness.py). The floor is `python -c pass`, run alternately with each command: the ratio is
what the command costs over Python's own start-up. SPEC 7's target, 0.1 s a command with start-up,
is read off the times.
"""

from __future__ import annotations

import pathlib
import shutil

import harness
from harness import Command, json_where, says

FINISHED = harness.POSITIONS / "artline" / "finished.yaml"
GOING_ON = harness.OUTSIDE / "artline-going-on.yaml"
SCRATCH = harness.OUTSIDE / "artline-scratch.yaml"  # the copy `place --apply` writes to
SVG = harness.OUTSIDE / "artline.svg"


def write_going_on() -> pathlib.Path:
    """The finished table with the game still going: Ana holds one painting, one fewer in the deck."""
    text = FINISHED.read_text(encoding="utf-8")
    deck = next(line for line in text.splitlines() if line.startswith("deck: "))
    text = text.replace("{name: Ana, hand: 0}", "{name: Ana, hand: 1}")
    text = text.replace(deck, f"deck: {int(deck.split()[1]) - 1}")
    GOING_ON.write_text(text, encoding="utf-8")
    return GOING_ON


def restore_scratch() -> None:
    shutil.copyfile(GOING_ON, SCRATCH)


def commands(pastiche: list[str]) -> list[Command]:
    finished, live, scratch = str(FINISHED), str(write_going_on()), str(SCRATCH)
    place = ["--at", "0,2", "--feature-row", "a new feature"]
    run = harness.runner(pastiche)

    return [
        run("score", ["score", finished], says("Winner: Ana")),
        run("score --json", ["score", finished, "--json"], json_where(lambda a: a["winners"] == ["Ana"], "Ana wins")),
        run("check", ["check", finished], says(": OK")),
        run("end", ["end", finished], says("the game is over")),
        run("board", ["board", finished], says("30 paintings, 14 galleries")),
        run("board --svg", ["board", finished, "--svg", str(SVG)], harness.svg_written(SVG), harness.removing(SVG)),
        run("rules", ["rules", "--game", "artline", "exhibition"], says("artline.exhibition")),
        run("new", ["new", "--game", "artline", "--players", "Ana,Ben,Caro,Dee"], says("game: artline", "name: Dee")),
        run("spots", ["artline", "spots", live], says("28 cells a painting may go for Ana")),
        run(
            "spots --json",
            ["artline", "spots", live, "--json"],
            json_where(lambda a: a["legal"] is True and len(a["spots"]) == 28, "28 spots"),
        ),
        run("place", ["artline", "place", live, *place], says("Ana at [0, 2]: legal [artline.place]")),
        run(
            "place --apply",
            ["artline", "place", scratch, *place, "--apply"],
            # the painting at [0, 2] in the file, Ana's hand empty
            harness.recorded(
                "artline.place", SCRATCH, "{at: [0, 2], orientation: landscape, by: Ana}", "{name: Ana, hand: 0}"
            ),
            restore_scratch,
        ),
        run("discard", ["artline", "discard", live], harness.line_starts("legal [artline.discard]: Ana discards")),
    ]


if __name__ == "__main__":
    harness.main(lambda: harness.against_start_up(__doc__, commands))
