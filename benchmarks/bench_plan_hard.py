"""The hardest hands `plan` was found to face: a search over hand and commission shapes (issue 23).

    .venv/bin/python benchmarks/bench_plan_hard.py                 # the fixed hard cases, timed
    .venv/bin/python benchmarks/bench_plan_hard.py --search 300    # also try 300 random shapes first
    .venv/bin/python benchmarks/bench_plan_hard.py --before FILE   # the same cases through another
                                                                   # planner module (a file), to compare

A case is a hand and six commissions (two in hand, whose needs are the tie-break's keep, and four in
the gallery), planned as `pastiche plan` does, every commission in turn. The shapes searched are the
ones the planner finds hard: many colours that only three of a kind makes (tertiaries, black, white)
and gray or bisque on top, asked of hands of 24 to 131 cards heavy in primaries or secondaries.
Printed per case: the CPU time for all six plans (best of three), the peak memory (tracemalloc, in a
run of its own) and the most hands one plan expanded, against the bar: all six in under 0.2 s. Exit
status 1 if a case is over it. Timing lives here, never in the tests.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
import tracemalloc
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pastiche_cli.games.pastiche.core import colours  # noqa: E402

BAR = 0.2
NAMES = colours.card_names()
PRIMARIES = ("red", "yellow", "blue")
SECONDARIES = ("orange", "green", "violet", "brown")
TERTIARIES = ("amber", "scarlet", "olive", "teal", "magenta", "purple")
TONES = ("black", "white", "gray", "bisque")


def _c(text: str) -> Counter:
    return Counter(text.split())


EVERY_TERTIARY = "amber scarlet olive teal magenta purple"
# name: (hand, [six commission palettes: two in hand, four in the gallery])
CASES = {
    "issue 23: 8 of each primary + one of each secondary (28 cards)": (
        Counter({"red": 8, "yellow": 8, "blue": 8, "orange": 1, "green": 1, "violet": 1, "brown": 1}),
        [
            _c(EVERY_TERTIARY + " black"),
            _c(EVERY_TERTIARY + " white"),
            _c(EVERY_TERTIARY + " gray"),
            _c("black white gray amber scarlet olive teal"),
            _c("teal teal magenta magenta purple purple bisque"),
            _c("amber amber scarlet scarlet olive olive gray"),
        ],
    ),
    "24 primaries only": (
        Counter({"red": 8, "yellow": 8, "blue": 8}),
        [
            _c(EVERY_TERTIARY + " black"),
            _c(EVERY_TERTIARY + " white"),
            _c(EVERY_TERTIARY + " gray"),
            _c("black white gray amber scarlet olive teal"),
            _c("teal teal magenta magenta purple purple bisque"),
            _c("amber amber scarlet scarlet olive olive gray"),
        ],
    ),
    # The slowest the search below found (seed 23), kept so they are timed every run.
    "search #136: 41 cards, 8 red, 24 secondaries, 6 amber": (
        Counter({"red": 8, "blue": 1, "orange": 12, "green": 12, "violet": 2, "amber": 6}),
        [
            Counter({"amber": 1, "teal": 1, "gray": 1, "black": 2, "purple": 1, "scarlet": 1}),
            Counter({"gray": 1, "olive": 1, "scarlet": 1, "bisque": 2, "purple": 1, "magenta": 1}),
            Counter({"purple": 2, "magenta": 1, "amber": 1, "bisque": 1, "scarlet": 1, "olive": 1}),
            Counter({"gray": 3, "teal": 1, "bisque": 2, "magenta": 1}),
            Counter({"teal": 1, "olive": 3, "amber": 2, "scarlet": 1}),
            Counter({"amber": 1, "purple": 2, "black": 1, "gray": 1, "scarlet": 2}),
        ],
    ),
    "search #108: 33 cards, 24 orange or brown, 6 purple": (
        Counter({"red": 2, "orange": 12, "brown": 12, "scarlet": 1, "purple": 6}),
        [
            Counter({"scarlet": 2, "purple": 2, "white": 1, "teal": 2}),
            Counter({"magenta": 2, "teal": 2, "white": 1, "gray": 1, "black": 1}),
            Counter({"gray": 3, "bisque": 1, "black": 1, "amber": 1, "olive": 1}),
            Counter({"purple": 2, "olive": 1, "scarlet": 1, "gray": 1, "black": 2}),
            Counter({"magenta": 3, "purple": 1, "bisque": 1, "white": 1, "teal": 1}),
            Counter({"bisque": 1, "gray": 1, "black": 1, "magenta": 2, "amber": 1, "white": 1}),
        ],
    ),  # The slowest shapes of `--search 300` on seeds 23, 5 and 77 (issue 23's bounds were found on them).
    "seed 23 #221: 46 cards, 12 violet, 8 red, 8 blue": (
        Counter({"red": 8, "blue": 8, "violet": 12, "amber": 6, "olive": 6, "magenta": 6}),
        [
            Counter({"magenta": 1, "scarlet": 2, "teal": 2, "bisque": 1, "amber": 1}),
            Counter({"teal": 2, "purple": 1, "gray": 1, "olive": 3}),
            Counter({"purple": 2, "white": 1, "olive": 1, "magenta": 1, "amber": 1, "bisque": 1}),
            Counter({"black": 1, "teal": 3, "gray": 1, "purple": 1, "olive": 1}),
            Counter({"magenta": 2, "amber": 2, "purple": 2, "black": 1}),
            Counter({"bisque": 2, "gray": 1, "teal": 2, "black": 1, "white": 1}),
        ],
    ),
    "seed 23 #272: 24 cards, 8 blue, 6 magenta, 5 bisque": (
        Counter({"blue": 8, "orange": 1, "green": 1, "brown": 2, "olive": 1, "magenta": 6, "bisque": 5}),
        [
            Counter({"black": 3, "bisque": 1, "white": 1, "olive": 1, "teal": 1}),
            Counter({"olive": 2, "bisque": 2, "purple": 1, "amber": 1, "gray": 1}),
            Counter({"purple": 1, "white": 1, "black": 4, "bisque": 1}),
            Counter({"white": 1, "purple": 1, "magenta": 1, "amber": 1, "teal": 1, "black": 1, "scarlet": 1}),
            Counter({"purple": 2, "amber": 1, "black": 2, "scarlet": 1, "gray": 1}),
            Counter({"magenta": 3, "white": 1, "black": 2, "olive": 1}),
        ],
    ),
    "seed 5 #182: 32 cards, 8 red, 6 amber, 6 magenta": (
        Counter({"red": 8, "amber": 6, "olive": 2, "magenta": 6, "purple": 2, "black": 6, "gray": 2}),
        [
            Counter({"amber": 1, "white": 1, "teal": 1, "magenta": 2, "olive": 1, "black": 1}),
            Counter({"olive": 2, "amber": 1, "teal": 1, "scarlet": 1, "white": 1, "purple": 1}),
            Counter({"purple": 1, "olive": 2, "scarlet": 1, "white": 3}),
            Counter({"scarlet": 3, "purple": 1, "teal": 1, "bisque": 1, "amber": 1}),
            Counter({"magenta": 2, "gray": 1, "teal": 1, "purple": 1, "black": 1, "scarlet": 1}),
            Counter({"olive": 1, "white": 1, "bisque": 3, "scarlet": 1, "teal": 1}),
        ],
    ),
    "seed 5 #93: 26 cards, 8 red, 6 magenta, 6 purple": (
        Counter({"red": 8, "magenta": 6, "purple": 6, "white": 6}),
        [
            Counter({"black": 1, "amber": 2, "teal": 2, "magenta": 2}),
            Counter({"white": 2, "olive": 1, "teal": 1, "bisque": 1, "purple": 1, "scarlet": 1}),
            Counter({"teal": 2, "magenta": 1, "white": 1, "bisque": 1, "olive": 1, "scarlet": 1}),
            Counter({"purple": 2, "olive": 2, "gray": 1, "scarlet": 1, "amber": 1}),
            Counter({"bisque": 1, "amber": 2, "scarlet": 1, "gray": 2, "teal": 1}),
            Counter({"bisque": 1, "white": 2, "purple": 2, "amber": 1, "magenta": 1}),
        ],
    ),
    "seed 5 #294: 24 cards, 8 yellow, 8 blue, 3 orange": (
        Counter({"yellow": 8, "blue": 8, "orange": 3, "olive": 2, "gray": 3}),
        [
            Counter({"olive": 1, "magenta": 1, "teal": 1, "scarlet": 1, "bisque": 1, "black": 1, "white": 1}),
            Counter({"purple": 1, "bisque": 1, "white": 1, "amber": 3, "scarlet": 1}),
            Counter({"bisque": 2, "amber": 1, "purple": 2, "white": 1, "olive": 1}),
            Counter({"gray": 3, "amber": 2, "white": 1, "purple": 1}),
            Counter({"scarlet": 1, "olive": 1, "black": 1, "gray": 2, "amber": 1, "white": 1}),
            Counter({"teal": 3, "gray": 1, "black": 2, "scarlet": 1}),
        ],
    ),
    "seed 77 #79: 24 cards, 6 purple, 5 brown, 5 bisque": (
        Counter(
            {
                "red": 1,
                "blue": 1,
                "orange": 1,
                "green": 2,
                "brown": 5,
                "amber": 1,
                "scarlet": 1,
                "purple": 6,
                "black": 1,
                "bisque": 5,
            }
        ),
        [
            Counter({"bisque": 1, "black": 1, "purple": 1, "amber": 1, "magenta": 1, "olive": 1, "gray": 1}),
            Counter({"olive": 3, "scarlet": 1, "black": 2, "bisque": 1}),
            Counter({"amber": 2, "scarlet": 1, "gray": 1, "bisque": 1, "magenta": 1, "white": 1}),
            Counter({"olive": 2, "gray": 1, "teal": 1, "white": 1, "purple": 1, "magenta": 1}),
            Counter({"gray": 1, "black": 3, "white": 2, "amber": 1}),
            Counter({"amber": 2, "white": 2, "gray": 1, "magenta": 1, "scarlet": 1}),
        ],
    ),
    "seed 77 #152: 30 cards, 12 orange, 8 blue, 6 amber": (
        Counter({"yellow": 2, "blue": 8, "orange": 12, "amber": 6, "purple": 2}),
        [
            Counter({"olive": 1, "gray": 1, "magenta": 2, "white": 2, "amber": 1}),
            Counter({"teal": 3, "gray": 2, "magenta": 2}),
            Counter({"black": 3, "bisque": 2, "scarlet": 1, "purple": 1}),
            Counter({"scarlet": 1, "black": 2, "amber": 1, "teal": 1, "bisque": 1, "white": 1}),
            Counter({"bisque": 2, "purple": 1, "olive": 1, "white": 1, "gray": 1, "scarlet": 1}),
            Counter({"olive": 1, "amber": 1, "scarlet": 3, "bisque": 1, "black": 1}),
        ],
    ),
    "seed 77 #55: 24 cards, 8 blue, 6 magenta, 6 white": (
        Counter({"red": 1, "blue": 8, "olive": 2, "magenta": 6, "white": 6, "gray": 1}),
        [
            Counter({"purple": 1, "amber": 2, "olive": 1, "magenta": 1, "black": 1, "white": 1}),
            Counter({"gray": 2, "white": 1, "black": 2, "bisque": 1, "olive": 1}),
            Counter({"teal": 2, "gray": 1, "black": 1, "bisque": 2, "scarlet": 1}),
            Counter({"teal": 1, "magenta": 2, "amber": 1, "purple": 1, "gray": 1, "white": 1}),
            Counter({"amber": 3, "purple": 2, "magenta": 1, "white": 1}),
            Counter({"magenta": 1, "black": 1, "teal": 2, "gray": 2, "bisque": 1}),
        ],
    ),
    # The slowest of --search 300 on seeds 101 and 7 with the first bounds of issue 23 (the first two
    # now fast since completed threes and penalties taken from kept cards are counted).
    "seed 101 #149: 33 cards, 12 violet, 8 yellow, 8 blue": (
        Counter({"red": 2, "yellow": 8, "blue": 8, "violet": 12, "purple": 1, "black": 2}),
        [
            Counter({"scarlet": 2, "amber": 1, "white": 1, "magenta": 2, "gray": 1}),
            Counter({"magenta": 1, "black": 1, "olive": 1, "bisque": 2, "amber": 1, "white": 1}),
            Counter({"black": 1, "amber": 1, "purple": 1, "gray": 1, "bisque": 2, "magenta": 1}),
            Counter({"gray": 4, "scarlet": 2, "bisque": 1}),
            Counter({"teal": 1, "white": 2, "black": 1, "olive": 2, "magenta": 1}),
            Counter({"amber": 1, "magenta": 2, "scarlet": 1, "white": 1, "olive": 1, "bisque": 1}),
        ],
    ),
    "seed 101 #211: 26 cards, 8 blue, 6 scarlet, 6 teal": (
        Counter({"blue": 8, "scarlet": 6, "teal": 6, "purple": 6}),
        [
            Counter({"magenta": 1, "white": 1, "scarlet": 3, "olive": 1, "gray": 1}),
            Counter({"magenta": 1, "purple": 1, "white": 2, "teal": 2, "gray": 1}),
            Counter({"bisque": 2, "amber": 2, "black": 1, "scarlet": 1, "gray": 1}),
            Counter({"purple": 3, "bisque": 2, "gray": 1, "white": 1}),
            Counter({"black": 1, "amber": 1, "magenta": 2, "gray": 1, "teal": 1, "white": 1}),
            Counter({"teal": 3, "olive": 1, "purple": 1, "bisque": 1, "black": 1}),
        ],
    ),
    "seed 7 #272: 24 cards, 5 bisque, 4 orange, 2 yellow": (
        Counter(
            {
                "red": 1,
                "yellow": 2,
                "blue": 1,
                "orange": 4,
                "green": 2,
                "violet": 1,
                "brown": 2,
                "amber": 1,
                "scarlet": 1,
                "olive": 1,
                "purple": 1,
                "white": 1,
                "gray": 1,
                "bisque": 5,
            }
        ),
        [
            Counter({"purple": 1, "black": 1, "white": 3, "magenta": 1, "gray": 1}),
            Counter({"amber": 3, "purple": 1, "teal": 2, "bisque": 1}),
            Counter({"amber": 1, "teal": 2, "purple": 1, "black": 1, "gray": 1, "magenta": 1}),
            Counter({"olive": 1, "purple": 1, "gray": 2, "white": 1, "teal": 2}),
            Counter({"black": 3, "teal": 1, "white": 1, "scarlet": 1, "gray": 1}),
            Counter({"magenta": 1, "purple": 2, "olive": 1, "white": 1, "teal": 2}),
        ],
    ),
    # The most hands expanded by --search 300 on seeds 31, 43, 7, 101, 3, 11, 13, 57 and 99 once the
    # penalties of made primaries and the kept cards within the points lost were counted, and on seeds
    # 201, 333 and 444 once the cards given were counted from the trades, and on seeds 600-604 once
    # out-of-reach commissions were refused by counting what threes cost (issue 23's last bounds).
    "seed 31 #120: 24 cards, 8 blue, 6 magenta, 5 bisque": (
        Counter({"blue": 8, "violet": 3, "brown": 2, "magenta": 6, "bisque": 5}),
        [
            Counter({"teal": 2, "white": 2, "magenta": 1, "amber": 1, "scarlet": 1}),
            Counter({"amber": 2, "purple": 1, "magenta": 1, "black": 3}),
            Counter({"white": 1, "purple": 2, "amber": 1, "teal": 1, "scarlet": 2}),
            Counter({"bisque": 2, "teal": 2, "gray": 1, "black": 2}),
            Counter({"purple": 1, "teal": 1, "bisque": 1, "gray": 1, "olive": 2, "scarlet": 1}),
            Counter({"bisque": 2, "magenta": 2, "amber": 1, "scarlet": 1, "purple": 1}),
        ],
    ),
    "seed 31 #260: 24 cards, 6 teal, 4 yellow, 3 violet": (
        Counter(
            {
                "yellow": 4,
                "blue": 1,
                "orange": 2,
                "violet": 3,
                "brown": 2,
                "amber": 1,
                "teal": 6,
                "magenta": 1,
                "black": 1,
                "white": 1,
                "gray": 1,
                "bisque": 1,
            }
        ),
        [
            Counter({"magenta": 2, "black": 1, "olive": 2, "scarlet": 1, "amber": 1}),
            Counter({"purple": 2, "amber": 3, "bisque": 1, "olive": 1}),
            Counter({"bisque": 3, "teal": 1, "olive": 1, "amber": 1, "white": 1}),
            Counter({"amber": 1, "bisque": 1, "scarlet": 3, "teal": 1, "olive": 1}),
            Counter({"magenta": 1, "gray": 3, "scarlet": 1, "white": 1, "olive": 1}),
            Counter({"magenta": 2, "teal": 1, "amber": 1, "bisque": 2, "scarlet": 1}),
        ],
    ),
    "seed 31 #32: 24 cards, 6 white, 5 bisque, 3 yellow": (
        Counter(
            {
                "red": 1,
                "yellow": 3,
                "blue": 1,
                "orange": 3,
                "brown": 1,
                "magenta": 2,
                "purple": 2,
                "white": 6,
                "bisque": 5,
            }
        ),
        [
            Counter({"white": 2, "bisque": 1, "gray": 2, "purple": 2}),
            Counter({"gray": 1, "bisque": 3, "teal": 2, "olive": 1}),
            Counter({"magenta": 1, "white": 1, "scarlet": 1, "black": 1, "olive": 1, "amber": 2}),
            Counter({"teal": 2, "olive": 1, "gray": 2, "magenta": 1, "scarlet": 1}),
            Counter({"teal": 2, "black": 1, "white": 1, "olive": 1, "bisque": 1, "purple": 1}),
            Counter({"magenta": 2, "bisque": 1, "purple": 1, "gray": 2, "amber": 1}),
        ],
    ),
    "seed 7 #39: 27 cards, 12 violet, 8 blue, 3 green": (
        Counter({"blue": 8, "green": 3, "violet": 12, "brown": 2, "purple": 1, "bisque": 1}),
        [
            Counter({"magenta": 1, "purple": 2, "gray": 2, "olive": 1, "scarlet": 1}),
            Counter({"gray": 2, "white": 1, "scarlet": 1, "purple": 1, "magenta": 1, "teal": 1}),
            Counter({"teal": 1, "black": 1, "purple": 2, "bisque": 2, "gray": 1}),
            Counter({"bisque": 2, "magenta": 2, "scarlet": 2, "purple": 1}),
            Counter({"purple": 4, "gray": 1, "olive": 1, "scarlet": 1}),
            Counter({"olive": 1, "black": 2, "amber": 2, "purple": 1, "teal": 1}),
        ],
    ),
    "seed 3 #58: 24 cards, 4 green, 3 white, 3 gray": (
        Counter(
            {
                "red": 2,
                "yellow": 2,
                "blue": 2,
                "green": 4,
                "violet": 1,
                "brown": 2,
                "olive": 2,
                "teal": 1,
                "black": 2,
                "white": 3,
                "gray": 3,
            }
        ),
        [
            Counter({"bisque": 3, "purple": 1, "black": 1, "white": 1, "gray": 1}),
            Counter({"purple": 1, "bisque": 1, "amber": 1, "olive": 1, "black": 1, "gray": 1, "teal": 1}),
            Counter({"amber": 2, "white": 2, "black": 1, "gray": 1, "teal": 1}),
            Counter({"white": 1, "black": 1, "amber": 1, "teal": 1, "purple": 1, "magenta": 1, "scarlet": 1}),
            Counter({"olive": 1, "scarlet": 1, "bisque": 1, "magenta": 1, "white": 1, "gray": 1, "amber": 1}),
            Counter({"amber": 1, "black": 1, "scarlet": 1, "white": 1, "teal": 1, "gray": 1, "olive": 1}),
        ],
    ),
    "seed 57 #251: 24 cards, 8 red, 6 white, 5 bisque": (
        Counter({"red": 8, "orange": 1, "brown": 2, "scarlet": 1, "purple": 1, "white": 6, "bisque": 5}),
        [
            Counter({"amber": 1, "gray": 1, "olive": 1, "bisque": 1, "scarlet": 1, "magenta": 1, "teal": 1}),
            Counter({"olive": 2, "white": 1, "black": 1, "purple": 1, "scarlet": 1, "bisque": 1}),
            Counter({"gray": 2, "black": 1, "amber": 1, "bisque": 1, "olive": 1, "purple": 1}),
            Counter({"amber": 1, "magenta": 1, "purple": 1, "white": 1, "teal": 2, "black": 1}),
            Counter({"white": 3, "scarlet": 1, "magenta": 2, "olive": 1}),
            Counter({"white": 2, "black": 2, "teal": 1, "scarlet": 1, "gray": 1}),
        ],
    ),
    "seed 444 #231: 24 cards, 6 scarlet, 6 gray": (
        Counter(
            {
                "blue": 2,
                "green": 1,
                "violet": 2,
                "brown": 2,
                "amber": 1,
                "scarlet": 6,
                "olive": 1,
                "black": 2,
                "gray": 6,
                "bisque": 1,
            }
        ),
        [
            Counter({"amber": 1, "gray": 1, "teal": 1, "olive": 2, "purple": 1, "magenta": 1}),
            Counter({"magenta": 1, "olive": 1, "gray": 1, "scarlet": 1, "bisque": 1, "black": 1, "teal": 1}),
            Counter({"olive": 2, "bisque": 1, "purple": 1, "black": 1, "gray": 1, "amber": 1}),
            Counter({"scarlet": 1, "olive": 1, "bisque": 1, "teal": 1, "gray": 1, "white": 1, "black": 1}),
            Counter({"black": 2, "amber": 1, "magenta": 1, "purple": 1, "olive": 1, "scarlet": 1}),
            Counter({"amber": 1, "olive": 1, "teal": 1, "gray": 1, "purple": 1, "magenta": 1, "black": 1}),
        ],
    ),
    "seed 600 #252: 26 cards, 8 red, 8 blue, 6 black": (
        Counter({"red": 8, "blue": 8, "green": 3, "olive": 1, "black": 6}),
        [
            Counter({"gray": 1, "magenta": 2, "purple": 1, "bisque": 1, "scarlet": 1, "teal": 1}),
            Counter({"white": 2, "magenta": 1, "bisque": 1, "teal": 1, "black": 1, "gray": 1}),
            Counter({"bisque": 3, "magenta": 1, "black": 1, "white": 1, "purple": 1}),
            Counter({"gray": 3, "bisque": 1, "magenta": 1, "purple": 1, "white": 1}),
            Counter({"scarlet": 2, "gray": 2, "purple": 2, "white": 1}),
            Counter({"gray": 1, "olive": 1, "white": 3, "teal": 1, "black": 1}),
        ],
    ),
    "seed 703 #179: 24 cards, 12 orange, 8 yellow": (
        Counter({"red": 1, "yellow": 8, "blue": 1, "orange": 12, "magenta": 1, "purple": 1}),
        [
            Counter({"amber": 1, "teal": 2, "olive": 1, "black": 1, "white": 2}),
            Counter({"olive": 2, "amber": 2, "gray": 1, "scarlet": 1, "teal": 1}),
            Counter({"bisque": 1, "amber": 2, "magenta": 1, "olive": 1, "gray": 1, "scarlet": 1}),
            Counter({"teal": 2, "black": 1, "amber": 1, "bisque": 1, "white": 1, "scarlet": 1}),
            Counter({"scarlet": 3, "magenta": 1, "amber": 1, "black": 1, "purple": 1}),
            Counter({"white": 1, "magenta": 3, "bisque": 1, "gray": 1, "olive": 1}),
        ],
    ),
    "seed 705 #279: 50 cards, 12 orange, 12 green, 8 yellow, 8 blue": (
        Counter(
            {
                "red": 1,
                "yellow": 8,
                "blue": 8,
                "orange": 12,
                "green": 12,
                "violet": 1,
                "amber": 6,
                "olive": 1,
                "black": 1,
            }
        ),
        [
            Counter({"gray": 2, "white": 2, "purple": 1, "bisque": 1, "amber": 1}),
            Counter({"olive": 2, "gray": 1, "teal": 2, "bisque": 1, "scarlet": 1}),
            Counter({"gray": 3, "magenta": 1, "white": 2, "black": 1}),
            Counter({"white": 2, "magenta": 1, "purple": 1, "bisque": 1, "gray": 1, "olive": 1}),
            Counter({"scarlet": 1, "white": 1, "gray": 1, "magenta": 2, "amber": 1, "black": 1}),
            Counter({"white": 1, "gray": 2, "purple": 2, "teal": 1, "bisque": 1}),
        ],
    ),
    "seed 803 #69: 30 cards, 12 green, 6 white, 6 gray": (
        Counter({"blue": 2, "green": 12, "olive": 2, "teal": 2, "white": 6, "gray": 6}),
        [
            Counter({"black": 2, "bisque": 1, "olive": 1, "teal": 1, "gray": 1, "magenta": 1}),
            Counter({"teal": 1, "magenta": 1, "white": 3, "black": 1, "amber": 1}),
            Counter({"amber": 2, "scarlet": 2, "bisque": 2, "purple": 1}),
            Counter({"gray": 2, "purple": 1, "magenta": 1, "bisque": 1, "amber": 1, "black": 1}),
            Counter({"black": 1, "olive": 3, "teal": 1, "amber": 1, "gray": 1}),
            Counter({"white": 2, "black": 1, "magenta": 2, "bisque": 1, "teal": 1}),
        ],
    ),
    "seed 901 #227: 25 cards, 12 violet, 6 magenta": (
        Counter({"blue": 2, "violet": 12, "brown": 2, "olive": 1, "magenta": 6, "gray": 1, "bisque": 1}),
        [
            Counter({"purple": 5, "teal": 1, "white": 1}),
            Counter({"purple": 1, "black": 3, "amber": 2, "scarlet": 1}),
            Counter({"magenta": 1, "scarlet": 2, "gray": 1, "purple": 2, "teal": 1}),
            Counter({"bisque": 2, "magenta": 1, "gray": 2, "black": 1, "white": 1}),
            Counter({"black": 1, "olive": 1, "scarlet": 2, "white": 2, "amber": 1}),
            Counter({"bisque": 1, "olive": 3, "gray": 1, "teal": 1, "purple": 1}),
        ],
    ),
    "seed 1001 #204: 24 cards, 6 black, 5 brown": (
        Counter(
            {
                "red": 1,
                "blue": 1,
                "orange": 1,
                "green": 3,
                "brown": 5,
                "teal": 2,
                "magenta": 1,
                "black": 6,
                "gray": 2,
                "bisque": 2,
            }
        ),
        [
            Counter({"bisque": 2, "white": 2, "olive": 2, "magenta": 1}),
            Counter({"white": 1, "black": 2, "magenta": 1, "amber": 2, "teal": 1}),
            Counter({"black": 2, "magenta": 1, "olive": 1, "bisque": 2, "amber": 1}),
            Counter({"olive": 2, "teal": 1, "amber": 1, "bisque": 1, "black": 1, "purple": 1}),
            Counter({"gray": 1, "scarlet": 2, "purple": 1, "amber": 1, "bisque": 1, "magenta": 1}),
            Counter({"magenta": 1, "amber": 1, "black": 1, "gray": 2, "teal": 1, "olive": 1}),
        ],
    ),
}


def random_case(rng: random.Random):
    """A hand of 24 to 131 cards, heavy in some groups, and six commissions of seven hard colours."""
    hand: Counter = Counter()
    for c in NAMES:
        weight = rng.choice((0, 0, 0.3, 1)) if c in PRIMARIES + SECONDARIES else rng.choice((0, 0, 0, 0.3, 1))
        hand[c] = round(colours.copies(c) * weight * rng.random()) if weight < 1 else colours.copies(c)
    deck = [c for c in NAMES for _ in range(colours.copies(c) - hand[c])]
    rng.shuffle(deck)
    while sum(hand.values()) < 24:
        hand[deck.pop()] += 1
    hard = TERTIARIES + ("black", "white", "gray", "bisque")
    palettes = [Counter(rng.choice(hard) for _ in range(7)) for _ in range(6)]
    return +hand, palettes


def load_planner(path: str | None):
    """The planner module, freshly loaded (the current one, or the file at `path`)."""
    if path is None:
        from pastiche_cli.games.pastiche.core import planner

        return importlib.reload(planner)
    spec = importlib.util.spec_from_file_location("planner_before", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def plan_all(planner, hand: Counter, palettes) -> int:
    bank = Counter({c: colours.copies(c) - hand[c] for c in NAMES})
    keep = palettes[0] + palettes[1]
    return max(planner.plan(hand, bank, p, keep_for=keep).explored for p in palettes)


def measure(path: str | None, hand, palettes, runs: int = 3) -> tuple[float, int, int]:
    """(best of `runs` CPU seconds for the six plans, peak bytes, most hands one plan expanded).

    Each run starts from a freshly loaded planner, as `pastiche plan` (a process of its own) does:
    nothing one run keeps (the planner keeps what plans share) serves the next. CPU time, not the
    clock's: on a shared machine the clock also counts the time other programs had the processor."""
    times = []
    for _ in range(runs):
        planner = load_planner(path)
        start = time.process_time()
        most = plan_all(planner, hand, palettes)
        times.append(time.process_time() - start)
    planner = load_planner(path)
    tracemalloc.start()
    plan_all(planner, hand, palettes)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return min(times), peak, most


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--search", type=int, default=0, help="random shapes to try before the fixed cases")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--show", type=int, default=5, help="slowest shapes of the search to time")
    parser.add_argument("--before", help="a planner module (file) to time instead of the current one")
    args = parser.parse_args()
    planner = load_planner(args.before)
    cases = dict(CASES)
    if args.search:
        rng = random.Random(args.seed)
        found = []
        for i in range(args.search):
            hand, palettes = random_case(rng)
            start = time.process_time()
            most = plan_all(planner, hand, palettes)
            found.append((time.process_time() - start, most, i, hand, palettes))
        by_hands = sorted(found, key=lambda f: (f[1], f[0]), reverse=True)[: args.show]
        by_time = sorted(found, key=lambda f: f[0], reverse=True)[: args.show]
        print(
            f"searched {args.search} shapes (seed {args.seed}); the {args.show} with the most hands expanded "
            f"and the {args.show} slowest (CPU s, the planner warm):"
        )
        for took, most, i, hand, palettes in by_hands + [f for f in by_time if f not in by_hands]:
            cases[f"search #{i} ({sum(hand.values())} cards)"] = (hand, palettes)
            print(f"  #{i}: {most} hands, {took:.3f} s; hand {dict(hand)}; commissions {[dict(p) for p in palettes]}")
    over = False
    print(f"{'case':<68} {'six plans CPU s':>15} {'peak MB':>8} {'most hands':>10}  bar")
    for name, (hand, palettes) in cases.items():
        took, peak, most = measure(args.before, hand, palettes)
        bad = took > BAR
        over |= bad
        print(f"{name:<68} {took:>15.3f} {peak / 2**20:>8.2f} {most:>10}  < {BAR} s{'  OVER' if bad else ''}")
    sys.exit(1 if over else 0)


if __name__ == "__main__":
    main()
