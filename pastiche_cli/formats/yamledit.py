"""Edits of round-trip YAML that change only what they mean to and keep every comment.

Where ruamel keeps a comment decides what an edit does to it: the comment lines after an entry belong to
the PLACE in the file and stay there; an end-of-line comment belongs to the ENTRY, going along when it is
moved (move_item, swap_items) and left as a whole-line comment when it is removed (delete_item). A list
or mapping shared by an anchor and its alias is one container: `unsharing` (formats/aliases.py) gives
each place its own copy before an edit. CommentKeepingComposer and CommentKeepingEmitter mend the comment
lines ruamel itself loses or runs together (keep_every_comment).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, NamedTuple

from ruamel.yaml.composer import Composer
from ruamel.yaml.constructor import RoundTripConstructor
from ruamel.yaml.emitter import RoundTripEmitter
from ruamel.yaml.events import MappingEndEvent
from ruamel.yaml.representer import RoundTripRepresenter

from pastiche_cli.formats.aliases import entries, is_container

LIST, MAP = 0, 2  # which slot of an entry's comment holds the comment after its line


class EndComment(NamedTuple):
    """An entry's end-of-line comment on its way elsewhere: its text, and how many columns after the
    start of the entry's line (its `- ` or its key) it began, so it keeps its distance there."""

    text: str
    offset: int


def keep_every_comment(yaml) -> None:
    """Set a round-trip YAML() to read and write the comments, and the plain values, that ruamel alone gets wrong."""
    yaml.Composer = CommentKeepingComposer
    yaml.Emitter = CommentKeepingEmitter
    yaml.Constructor = VerbatimConstructor
    yaml.Representer = VerbatimRepresenter


# --- plain values written as they were ---------------------------------------------------------
# ruamel writes back every boolean as `true`/`false` and drops an integer's `+`: a rewrite turned a
# title `True` into `true` and an artist `+7` into `7` in entries no move touched. A plain scalar
# whose text ruamel would not write back the same is kept as its text, and written back as it was.


class VerbatimBool(str):
    """A plain boolean as the file writes it (`True`, `TRUE`, `Yes` …); reads as its text."""

    tag = "tag:yaml.org,2002:bool"


class VerbatimInt(str):
    """A plain integer ruamel would rewrite (`+7`); `int()` of it is the number."""

    tag = "tag:yaml.org,2002:int"


class VerbatimConstructor(RoundTripConstructor):
    def construct_yaml_bool(self, node):
        if node.style is None and node.value not in ("true", "false"):
            return VerbatimBool(node.value)
        return super().construct_yaml_bool(node)

    def construct_yaml_int(self, node):
        if node.style is None and node.value.startswith("+"):
            return VerbatimInt(node.value)
        return super().construct_yaml_int(node)


VerbatimConstructor.add_constructor("tag:yaml.org,2002:bool", VerbatimConstructor.construct_yaml_bool)
VerbatimConstructor.add_constructor("tag:yaml.org,2002:int", VerbatimConstructor.construct_yaml_int)


class VerbatimRepresenter(RoundTripRepresenter):
    def represent_verbatim(self, data):
        return self.represent_scalar(data.tag, str(data))  # the tag resolves implicitly: written plain


VerbatimRepresenter.add_representer(VerbatimBool, VerbatimRepresenter.represent_verbatim)
VerbatimRepresenter.add_representer(VerbatimInt, VerbatimRepresenter.represent_verbatim)


class CommentKeepingComposer(Composer):
    """ruamel's composer, but a flow item's end-of-line comment no longer replaces the comment lines
    above the item: ruamel takes the `}`'s comment for the whole node and drops the start's."""

    def compose_mapping_node(self, anchor):
        above = self.parser.peek_event().comment
        return _keep_lines_above(above, super().compose_mapping_node(anchor))

    def compose_sequence_node(self, anchor):
        above = self.parser.peek_event().comment
        return _keep_lines_above(above, super().compose_sequence_node(anchor))


def _keep_lines_above(above, node):
    if above is not None and above[1] and node.comment is not above:
        if node.comment is None:
            node.comment = [None, None]
        node.comment[1] = above[1] + (node.comment[1] or [])
    return node


class CommentKeepingEmitter(RoundTripEmitter):
    """ruamel's emitter, but the line break after a flow mapping's end-of-line comment counts: after
    a comment line above a list's first item, ruamel wrote the items after `- {a: 1}  # c` on one
    line (`- teal   - teal`), which does not parse."""

    def expect_flow_mapping_key(self) -> None:
        commented_end = (
            isinstance(self.event, MappingEndEvent) and bool(self.event.comment) and self.event.comment[0] is not None
        )
        super().expect_flow_mapping_key()
        if commented_end:
            self.no_newline = False


# --- where an entry's comments live ---------------------------------------------------------------


def _index(container) -> int:
    return LIST if isinstance(container, list) else MAP


def _is_block(node) -> bool:
    return isinstance(node, (list, dict)) and bool(node) and not node.fa.flow_style()  # type: ignore[union-attr]  # ruamel's


def _slot_after(container, key) -> tuple[Any, Any, int]:
    """(comment items, key, index) where the comment after entry `key`'s last line lives."""
    child = container[key]
    if _is_block(child):
        slot = _trailing_slot(child)
        assert slot is not None  # a block container is never empty
        return slot
    return container.ca.items, key, _index(container)


def _trailing_slot(node) -> tuple[Any, Any, int] | None:
    """(comment items, key, index) where the comment after a block container's last line lives."""
    if isinstance(node, list) and node:
        return _slot_after(node, len(node) - 1)
    if isinstance(node, dict) and node:
        return _slot_after(node, list(node)[-1])
    return None


def _eol_slot(container, key) -> tuple[Any, Any, int] | None:
    """The slot of entry `key`'s end-of-line comment when it lives in `container` (a scalar or flow
    entry of a block container); None when it lives inside the entry or cannot be written."""
    if container.fa.flow_style() or _is_block(container[key]):
        return None
    return container.ca.items, key, _index(container)


def _column(container, key=None) -> int:
    """The column entry `key` of a block container starts at in the file (its `- ` or its key), where
    a comment line about it goes; with no key, where its entries start. 0 when nothing says."""
    try:
        if isinstance(container, list):
            known = container.lc.data  # type: ignore[attr-defined]  # a ruamel CommentedSeq
            col = known[key][1] if key in known else next(iter(known.values()))[1]
            return max(col - 2, 0)  # the `- ` before the item
        known = container.lc.data
        return (known[key] if key in known else next(iter(known.values())))[1]
    except (KeyError, TypeError, AttributeError, IndexError, StopIteration):
        return 0


def _cut_after_line(items, key, index) -> str:
    """Take the whole comment lines out of an entry's comment, leaving its end-of-line comment."""
    entry = items.get(key)
    token = entry[index] if entry else None
    if token is None:
        return ""
    own, _, rest = token.value.partition("\n")
    if rest:
        if own.strip():
            token.value = own + "\n"
        else:
            entry[index] = None
    return rest


def _cut_own(items, key, index):
    """Take the end-of-line comment out of an entry's comment (the lines after it already cut)."""
    entry = items.get(key)
    token = entry[index] if entry else None
    if token is None or not token.value.strip():
        return None
    entry[index] = None
    token.value = token.value.rstrip("\n") + "\n"
    return token


def _add_after_line(items, key, index, rest: str) -> None:
    from ruamel.yaml.error import CommentMark
    from ruamel.yaml.tokens import CommentToken

    if not rest:
        return
    entry = items.setdefault(key, [None, None, None, None])
    token = entry[index]
    if token is None:
        entry[index] = CommentToken("\n" + rest, CommentMark(0), None)
    else:
        token.value = (token.value if token.value.endswith("\n") else token.value + "\n") + rest


def _put_own(items, key, index, token) -> None:
    """Make `token` the entry's end-of-line comment, before any lines that follow the entry."""
    entry = items.setdefault(key, [None, None, None, None])
    old = entry[index]
    rest = old.value.partition("\n")[2] if old is not None else ""
    token.value = token.value.rstrip("\n") + "\n" + rest
    entry[index] = token


def _lines(tokens) -> str:
    return "".join(" " * (token.column or 0) + token.value for token in tokens or [])


def _comment_line(text: str, column: int) -> str:
    return " " * column + text.strip() + "\n"


def _token(text: str, column: int):
    from ruamel.yaml.error import CommentMark
    from ruamel.yaml.tokens import CommentToken

    return CommentToken(text.strip() + "\n", CommentMark(max(column, 0)), None)


# --- removing, adding and moving entries ------------------------------------------------------------


def _remove(parent, key, item, *, keep_own: bool):
    """Delete entry `item` of parent[key]; the comment lines about its place stay there, and so does
    its end-of-line comment (as a line of its own) when `keep_own`. Returns (value, that comment)."""
    container = parent[key]
    value = container[item]
    if container.fa.flow_style():  # a flow container holds no comments of its entries
        del container[item]
        return value, None
    column = _column(container, item)
    entry = container.ca.items.get(item)
    above = _lines(entry[1]) if entry and entry[1] else ""
    below = _cut_after_line(*_slot_after(container, item))
    slot = _eol_slot(container, item)
    own = _cut_own(*slot) if slot else None
    lines = above + (_comment_line(own.value, column) if own is not None and keep_own else "")
    if keep_own and _is_block(value):
        # A block entry's own comments are inside it (and on its key's line): they stay as lines.
        inner = _comment_texts(value, entry if isinstance(container, dict) else None)
        lines += "".join(_comment_line(text, column) for text in inner)
    lines += below
    moved = EndComment(own.value.strip(), own.column - column) if own is not None and not keep_own else None
    if isinstance(container, list):
        before = item - 1 if item > 0 else None
    else:
        keys = list(container)
        at = keys.index(item)
        before = keys[at - 1] if at > 0 else None
        container.ca.items.pop(item, None)
    del container[item]
    end = getattr(container.ca, "end", None)
    if not container and end:
        # Lines after a block list of flow items live on the list's end; an empty list is written
        # `key: []`, which has no end, so they go after that line instead.
        lines += _lines(end)
        container.ca.end = []
    if lines or not container:
        _put_lines(parent, key, before, lines)
    return value, moved


def _comment_texts(node, key_entry=None) -> list[str]:
    """Every comment inside a block container, in the order of the file, one text per line; with
    the comment slots of the mapping key it is the value of, the comment on that key's line first."""
    out: list[str] = []
    met: set[int] = set()

    def add(slot) -> None:
        for token in slot if isinstance(slot, list) else [slot]:
            if isinstance(token, list):
                add(token)
            elif token is not None and id(token) not in met:
                met.add(id(token))
                out.extend(line.strip() for line in token.value.splitlines() if line.strip())

    def walk(node) -> None:
        add(node.ca.comment or [])
        is_list = isinstance(node, list)
        for key, value in entries(node):
            entry = node.ca.items.get(key) or [None, None, None, None]
            add([entry[1], entry[0]] if is_list else [entry[1], entry[0], entry[3]])
            if is_container(value):
                walk(value)
            if not is_list:
                add(entry[2])
        add(getattr(node.ca, "end", None) or [])

    if key_entry is not None:
        add([key_entry[1], key_entry[0], key_entry[2], key_entry[3]])
    walk(node)
    return out


def _put_lines(parent, key, before, lines: str) -> None:
    """Whole comment lines where an entry of parent[key] was: after entry `before` (None: the first)."""
    from ruamel.yaml.error import CommentMark
    from ruamel.yaml.tokens import CommentToken

    container = parent[key]
    if before is not None:
        _add_after_line(*_slot_after(container, before), lines)
    elif container:  # the lines were above the next entry: keep them above it
        entry = parent.ca.items.setdefault(key, [None, None, None, None])
        if entry[3] is None:
            entry[3] = []
        entry[3].append(CommentToken(lines, CommentMark(0), None))
    else:  # the container is empty now: `key: []` or `key: {}`, then the lines
        # The lines that were above its first entry too: ruamel would write them between `key:`
        # and `[]`, which does not parse.
        entry = parent.ca.items.get(key)
        if entry and entry[3]:
            lines = _lines(entry[3]) + lines
            entry[3] = None
        container.ca.comment = None
        container.fa.set_flow_style()
        _add_after_line(parent.ca.items, key, MAP if isinstance(parent, dict) else LIST, lines)


def delete_item(parent, key, item) -> None:
    """Delete `item` (an index or a key) of parent[key]; its end-of-line comment stays, as a comment line."""
    _remove(parent, key, item, keep_own=True)


def take_item(parent, key, item):
    """Take entry `item` out of parent[key] to put it elsewhere: (its value, its end-of-line comment or None)."""
    return _remove(parent, key, item, keep_own=False)


def adding_at_end(container, add) -> None:
    """Run `add()` on a block container, the comment lines after its last entry kept after the new ones."""
    slot = _trailing_slot(container) if not container.fa.flow_style() else None
    rest = _cut_after_line(*slot) if slot else ""
    add()
    if rest:
        slot = _trailing_slot(container)
        assert slot is not None  # add() left the block container with an entry
        _add_after_line(*slot, rest)


def append_item(parent, key, value, comment=None) -> None:
    """Append `value` to the list parent[key] with `comment` (from take_item) as its end-of-line
    comment; in a flow list, which cannot hold one, the comment goes on the list's line."""
    container = parent[key]
    adding_at_end(container, lambda: container.append(value))
    if comment is not None:
        _put_comment(parent, key, len(container) - 1, comment)


def _put_comment(parent, key, item, comment: EndComment) -> None:
    container = parent[key]
    slot = _eol_slot(container, item)
    if slot is not None:
        if container.lc.data or not isinstance(parent, dict):
            start = _column(container)
        else:  # no entry was read from the file: under its key, as written
            start = _column(parent, key) + 2
        _put_own(*slot, _token(comment.text, start + comment.offset))
        return
    items, index = parent.ca.items, _index(parent)
    entry = items.get(key)
    if entry is None or entry[index] is None or not entry[index].value.partition("\n")[0].strip():
        _put_own(items, key, index, _token(comment.text, 0))  # the line of `key:` had no comment
    else:
        _add_after_line(items, key, index, _comment_line(comment.text, _column(parent, key)))


def move_item(source, source_key, item, target, target_key) -> None:
    """Move entry `item` of source[source_key] to the end of target[target_key], its end-of-line comment along."""
    value, comment = take_item(source, source_key, item)
    append_item(target, target_key, value, comment)


def swap_items(first, first_key, i, second, second_key, j) -> None:
    """Exchange entry i of first[first_key] and entry j of second[second_key], each with its end-of-line comment."""
    a, b = first[first_key], second[second_key]
    below_a = _cut_after_line(*_slot_after(a, i)) if not a.fa.flow_style() else ""
    below_b = _cut_after_line(*_slot_after(b, j)) if not b.fa.flow_style() else ""

    def own(container, key):
        slot = _eol_slot(container, key)
        token = _cut_own(*slot) if slot else None
        return EndComment(token.value.strip(), token.column - _column(container, key)) if token else None

    own_a, own_b = own(a, i), own(b, j)
    a[i], b[j] = b[j], a[i]
    if below_a:
        _add_after_line(*_slot_after(a, i), below_a)
    if below_b:
        _add_after_line(*_slot_after(b, j), below_b)
    if own_b is not None:
        _put_comment(first, first_key, i, own_b)
    if own_a is not None:
        _put_comment(second, second_key, j, own_a)


def flow(items=(), *, mapping: bool = False):
    """A new list, or with `mapping` a mapping (a dict or (key, value) pairs), written on one line, lists inside too."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    made: CommentedMap | CommentedSeq
    if mapping:
        pairs = items.items() if isinstance(items, dict) else items
        made = CommentedMap((k, flow(v) if type(v) in (list, tuple) else v) for k, v in pairs)
    else:
        made = CommentedSeq(items)
    made.fa.set_flow_style()
    return made


def list_at(parent, key):
    """parent[key] as a list to add to, made (`key: []`) when the file has none."""
    found = parent.get(key)
    if found is None:
        found = parent[key] = flow()
    return found


def append_to(parent, key, value) -> None:
    """Append `value` to the list parent[key], made (`key: []`) when the file has none."""
    list_at(parent, key)
    append_item(parent, key, value)


def append_block(parent, key, value) -> None:
    """Append `value` to parent[key] as a block list (`- value` a line), made when the file has none."""
    from ruamel.yaml.comments import CommentedSeq

    found = parent.get(key)
    if not isinstance(found, list):
        found = parent[key] = CommentedSeq()
    if not found:
        found.fa.set_block_style()
    adding_at_end(found, lambda: found.append(value))


def scalar_text(value) -> str | None:
    """The text of a round-trip scalar as it is written to the file, which is what a reader of the
    file gets back: `007` is '007' (ruamel holds the int 7), `1.50` is '1.50'. None for a container."""
    if isinstance(value, str):
        return str(value)
    if value is None or is_container(value):
        return None
    from ruamel.yaml.representer import RoundTripRepresenter

    node = RoundTripRepresenter().represent_data(value)
    return node.value if isinstance(node.value, str) else None


class Refused(Exception):
    """The edited file would not be the position we meant to write; nothing is written. `kind` says why:
    "invalid" (`problems` has its lines, located), "unreadable", "os" or "edit"; `cause`, the exception behind it."""

    def __init__(
        self, message: str, *, kind: str = "edit", problems: Sequence[str] = (), cause: BaseException | None = None
    ):
        super().__init__(message)
        self.kind = kind
        self.problems = list(problems) or [message]
        self.cause = cause


# --- what every game writes and finds in its files -----------------------------------------------

_PLAIN_NAME = re.compile(r"[A-Za-z][A-Za-z0-9 _.'-]*")
_YAML_WORDS = {"y", "n", "yes", "no", "true", "false", "on", "off", "null"}


def is_plain(text: str, pattern: re.Pattern = _PLAIN_NAME) -> bool:
    """Does `text` written plain (as `pattern` allows) read back as the same text?"""
    return bool(pattern.fullmatch(text)) and text.lower() not in _YAML_WORDS and not text.endswith(" ")


def plain_or_quoted(text: str, pattern: re.Pattern = _PLAIN_NAME) -> str:
    """A name as a YAML scalar: plain when it reads back as the same text, else double-quoted."""
    import json

    return text if is_plain(text, pattern) else json.dumps(text, ensure_ascii=False)


def commented(code: str, comment: str = "", column: int = 40) -> str:
    """A line of a new file with its comment starting at `column` (1-based), however long the names are."""
    return f"{code.ljust(column - 1)} # {comment}" if comment else code


def flow_text(items) -> str:
    """Items, each already YAML text, as a one-line list: `[a, b]`."""
    return "[" + ", ".join(str(item) for item in items) + "]"


def named_player_node(data, name: str, name_of=str.strip):
    """A player's mapping in round-trip data, found by its name read as the game's loader reads it
    (`name_of` the scalar's text), exactly first and then ignoring case; a Refused when none is."""
    from collections.abc import Mapping

    players = data.get("players") if isinstance(data, Mapping) else None
    named = []
    for node in players if isinstance(players, list) else []:
        text = scalar_text(node.get("name")) if isinstance(node, Mapping) else None
        if text is not None:
            named.append((name_of(text), node))
    for wanted in (lambda n: n == name, lambda n: n.casefold() == name.casefold()):
        for n, node in named:
            if wanted(n):
                return node
    raise Refused(f"cannot find player '{name}' in the file")
