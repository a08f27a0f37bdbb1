"""What the shared tests need to know of Masterpiece and cannot read from its declaration or its data
(tests/every_game.py: facts)."""

from __future__ import annotations

import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[3]
QUICK = ROOT / "examples" / "quick"

# Its own commands, by what they answer: tables (--json and --format), an answer without a table
# (--json), or nothing to answer (tests/cli/test_output_options.py).
TABLES = {"deck", "options"}
NO_TABLE = {"present", "review"}
SILENT = {"theses"}

HIGHEST_WINS = True  # the most points win (tests/test_bgstats_links.py)
HAS_BOARD = False  # `board` serves it (tests/cli/test_docs_say_what_is_true.py)
PICTURES: list[list[str]] = []  # its own commands' --svg pictures, less --svg (tests/cli/test_svg_to_stdout.py)

# Its commands that write, each on a bundled position (under examples/positions/; {} stands for the
# file): what tests/hostile/test_write_fuzz.py runs on mutants.
WRITERS = [
    (
        "masterpiece/midgame.yaml",
        ["masterpiece", "present", "{}", "--player", "Ana", "--thesis", "three-pairs", "--cards"]
        + ["pink-3,orange-3,purple-8,orange-8", "--cite", "Ana:pink-6", "--cite", "Ben:blue-6", "--give"]
        + ["Ben:green-12", "--apply"],
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
    str(QUICK / "theses.yaml"),
    "Ana Ben Caro",
    "nine:y10 five-a:pu7 end:pi2",
    "four:lightb11 seven:b8 five-r:g9 triple:o3",
    "three:pi1 full:g13 triple:y6",
]
TALLY_POSITION = "masterpiece/finished-tiebreak.yaml"

# The breakdowns its record page holds, folded on a screen and open in print: the scores' derivation
# (tests/cli/test_record_pages.py).
PAGE_BREAKDOWNS = 1
