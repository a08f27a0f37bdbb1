"""What the shared tests need to know of Pastiche and cannot read from its declaration or its data
(tests/every_game.py: facts)."""

from __future__ import annotations

import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[3]
QUICK = ROOT / "examples" / "quick"

# Its own commands (beside the shared verbs), by what they answer: tables (--json and --format), an
# answer without a table (--json), or nothing to answer (tests/cli/test_output_options.py).
TABLES = {"catalogue list", "chart", "complete", "discard", "moves", "place"}
NO_TABLE = {"catalogue show", "mix", "plan", "swap", "trade"}
SILENT = {"catalogue add", "catalogue export", "catalogue import", "catalogue remove"}

HIGHEST_WINS = True  # the most points win (tests/test_bgstats_links.py)
HAS_BOARD = True  # `board` serves it (tests/cli/test_docs_say_what_is_true.py)
PICTURES: list[list[str]] = []  # its own commands' --svg pictures, less --svg (tests/cli/test_svg_to_stdout.py)

# Its commands that write, each on a bundled position (under examples/positions/; {} stands for the
# file): what tests/hostile/test_write_fuzz.py runs on mutants.
WRITERS = [
    (
        "painting-midgame.yaml",
        ["trade", "{}", "--player", "Ana", "--give", "teal,teal,teal", "--get", "olive", "--apply"],
    ),
    ("painting-midgame.yaml", ["complete", "{}", "--player", "Ana", "--apply", "Harbour at Dusk"]),
    ("board-midgame-4p.yaml", ["place", "{}", "RRRBBR/RB", "--at", "3,1", "--apply"]),
    ("board-midgame-4p.yaml", ["board", "{}", "--svg", "out.svg", "--force"]),
]

# How `score`'s table is headed, for a game over and one under way (tests/cli/test_one_voice.py).
SCORE_HEADINGS = ("Final scores", "Scores so far")

# Whether `end` says the turn is nobody's once the game is over: not here, a finished position keeps
# its `turn:` (the cleanup phase) and `end` says whose it is (tests/cli/test_whose_turn.py).
OVER_IS_NOBODYS_TURN = False

# What a player types to `tally` at the table, one answer a line, and the bundled position it stands for
# (under examples/positions/; tests/cli/test_tally.py).
TALLY_ANSWERS = [
    str(QUICK / "box.yaml"),
    *(ROOT / "tests" / "cli" / "tally-four-player-finish.txt").read_text().splitlines(),
]
TALLY_POSITION = "four-player-finish.yaml"

# The breakdowns its record page holds, folded on a screen and open in print: the scores' derivation
# (tests/cli/test_record_pages.py).
PAGE_BREAKDOWNS = 1
