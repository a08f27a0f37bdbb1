"""Reading YAML safely into located nodes, and rewriting a file atomically with its comments kept.

Nothing here constructs Python objects from tags: positions are read as ruamel's composed node
graph (every node knows its line and column), and only round-trip loading, for `--apply`, builds
ruamel's own comment-keeping containers.
"""

from __future__ import annotations

import io
import os
from typing import Callable

from pastiche_cli.kernel.problems import FORMAT, PositionError, Problem

# A finished 4-player game is a few kilobytes; the pure-Python round-trip parser reads about
# 150 KB a second, so this cap keeps the worst case well under a second.
MAX_BYTES = 96 * 1024
# Alias bombs share nodes instead of copying them, but walking them is exponential: cap the walk.
MAX_NODES = 50_000
# Lists and mappings inside each other; a position needs about 6 levels.
MAX_DEPTH = 64

STANDARD_TAGS = {
    "tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null", "seq", "map", "timestamp")
}


def _problem(code: str, message: str, line: int = 1, column: int = 1) -> Problem:
    return Problem(FORMAT, code, message, line, column)


def read_text(path: str | os.PathLike) -> str:
    """The file's text, or a PositionError saying why it cannot be a position."""
    name = str(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except IsADirectoryError:
        raise PositionError(name, [_problem("unreadable", "is a directory, not a position file")])
    except OSError as exc:
        raise PositionError(name, [_problem("unreadable", f"cannot read the file: {exc.strerror or exc}")])
    return decode(name, raw)


def decode(name: str, raw: bytes) -> str:
    if len(raw) > MAX_BYTES:
        raise PositionError(name, [_problem(
            "too-large", f"the file is larger than {MAX_BYTES // 1024} KiB; a position is a few kilobytes")])
    if b"\x00" in raw:
        offset = raw.index(b"\x00")
        line = raw.count(b"\n", 0, offset) + 1
        raise PositionError(name, [_problem(
            "binary", "the file holds binary data (a NUL byte), not YAML text", line,
            offset - (raw.rfind(b"\n", 0, offset) + 1) + 1)])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise PositionError(name, [_problem(
            "encoding", f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x}); save it as UTF-8",
            line, column)])
    return text[1:] if text.startswith("\ufeff") else text


def _yaml(typ: str = "rt"):
    from ruamel.yaml import YAML

    yaml = YAML(typ=typ)
    yaml.preserve_quotes = True
    # Never rewrap: at width 100 a rewrite broke any longer flow line a user typed (trailing space too).
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    if typ == "rt":
        from pastiche_cli.formats.yamledit import keep_every_comment

        keep_every_comment(yaml)   # two comment bugs of ruamel's, worked around
    return yaml


def _mark_problem(exc: Exception) -> Problem:
    """A located problem from a ruamel parse error."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    what = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None)
    message = f"YAML syntax: {what}" + (f" ({context})" if context and context not in what else "")
    if mark is None:
        return _problem("yaml-syntax", message)
    return _problem("yaml-syntax", message, mark.line + 1, mark.column + 1)


def _refuse_deep_nesting(name: str, events) -> None:
    """Refuse deep nesting from the flat event stream, before composing.

    The C composer recurses without a depth check: 40 000 nested `[` (80 KB) crash the process,
    and 10 000 take most of a second. A position is nested about 6 deep.
    """
    from ruamel.yaml.events import CollectionEndEvent, CollectionStartEvent

    depth = 0
    for event in events:
        if isinstance(event, CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                mark = event.start_mark
                raise PositionError(name, [_problem(
                    "too-deep", f"the YAML is nested more than {MAX_DEPTH} deep; a position is nested about 6 deep",
                    mark.line + 1, mark.column + 1)])
        elif isinstance(event, CollectionEndEvent):
            depth -= 1


def compose(name: str, text: str):
    """The document's root node (None for an empty file), or a PositionError."""
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    try:
        # The safe loader's C parser composes nodes about six times faster than the round-trip
        # one; composing never constructs objects, whatever the tags say.
        from ruamel.yaml import YAML

        _refuse_deep_nesting(name, YAML(typ="safe").parse(io.StringIO(text)))
        return YAML(typ="safe").compose(io.StringIO(text))
    except MarkedYAMLError as exc:
        raise PositionError(name, [_mark_problem(exc)])
    except RecursionError:
        raise PositionError(name, [_problem("too-deep", "the YAML is nested too deeply to be a position")])
    except (YAMLError, ValueError, KeyError) as exc:
        raise PositionError(name, [_problem("yaml-syntax", f"YAML syntax: {exc}")])


def load_nodes(path: str | os.PathLike):
    name = str(path)
    return compose(name, read_text(path))


# --- rewriting --------------------------------------------------------------------------------

def load_roundtrip(text: str):
    """Comment-keeping containers for an edit (the text has already passed validation)."""
    return _yaml().load(io.StringIO(text))


def dump_roundtrip(data) -> str:
    out = io.StringIO()
    _yaml().dump(data, out)
    return out.getvalue()


def atomic_write(path: str | os.PathLike, text: str) -> None:
    """Replace the file in one step: a reader sees the old file or the new, never half of one."""
    import tempfile  # only writers pay for it
    from pathlib import Path

    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.chmod(tmp, target.stat().st_mode & 0o7777)
        except OSError:
            pass
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def edit_file(path: str | os.PathLike, change: Callable[[object], None],
              validate: Callable[[str], None]) -> str:
    """Apply `change` to the file's round-trip data, check the result with `validate`, write it.

    `validate` gets the new text and raises to refuse it; the file is then left exactly as it was.
    Returns the new text.
    """
    text = read_text(path)
    crlf = "\r\n" in text
    data = load_roundtrip(text.replace("\r\n", "\n") if crlf else text)
    change(data)
    new_text = dump_roundtrip(data)
    validate(new_text)
    if crlf:  # a file saved on Windows stays a Windows file
        new_text = new_text.replace("\n", "\r\n")
    atomic_write(path, new_text)
    return new_text
