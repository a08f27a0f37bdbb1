"""Lines of an answer are written at once, and are the bytes they were when written one at a time
(issue 33, item 22): a print a line cost a replay's 216 lines 6 ms in a terminal (click's echo and
the stream guard each time), and rich's print costs about 20 us a line (the board's 44)."""

import io
import os
import sys
from unittest import mock

import click
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.text import Text

from pastiche_cli.cli import shell, tables, terminal

STYLES = st.sampled_from([None, "bold", "dim", "italic", "bold #eb0800", "#316cf5", "bold red"])
PIECES = st.sampled_from(["Ana", " ", "RYB", "■", "陈小明", "yellow, olive", "x" * 130, "", "  ", "two\nlines"])
RUNS = st.lists(st.tuples(PIECES, STYLES), max_size=6)
LINE = RUNS.map(lambda runs: terminal.runs_text(runs)) | PIECES


def console_on(out):
    return Console(
        file=out, width=80, force_terminal=True, color_system="256", markup=False, emoji=False, highlight=False
    )


@given(lines=st.lists(LINE, max_size=12), no_color=st.booleans())
def test_lines_drawn_at_once_are_the_bytes_drawn_a_line_at_a_time(lines, no_color):
    each, once = io.StringIO(), io.StringIO()
    by_line = console_on(each)
    by_line.no_color = no_color
    for line in lines:
        by_line.print(line.copy() if isinstance(line, Text) else line, overflow="ignore", crop=False, no_wrap=True)
    at_once = console_on(once)
    at_once.no_color = no_color
    with mock.patch.object(terminal, "console", lambda err=False: at_once):
        terminal.print_lines([line.copy() if isinstance(line, Text) else line for line in lines])
    assert once.getvalue() == each.getvalue()


class Terminal(io.StringIO):
    def isatty(self):
        return True


WORDS = st.lists(st.sampled_from(["teal", "a", "placement", "Ana's", "\x1b]0;", "陈", "x" * 50]), max_size=20)


@given(lines=st.lists(WORDS.map(" ".join), max_size=8), width=st.integers(20, 90))
def test_explanations_written_at_once_are_the_lines_written_one_at_a_time(lines, width):
    """Through the stream guard of a terminal `width` columns wide, as a player's terminal shows them."""
    outs = []
    for write in (one_at_a_time, lambda lines: tables.echo_lines(lines, "plain")):
        out = Terminal()
        with (
            mock.patch.dict(os.environ, {"FORCE_COLOR": "1", "COLUMNS": str(width)}),
            mock.patch.object(sys, "stdout", shell.SafeStream(out)),
        ):
            write(lines)
        outs.append(out.getvalue())
    assert outs[0] == outs[1]
    assert outs[1] == "".join(f"{piece}\n" for line in lines for piece in terminal.wrap(shell.safe(line), width))


def one_at_a_time(lines):
    """echo_lines as it was: a click.echo a line."""
    width = terminal.columns(None)
    for line in lines:
        click.echo("\n".join(terminal.wrap(shell.safe(line), width)))
