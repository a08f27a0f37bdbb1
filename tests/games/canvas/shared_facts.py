"""What the shared tests need to know of Canvas and cannot read from its declaration or its data
(tests/every_game.py: facts)."""

from __future__ import annotations

import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[3]
QUICK = ROOT / "examples" / "quick"

# Its own commands, by what they answer: tables (--json and --format), an answer without a table
# (--json), or nothing to answer (tests/cli/test_output_options.py).
TABLES = {"best", "cards"}
NO_TABLE = {"painting", "take"}
SILENT: set[str] = set()

HIGHEST_WINS = True  # the most points win (tests/test_bgstats_links.py)
HAS_BOARD = False  # `board` serves it (tests/cli/test_docs_say_what_is_true.py)
PICTURES: list[list[str]] = [
    ["canvas", "painting", "Heavy", "Fragile", "Melancholy"]
]  # its own commands' --svg pictures, less --svg (tests/cli/test_svg_to_stdout.py)

# Its commands that write, each on a bundled position (under examples/positions/; {} stands for the
# file): what tests/hostile/test_write_fuzz.py runs on mutants.
WRITERS = [
    (
        "canvas/midgame.yaml",
        ["canvas", "take", "{}", "--slot", "1", "--player", "Ben", "--draw", "Peaceful", "--apply"],
    ),
]

# How `score`'s table is headed, for a game over and one under way (tests/cli/test_one_voice.py).
SCORE_HEADINGS = ("Final scores", "Scores so far")

# Whether `end` says the turn is nobody's once the game is over: a finished position's turn is nobody's
# (tests/cli/test_whose_turn.py).
OVER_IS_NOBODYS_TURN = True

# What a player types to `tally` at the table, one answer a line, and the bundled position it stands for
# (under examples/positions/; tests/cli/test_tally.py).
TALLY_ANSWERS = [
    "consistency hierarchy movement variety",
    "Ana Ben Cleo Dev",
    "curio peace forbi | trap nature immin | escape delic persp",
    "1",
    "view preci compl | mess anxie game | night unash wande",
    "2",
    "omino expan revol | freed heavy moment | adven extre sudden",
    "3",
    "pride deep corru | vast child surre | attra obsta illum",
    "2",
]
TALLY_POSITION = "canvas/four-player-bonus.yaml"

# The breakdowns its record page holds, folded on a screen and open in print: the scores' derivation
# (tests/cli/test_record_pages.py).
PAGE_BREAKDOWNS = 1
