"""A game record's file, for every game (SPEC 8): `game:`, `setup:` and `moves:`, every move located.

Reading one replays the moves through the game's kernel.replay.Rules; the first move that fails is a
problem located at that move's own line and column. `play`, every `--apply` on a record and `undo` are
text edits of `moves:` (append_move, remove_last_move): one line is added or taken off and every other
byte stays, so an undo after a play gives the file back byte for byte.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from pastiche_cli.formats.gamekey import is_record_text  # noqa: F401 - the record reader's too
from pastiche_cli.formats.nodes import MAP, NULL, SEQ, STR
from pastiche_cli.formats.yamlio import compose
from pastiche_cli.kernel.problems import FORMAT, NOWHERE, RULES, Places, PositionError, Problem

if TYPE_CHECKING:  # a position file is told from a record without importing the replay
    from pastiche_cli.kernel.replay import Replay, Rules


class MoveLine(NamedTuple):
    """One move as written: its text and where it is (1-based line and column of its first character)."""

    n: int
    text: str
    line: int
    column: int
    quoted: bool = False  # written as a quoted YAML scalar: the text starts one column later


class RecordFile(NamedTuple):
    setup: Any
    moves: tuple[MoveLine, ...]
    places: Places = NOWHERE  # where the file gives each part of the setup


class Loaded(NamedTuple):
    """A record read and replayed: the file, the replay, and every problem found (located)."""

    record: RecordFile | None
    replay: Replay | None
    problems: list[Problem]

    @property
    def position(self):
        return None if self.replay is None else self.replay.final


class RecordReading(NamedTuple):
    """How a game's record is read: what only the game knows, given to the one reader below."""

    game: str  # the value `game:` must have
    reader: Callable[[], Any]  # a fresh nodes.Reader of the game, with `.position(node)`
    extra_keys: dict[str, Callable[[Any, Any], None]] = {}  # key -> read(reader, node), e.g. `catalogue`
    finish: Callable[[Any, Any, list[str]], Any] | None = None  # (setup, reader, move texts) -> setup
    example: str = "Ana end"  # a move, for the message on a move that is not text


def read_record(filename: str, text: str, how: RecordReading) -> tuple[Any, RecordFile | None, list[Problem]]:
    """The game's reader (it may keep what it read), the record's setup and moves, located, and every format problem."""
    root = compose(filename, text)
    reader = how.reader()
    if root is None:
        reader.error(None, "empty", "the file is empty; a record needs 'setup:' and 'moves:'")
        return reader, None, reader.problems
    fields = reader.mapping(root, "the record", ("game", "setup", *how.extra_keys, "moves"))
    if fields is None:
        return reader, None, reader.problems
    if "game" in fields:
        reader.game_key(fields["game"][1], how.game)
    for key, read in how.extra_keys.items():
        if key in fields:
            read(reader, fields[key][1])
    setup = None
    if "setup" not in fields:
        reader.error(root, "missing-key", "the record has no 'setup:' (the position as the game was set up)")
    else:
        node = fields["setup"][1]
        if node.tag == MAP and any(k.value == "game" for k, _ in node.value if k.tag == STR):
            reader.error(node, "unknown-key", "the game is named once, at the top of the record, not in 'setup:'")
        setup = reader.position(node)
    lines: list[MoveLine] = []
    if "moves" in fields:
        for i, item in enumerate(reader.sequence(fields["moves"][1], "moves") or []):
            if item.tag != STR or not isinstance(item.value, str):
                why = f"move {i + 1} should be one line of text in the notation, such as '{how.example}'"
                reader.error(item, "move-syntax", why)
                continue
            at = reader.loc(item)
            lines.append(MoveLine(i + 1, item.value, at.line, at.column, getattr(item, "style", None) in ("'", '"')))
    if setup is None or any(p.kind == FORMAT for p in reader.problems):
        return reader, None, reader.problems
    if how.finish is not None:
        setup = how.finish(setup, reader, [line.text for line in lines])
    return reader, RecordFile(setup, tuple(lines), Places(reader.where)), reader.problems


def stop_problem(record: RecordFile, replayed: Replay) -> Problem | None:
    """The move that stopped the replay as a problem at the move's own line and column, or None."""
    from pastiche_cli.kernel.replay import ILLEGAL, SYNTAX

    stop = replayed.stop
    if stop is None:
        return None
    line = record.moves[stop.n - 1]
    if stop.kind == SYNTAX:
        return Problem(FORMAT, "move-syntax", stop.message(), line.line, line.column + int(line.quoted) + stop.column)
    if stop.kind == ILLEGAL:
        return Problem(RULES, "illegal-move", stop.message(), line.line, line.column)
    return Problem(FORMAT, "move-unusable", stop.message(), line.line, line.column)


def located(filename: str, problem: Problem) -> str:
    """`FILE:LINE:COL: move N: reason [rule]`, the one line SPEC 8 gives for a move that fails."""
    return f"{filename}:{problem.line}:{problem.column}: {problem.message}"


def load_record(
    filename: str, text: str, how: RecordReading, rules: Rules, consistency: Callable[[Any, Places], list[Problem]]
) -> Loaded:
    """Read and replay a record: the setup is checked as a position is (`consistency`), then every move in order."""
    _, record, problems = read_record(filename, text, how)
    if record is None:
        return Loaded(None, None, problems)
    problems = problems + consistency(record.setup, record.places)
    if any(p.kind != "warning" for p in problems):
        return Loaded(record, None, problems)
    replayed = rules.replay(record.setup, [m.text for m in record.moves])
    stopped = stop_problem(record, replayed)
    return Loaded(record, replayed, problems + ([stopped] if stopped else []))


# --- adding and taking off a move, as text ------------------------------------------------------

_PLAIN_MOVE = re.compile(r"""[A-Za-z0-9_][^\n#:]*\Z""")


def move_scalar(notation: str, *, flow: bool = False) -> str:
    """The move as a YAML scalar: plain when it reads back as itself, else double-quoted."""
    if not flow and _PLAIN_MOVE.match(notation) and not notation.endswith(" "):
        try:
            node = compose("move", f"- {notation}\n")
        except PositionError:
            node = None
        if node is not None and node.tag == SEQ and node.value[0].tag == STR and node.value[0].value == notation:
            return notation
    return json.dumps(notation, ensure_ascii=False)


def _moves_nodes(text: str):
    """The `moves` key node and its value node (None, None when the file has no `moves:`)."""
    root = compose("record", text)
    if root is None or root.tag != MAP:
        raise ValueError("the file is not a record (no top-level mapping)")
    for key_node, value_node in root.value:
        if key_node.tag == STR and key_node.value == "moves":
            _refuse_shared(text, value_node)
            _refuse_alias_last(value_node)
            return key_node, value_node
    return None, None


def _refuse_shared(text: str, moves) -> None:
    """A `moves: &m` list that an alias `*m` repeats elsewhere (in `setup:`, say) is one list in two places:
    a move added to or taken off it would change the other place too, so the edit is refused, located."""
    anchor = getattr(moves, "anchor", None)
    if not anchor or f"*{anchor}" not in text:
        return
    import io

    from ruamel.yaml import YAML
    from ruamel.yaml.events import AliasEvent

    for event in YAML(typ="safe").parse(io.StringIO(text)):
        if isinstance(event, AliasEvent) and event.anchor == anchor:
            mark = event.start_mark
            why = f"the moves list is anchored (&{anchor}) and repeated by the alias *{anchor} "
            why += f"at line {mark.line + 1}, column {mark.column + 1}: a move written to it would change that place "
            raise ValueError(why + "too; write that place out in full (or drop the anchor) first")


def _refuse_alias_last(moves) -> None:
    """A last move written as an alias (`- *m`) is the anchored move where it was written: its line is
    not the last move's, so neither a move added after it nor the move taken off would be where they
    belong. Refused, saying so, before anything is written."""
    if moves is None or moves.tag != SEQ or not moves.value:
        return
    last = moves.value[-1]
    before = moves.value[-2].end_mark.index if len(moves.value) > 1 else moves.start_mark.index
    if last.start_mark.index < before:
        anchor = getattr(last, "anchor", None)
        raise ValueError(
            f"the last move is an alias{f' (*{anchor})' if anchor else ''}, the move written at line "
            f"{last.start_mark.line + 1}: write it out in full in its place first"
        )


# Every line break YAML reads (ruamel's scanner): a comment line ended by a lone CR is a line of its own.
_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


def _line_end(text: str, index: int) -> int:
    """The index just past the end of the line holding `index` (past its line break, if any)."""
    found = _BREAK.search(text, index)
    return len(text) if found is None else found.end()


def _line_start(text: str, index: int) -> int:
    """The index of the first character of the line holding `index` (just past the line break before it)."""
    start = 0
    for found in _BREAK.finditer(text, 0, index):
        start = found.end()
    return start


def _flow_separator(text: str, items) -> str:
    """How the flow list's last two items are apart (`, ` or `,` and a line break and indent); `, ` otherwise."""
    if len(items) >= 2:
        between = text[items[-2].end_mark.index : items[-1].start_mark.index]
        if re.fullmatch(r"[ \t]*,[ \t\r\n]*", between):
            return between
    else:  # one item, on a line of its own after the `[`: the next goes on a line of its own too
        before = text[text.rfind("[", 0, items[0].start_mark.index) + 1 : items[0].start_mark.index]
        found = re.fullmatch(r"[ \t]*(\r\n|\r|\n)([ \t]*)", before)
        if found:
            return "," + found.group(1) + found.group(2)
    return ", "


def append_move(text: str, notation: str) -> str:
    """The record's text with one move added at the end of `moves:`; nothing else changes."""
    key, value = _moves_nodes(text)
    if key is None:
        joint = "" if not text or text.endswith("\n") else "\n"
        return f"{text}{joint}moves:\n  - {move_scalar(notation)}\n"
    indent = " " * (key.start_mark.column + 2) + "- "
    if value.tag == SEQ and value.flow_style:
        if value.value:  # after the last item, as far from it as it is from the one before
            at = value.value[-1].end_mark.index
            return text[:at] + _flow_separator(text, value.value) + move_scalar(notation, flow=True) + text[at:]
        at = value.start_mark.index + 1  # `[]`: the first item inside the brackets
        return text[:at] + move_scalar(notation, flow=True) + text[at:]
    if value.tag == SEQ and value.value:
        last = value.value[-1]
        start = last.start_mark.index
        prefix = text[_line_start(text, start) : start]
        if re.fullmatch(r" *- +", prefix):
            indent = prefix
        at = _line_end(text, last.end_mark.index)
        if at == len(text) and _BREAK.search(text[-2:] or " ") is None:
            # The last move ends the file without a line break: the new one does so in its place.
            return text + "\n" + indent + move_scalar(notation)
        return text[:at] + indent + move_scalar(notation) + "\n" + text[at:]
    if value.tag not in (SEQ, NULL):
        raise ValueError("'moves' is not a list")
    # `moves:` with nothing or `moves: ~`: the written empty value goes, the list begins on the next line.
    if value.end_mark.index > value.start_mark.index:
        start = value.start_mark.index
        while start > key.end_mark.index and text[start - 1] in " \t":
            start -= 1  # the blanks before it too: no line is left ending in a space
        text = text[:start] + text[value.end_mark.index :]
    at = _line_end(text, key.end_mark.index)
    joint = "" if _BREAK.search(text[max(0, at - 2) : at]) else "\n"
    return text[:at] + joint + indent + move_scalar(notation) + "\n" + text[at:]


def remove_last_move(text: str) -> str:
    """The record's text without its last move (its line goes; every other byte stays)."""
    key, value = _moves_nodes(text)
    if key is None or value.tag != SEQ or not value.value:
        raise ValueError("the record has no moves to take back")
    last = value.value[-1]
    if value.flow_style:
        if len(value.value) > 1:  # the item and what stands between it and the one before
            return text[: value.value[-2].end_mark.index] + text[last.end_mark.index :]
        close = value.end_mark.index - 1  # the only item: the brackets are left empty, `[]`
        if text[close] != "]":
            raise ValueError("the moves list's closing ']' was not found")
        return text[: value.start_mark.index + 1] + text[close:]
    start = _line_start(text, last.start_mark.index)
    end = _line_end(text, last.end_mark.index)
    if end == len(text) and _BREAK.search(text[max(0, end - 2) :]) is None and start > 0:
        # the last line had no line break: the one before it ends the file again, without its break
        start -= 2 if text[start - 2 : start] == "\r\n" else 1
    return text[:start] + text[end:]


def checked_moves(
    path: str,
    load: Callable[[str, str], Loaded],
    want: list[str],
    expect: Callable[[Any], str | None] | None = None,
    expect_setup: Callable[[Any], str | None] | None = None,
    stops_at: int | None = None,
) -> Callable[[str], None]:
    """A `validate` for a record's text edit (cli/apply.py): the new text replays without a fault, holds exactly
    `want`, starts from the setup it had (`expect_setup(setup)` says what differs) and (with `expect`) ends in the
    position the move's `apply` computed (`expect(final)` says what differs): the whole replayed result.
    `stops_at`: the record read already stopped at that move (the rules refuse it, `undo` is taking the
    moves after it off): the new text may stop there too, and nowhere else."""
    from pastiche_cli.formats.yamledit import Refused

    def validate(text: str) -> None:
        loaded = load(path, text)
        errors = [p for p in loaded.problems if p.kind != "warning"]
        replayed = loaded.replay
        if replayed is not None and replayed.stop is not None and replayed.stop.n == stops_at and loaded.record:
            kept = stop_problem(loaded.record, replayed)
            errors = [p for p in errors if p != kept]
        if errors:
            raise Refused(
                f"the edited record would not replay: {errors[0].message}",
                kind="invalid",
                problems=[p.located(path) for p in errors],
            )
        if loaded.record is None or [m.text for m in loaded.record.moves] != want:
            raise Refused("the edited record would not hold the moves meant", kind="invalid")
        if expect_setup is not None and loaded.replay is not None:
            wrong = expect_setup(loaded.replay.setup)
            if wrong:
                raise Refused(f"the edited record would not start from its setup: {wrong}", kind="invalid")
        wrong = expect(loaded.replay.final) if expect is not None and loaded.replay is not None else None
        if wrong:
            raise Refused(f"the edited record would not end in the position the move makes: {wrong}", kind="invalid")

    return validate


def starting_record(position_text: str, game: str) -> str:
    """A new record (SPEC 8): a starting position file's text as its `setup:` (its `game:` once, at the top
    under the opening comments), and `moves:` empty, so that `undo` after the first `play` gives it back."""
    lines = position_text.splitlines()
    head = 0
    while head < len(lines) and lines[head].startswith("#"):
        head += 1
    out = lines[:head] + [
        '# A game record: `pastiche play FILE "MOVE"` adds each move as it is made, and',
        "# `pastiche replay FILE` checks and shows the whole game (see `pastiche play --help`).",
        f"game: {game}",
        "setup:                                        # the table as set up",
    ]
    out += [f"  {line}" if line else "" for line in lines[head:] if not re.match(r"game[ \t]*:", line)]
    while out and not out[-1]:
        out.pop()
    out += ["moves:                                        # one move a line, in order", ""]
    return "\n".join(out)
