"""The everyday surface on a real terminal (a pseudo-terminal of a chosen size): what fits, what is
coloured, what is shown by default (issue 14)."""

import json
import re

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES
from ttyrun import run_in_tty

from pastiche_cli.cli.root import root
from pastiche_cli.cli.terminal import cell_len

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def run(*args):
    return CliRunner().invoke(root, [str(a) for a in args])


def assert_fits(text, width):
    for line in text.splitlines():
        assert cell_len(ANSI.sub("", line)) <= width, f"{cell_len(line)} > {width}: {line!r}"


def test_moves_in_a_terminal_shows_the_best_ten_unless_asked_for_all():
    path = str(EXAMPLES / "board-midgame-4p.yaml")
    total = json.loads(run("moves", path, "--json").stdout)["count"]
    code, screen = run_in_tty(["moves", path], columns=80, env={"NO_COLOR": "1"})
    assert code == 0, screen
    assert f"Best 10 of {total} placements (--all for every one)" in screen
    assert re.search(r"^│ 10 │", screen, re.M) and not re.search(r"^│ 11 │", screen, re.M)
    assert_fits(screen, 80)
    code, screen = run_in_tty(["moves", path, "--all"], columns=200, env={"NO_COLOR": "1"})
    assert f"All {total} placements" in screen
    # piped, every placement as before (a script reads them all)
    assert f"All {total} placements" in run("moves", path).stdout


def test_board_in_a_terminal_fits_the_terminal_width():
    path = str(EXAMPLES / "board-late-4p.yaml")
    for columns in (60, 80):
        code, screen = run_in_tty(["board", path], columns=columns)
        assert code == 0, screen
        assert_fits(screen, columns)
        assert re.search(r"\x1b\[1;38;5;\d+mR", screen)  # a 256-colour terminal gets the red dab's colour


POS = EXAMPLES
PROSE = {
    "trade": ["trade", POS / "painting-midgame.yaml", "--player", "Ana", "--give", "teal,teal,teal", "--get", "olive"],
    "plan": ["plan", POS / "painting-twelve-cards.yaml", "--player", "Dora"],
    "end": ["end", POS / "four-player-finish.yaml"],
    "place": ["place", POS / "board-midgame-4p.yaml", "RYBBYR/R", "--at", "2,-4"],
    "complete": ["complete", POS / "painting-midgame.yaml", "--player", "Ana"],
    "score": ["score", POS / "four-player-finish.yaml"],
    "moves": ["moves", POS / "board-late-4p.yaml", "--top", "10"],
    "rules": ["rules", "trade"],
    "canvas score": ["score", POS / "canvas" / "three-player-capped.yaml"],
    "canvas best": ["canvas", "best", POS / "canvas" / "midgame.yaml", "--player", "Ana"],
    "masterpiece score": ["score", POS / "masterpiece" / "finished-tiebreak.yaml"],
    "masterpiece options": ["masterpiece", "options", POS / "masterpiece" / "midgame.yaml", "--player", "Ana"],
    "artline score": ["score", POS / "artline" / "finished.yaml"],
    "artline spots": ["artline", "spots", POS / "artline" / "midgame.yaml"],
}
WORD = re.compile(r"[^\s│┃┏┓┗┛┡┩└┘┳┻╇┴━─■,;:()\[\]]+")


@pytest.mark.parametrize("name", PROSE)
def test_at_80_columns_no_line_is_wider_and_no_word_is_cut(name):
    """Issue 21: every word the terminal shows is a word of the piped answer (a word cut in two by
    the terminal, "neede" / "d", is not), and no line is wider than the terminal."""
    args = [str(a) for a in PROSE[name]]
    code, screen = run_in_tty(args, columns=80)
    piped = run(*args)
    assert code == piped.exit_code, screen
    shown = ANSI.sub("", screen)
    assert_fits(shown, 80)
    known = set(WORD.findall(piped.stdout + piped.stderr))
    cut = [w for w in WORD.findall(shown) if w not in known and not re.fullmatch(r"\d+\.", w)]  # "1." numbers a record
    assert not cut, cut
