"""Reading YAML safely into located nodes, and rewriting a file atomically with its comments kept.

Nothing here constructs Python objects from tags: positions are read as a composed node graph
(formats/composer.py: every node knows its line and column), and only round-trip loading, for
`--apply`, builds ruamel's own comment-keeping containers.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable

from pastiche_cli.formats.composer import compose_events, mark_problem
from pastiche_cli.formats.composer import problem as _problem
from pastiche_cli.kernel.problems import PositionError, Problem

# A finished 4-player game is a few kilobytes; the pure-Python round-trip parser reads about
# 150 KB a second, so this cap keeps the worst case well under a second.
MAX_BYTES = 96 * 1024
# Alias bombs share nodes instead of copying them, but walking them is exponential: cap the walk.
MAX_NODES = 50_000

STANDARD_TAGS = {"tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null", "seq", "map", "timestamp")}


def _refused(name: str, code: str, message: str, line: int = 1, column: int = 1) -> PositionError:
    """The PositionError of a file refused for one reason, located."""
    return PositionError(name, [_problem(code, message, line, column)])


def _not_a_file(name: str, what: str) -> PositionError:
    said = f"is {what}, not a file; pastiche reads only regular files (save it to one and name that)"
    return _refused(name, "not-a-file", said)


STDIN = "-"
_STDIN_TEXT: list[tuple[object, bytes]] = []  # stdin can be read once: (the stream, what it held)


def read_text(path: str | os.PathLike) -> str:
    """The file's text, or a PositionError saying why it cannot be a position; `-` reads stdin."""
    import stat

    name = str(path)
    if name == STDIN:
        return _read_stdin()
    try:
        # Opened without blocking and checked before a byte is read: a FIFO or a terminal would
        # otherwise wait forever for a writer, and a device could be read without end.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except IsADirectoryError:
        raise _refused(name, "unreadable", "is a directory, not a position file") from None
    except OSError as exc:
        try:
            mode = os.stat(path).st_mode
        except OSError:
            mode = 0
        if stat.S_ISSOCK(mode):  # a socket cannot be opened at all
            raise _not_a_file(name, "a socket") from exc
        raise _refused(name, "unreadable", f"cannot read the file: {exc.strerror or exc}") from exc
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise _refused(name, "unreadable", "is a directory, not a position file")
        kind = "a named pipe (FIFO)" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
        raise _not_a_file(name, kind)
    with os.fdopen(fd, "rb") as handle:
        try:
            raw = handle.read(MAX_BYTES + 1)
        except OSError as exc:
            raise _refused(name, "unreadable", f"cannot read the file: {exc.strerror or exc}") from exc
    return decode(name, raw)


def _read_stdin() -> str:
    import sys

    if not _STDIN_TEXT or _STDIN_TEXT[0][0] is not sys.stdin:
        stream = getattr(sys.stdin, "buffer", None)
        try:
            raw = stream.read(MAX_BYTES + 1) if stream is not None else sys.stdin.read(MAX_BYTES + 1).encode()
        except (OSError, ValueError, AttributeError) as exc:
            raise _refused(STDIN, "unreadable", f"cannot read stdin: {exc}") from exc
        _STDIN_TEXT[:] = [(sys.stdin, raw)]  # kept as read: a text that cannot be decoded is
    return decode(STDIN, _STDIN_TEXT[0][1])  # refused the same way each time it is asked for


def decode(name: str, raw: bytes) -> str:
    if len(raw) > MAX_BYTES:
        said = f"the file is larger than {MAX_BYTES // 1024} KiB; a position is a few kilobytes"
        raise _refused(name, "too-large", said)
    if b"\x00" in raw:
        offset = raw.index(b"\x00")
        line = raw.count(b"\n", 0, offset) + 1
        column = offset - (raw.rfind(b"\n", 0, offset) + 1) + 1
        raise _refused(name, "binary", "the file holds binary data (a NUL byte), not YAML text", line, column)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        said = f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x}); save it as UTF-8"
        raise _refused(name, "encoding", said, line, column) from exc
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

        keep_every_comment(yaml)  # two comment bugs of ruamel's, worked around
    return yaml


def compose(name: str, text: str):
    """The document's root node (None for an empty file), or a PositionError."""
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    try:
        # The safe loader's C parser reads events about six times faster than the round-trip one;
        # composing never constructs objects, whatever the tags say.
        from ruamel.yaml import YAML

        yaml = YAML(typ="safe")
        root = compose_events(name, yaml.parse(io.StringIO(text)), yaml.resolver)
    except MarkedYAMLError as exc:
        raise PositionError(name, [mark_problem(exc, text)]) from exc
    except RecursionError:
        raise _refused(name, "too-deep", "the YAML is nested too deeply to be a position") from None
    except (YAMLError, ValueError, KeyError) as exc:
        raise _refused(name, "yaml-syntax", f"YAML syntax: {exc}") from exc
    return root


# --- comments pastiche writes ----------------------------------------------------------------

# Every line break YAML knows (LF, CR, NEL, LS, PS) would end a comment and let what follows be read
# as YAML; the other control characters and the bidi controls would rewrite what a terminal shows.
_UNSAFE_IN_COMMENT = None


def comment_text(text: str) -> str:
    """`text` as it may stand in a YAML comment: no character of it can end the comment (every line break
    YAML knows, every control and bidi control character is written as an escape, `\\n`, `\\x1b`, `\\u202e`)."""
    import re

    global _UNSAFE_IN_COMMENT
    if _UNSAFE_IN_COMMENT is None:
        _UNSAFE_IN_COMMENT = re.compile(
            "[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff\ud800-\udfff]"
        )

    def escape(found) -> str:
        code = ord(found.group())
        named = {0x0A: "\\n", 0x0D: "\\r"}.get(code)
        return named or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")

    return _UNSAFE_IN_COMMENT.sub(escape, text)


def comment_line(text: str) -> str:
    """A whole comment line `# text`, the text written so that nothing in it ends the comment (comment_text)."""
    return f"# {comment_text(text)}"


# --- rewriting --------------------------------------------------------------------------------


class NotEditable(PositionError):
    """The file reads (ruamel's C parser takes it) but the comment-keeping parser an edit needs does not."""


def _editor_words(exc: Exception, text: str) -> str:
    mark = getattr(exc, "problem_mark", None)
    lines = text.split("\n")
    at = ""
    if mark is not None and mark.line < len(lines) and mark.column < len(lines[mark.line]):
        at = lines[mark.line][mark.column]
    if "\ufeff" in text:
        return (
            "a byte-order mark (U+FEFF) stands inside the file; every command reads past it, but the "
            "comment-keeping editor --apply and play use does not: delete it (it is invisible in most editors)"
        )
    if at == "\t" or "\t" in (lines[mark.line] if mark is not None and mark.line < len(lines) else ""):
        return (
            "a tab character stands on this line (before a comment, at the end of a value, or inside a value "
            "in braces); every command reads it, but the comment-keeping editor --apply and play use does not: "
            "replace the tab with a space (or quote the value)"
        )
    return mark_problem(exc, text).message


def load_roundtrip(text: str, name: str = "<file>"):
    """Comment-keeping containers for an edit; what ruamel's pure-Python parser refuses and the C parser
    takes (a tab before a comment or inside braces, a U+FEFF inside the file) is a located NotEditable."""
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    try:
        return _yaml().load(io.StringIO(text))
    except MarkedYAMLError as exc:
        mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        said = f"cannot rewrite the file: {_editor_words(exc, text)}"
        raise NotEditable(name, [_problem("not-editable", said, line, column)]) from None
    except (YAMLError, ValueError, IndexError, AttributeError, TypeError, KeyError) as exc:
        # ruamel's round-trip constructor builds what a tag says, and breaks on a tag its value does not
        # fit (`!!float P. Example`, `!!int [a, b]`, `!!set x`), which every reader takes as written
        tagged = None if isinstance(exc, YAMLError) else _tag_problem(text)
        problem = tagged or _problem("not-editable", f"cannot rewrite the file: {exc}")
        raise NotEditable(name, [problem]) from None


def _tag_problem(text: str) -> Problem | None:
    """The refusal of a file whose tags the editor cannot build, at its first tag (None: it has none)."""
    import re

    found = re.search(r"(?:^|(?<=[\s\[{,:]))!(?:<[^>\n]*>|[^\s,\[\]{}]*)", text)
    if found is None:
        return None
    line = text.count("\n", 0, found.start()) + 1
    column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
    said = f"cannot rewrite the file: the YAML tag '{found.group()}' does not fit its value (or another tag does); "
    said += "every command reads past it, but the comment-keeping editor --apply and play use does not: remove it"
    return _problem("not-editable", said, line, column)


def dump_roundtrip(data) -> str:
    out = io.StringIO()
    _yaml().dump(data, out)
    return out.getvalue()


def atomic_write(path: str | os.PathLike, text: str, *, held=None) -> None:
    """Replace the file in one step (WriteRefused: untouched); with `held`, its locked Target, BOM and endings kept."""
    from pastiche_cli.formats import safewrite

    if held is None:
        safewrite.write_bytes(path, text.encode("utf-8"))
    else:
        safewrite.replace(held, safewrite.keep_conventions(held.raw, text))


def refuse_too_large(name: str, target, new_text: str) -> None:
    """A rewrite of the held file (safewrite.Target) to `new_text` that every command (undo, catalogue
    list too) would then refuse to read, over MAX_BYTES: a PositionError, before anything is written."""
    from pastiche_cli.formats import safewrite

    written = safewrite.keep_conventions(target.raw, new_text)  # the bytes atomic_write will write
    if len(written) > MAX_BYTES:
        said = f"the change would make the file {len(written):,} bytes, over the {MAX_BYTES:,} "
        raise _refused(name, "too-large", said + f"({MAX_BYTES // 1024} KiB) every command reads; nothing was written")


def edit_file(
    path: str | os.PathLike,
    change: Callable[[object], None],
    validate: Callable[[str], None],
    *,
    expected_text: str | None = None,
) -> str:
    """Apply `change` to the file's round-trip data, check the result with `validate`, write it (edit_text)."""

    def changed(text: str) -> str:
        data = load_roundtrip(text, str(path))
        change(data)
        return dump_roundtrip(data)

    return edit_text(path, changed, validate, expected_text=expected_text)


def edit_text(
    path: str | os.PathLike,
    change: Callable[[str], str],
    validate: Callable[[str], None],
    *,
    expected_text: str | None = None,
) -> str:
    """The one edit of a file, locked from the re-read to the write: `change` its text (LF line endings),
    `validate` the result (it raises to refuse it), write it; the new text. A file no longer holding
    `expected_text` (what the verdict was made on: Loaded.text) is a PositionError, nothing written."""
    from pastiche_cli.formats import safewrite

    name = str(path)
    with safewrite.hold(path) as target:
        raw = target.read()
        if raw is None:
            if expected_text is not None:
                raise _refused(name, "changed", safewrite.CHANGED)
            raise _refused(name, "unreadable", "cannot read the file: No such file or directory")
        text = decode(name, raw)
        if expected_text is not None and text != expected_text:
            raise _refused(name, "changed", safewrite.CHANGED)
        new_text = change(text.replace("\r\n", "\n"))
        validate(new_text)
        refuse_too_large(name, target, new_text)
        atomic_write(path, new_text, held=target)  # CRLF, BOM and mixed endings kept from the file read
    return new_text


def edit_kept(path: str, change: Callable[[object], None], validate: Callable[[str], None], header: str = "") -> None:
    """The edit of a file pastiche keeps for the user (a saved catalogue), made if missing: locked from reading
    to writing, its round-trip data changed (an empty mapping for a new file, written under `header`), the
    new text checked by `validate` (it raises to refuse it, the file untouched), then written whole."""
    from ruamel.yaml.comments import CommentedMap

    from pastiche_cli.formats import safewrite

    with safewrite.hold(path) as target:
        raw = target.read()
        data = load_roundtrip(decode(path, raw), path) if raw is not None else None
        data = CommentedMap() if data is None else data
        change(data)
        text = dump_roundtrip(data) if raw is not None else header + dump_roundtrip(data)
        validate(text)
        refuse_too_large(path, target, text)
        atomic_write(path, text, held=target)
