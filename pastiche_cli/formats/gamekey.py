"""Which game a file is of: its top-level `game:` key, read as YAML reads it, and whether it is a record.

Asked before the game is known, so it never fails: a file that cannot be read declares no game and the
game's loader says why. The keys come from ruamel's parser events (anchors, tags and all, as YAML says);
a file YAML cannot parse, or a short sheet (formats/sheet.py), falls back to its first `game:` line.
"""

from __future__ import annotations

import os
import re
import stat
from typing import NamedTuple

from pastiche_cli.formats.composer import MAX_DEPTH
from pastiche_cli.formats.yamlio import MAX_BYTES

# `game: canvas` at the start of a line (block style), or `{game: canvas, ...}` / `{"game": "canvas"`
# opening a flow-style or JSON file. The value is a plain word, or quoted.
_BLOCK = re.compile(r"""^(?P<key>["']?game["']?)[ \t]*:[ \t]*(?P<q>["']?)(?P<value>[^\s#"',}]*)(?P=q)""", re.M)
_FLOW = re.compile(r"""\A\s*\{\s*(?P<key>["']?game["']?)[ \t]*:[ \t]*(?P<q>["']?)(?P<value>[^\s#"',}]*)(?P=q)""")


# A short sheet (formats/sheet.py) is a file named *.sheet, or whose first real line is the word `sheet`.
SHEET_SUFFIX, SHEET_MARK = ".sheet", "sheet"


def is_sheet(path: str, text: str) -> bool:
    """Is this file a short sheet (named `*.sheet`, or its first real line is `sheet`)? Told here, below
    the sheet's grammar, so that a position or record is told apart from a sheet without importing it."""
    if str(path).lower().endswith(SHEET_SUFFIX):
        return True
    if SHEET_MARK not in text:
        return False
    for line in text.lstrip("\ufeff").split("\n"):
        words = re.split(r"(?:^|\s)#", line, maxsplit=1)[0].split()  # the line without its comment
        if words:
            return words == [SHEET_MARK]
    return False


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


class Unread(Exception):
    """A file the loader refuses before reading it: over the size cap, or nested past MAX_DEPTH."""


def events(text: str):
    """The YAML parser's events of `text`, never past what the loader reads: the parser's time grows
    with the square of the nesting, so it stops (Unread) where the loader would refuse the file."""
    import io

    from ruamel.yaml import YAML
    from ruamel.yaml.events import CollectionEndEvent, CollectionStartEvent

    if len(text) > MAX_BYTES:
        raise Unread
    depth = 0
    for event in YAML(typ="safe").parse(io.StringIO(text)):
        if isinstance(event, CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise Unread
        elif isinstance(event, CollectionEndEvent):
            depth -= 1
        yield event


def top_level(text: str, wanted: tuple[str, ...]) -> dict[str, tuple[object, int, int]] | None:
    """{key: (its value's text, or None for a list or mapping; 1-based line, column of the value)} for each
    `wanted` key of the file's top-level mapping, from the parser's events; None if YAML cannot parse it,
    or the loader would refuse it unread."""
    from ruamel.yaml.error import YAMLError
    from ruamel.yaml.events import (
        AliasEvent,
        CollectionEndEvent,
        CollectionStartEvent,
        DocumentEndEvent,
        MappingStartEvent,
        ScalarEvent,
    )

    found: dict[str, tuple[object, int, int]] = {}
    depth = 0
    key: str | None = None  # the top-level key whose value comes next
    expecting_key = True
    try:
        for event in events(text):
            if depth == 0:
                if isinstance(event, MappingStartEvent):
                    depth = 1
                elif isinstance(event, (CollectionStartEvent, ScalarEvent)):
                    return found  # a list or a scalar at the top: no keys
                continue
            if depth == 1:
                if isinstance(event, CollectionEndEvent):
                    return found
                if expecting_key:
                    key = event.value if isinstance(event, ScalarEvent) else None
                    expecting_key = False
                    if isinstance(event, CollectionStartEvent):
                        depth += 1
                        key = None
                    continue
                expecting_key = True
                mark = event.start_mark
                if key in wanted and key not in found and not isinstance(event, AliasEvent):
                    value = event.value if isinstance(event, ScalarEvent) else None
                    quoted = isinstance(event, ScalarEvent) and event.style in ("'", '"') and event.tag is None
                    found[key] = (value, mark.line + 1, mark.column + 1 + int(quoted))  # at the word
                    if len(found) == len(wanted):
                        return found
                if isinstance(event, CollectionStartEvent):
                    depth += 1
                continue
            if isinstance(event, CollectionStartEvent):
                depth += 1
            elif isinstance(event, CollectionEndEvent):
                depth -= 1
            elif isinstance(event, DocumentEndEvent):
                return found
    except (YAMLError, ValueError, RecursionError, Unread):
        return None
    return found


def declared_in(text: str) -> Declared | None:
    """The word after a top-level `game:` in a file's text (stdin's, say), with where it is."""
    text = text.lstrip("\ufeff")
    if not _may_say_game(text):
        return None  # (so a Pastiche file, which need not say its game, is not parsed twice)
    keys = None if is_sheet("", text) else top_level(text, ("game",))  # a short sheet is not YAML
    if keys is not None:
        value = keys.get("game")
        if value is None or not isinstance(value[0], str) or not value[0]:
            return None
        return Declared(value[0], value[1], value[2])
    text = _one_break(text)  # YAML cannot parse it: the first `game:` line, for the game to report on
    found = _FLOW.match(text) or _BLOCK.search(text)
    if not found or not found.group("value"):
        return None
    start = found.start("value")
    line = text.count("\n", 0, start) + 1
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    return Declared(found.group("value"), line, column)


_BREAKS = ("\n", "\r", "\x85", "\u2028", "\u2029")  # every character YAML (1.1 or 1.2) or _one_break ends a line at


def _may_say_game(text: str) -> bool:
    """Whether a key `game` can be in the text at all: the word outside a comment line (one whose first
    character that is not a space is `#`), or a backslash, with which a quoted key could spell it. A
    key's text is the word itself (`game`, 'game', "game"), so without either no parse finds one, nor
    the `game:` line read when YAML cannot parse the file."""
    if "\\" in text:
        return True
    at = text.find("game")
    while at != -1:
        start = max(text.rfind(br, 0, at) for br in _BREAKS) + 1
        if not text[start:at].lstrip().startswith("#"):
            return True
        at = text.find("game", at + 4)
    return False


# A record is a file with a top-level `setup:` key (a position file never has one).
_SETUP = re.compile(r"""^(?:setup|"setup"|'setup')[ \t]*:""", re.M)


def is_record_text(text: str) -> bool:
    """Is this file's text a game record (a top-level `setup:`, SPEC 8) rather than a position?"""
    if "setup" not in text:
        return False
    keys = top_level(text.lstrip("\ufeff"), ("setup",))
    if keys is not None:
        return "setup" in keys
    return _SETUP.search(_one_break(text)) is not None


def _one_break(text: str) -> str:
    """The text with every line break YAML knows written as LF (one character each: columns stay)."""
    return re.sub("[\r\x85\u2028\u2029]", "\n", text.replace("\r\n", " \n"))
