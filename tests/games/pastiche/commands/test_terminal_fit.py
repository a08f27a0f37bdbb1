"""`board` and `moves` fit the terminal: at 60, 80 and 120 columns no line is longer than the width,
and no hex, coordinate or card name is cut (issue 14)."""

import json
import re

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli.root import root
from pastiche_cli.cli.terminal import cell_len
from pastiche_cli.formats.reading import all_problems
from pastiche_cli.games.pastiche.core.board import board_from, board_of, cell_labels
from pastiche_cli.games.pastiche.game import GAME
from pastiche_cli.games.pastiche.render.text import COMPACT_CORNERS, fit_picture

BOARDS = sorted(EXAMPLES.glob("board-*.yaml"))
WIDTHS = (60, 80, 120)
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def run(*args):
    return CliRunner().invoke(root, [str(a) for a in args])


def board(path):
    position, _ = all_problems(GAME, str(path))
    return board_of(position)


def assert_fits(text, width):
    for line in text.splitlines():
        assert cell_len(ANSI.sub("", line)) <= width, f"{cell_len(line)} > {width}: {line!r}"


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_board_fits_the_width_and_every_drawn_hex_is_whole(path, width):
    result = run("board", path, "--width", width)
    assert result.exit_code == 0, result.output
    assert_fits(result.stdout, width)
    b = board(path)
    picture = fit_picture(b, width)
    assert all(cell_len(line) <= width for line in picture.lines)
    shown_tiles = [c for c in b.tiles if c in picture.shown]
    assert len(shown_tiles) + picture.hidden == len(b.tiles)
    if picture.layout == "full":
        assert picture.hidden == 0
        return
    assert picture.layout in ("compact", "window")
    for cell in shown_tiles:
        line, first, last = picture.boxes[cell]
        assert 0 <= first and last < width, (cell, first, last)
        tile, middle = b.tiles[cell], first + 2
        for k, letter in enumerate(tile.corners):  # all six dabs, where they belong
            dl, dc = COMPACT_CORNERS[k]
            assert picture.lines[line + dl][middle + dc] == letter
        assert tile.centre in picture.lines[line][first : last + 1]
    for label, cell in cell_labels(b).items():  # a drawn open cell shows its whole label
        if cell in picture.shown:
            line, first, last = picture.boxes[cell]
            assert re.search(rf"(?<![a-z]){label}(?![a-z])", picture.lines[line][first : last + 1])
    if picture.layout == "window":
        assert f"{picture.hidden} of {len(b.tiles)} hexes are left out" in " ".join(result.stdout.split())
        assert "--svg" in result.stdout
    # the legend lists every open cell, each entry whole
    for label, (q, r) in cell_labels(b).items():
        assert re.search(rf"(?<![a-z]){label} = {q},{r}(?![\d])", result.stdout)


def test_a_wide_terminal_gets_the_full_drawing_and_a_narrow_one_never_a_cut_hex():
    start = board_from(("RRYYBB/R", "YYBBRR/Y", "BBRRYY/B"))
    assert fit_picture(start, 120).layout == "full"
    late = board(EXAMPLES / "board-late-4p.yaml")
    assert fit_picture(late, None).layout == "full"  # a pipe: no limit, the drawing of old
    assert fit_picture(late, 80).layout == "compact"
    window = fit_picture(late, 40)
    assert window.layout == "window" and window.hidden > 0 and window.focus == late.order[-1]
    assert window.focus in window.shown


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_moves_fits_the_width_and_keeps_every_hex_and_card_name_whole(path, width):
    listing = json.loads(run("moves", path, "--json", "--top", 10).stdout)
    for wide in ([], ["--wide"]):
        result = run("moves", path, "--width", width, "--top", 10, *wide)
        assert result.exit_code == 0, result.output
        assert_fits(result.stdout, width)
        for move in listing["placements"]:
            assert re.search(rf"(?<![A-Z]){re.escape(move['hex'])}(?![A-Z/])", result.stdout), move["hex"]
            q, r = move["at"]
            assert f"({q},{r})" in result.stdout
            for card in move["best"]["cards"] + (move["cards"] + move["best"]["needed"] if wide else []):
                assert re.search(rf"\b{card}\b", result.stdout), card
    piped = run("moves", path, "--top", 10, "--wide").stdout  # no width: every list on one line
    for move in listing["placements"]:
        assert ", ".join(move["cards"]) in piped


@pytest.mark.parametrize("width", (80, 120))
@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_moves_and_complete_draw_a_table_not_records_in_a_terminal_of_80_columns(path, width, monkeypatch):
    """Issue 22: at 80 and 120 columns each placement is a row of a table (rich's box), never the record form."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", str(width))
    result = run("moves", path)
    shown = ANSI.sub("", result.stdout)
    assert result.exit_code == 0 and "┏" in shown and "hex as laid:" not in shown, shown
    assert_fits(shown, width)
    rows = [line for line in shown.splitlines() if re.match(r"│ +\d+ │", line)]
    assert len(rows) == 10, shown
    result = run("complete", EXAMPLES / "painting-midgame.yaml", "--player", "Ana")
    shown = ANSI.sub("", result.stdout)
    assert "┏" in shown and "commission:" not in shown and "Harbour at" in shown, shown
    assert_fits(shown, width)


def test_moves_rich_format_at_80_columns_never_cuts_a_value():
    path = EXAMPLES / "board-midgame-4p.yaml"
    result = run("moves", path, "--width", 80, "--top", 3, "--format", "rich")
    assert_fits(result.stdout, 80)
    assert "…" not in result.stdout
    for move in json.loads(run("moves", path, "--json", "--top", 3).stdout)["placements"]:
        assert move["hex"] in result.stdout


def test_the_board_fits_the_height_too():
    """Issue 22: the midgame board's full drawing is taller than a terminal; the compact one is drawn."""
    b = board(EXAMPLES / "board-midgame-4p.yaml")
    full = fit_picture(b, 120)
    assert full.layout == "full" and len(full.lines) > 40
    fitted = fit_picture(b, 120, 40)
    assert fitted.layout == "compact" and len(fitted.lines) <= 40
    assert fit_picture(b, 120, len(full.lines)).layout == "full"  # as tall as the terminal: whole


def test_board_in_a_terminal_40_lines_tall_keeps_its_top_on_screen():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "cli"))  # tests/cli/ttyrun.py
    from ttyrun import run_in_tty

    code, screen = run_in_tty(["board", str(EXAMPLES / "board-midgame-4p.yaml")], columns=120, rows=40)
    assert code == 0, screen
    lines = ANSI.sub("", screen).splitlines()
    assert "compact drawing" in lines[1]
    top = next(i for i, line in enumerate(lines) if i > 2 and line.strip())  # the picture's first line
    assert len(lines) - top <= 40, len(lines)  # the last 40 lines on screen hold it whole


def test_board_help_says_what_open_cells_look_like():
    help_text = " ".join(run("board", "--help").stdout.split())
    assert "between dots" not in help_text and "label inside a faint outline" in help_text
    assert "narrower or shorter" in help_text


def test_a_board_too_big_for_the_terminal_is_drawn_compact_without_drawing_it_full_first(monkeypatch):
    """Where the hexes' dabs alone are wider or taller than the terminal, the full drawing cannot fit:
    the compact one is drawn without the full one being drawn first and thrown away (3 ms of a drawn
    `board`), and is the same drawing."""
    import pastiche_cli.games.pastiche.render.text as text

    drawn = board(EXAMPLES / "board-late-4p.yaml")
    sizes = [(60, None), (80, 40), (100, 30), (120, 20), (None, 20)]
    shown = [fit_picture(drawn, w, h) for w, h in sizes]
    assert all(p.layout != "full" for p in shown)

    def refuse(_board):
        raise AssertionError("the full drawing was drawn")

    monkeypatch.setattr(text, "picture_runs", refuse)
    assert [fit_picture(drawn, w, h) for w, h in sizes] == shown
