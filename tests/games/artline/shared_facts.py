"""What the shared tests need to know of Artline and cannot read from its declaration or its data
(tests/every_game.py: facts)."""

from __future__ import annotations

import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[3]
QUICK = ROOT / "examples" / "quick"

# Its own commands, by what they answer: tables (--json and --format), an answer without a table
# (--json), or nothing to answer (tests/cli/test_output_options.py).
TABLES = {"spots"}
NO_TABLE = {"place", "discard"}
SILENT: set[str] = set()

HIGHEST_WINS = False  # the first with no paintings in hand wins: the fewest left win (tests/test_bgstats_links.py)
HAS_BOARD = True  # `board` serves it (tests/cli/test_docs_say_what_is_true.py)
PICTURES: list[list[str]] = []  # its own commands' --svg pictures, less --svg (tests/cli/test_svg_to_stdout.py)

# Its commands that write, each on a bundled position (under examples/positions/; {} stands for the
# file): what tests/hostile/test_write_fuzz.py runs on mutants.
WRITERS = [
    ("artline/midgame.yaml", ["artline", "discard", "{}", "--apply"]),
    ("artline/midgame.yaml", ["board", "{}", "--svg", "out.svg", "--force"]),
]

# How `score`'s table is headed, for a game over and one under way (tests/cli/test_one_voice.py).
SCORE_HEADINGS = ("Hands", "Hands")

# Whether `end` says the turn is nobody's once the game is over: it is, whatever the file's `turn:`
# says (tests/cli/test_whose_turn.py).
OVER_IS_NOBODYS_TURN = True

# What a player types to `tally` at the table, one answer a line, and the bundled position it stands for
# (under examples/positions/; tests/cli/test_tally.py).
TALLY_ANSWERS = ["Ana Ben Caro Dee", "0", "2", "2", "1"]
TALLY_POSITION = "artline/finished.yaml"

# The breakdowns its record page holds, folded on a screen and open in print: its standing needs none
# (tests/cli/test_record_pages.py).
PAGE_BREAKDOWNS = 0
