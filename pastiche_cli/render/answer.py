"""An answer as render/ tells it: its --json document and its text, in blocks the terminal draws (cli/answer.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Lines(NamedTuple):
    """Lines of explanation: Markdown lists with --format markdown; in a terminal, card names marked;
    broken between words within `width` columns when given (and a terminal's)."""

    lines: Sequence[str]
    width: int | None = None


class Plain(NamedTuple):
    """Lines said as they are in every format (a file's name never marked), broken within `width` when given."""

    lines: Sequence[str]
    width: int | None = None


class Runs(NamedTuple):
    """Lines that fit already, each text or (text, rich style) runs: styled in a terminal."""

    lines: Sequence[str | Sequence[tuple[str, str | None]]]


class Table(NamedTuple):
    """A table, drawn by rich in a terminal, else as plain text or Markdown (cli/tables.py: table)."""

    headers: Sequence[str]
    rows: Sequence[Sequence[object]]
    title: str | None = None
    align: Sequence[str] | None = None
    wrap_columns: Sequence[int] = ()
    width: int | None = None  # the columns to fit (--width), else a terminal's


class Listing(NamedTuple):
    """A JSON object whose list under `key` is written an item a line (hundreds of them: the C encoder
    writes each, where an indented document would fall back to the pure-Python one)."""

    head: dict
    key: str
    items: Sequence[dict]


class Told(NamedTuple):
    """An answer: the --json document, the text's blocks in order, and a line for stderr after either
    (a move --apply did not write), said with --json too."""

    json: object
    text: Sequence[Lines | Plain | Runs | Table] = ()
    aside: str = ""


BLANK = Plain(("",))


def blank_between(*blocks: Lines | Plain | Table | None) -> tuple:
    """The blocks given (None and empty ones left out), a blank line between each two."""
    out: list = []
    for block in blocks:
        if block is None or (not isinstance(block, Table) and not block.lines):
            continue
        out += [BLANK, block] if out else [block]
    return tuple(out)
