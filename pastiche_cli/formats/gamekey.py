"""Which game a file is of: its top-level `game:` key, read without parsing the whole file.

The command line asks this before it knows which game's command to run, so it is quick and never
fails: anything that cannot be read (a missing file, a FIFO, a directory) simply declares no game,
and the game's own loader reports the problem properly afterwards.
"""

from __future__ import annotations

import os
import re
import stat
from typing import NamedTuple

from pastiche_cli.formats.yamlio import MAX_BYTES

# `game: canvas` at the start of a line (block style), or `{game: canvas, ...}` / `{"game": "canvas"`
# opening a flow-style or JSON file. The value is a plain word, or quoted.
_BLOCK = re.compile(r"""^(?P<key>["']?game["']?)[ \t]*:[ \t]*(?P<q>["']?)(?P<value>[^\s#"',}]*)(?P=q)""", re.M)
_FLOW = re.compile(r"""\A\s*\{\s*(?P<key>["']?game["']?)[ \t]*:[ \t]*(?P<q>["']?)(?P<value>[^\s#"',}]*)(?P=q)""")


class Declared(NamedTuple):
    word: str  # as written
    line: int  # 1-based, of the value
    column: int


def declared_game(path: str) -> Declared | None:
    """The word after a top-level `game:` in the file at `path`, with where it is; None if none."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except (OSError, ValueError, TypeError):
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        raw = os.read(fd, MAX_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    return declared_in(raw.decode("utf-8", errors="replace"))


def declared_in(text: str) -> Declared | None:
    """The word after a top-level `game:` in a file's text (stdin's, say), with where it is."""
    text = text.lstrip("\ufeff")
    found = _FLOW.match(text) or _BLOCK.search(text)
    if not found or not found.group("value"):
        return None
    start = found.start("value")
    line = text.count("\n", 0, start) + 1
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    return Declared(found.group("value"), line, column)


# A record is a file with a top-level `setup:` key (a position file never has one).
_SETUP = re.compile(r"""^(?:setup|"setup"|'setup')[ \t]*:""", re.M)


def is_record_text(text: str) -> bool:
    """Is this file's text a game record (a top-level `setup:`, SPEC 8) rather than a position?"""
    return _SETUP.search(text) is not None
