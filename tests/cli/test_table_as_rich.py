"""Every table a terminal shows is, byte for byte, what rich's Table draws of the same cells a row at a
time (issue 33, item 22): `terminal.draw_table` gives Table the rows of a table that fits as one row of
stacked lines, where a row each cost a `moves --all` twice its import floor. Table a row at a time
is the reference: the same columns, widths, wrapping, box, bold header, italic title and escapes, in
every colour system, with NO_COLOR, in an ASCII-only terminal, within any width."""

import io
import re
from unittest import mock

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES
from hypothesis import example, given
from hypothesis import strategies as st
from rich.console import Console

from pastiche_cli.cli import terminal
from pastiche_cli.cli.root import root


def rich_table(headers, cells, align, title, wrap_columns=(), width=None):
    """The table as rich.table.Table draws it a row at a time: what draw_table drew before issue 33, item 22."""
    from rich.table import Table

    grid = Table(title=title, title_justify="left")
    for i, (header, how) in enumerate(zip(headers, align)):
        grid.add_column(header, justify=how, no_wrap=i not in wrap_columns)
    for row in cells:
        grid.add_row(*row)
    terminal.console().print(grid, crop=False, width=width)


class Latin1(io.StringIO):
    encoding = "latin-1"  # a terminal that cannot write box lines: rich draws its ASCII box


def drawn(draw, args, console_width, colours, no_color, ascii_only):
    out = Latin1() if ascii_only else io.StringIO()
    console = Console(
        file=out,
        width=console_width,
        force_terminal=True,
        color_system=colours,
        no_color=no_color,
        markup=False,
        emoji=False,
        highlight=False,
        legacy_windows=False,
    )
    with mock.patch.object(terminal, "console", lambda err=False: console):
        draw(*args)
    return out.getvalue()


# What cells hold: card lists, hexes, cells, numbers, names wide and narrow, a word longer than any
# column, a combining accent, an escaped control character, a no-break space (not "printable").
WORDS = st.sampled_from(
    [
        "yellow,",
        "olive",
        "(centre)",
        "RYBBYR/R",
        "o",
        "(-3,-1)",
        "13",
        "-",
        "BB at n,",
        "Harbour",
        "陈小明",
        "Ｃａｒｏ",
        "Zoë",
        "e\u0301",
        "\\x1b]0;",
        "■\u00a0red",
        "x" * 31,
        "verylongcardnamewithoutspaces",
        "a",
    ]
)
TEXT = st.lists(WORDS, max_size=9).flatmap(
    lambda words: st.sampled_from([" ", "  ", ", "]).map(lambda sep: sep.join(words))
)


@st.composite
def tables(draw):
    n = draw(st.integers(1, 7))
    headers = draw(
        st.lists(TEXT | st.sampled_from(["#", "hex as laid", "opens for Ana", "points "]), min_size=n, max_size=n)
    )
    rows = draw(st.lists(st.lists(TEXT.map(str.strip), min_size=n, max_size=n), max_size=8))
    align = draw(st.lists(st.sampled_from(["left", "right", "center"]), min_size=n, max_size=n))
    title = draw(st.none() | st.just("") | TEXT)
    wrap_columns = tuple(i for i in range(n) if draw(st.booleans()))
    width = draw(st.none() | st.integers(1, 150))
    return headers, rows, align, title, wrap_columns, width


@given(
    table=tables(),
    console_width=st.integers(8, 160),
    colours=st.sampled_from([None, "standard", "256", "truecolor"]),
    no_color=st.booleans(),
    ascii_only=st.booleans(),
)
@example(
    table=(
        ["#", "hex as laid", "cell", "takes", "worth", "opens for Ana"],
        [
            ["1", "YBYYBR/B", "o (-3,-1)", "yellow, yellow, orange, olive, purple", "13", "BB at n"],
            ["2", "RYBYYB/B", "ab (-5,4)", "blue (centre)", "4", "YY at z, BB at ad, RR at af, YY at ad"],
        ],
        ["right", "left", "left", "left", "right", "left"],
        "All 2 placements",
        (3, 5),
        60,
    ),
    console_width=100,
    colours="256",
    no_color=False,
    ascii_only=False,
)
def test_a_table_is_drawn_as_richs_table_draws_it(table, console_width, colours, no_color, ascii_only):
    context = console_width, colours, no_color, ascii_only
    assert drawn(terminal.draw_table, table, *context) == drawn(rich_table, table, *context)


# Each in terminals of these widths: the narrowest where its table is still a table (below it, one
# record a row), a width where lists wrap in their cells, and a wide one.
COMMANDS = [
    (["moves", EXAMPLES / "board-late-4p.yaml", "--all"], (80, 100, 120)),
    (["moves", EXAMPLES / "board-late-4p.yaml", "--all", "--wide"], (120, 160)),
    (["moves", EXAMPLES / "board-midgame-4p.yaml", "--top", "12"], (80, 100)),
    (["complete", EXAMPLES / "painting-midgame.yaml", "--player", "Ana"], (80, 120)),
    (["score", EXAMPLES / "four-player-finish.yaml"], (80, 120)),
    (["discard", EXAMPLES / "painting-midgame.yaml", "--player", "Ana"], (100, 120)),
    (["chart"], (80,)),
    (["score", EXAMPLES / "canvas" / "three-player-capped.yaml"], (100, 120)),
    (["score", EXAMPLES / "masterpiece" / "finished-tiebreak.yaml"], (80,)),
    (["artline", "spots", EXAMPLES / "artline" / "midgame.yaml"], (120,)),
]
CASES = [(argv, columns) for argv, widths in COMMANDS for columns in widths]


@pytest.mark.parametrize(
    "argv, columns", CASES, ids=[" ".join(str(x) for x in a[:1] + a[2:]) + f" {c}" for a, c in CASES]
)
def test_every_command_draws_the_table_rich_would(monkeypatch, argv, columns):
    """In a terminal of 80 to 160 columns (FORCE_COLOR), a command's whole answer is what it was when
    rich.table.Table drew its tables: the wrapped `moves --all` of 324 placements too."""
    for name in ("NO_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    env = {"FORCE_COLOR": "1", "COLUMNS": str(columns), "TERM": "xterm-256color"}
    args = [str(a) for a in argv]
    ours = CliRunner().invoke(root, args, env=env)
    with mock.patch.object(terminal, "draw_table", rich_table):
        theirs = CliRunner().invoke(root, args, env=env)
    assert ours.exit_code == theirs.exit_code == 0, ours.output
    assert re.search(r"^[┃│]", ours.stdout, re.M), ours.stdout[:300]  # a table was drawn
    assert ours.stdout == theirs.stdout


def test_a_long_table_is_given_to_table_a_run_of_rows_at_a_time(monkeypatch):
    """`moves --all` in a terminal of 100 columns: its 324 placements reach rich's Table as runs of
    rows stacked into one row each, a row of its own only where a cell wraps, so Table measures and
    renders a cell a column a run, where a row each cost 130 ms of layout, nearly twice the command's
    import floor (bench_paired.py measures it). The widths come from a table of two rows."""
    from rich.table import Table

    added: list[tuple] = []
    real = Table.add_row
    monkeypatch.setattr(Table, "add_row", lambda grid, *cells, **kw: added.append(cells) or real(grid, *cells, **kw))
    for name in ("NO_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    env = {"FORCE_COLOR": "1", "COLUMNS": "100", "TERM": "xterm-256color"}
    done = CliRunner().invoke(root, ["moves", str(EXAMPLES / "board-late-4p.yaml"), "--all"], env=env)
    assert done.exit_code == 0 and "All 324 placements" in done.stdout, done.output
    probe, given = added[:2], added[2:]
    assert all("\n" not in cell for row in probe for cell in row)
    lines = sum(row[0].count("\n") + 1 for row in given)
    assert lines == 324 and len(given) < 324 // 10, len(given)
    assert re.search(r"^│ +324 │", done.stdout, re.M), done.stdout[-400:]
