"""A new record's setup filled in by hand, in its text: the lists `pastiche new --record` leaves a FILL-IN in
that a setup on the phones fills (each game's SetupForm: the host's and each seat's), found in the text, and
an entry written into them as a hand would write it, every comment and column left as it was
(serve/setup.py serves it); and whether a file is such a setup still being entered (`pending`, which
`serve FILE` asks before it imports any server library).
"""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

from pastiche_cli.formats.nodes import PLACEHOLDER
from pastiche_cli.kernel.game import SetupForm

_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _./+'-]*")


# --- the setup's fields, found in the record's text ---------------------------------------------------


class Field(NamedTuple):
    """One list of the setup to fill in: the table's (owner None) or a seat's, and its items' nodes."""

    owner: str | None
    key: str
    node: Any  # the sequence node
    kind: str = "card"  # what it holds (the game's SetupForm.kinds)
    grows: bool = False  # a list of as many items as the box has (SetupForm.any_length: the thesis table)

    def spans(self) -> list[tuple[int, int]]:
        return [(item.start_mark.index, item.end_mark.index) for item in self.node.value]

    def values(self, text: str) -> list[str]:
        """Each item as the page shows it: "" where a FILL-IN is left, a scalar's value, a mapping as written."""
        return ["" if _open(item) else _shown(item, text) for item in self.node.value]

    def filled(self) -> bool:
        return bool(self.node.value) and not any(_open(item) for item in self.node.value)


def _open(node) -> bool:
    """Does the node hold a FILL-IN anywhere?"""
    if node.id == "scalar":
        return node.value == PLACEHOLDER
    items = node.value if node.id == "sequence" else [v for _, v in node.value]
    return any(_open(item) for item in items)


def _shown(node, text: str) -> str:
    if node.id == "scalar":
        return str(node.value)
    return text[node.start_mark.index : node.end_mark.index]


def _get(mapping, key: str):
    if mapping is None or mapping.id != "mapping":
        return None
    return next((value for k, value in mapping.value if k.id == "scalar" and k.value == key), None)


def layout(form: SetupForm, text: str) -> tuple[list[str], list[Field]]:
    """The players of a new record's text, and the fields of the game's setup `form` in it (the table's first,
    then each seat's)."""
    from pastiche_cli.formats.yamlio import compose

    setup = _get(compose("setup", text), "setup")
    players = _get(setup, "players")
    entries = players.value if players is not None and players.id == "sequence" else []
    names = [str(getattr(_get(entry, "name"), "value", "")) for entry in entries]
    fields = []
    found: list[tuple[str | None, str, Any]] = [
        (None, key, _get(setup, key) or _get(_get(setup, "board"), key)) for key in form.table
    ]
    found += [(name, key, _get(entry, key)) for name, entry in zip(names, entries) for key in form.seats]
    for owner, key, node in found:
        if node is not None and node.id == "sequence":
            fields.append(Field(owner, key, node, form.kinds.get(key, "card"), key in form.any_length))
    return names, fields


# --- an entry written as a hand would write it ------------------------------------------------------


def written(value: str, typed: bool = False) -> tuple[str | None, str | None]:
    """The YAML text an entry puts in its item, or why it cannot: a plain word as it is, a typed card's
    {...} mapping as typed (where the card may be `typed` in full), anything else quoted."""
    value = value.strip()
    if "\n" in value or "\r" in value or "#" in value:
        return None, not_a_card("one line, without '#'")
    if value == PLACEHOLDER:
        return None, not_a_card(f"write the card, not {PLACEHOLDER}")
    if value.startswith("{"):
        if not typed:
            return None, not_a_card("a name, not a {...} mapping")
        return (value, None) if _reads_as(value, dict) else (None, not_a_card("a {key: value, ...} mapping"))
    if _PLAIN.fullmatch(value) and _reads_as(value, str) and loaded(value) == value:
        return value, None
    return json.dumps(value, ensure_ascii=False), None


def not_a_card(why: str) -> str:
    return f"not a card this setup can hold: {why}"


def loaded(text: str):
    from ruamel.yaml import YAML

    try:
        return YAML(typ="safe", pure=True).load(text)
    except Exception:  # noqa: BLE001 - any text YAML does not read is refused the same way
        return None


def _reads_as(text: str, kind: type) -> bool:
    return isinstance(loaded(text), kind)


def spliced(text: str, field: Field, values: list[str]) -> str:
    """The text with the field's items replaced by `values` (each YAML text, "" to keep an item as it is);
    a list of any length (the theses) takes as many items as given."""
    spans = field.spans()
    if field.grows:
        given = [v for v in values if v]
        if not given or not spans:
            return text
        start, end = spans[0][0], spans[-1][1]
        column = field.node.value[0].start_mark.column
        between = ", " if field.node.flow_style else "\n" + " " * (column - 2) + "- "
        return text[:start] + between.join(given) + text[end:]
    for (start, end), value in sorted(zip(spans, values), reverse=True):
        if value:
            text = text[:start] + value + text[end:]
    return text


def without_theses(text: str, field: Field) -> str:
    """The text with the thesis list and the comment lines just above it taken out, as `new --record
    --no-theses` writes it (the saved thesis catalogue, or --theses, then holds them)."""
    lines = text.split("\n")
    key_line = field.node.start_mark.line - 1  # `theses:` on the line above its block of items
    if field.node.flow_style:
        key_line = field.node.start_mark.line
    first = key_line
    while first > 0 and lines[first - 1].strip().startswith("#"):
        first -= 1
    ends = [item.end_mark for item in field.node.value] or [field.node.end_mark]
    last = ends[-1].line if ends[-1].column else ends[-1].line - 1  # the last item's line
    return "\n".join(lines[:first] + lines[last + 1 :])


def pending(game, path: str, text: str, opts: dict) -> bool:
    """Is this file a record whose setup is still being entered: every problem it has is a FILL-IN?"""
    from pastiche_cli.formats.gamekey import is_record_text
    from pastiche_cli.formats.reading import read_any
    from pastiche_cli.kernel.problems import WARNING, PositionError

    if not is_record_text(text):
        return False
    try:
        game.reader.prepare(path, opts)  # the catalogue an option names, read up front (as `check` reads it)
        problems = read_any(game, path, text, opts)[1]
    except PositionError:
        return False
    errors = [p for p in problems if p.kind != WARNING]
    return bool(errors) and all(p.code == "placeholder" for p in errors)
