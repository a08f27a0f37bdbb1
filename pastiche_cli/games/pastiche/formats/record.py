"""Reading a game record (SPEC 8) with every move located, and adding or taking off its last move.

A record is a YAML file with `setup:` (a position, read by the loader's PositionReader), an
optional `catalogue:` and `moves:`, one move a line. Reading it replays the moves through
core/record.py; the first move that fails is a problem located at that move's own line and column
(a move the rules refuse breaks the rules, exit 4 for the commands that read the file; a move not
in the notation does not fit the format, exit 3).

`play` and every `--apply` on a record add one line to `moves:`, and `undo` takes the last one
off, as text edits: every other byte of the file (comments, blank lines, quoting, line endings)
stays as it was, so an undo after a play gives the file back byte for byte. The write is the one
safe write of formats/safewrite.py, after the new text has been read back and replayed.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Callable, NamedTuple

from pastiche_cli.formats.nodes import MAP, NULL, SEQ, STR
from pastiche_cli.formats.yamlio import compose
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.position import Commission, Position
from pastiche_cli.kernel.problems import FORMAT, RULES, PositionError, Problem

if TYPE_CHECKING:
    from pastiche_cli.games.pastiche.core.record import Replay

RECORD_KEYS = ("game", "setup", "catalogue", "moves")
# A record is a file with a top-level `setup:` key (a position file never has one).
_SETUP = re.compile(r"""^(?:setup|"setup"|'setup')[ \t]*:""", re.M)


def is_record_text(text: str) -> bool:
    """Is this file's text a record (a top-level `setup:`) rather than a position?"""
    return _SETUP.search(text) is not None


class MoveLine(NamedTuple):
    """One move as written: its text and where it is (1-based line and column of its first character)."""
    n: int
    text: str
    line: int
    column: int
    quoted: bool = False         # written as a quoted YAML scalar: the text starts one column later


class RecordFile(NamedTuple):
    setup: Position
    moves: tuple[MoveLine, ...]


class Loaded(NamedTuple):
    """A record read and replayed: the file, the replay, and every problem found (located)."""
    record: RecordFile | None
    replay: Replay | None
    problems: list[Problem]

    @property
    def position(self) -> Position | None:
        return None if self.replay is None else self.replay.final


# --- reading -------------------------------------------------------------------------------------

def read_record(filename: str, text: str,
                outside_catalogue: Callable[[], dict[str, Commission]] | None = None
                ) -> tuple[RecordFile | None, list[Problem]]:
    """The record's setup and its moves, each located, with every format problem of the file."""
    from pastiche_cli.games.pastiche.formats.loader import PositionReader

    root = compose(filename, text)
    reader = PositionReader(filename, outside_catalogue)
    if root is None:
        reader.error(None, "empty", "the file is empty; a record needs 'setup:' and 'moves:'")
        return None, reader.problems
    fields = reader.mapping(root, "the record", RECORD_KEYS)
    if fields is None:
        return None, reader.problems
    if "game" in fields:
        reader.game_key(fields["game"][1], "pastiche")
    if "catalogue" in fields:
        reader.catalogue = reader.read_catalogue(fields["catalogue"][1])
    setup = None
    if "setup" not in fields:
        reader.error(root, "missing-key", "the record has no 'setup:' (the position as the game was set up)")
    else:
        node = fields["setup"][1]
        if node.tag == MAP and any(k.value == "game" for k, _ in node.value if k.tag == STR):
            reader.error(node, "unknown-key", "the game is named once, at the top of the record, not in 'setup:'")
        setup = reader.position(node)
        if setup is not None and "catalogue" in fields and "catalogue" not in setup.keys:
            setup = setup._replace(keys=setup.keys | {"catalogue"})
    lines: list[MoveLine] = []
    if "moves" in fields:
        for i, item in enumerate(reader.sequence(fields["moves"][1], "moves") or []):
            if item.tag != STR or not isinstance(item.value, str):
                reader.error(item, "move-syntax", f"move {i + 1} should be one line of text in the notation, "
                                                  "such as 'Ana place RYBBYR/R at 1,-1'")
                continue
            mark = item.start_mark
            lines.append(MoveLine(i + 1, item.value, mark.line + 1, mark.column + 1,
                                  getattr(item, "style", None) in ("'", '"')))
    if setup is None or any(p.kind == FORMAT for p in reader.problems):
        return None, reader.problems
    drawn = drawn_from_outside([line.text for line in lines], reader.catalogue, lambda: reader.outside)
    if drawn:
        setup = setup._replace(catalogue={**drawn, **setup.catalogue})
    # The record itself carries the moves: commands that --apply append to them (commands/_apply.py).
    setup = setup._replace(keys=setup.keys | {"moves"})
    return RecordFile(setup, tuple(lines)), reader.problems


_DRAW_COMMISSION = re.compile(r"\bdraw\s+commission\s+(.+?)\s*\Z")


def drawn_from_outside(texts: list[str], own: dict[str, Commission],
                       outside: Callable[[], dict[str, Commission]]) -> dict[str, Commission]:
    """The cards `draw commission` moves name that only the outside catalogue (--catalogue, or the saved
    one) holds (SPEC 3.1: ids are looked up there too), so that a replay can draw them from the deck."""
    from pastiche_cli.games.pastiche.core.commissions import fold

    refs = [m.group(1).strip('"') for m in (_DRAW_COMMISSION.search(text) for text in texts) if m]
    wanted = [r for r in refs if r not in own
              and not any(fold(r) in (fold(cid), fold(c.title)) for cid, c in own.items())]
    found: dict[str, Commission] = {}
    for ref in wanted:
        for cid, card in outside().items():
            if ref == cid or fold(ref) in (fold(cid), fold(card.title)):
                found[cid] = card
                break
    return found


def stop_problem(record: RecordFile, replayed: Replay) -> Problem | None:
    """The move that stopped the replay as a problem at the move's own line and column, or None."""
    from pastiche_cli.games.pastiche.core.record import ILLEGAL, SYNTAX

    stop = replayed.stop
    if stop is None:
        return None
    line = record.moves[stop.n - 1]
    if stop.kind == SYNTAX:
        return Problem(FORMAT, "move-syntax", stop.message(), line.line,
                       line.column + int(line.quoted) + stop.column)
    return Problem(RULES if stop.kind == ILLEGAL else FORMAT, "illegal-move" if stop.kind == ILLEGAL
                   else "move-unusable", stop.message(), line.line, line.column)


def located(filename: str, problem: Problem) -> str:
    """`FILE:LINE:COL: move N: reason [rule]`, the one line SPEC 8 gives for a move that fails."""
    return f"{filename}:{problem.line}:{problem.column}: {problem.message}"


def load_text(filename: str, text: str,
              outside_catalogue: Callable[[], dict[str, Commission]] | None = None) -> Loaded:
    """Read and replay a record: the setup is checked as a position is, then every move in order."""
    from pastiche_cli.games.pastiche.core.record import replay
    from pastiche_cli.games.pastiche.core.validate import consistency_problems

    record, problems = read_record(filename, text, outside_catalogue)
    if record is None:
        return Loaded(None, None, problems)
    problems = problems + consistency_problems(record.setup)
    if any(p.kind != "warning" for p in problems):
        return Loaded(record, None, problems)
    replayed = replay(record.setup, [m.text for m in record.moves])
    stopped = stop_problem(record, replayed)
    return Loaded(record, replayed, problems + ([stopped] if stopped else []))


def all_problems(path: str, text: str, outside_catalogue: Callable[[], dict[str, Commission]]
                 ) -> tuple[Position | None, list[Problem]]:
    """For loader.all_problems: the position at the record's end (None if unusable) and every problem."""
    loaded = load_text(str(path), text, outside_catalogue)
    unusable = loaded.replay is None or any(p.kind == FORMAT for p in loaded.problems)
    return (None if unusable else loaded.position), loaded.problems


def load_position(path: str, text: str, outside_catalogue: Callable[[], dict[str, Commission]]
                  ) -> tuple[Position, list[Problem]]:
    """For loader.load_position: the position at the record's end, or PositionError with every problem."""
    loaded = load_text(str(path), text, outside_catalogue)
    errors = [p for p in loaded.problems if p.kind != "warning"]
    if loaded.position is None or errors:
        raise PositionError(str(path), loaded.problems)
    return loaded.position, loaded.problems


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
            return key_node, value_node
    return None, None


def _line_end(text: str, index: int) -> int:
    """The index just past the end of the line holding `index` (past its newline, if any)."""
    end = text.find("\n", index)
    return len(text) if end < 0 else end + 1


def _line_start(text: str, index: int) -> int:
    return text.rfind("\n", 0, index) + 1


def append_move(text: str, notation: str) -> str:
    """The record's text with one move added at the end of `moves:`; nothing else changes."""
    key, value = _moves_nodes(text)
    if key is None:
        joint = "" if not text or text.endswith("\n") else "\n"
        return f"{text}{joint}moves:\n  - {move_scalar(notation)}\n"
    indent = " " * (key.start_mark.column + 2) + "- "
    if value.tag == SEQ and value.flow_style and value.value:
        at = value.value[-1].end_mark.index
        return text[:at] + ", " + move_scalar(notation, flow=True) + text[at:]
    if value.tag == SEQ and value.value:
        last = value.value[-1]
        start = last.start_mark.index
        prefix = text[_line_start(text, start):start]
        if re.fullmatch(r" *- +", prefix):
            indent = prefix
        at = _line_end(text, last.end_mark.index)
        if at == len(text) and not text.endswith("\n"):
            # The last move ends the file without a newline: the new one does so in its place.
            return text + "\n" + indent + move_scalar(notation)
        return text[:at] + indent + move_scalar(notation) + "\n" + text[at:]
    if value.tag not in (SEQ, NULL):
        raise ValueError("'moves' is not a list")
    # `moves:` with nothing, `moves: []` or `moves: ~`: the written empty value goes, the list begins
    # on the next line.
    if value.end_mark.index > value.start_mark.index:
        text = text[:value.start_mark.index] + text[value.end_mark.index:]
    at = _line_end(text, key.end_mark.index)
    joint = "" if text[:at].endswith("\n") else "\n"
    return text[:at] + joint + indent + move_scalar(notation) + "\n" + text[at:]


def remove_last_move(text: str) -> str:
    """The record's text without its last move (its line goes; every other byte stays)."""
    key, value = _moves_nodes(text)
    if key is None or value.tag != SEQ or not value.value:
        raise ValueError("the record has no moves to take back")
    last = value.value[-1]
    if value.flow_style:
        start = value.value[-2].end_mark.index if len(value.value) > 1 else value.start_mark.index + 1
        return text[:start] + text[last.end_mark.index:]
    start = _line_start(text, last.start_mark.index)
    end = _line_end(text, last.end_mark.index)
    if end == len(text) and not text.endswith("\n") and start > 0:
        start -= 1       # the last line had no newline: the one before it ends the file again
    return text[:start] + text[end:]


def edit_record(path: str, change: Callable[[str], str], validate: Callable[[str], None], *,
                expected_text: str | None = None) -> str:
    """Change the record's text, check the new text with `validate`, and write it in one safe step.

    As formats/yamlio.edit_file, but on the text itself: locked from the re-read to the write, the
    file refused when it changed since the command read it (`expected_text`, by default what
    yamlio.read_text last returned for it), BOM and line endings kept. Every failure
    is a Refused, the file left exactly as it was. Returns the new text.
    """
    from pastiche_cli.formats import safewrite
    from pastiche_cli.formats.yamledit import Refused
    from pastiche_cli.formats.yamlio import atomic_write, decode, last_read

    name = str(path)
    expected = expected_text if expected_text is not None else last_read(path)
    try:
        with safewrite.hold(path) as target:
            raw = target.read()
            if raw is None:
                raise Refused("the file can no longer be read", kind="unreadable")
            text = decode(name, raw)
            if expected is not None and text != expected:
                raise Refused(safewrite.CHANGED, kind="unreadable")
            new_text = change(text.replace("\r\n", "\n"))
            validate(new_text)
            atomic_write(path, new_text, held=target)
    except Refused:
        raise
    except PositionError as exc:
        raise Refused(f"the file can no longer be read: {exc}", kind="unreadable", cause=exc)
    except OSError as exc:
        raise Refused(f"could not rewrite the file: {exc}", kind="os", cause=exc)
    except ValueError as exc:
        raise Refused(f"could not change the moves: {exc}", cause=exc)
    return new_text


def checked_moves(path: str, outside_catalogue, want: list[str]) -> Callable[[str], None]:
    """A `validate` for edit_record: the new text replays without a fault and holds exactly `want`."""
    from pastiche_cli.formats.yamledit import Refused

    def validate(text: str) -> None:
        loaded = load_text(path, text, outside_catalogue)
        errors = [p for p in loaded.problems if p.kind != "warning"]
        if errors:
            raise Refused(f"the edited record would not replay: {errors[0].message}", kind="invalid",
                          problems=[p.located(path) for p in errors])
        if [m.text for m in loaded.record.moves] != want:
            raise Refused("the edited record would not hold the moves meant", kind="invalid")

    return validate


# --- a position as a plain position file ---------------------------------------------------------

_PLAIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9 .'_-]*\Z")
_YAML_WORDS = {"y", "n", "yes", "no", "true", "false", "on", "off", "null", "~"}


def _scalar(text: str) -> str:
    if _PLAIN_WORD.match(text) and text.lower() not in _YAML_WORDS and not text.endswith(" "):
        return text
    return json.dumps(text, ensure_ascii=False)


def _flow(items) -> str:
    return "[" + ", ".join(items) + "]"


def _card_text(card: Commission, *, palette: bool = True) -> str:
    parts = [f"title: {_scalar(card.title)}", f"artist: {_scalar(card.artist)}", f"points: {card.points}"]
    if palette and card.has_palette:
        parts.append(f"palette: {_flow(card.palette)}")
    if card.artist_bonus is not None:
        parts.append(f"artist_bonus: {card.artist_bonus}")
    return "{" + ", ".join(parts) + "}"


def _commission(position: Position, card: Commission) -> str:
    """A catalogue id when the position's catalogue has this very card under it, else the card inline."""
    if card.id is not None and card.id in position.catalogue:
        known = position.catalogue[card.id]
        if known.card_key == card.card_key and known.points == card.points:
            return _scalar(card.id)
    return _card_text(card)


def position_text(position: Position, heading: tuple[str, ...] = ()) -> str:
    """The position as a plain position file (SPEC 3): what `replay --to N` prints, and every command reads."""
    out = [f"# {line}" for line in heading]
    out.append("game: pastiche")
    out.append("players:                      # in turn order; the first is the start player")
    for p in position.players:
        out.append(f"  - name: {_scalar(p.name)}")
        if "palette" in p.keys or p.palette:
            out.append(f"    palette: {_flow(colours.as_list(p.palette))}")
        for key, cards in (("commissions", p.commissions), ("completed", p.completed)):
            if key in p.keys or cards:
                if cards:
                    out.append(f"    {key}:")
                    out += [f"      - {_commission(position, c)}" for c in cards]
                else:
                    out.append(f"    {key}: []")
        if "hexes" in p.keys or p.hexes:
            out.append(f"    hexes: {_flow(p.hexes)}")
    if "gallery" in position.keys or position.gallery:
        if position.gallery:
            out.append("gallery:")
            out += [f"  - {_commission(position, c)}" for c in position.gallery]
        else:
            out.append("gallery: []")
    if position.start is not None or position.placed:
        out.append("board:")
        if position.start is not None:
            out.append(f"  start: {_flow(position.start)}")
        if position.placed:
            out.append("  placed:")
            for h in position.placed:
                by = f", by: {_scalar(h.by)}" if h.by else ""
                out.append(f"    - {{at: [{h.at[0]}, {h.at[1]}], hex: {h.hex}{by}}}")
        else:
            out.append("  placed: []")
    if position.turn is not None:
        t = position.turn
        parts = [f"player: {_scalar(t.player)}"] + ([f"phase: {t.phase}"] if t.phase else [])
        if t.swapped:
            parts.append("swapped: true")
        out.append("turn: {" + ", ".join(parts) + "}")
    rules = position.house_rules
    chosen = [f"strict_adjacency: {'true' if rules.strict_adjacency else 'false'}"] if rules.strict_adjacency else []
    if rules.open_hands:
        chosen.append("open_hands: true")
    if rules.end_threshold is not None:
        chosen.append(f"end_threshold: {rules.end_threshold}")
    if chosen:
        out.append("house_rules: {" + ", ".join(chosen) + "}")
    if position.catalogue:
        out.append("catalogue:")
        for cid, card in position.catalogue.items():
            out.append(f"  {_scalar(cid)}: {_card_text(card)}")
    return "\n".join(out) + "\n"
