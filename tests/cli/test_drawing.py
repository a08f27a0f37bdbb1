"""Tables drawn in rich's look without rich (issue 13: rich's import alone is slower than a whole
command may be): every boxed table is the one rich itself draws, character for character; colour
follows the terminal as rich reads it; and no command imports rich any more."""

import io
import re
import subprocess
import sys

import pytest
from conftest import EXAMPLES
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.table import Table

from pastiche_cli.cli.drawing import boxed_lines, boxed_width, cell_len, colours, marked, sgr, swatched


def rich_lines(headers, cells, align, title=None, encoding="utf-8"):
    """What rich draws for the same table, without colour, in a console wide enough for it, writing
    to a stream in `encoding` (rich draws ASCII where it cannot write the box lines)."""
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding=encoding)
    grid = Table(title=title, title_justify="left")
    for h, a in zip(headers, align):
        grid.add_column(h, justify=a)
    for row in cells:
        grid.add_row(*row)
    Console(file=out, width=400, color_system=None, markup=False, highlight=False, emoji=False).print(grid)
    out.flush()
    return [line.rstrip() for line in raw.getvalue().decode(encoding).splitlines()]


# Letters, digits, spaces inside a cell, wide CJK and full-width letters, an accent, a combining mark
# (after a letter: one that begins a cell has nothing to combine with, and rich drops it).
text = (
    st.text(alphabet=st.sampled_from("ab Z09陈小明ＣＡé\u0301-"), min_size=1, max_size=7)
    .map(str.strip)
    .filter(lambda t: t and not t.startswith("\u0301"))
)


@settings(max_examples=150, deadline=None)
@given(
    st.integers(1, 5).flatmap(
        lambda n: st.tuples(
            st.lists(text, min_size=n, max_size=n),
            st.lists(st.lists(text, min_size=n, max_size=n), max_size=6),
            st.lists(st.sampled_from(["left", "right", "center"]), min_size=n, max_size=n),
        )
    )
)
def test_every_boxed_table_is_the_one_rich_draws(table):
    headers, cells, align = table
    assert boxed_lines(headers, cells, align, None) == rich_lines(headers, cells, align)


@pytest.mark.parametrize("cells", [[], [["1st", "Ana", "50"], ["2nd", "Ben", "48"]]])
def test_a_titled_table_matches_rich_and_its_width_is_what_the_stacking_rule_measures(cells):
    headers, align = ["place", "player", "total"], ["left", "left", "right"]
    ours = boxed_lines(headers, cells, align, None, "Final scores")
    assert ours == rich_lines(headers, cells, align, "Final scores")
    widths = [max([cell_len(h)] + [cell_len(r[i]) for r in cells]) for i, h in enumerate(headers)]
    assert {cell_len(line) for line in ours[1:]} == {boxed_width(widths)}


@pytest.mark.parametrize("ascii_only, encoding", [(False, "utf-8"), (True, "latin-1")])
def test_a_long_title_wraps_within_the_table_and_ascii_output_gets_riches_ascii_box(ascii_only, encoding):
    headers, cells, align = ["dabs", "card"], [["RR", "red"], ["RY", "orange"]], ["left", "left"]
    title = "Colour chart (R red, Y yellow, B blue)"
    ours = boxed_lines(headers, cells, align, None, title, ascii_only=ascii_only)
    assert ours == rich_lines(headers, cells, align, title, encoding)
    assert ours[:3] == ["Colour chart (R", "red, Y yellow, B", "blue)"]
    assert ("+" in ours[3]) is ascii_only and all(line.isascii() for line in ours) is ascii_only


def test_a_table_in_a_terminal_fits_it_and_a_cell_stays_on_one_line(monkeypatch, capsys):
    from pastiche_cli.cli import shell

    monkeypatch.setattr(shell, "terminal_width", lambda width: 40 if width is None else width)
    monkeypatch.setattr(shell, "colours", lambda stream=None: None)
    shell.table(["player", "total"], [["Ana", 50]], "rich")
    assert capsys.readouterr().out.splitlines()[0].startswith("┏")  # 17 columns: boxed
    shell.table(["player", "commissions completed", "total"], [["Ana\nLee", "Red Mill, Blue Mill", 50]], "rich")
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("player: Ana\\nLee;") and all(cell_len(line) <= 40 for line in out), out


def test_the_header_is_bold_and_the_title_italic_only_in_a_terminal():
    lines = boxed_lines(["a"], [["x"]], ["left"], "standard", "T")
    assert lines[0] == "\x1b[3mT\x1b[0m" and "\x1b[1ma\x1b[0m" in lines[2]
    assert "\x1b" not in "".join(boxed_lines(["a"], [["x"]], ["left"], None, "T"))


@pytest.mark.parametrize(
    "text, columns", [("abc", 3), ("陈小明", 6), ("Ｃａ", 4), ("e\u0301", 1), ("a\u200bb", 2), ("Zoë", 3), ("", 0)]
)
def test_cell_widths_agree_with_rich(text, columns):
    from rich.cells import cell_len as rich_cell_len

    assert cell_len(text) == columns == rich_cell_len(text)


@pytest.mark.parametrize(
    "env, tty, mode",
    [
        ({}, False, None),
        ({"TERM": "xterm-256color"}, True, "256"),
        ({"TERM": "xterm-256color", "COLORTERM": "truecolor"}, True, "truecolor"),
        ({"TERM": "xterm", "COLORTERM": "24bit"}, True, "truecolor"),
        ({"TERM": "xterm"}, True, "standard"),
        ({"TERM": "dumb", "COLORTERM": "truecolor"}, True, None),
        ({"TERM": "xterm-256color", "NO_COLOR": "1"}, True, "none"),
        ({"TERM": "xterm", "FORCE_COLOR": "1"}, False, "standard"),
    ],
)
def test_the_colours_a_terminal_takes(monkeypatch, env, tty, mode):
    for name in ("TERM", "COLORTERM", "NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)

    class Stream(io.StringIO):
        def isatty(self):
            return tty

    assert colours(Stream()) == mode


@pytest.mark.parametrize(
    "style, mode, escape",
    [
        ("bold #d62728", "truecolor", "\x1b[1;38;2;214;39;40m"),
        ("bold #ff0000", "256", "\x1b[1;38;5;196m"),  # the cube's pure red
        ("#000000", "256", "\x1b[38;5;16m"),
        ("#ffffff", "256", "\x1b[38;5;231m"),
        ("#808080", "256", "\x1b[38;5;244m"),  # grey 128: the grey ramp, not the cube
        ("bold red", "256", "\x1b[1;31m"),
        ("bold #d62728", "none", "\x1b[1m"),  # NO_COLOR: bold stays, colour goes
        ("bold #d62728", None, ""),
        ("italic", "truecolor", "\x1b[3m"),
    ],
)
def test_styles_as_escapes(style, mode, escape):
    assert sgr(style, mode) == escape


def test_the_16_standard_colours_are_the_ones_rich_picks_for_every_card():
    from rich.color import Color, ColorSystem

    from pastiche_cli.games.pastiche.core.colours import card_kinds

    for name, kind in card_kinds().items():
        number = Color.parse(kind.display).downgrade(ColorSystem.STANDARD).number
        assert sgr(kind.display, "standard") == f"\x1b[{30 + number if number < 8 else 90 + number - 8}m", name


STYLES = {"black": "bold #222222", "white": "bold #f2f2f2", "red": "bold red", "plain": "bold"}


def test_a_word_keeps_the_terminals_foreground_and_its_colour_goes_to_a_swatch():
    line = marked(swatched("1 black and 2 white, a plain word", STYLES, "truecolor"), STYLES, "truecolor")
    assert line == (
        "1 \x1b[38;2;34;34;34m■\x1b[0m \x1b[1;39mblack\x1b[0m and 2 \x1b[38;2;242;242;242m■\x1b[0m "
        "\x1b[1;39mwhite\x1b[0m, a \x1b[1;39mplain\x1b[0m word"
    )


def test_no_swatch_without_colour_and_nothing_drawn_outside_a_terminal():
    assert marked(swatched("1 black", STYLES, "none"), STYLES, "none") == "1 \x1b[1mblack\x1b[0m"
    assert marked(swatched("1 black", STYLES, None), STYLES, None) == "1 black"


def test_a_swatch_stays_with_its_word_when_a_line_is_wrapped():
    from pastiche_cli.cli.shell import wrap

    shown = swatched("aaaa bbbb black", STYLES, "standard")
    pieces = wrap(shown, 12)
    assert pieces == ["aaaa bbbb", "  ■\u00a0black"]
    assert all(cell_len(p) <= 12 for p in pieces)


def test_the_words_are_whole_words_only():
    assert marked(swatched("blackish redden", STYLES, "standard"), STYLES, "standard") == "blackish redden"


@pytest.mark.parametrize(
    "argv",
    [
        ["score", EXAMPLES / "four-player-finish.yaml", "--format", "rich"],
        ["moves", EXAMPLES / "board-late-4p.yaml", "--format", "rich", "--top", "5"],
        ["chart", "--format", "rich"],
        ["discard", EXAMPLES / "painting-midgame.yaml", "--player", "Ana", "--format", "rich"],
        ["score", EXAMPLES / "canvas" / "three-player-capped.yaml", "--format", "rich"],
        ["canvas", "best", EXAMPLES / "canvas" / "midgame.yaml", "--player", "Ana", "--format", "rich"],
        ["score", EXAMPLES / "masterpiece" / "finished-tiebreak.yaml", "--format", "rich"],
        ["artline", "spots", EXAMPLES / "artline" / "midgame.yaml", "--format", "rich"],
    ],
)
def test_no_command_imports_rich(argv):
    code = (
        "import sys\nfrom pastiche_cli.cli.root import main\nsys.argv = ['pastiche', *%r]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('RICH' if any(m == 'rich' or m.startswith('rich.') for m in sys.modules) else 'NONE', "
        "file=sys.stderr)\n" % [str(a) for a in argv]
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env={"FORCE_COLOR": "1", "TERM": "xterm-256color", "PATH": "/usr/bin:/bin"},
    )
    assert done.stderr.strip().splitlines()[-1] == "NONE", done.stderr
    assert "┏" in done.stdout or "■" in done.stdout, done.stdout[:300]
    assert "\x1b[" in done.stdout


@pytest.mark.parametrize(
    "argv",
    [
        ["chart", "--format", "rich"],
        ["canvas", "best", EXAMPLES / "canvas" / "midgame.yaml", "--player", "Ana", "--format", "rich"],
        ["score", EXAMPLES / "four-player-finish.yaml", "--format", "rich"],
    ],
)
def test_a_latin1_terminal_gets_an_ascii_box_no_swatch_and_no_crash(argv):
    env = {"PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "latin-1", "FORCE_COLOR": "1", "TERM": "xterm"}
    done = subprocess.run([sys.executable, "-m", "pastiche_cli", *map(str, argv)], capture_output=True, env=env)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("latin-1")
    assert "\n+--" in out and "┏" not in out and "■" not in out


def test_explanations_in_a_terminal_wrap_between_words_within_it(monkeypatch, capsys):
    from pastiche_cli.cli import shell

    monkeypatch.setattr(shell, "terminal_width", lambda width: 30 if width is None else width)
    monkeypatch.setattr(shell, "colours", lambda stream=None: "standard")
    line = "space 3 [canvas.score.space]: hue in red + shape in blue; hue in blue + shape in yellow"
    shell.echo_lines([line], "rich", {"red": "bold red", "blue": "bold blue", "yellow": "bold yellow"})
    shown = [re.sub(r"\x1b\[[\d;]*m", "", out) for out in capsys.readouterr().out.splitlines()]
    assert len(shown) > 2 and all(cell_len(out) <= 30 for out in shown), shown
    assert " ".join(s.strip() for s in shown).replace("■ ", "") == line
    shell.echo_lines([line], "plain")  # piped (no terminal width): one line, as before
    assert capsys.readouterr().out == line + "\n"
