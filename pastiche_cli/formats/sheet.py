"""The short score sheet: a finished game in a few lines, for every game (docs/quick.md has the grammar).

Here the lines and names are read; the game's module writes the position file they stand for (an `Emitter`
remembers each line's place on the sheet), and the game's loader reads it, its problems located back on
the sheet: a sheet means exactly the position file `score --to-position` writes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from pastiche_cli.formats.gamekey import SHEET_MARK as MARK
from pastiche_cli.kernel.problems import FORMAT, NOWHERE, WARNING, Places, Problem, Reading, problem_at

BACK = ("<", "back")  # what the guided entry takes for "the previous question"
MOST = 99  # the largest count a sheet takes (`2 blue`): more is a typo, and never a list of millions


class Token(NamedTuple):
    text: str
    line: int  # 1-based
    column: int  # 1-based


class Entry(NamedTuple):
    """A player's line: the name, and the words of each field (fields are separated by `|`)."""

    name: Token
    fields: tuple[tuple[Token, ...], ...]

    def field(self, i: int) -> tuple[Token, ...]:
        return self.fields[i] if i < len(self.fields) else ()


class Sheet(NamedTuple):
    keys: dict[str, tuple[Token, tuple[Token, ...]]]  # key -> (the key, its words)
    players: tuple[Entry, ...]
    path: str


# What str.splitlines() also breaks at, but cat and editors show inside a line (a lone CR, VT, FF,
# the file, group and record separators, NEL, U+2028, U+2029): a sheet's lines break at LF and CRLF
# only, so a player hidden behind one in a comment is a located error, never a line of its own.
HIDDEN_BREAKS = re.compile("[\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def lines(text: str) -> list[str]:
    """The sheet's lines: broken at LF, a CR before it dropped; a leading byte-order mark dropped."""
    return [line.removesuffix("\r") for line in text.lstrip("\ufeff").split("\n")]


def _uncommented(line: str) -> str:
    found = re.search(r"(?:^|\s)#", line)
    return line[: found.start()] if found else line


def _words(text: str, line: int, offset: int) -> tuple[Token, ...]:
    return tuple(Token(m.group(), line, offset + m.start() + 1) for m in re.finditer(r"[^\s,]+", text))


def name_problem(name: str, keys: Iterable[str]) -> str | None:
    """Why a player's name cannot start a sheet line `NAME: ...` that reads back as that player, or None."""
    if ":" in name or "|" in name:
        return "holds a ':' or a '|', which end a sheet line's name and its fields"
    if _uncommented(name) != name or HIDDEN_BREAKS.search(name):
        return "holds a '#' at its start or after a space (the rest of the line a comment) or a line break"
    if name in set(keys) | {"game"}:
        return f"is one of the sheet's keys ({', '.join(sorted(set(keys) | {'game'}))})"
    return None


def parse(path: str, text: str, keys: Iterable[str]) -> tuple[Sheet, list[Problem]]:
    """The sheet's lines (never fails): the keys given, the players' entries, and every problem."""
    known = set(keys) | {"game"}
    problems: list[Problem] = []
    given: dict[str, tuple[Token, tuple[Token, ...]]] = {}
    players: list[Entry] = []
    marked = False
    for number, raw in enumerate(lines(text), 1):
        hidden = HIDDEN_BREAKS.search(raw)
        if hidden:
            why = f"U+{ord(hidden.group()):04X} breaks this line for some programs and not for others "
            why += "(cat and editors show the rest on this line): a sheet's lines end at a newline only"
            problems.append(Problem(FORMAT, "line-break", why, number, hidden.start() + 1))
            continue
        line = _uncommented(raw)
        if not line.strip():
            continue
        if not marked and not given and not players and line.split() == [MARK]:
            marked = True
            continue
        head, colon, rest = line.partition(":")
        if not colon or not head.strip():
            column = len(line) - len(line.lstrip()) + 1
            why = f"a sheet line is `NAME: ...` (a player) or `KEY: ...` (the keys: {', '.join(sorted(known))}); "
            problems.append(Problem(FORMAT, "sheet-line", why + "this one has no name before a ':'", number, column))
            continue
        name = head.strip()
        at = Token(name, number, len(head) - len(head.lstrip()) + 1)
        offset = len(head) + 1
        if name in known:
            if name in given:
                problems.append(Problem(FORMAT, "duplicate-key", f"'{name}' is given twice", number, at.column))
                continue
            given[name] = (at, _words(rest, number, offset))
            continue
        fields = []
        for part in rest.split("|"):
            fields.append(_words(part, number, offset))
            offset += len(part) + 1
        players.append(Entry(at, tuple(fields)))
    return Sheet(given, tuple(players), path), problems


class Names:
    """Names a sheet may use for one kind of thing (an id, a title -> its value): `pick` takes the exact name
    (any case; `-` or `_` for a space), else the one value every name starting so names, else a problem."""

    def __init__(self, what: str, names: Mapping[str, Any], listing: str = ""):
        from pastiche_cli.kernel.suggest import Budget

        self.budget = Budget()  # a sheet of a thousand typos still answers at once
        self.what = what
        self.names = {fold(k): v for k, v in names.items()}
        self.spelled = list(names)
        self.listing = listing
        self.none_said = False  # with no names at all, that is said once, not at every word
        self.near: dict[str, str | None] = {}  # the "did you mean" of each unknown word

    def pick(self, token: Token, problems: list[Problem]) -> Any:
        key = fold(token.text)
        if key in self.names:
            return self.names[key]
        if not self.names:
            if not self.none_said:
                self.none_said = True
                said = f"no {self.what} '{token.text}'" + (f" ({self.listing})" if self.listing else "")
                said += "; no other name on the sheet is looked up while there are none"
                problems.append(Problem(FORMAT, "unknown-name", said, token.line, token.column))
            return None
        starting = [k for k in self.names if k.startswith(key)]
        values = []
        for k in starting:
            if self.names[k] not in values:
                values.append(self.names[k])
        if len(values) == 1:
            return values[0]
        if values:
            shown = ", ".join(sorted(starting)[:6])
            why = f"'{token.text}' starts more than one {self.what} ({shown}); write more of it"
            problems.append(problem_at(token, "ambiguous-name", why, FORMAT))
            return None
        from pastiche_cli.kernel.suggest import hint

        if key not in self.near:  # a word written many times is looked for once
            self.near[key] = self.budget.suggest(token.text, self.spelled) or self._near_start(key)
        listed = hint(self.near[key], f" ({self.listing})" if self.listing else "")
        problems.append(problem_at(token, "unknown-name", f"no {self.what} '{token.text}'" + listed, FORMAT))
        return None

    def _near_start(self, key: str) -> str | None:
        """A typo in the start of a name, which a sheet may write for the name (`qiuet` for quiet-canal):
        the name whose start, as long as what was typed, is nearest."""
        starts: dict[str, str] = {}
        for name in self.spelled:
            starts.setdefault(fold(name)[: len(key)], name)
        close = self.budget.suggest(key, list(starts))
        return starts[close] if close is not None else None

    def words(self) -> list[str]:
        """What completion offers."""
        return list(self.spelled)


def fold(text: str) -> str:
    return re.sub(r"[\s_-]+", "-", text.strip().casefold())


def is_number(text: str) -> bool:
    """ASCII digits only: `str.isdigit` also takes ², ① and ٣, which int() refuses or reads as 3."""
    return text.isascii() and text.isdigit()


def is_count(text: str) -> bool:
    """A count a sheet takes: ASCII digits, no more of them than MOST has (int() of thousands is refused)."""
    return len(text) <= len(str(MOST)) and is_number(text)


def counted(tokens: Iterable[Token], problems: list[Problem]) -> list[tuple[Token, int]]:
    """Words with counts: `2 orange teal` -> [(orange, 2), (teal, 1)]; `2orange` and `orange*2` too."""
    out: list[tuple[Token, int]] = []
    pending: Token | None = None
    for token in tokens:
        if is_number(token.text):
            if pending is not None:
                problems.append(Problem(FORMAT, "count", "two counts in a row", token.line, token.column))
            pending = token
            continue
        found = re.fullmatch(r"([0-9]+)\*?([^0-9].*)|(.*[^0-9])\*([0-9]+)", token.text)
        if found and pending is None:
            n = int((found.group(1) or found.group(4))[:6])
            if not 1 <= n <= MOST:
                problems.append(Problem(FORMAT, "count", f"a count is 1 to {MOST}", token.line, token.column))
                n = 0
            word = found.group(2) or found.group(3)
            shift = 0 if found.group(3) else len(token.text) - len(word)
            out.append((Token(word, token.line, token.column + shift), n))
            continue
        n = int(pending.text[:6]) if pending is not None else 1
        if pending is not None and not 1 <= n <= MOST:
            problems.append(Problem(FORMAT, "count", f"a count is 1 to {MOST}", pending.line, pending.column))
            n = 0
        out.append((token, n))
        pending = None
    if pending is not None:
        problems.append(Problem(FORMAT, "count", "a count with nothing after it", pending.line, pending.column))
    return out


_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 .'+-]*")


def yaml_scalar(value: object) -> str:
    """A value as a YAML flow scalar: plain when it reads back as the same string, else double-quoted."""
    from pastiche_cli.formats.yamledit import plain_or_quoted

    return str(value) if isinstance(value, int) else plain_or_quoted(str(value), _PLAIN)


def flow_list(values: Iterable[object]) -> str:
    return "[" + ", ".join(yaml_scalar(v) for v in values) + "]"


class Emitter:
    """The position file's text, line by line, each line remembering where on the sheet it comes from."""

    def __init__(self, heading: Iterable[str] = ()):
        self.lines: list[str] = []
        self.origins: list[tuple[int, int]] = []
        for line in heading:
            self.add(f"# {line}".rstrip())

    def add(self, line: str, at: Token | None = None) -> None:
        self.lines.append(line)
        self.origins.append((at.line, at.column) if at else (1, 1))

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    def relocate(self, problems: Iterable[Problem]) -> list[Problem]:
        """The position's problems at the sheet's places, the lines their messages name (`also line 25`) too."""
        out = []
        for p in problems:
            if p.file is None and 1 <= p.line <= len(self.origins):
                line, column = self.origins[p.line - 1]
                p = p._replace(line=line, column=column, message=_LINE.sub(self._sheet_line, p.message))
            out.append(p)
        return out

    def _sheet_line(self, found: re.Match) -> str:
        n = int(found.group(1))
        return f"line {self.origins[n - 1][0]}" if 1 <= n <= len(self.origins) else found.group()


_LINE = re.compile(r"\bline (\d{1,9})\b")  # a line of the position written from the sheet, in a message


def heading(path: str) -> list[str]:
    import os

    return [f"Written by pastiche from the short sheet {os.path.basename(path)} (docs/quick.md)."]


def read_sheet(
    path: str, text: str, game_sheet, read_position: Callable[[str], Reading], opts: dict
) -> tuple[Any, list[Problem], str | None, Places]:
    """(position, problems on the sheet, its position file's text, places), by the game's sheet and its loader."""
    sheet, problems = parse(path, text, game_sheet.KEYS)
    emitted, more = game_sheet.build(sheet, opts)
    problems += more
    if emitted is None or any(p.kind != WARNING for p in problems):
        return None, problems, None, NOWHERE
    written = emitted.text()
    position, loaded, places = read_position(written)
    return position, problems + emitted.relocate(loaded), written, places


def named_file(sheet: Sheet, key: str, read: Callable[[str], Any], problems: list[Problem]) -> tuple[bool, Any]:
    """(named, what `read` gave) for a file the sheet names under `key`, found beside the sheet; a missing or
    unreadable one is a problem at the key's word (its place in that file in the message)."""
    import os

    from pastiche_cli.kernel.problems import PositionError

    given = sheet.keys.get(key)
    if not given or not given[1]:
        return False, None
    path = relative(sheet.path, " ".join(t.text for t in given[1]))
    at = given[1][0]
    folder = sheet_folder(sheet.path)
    if not within(path, folder):  # never /etc/passwd, whose lines would come back in the messages
        why = f"{key}: {path} is not in the sheet's folder ({folder}) or below it; a sheet names the files beside it"
        problems.append(problem_at(at, "outside-file", why + ": copy the file there", FORMAT))
        return True, None
    if not os.path.isfile(path):
        kind = "there is no file" if not os.path.exists(path) else f"not a file ({file_kind(path)}):"
        problems.append(Problem(FORMAT, "missing-file", f"{key}: {kind} {path}", at.line, at.column))
        return True, None
    try:
        return True, read(path)
    except PositionError as exc:
        at = given[1][0]
        problems.extend(
            Problem(p.kind, p.code, f"{p.located(p.file or exc.filename)}", at.line, at.column) for p in exc.problems
        )
        return True, None


def outside_file(sheet: Sheet, opts: dict, key: str, read: Callable[[str | None], Any], problems=None) -> Any:
    """What `read` gives for the file a sheet names under `key` (beside it), else the option's FILE (read up
    front: opts["_given"]), else the saved one (`read(None)`); with `problems`, a named file that cannot be
    read is said there and gives None."""
    if problems is None:
        given = sheet.keys.get(key)
        if given and given[1]:
            return read(relative(sheet.path, " ".join(t.text for t in given[1])))
    else:
        named, found = named_file(sheet, key, read, problems)
        if named:
            return found
    return opts["_given"] if opts.get("_given") is not None else read(opts.get(key))


def sheet_folder(sheet_path: str) -> str:
    """The folder a sheet names its files in: its own, or the current one for stdin."""
    import os

    return os.getcwd() if sheet_path in ("-", "") else os.path.dirname(os.path.abspath(sheet_path))


def within(path: str, folder: str) -> bool:
    """Is `path` (links followed) in `folder` or below it?"""
    import os

    try:
        real, top = os.path.realpath(path), os.path.realpath(folder)
    except ValueError:  # a NUL in the name: no file has it
        return False
    return os.path.commonpath([real, top]) == top


def file_kind(path: str) -> str:
    """What a path that is no regular file is: a folder, a named pipe, a device, ..."""
    import os
    import stat

    mode = os.stat(path).st_mode
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a regular file"


def relative(sheet_path: str, named: str) -> str:
    """A file a sheet names (`catalogue: box.yaml`): relative to the sheet's folder."""
    import os

    if os.path.isabs(named) or sheet_path in ("-", ""):
        return named
    return os.path.join(os.path.dirname(sheet_path), named)
