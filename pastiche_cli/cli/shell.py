"""What every command of every game shares: output switches, messages, located problems, tables, writing -o.

Data goes to stdout, messages to stderr. rich and tabulate are imported only when a table is drawn.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Callable, Iterable, NoReturn, Sequence

import click

from pastiche_cli.kernel.problems import (EXIT_BAD_FILE, EXIT_BREAKS_RULES, FORMAT, Problem,
                       sort_key)

FORMATS = ("auto", "rich", "plain", "markdown")


# --- options shared by commands -------------------------------------------------------------

def position_argument(f: Callable) -> Callable:
    return click.argument("position", type=click.Path(dir_okay=True, path_type=str))(f)


def output_options(f: Callable | None = None, *, tables: bool = True) -> Callable:
    """The output switches of every command that answers: --json, and --format where it draws tables.

    `@output_options` gives both (the command takes `as_json` and `fmt`); `@output_options(tables=False)`
    gives --json alone, for a command whose answer has no table, so no --format is accepted and ignored.
    """
    def decorate(f: Callable) -> Callable:
        if tables:
            f = click.option(
                "--format", "fmt", type=click.Choice(FORMATS), default="auto", show_default=True,
                help="Tables: rich in a terminal, plain text when piped; markdown for a forum post.")(f)
        return click.option("--json", "as_json", is_flag=True, help="Answer in JSON (stable keys).")(f)

    return decorate if f is None else decorate(f)


# --- messages ---------------------------------------------------------------------------------

def err(message: str = "") -> None:
    click.echo(message, err=True)


def abort(message: str, code: int) -> NoReturn:
    """The one way a command gives up: a message on stderr and the exit code of SPEC 6.1."""
    err(f"pastiche: {message}")
    sys.exit(code)


def emit_json(data: object) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def report_problems(filename: str, problems: Sequence[Problem]) -> None:
    for p in sorted(problems, key=sort_key):
        err(p.located(filename))


def fail(filename: str, problems: list[Problem], as_json: bool) -> NoReturn:
    """Report every problem (located; as JSON too when asked) and exit 3, or 4 when all break only rules."""
    if as_json:
        emit_json({"problems": [p.as_json() for p in sorted(problems, key=sort_key)]})
    report_problems(filename, problems)
    kinds = {p.kind for p in problems}
    sys.exit(EXIT_BAD_FILE if FORMAT in kinds else EXIT_BREAKS_RULES)


def write_output(output: str, text: str, force: bool, reads: Iterable[str] = ()) -> None:
    """Write a new file the user named (-o): never over an existing one without --force; atomic.

    Never over a file the command `reads` either, nor onto anything but a regular file (exit 2).
    """
    from pastiche_cli.kernel.problems import EXIT_USAGE
    from pastiche_cli.formats.safewrite import WriteRefused, same_file
    from pastiche_cli.formats.yamlio import atomic_write

    for source in reads:
        if same_file(output, source):
            abort(f"{output} is the file this command reads ({source}); write to another file", EXIT_USAGE)
    if os.path.exists(output) and not force:
        abort(f"{output} exists; pass --force to overwrite it", EXIT_USAGE)
    try:
        atomic_write(output, text)
    except WriteRefused as exc:
        abort(f"cannot write {output}: {exc}", EXIT_USAGE)
    except OSError as exc:
        abort(f"cannot write {output}: {exc.strerror or exc}", EXIT_BAD_FILE)


# --- tables -----------------------------------------------------------------------------------

def resolve_format(fmt: str) -> str:
    if fmt != "auto":
        return fmt
    return "rich" if sys.stdout.isatty() else "plain"


def table(headers: Sequence[str], rows: Sequence[Sequence[object]], fmt: str, *,
          title: str | None = None, align: Sequence[str] | None = None, compact: bool = False) -> None:
    """Print a table as rich (terminal), plain text or markdown (via tabulate): every table of the tool.

    `compact` plain text is laid out here, without tabulate (its import alone costs a fifth of the
    time budget of SPEC 7), for the long listings of `place` and `moves`: columns as wide as their
    widest cell, headers unpadded, cells as given. Other plain tables are tabulate's "simple" layout.
    """
    fmt = resolve_format(fmt)
    if fmt == "plain" and compact:
        click.echo("\n".join(_compact_lines(headers, rows, title, align)))
        return
    if fmt == "rich":
        from rich.table import Table

        grid = Table(title=title, title_justify="left")
        for i, h in enumerate(headers):
            grid.add_column(h, justify=(align[i] if align else "left"))
        for row in rows:
            grid.add_row(*(str(c) for c in row))
        console().print(grid)
        return
    from tabulate import tabulate

    if title:
        click.echo(f"## {title}\n" if fmt == "markdown" else title)
    colalign = tuple(align) if align else None
    click.echo(tabulate(rows, headers=headers, tablefmt="github" if fmt == "markdown" else "simple",
                        colalign=colalign, disable_numparse=True))


def _compact_lines(headers: Sequence[str], rows: Sequence[Sequence[object]], title: str | None,
                   align: Sequence[str] | None) -> list[str]:
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(headers))]
    align = align or ["left"] * len(headers)

    def line(row: list[str]) -> str:
        return "  ".join(c.rjust(w) if a == "right" else c.ljust(w) for c, w, a in zip(row, widths, align)).rstrip()

    lines = ([title] if title else []) + [line(cells[0]), line(["-" * w for w in widths])]
    return lines + [line(row) for row in cells[1:]]


def echo_lines(lines: Iterable[str], fmt: str, styles: dict[str, str] | None = None) -> None:
    """Print lines of explanation; in a rich terminal, each word of `styles` is drawn in its style."""
    if resolve_format(fmt) != "rich" or not styles:
        for line in lines:
            click.echo(line)
        return
    import re

    from rich.text import Text

    pattern = r"\b(" + "|".join(map(re.escape, styles)) + r")\b"
    out = console()
    for line in lines:
        text = Text(line)
        for match in re.finditer(pattern, line):
            text.stylize(styles[match.group(1)], match.start(), match.end())
        out.print(text)


def console():
    """A rich Console for stdout, made per run, markup off so text from a user's file is never markup."""
    from rich.console import Console

    return Console(markup=False, highlight=False, emoji=False)
