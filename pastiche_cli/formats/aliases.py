"""A list or mapping written once with an anchor and again as an alias, in round-trip YAML: one container
in memory, so an edit at one place would change every place. `unsharing` gives each place its own copy
for an edit, and shares again afterwards whatever the edit did not touch (formats/yamledit.py edits).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def entries(node) -> list:
    """(key, value) of a mapping's entries, (index, item) of a list's."""
    return list(node.items()) if isinstance(node, dict) else list(enumerate(node))


def is_container(value) -> bool:
    return isinstance(value, (list, dict))


def _bare_copy(node):
    """A deep copy of a container with none of its comments (they belong to the anchor's place) and
    no anchors, its own lists and mappings, and the same flow or block style."""
    import copy

    from ruamel.yaml.anchor import Anchor
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    out = CommentedMap() if isinstance(node, dict) else CommentedSeq()
    if node.fa.flow_style():
        out.fa.set_flow_style()
    elif node.fa.flow_style() is False:
        out.fa.set_block_style()
    for key, value in entries(node):
        if is_container(value):
            value = _bare_copy(value)
        elif getattr(getattr(value, Anchor.attrib, None), "value", None) is not None:
            value = copy.copy(value)  # an anchored scalar: the copy is not
            setattr(value, Anchor.attrib, Anchor())
        if isinstance(out, dict):
            out[key] = value
        else:
            out.append(value)
    return out


def _shape(node):
    """What the dump of a node depends on: its values, styles and comment text, nested."""
    if not is_container(node):
        return type(node), node
    ca = node.ca

    def text(slot):
        if slot is None:
            return None
        if isinstance(slot, list):
            return tuple(text(t) for t in slot)
        return slot.value

    comments = (
        tuple((k, tuple(text(s) for s in v)) for k, v in ca.items.items()),
        text(ca.comment),
        text(getattr(ca, "end", None)),
    )
    return (type(node), node.fa.flow_style(), comments, tuple((k, _shape(v)) for k, v in entries(node)))


class Unshared:
    """The record of unshare_all: each container written at several places, and its copies."""

    def __init__(self, groups: list):
        self.groups = groups  # [original, shape before, [(copy, shape when made)]]

    def share_untouched(self, data) -> None:
        """Put each original back at its copies' places when the edit changed none of them, so the
        file keeps the aliases the edit had no reason to break."""
        if not self.groups:
            return
        order: dict[int, tuple[int, object, object]] = {}

        def walk(node) -> None:
            for key, value in entries(node):
                if is_container(value):
                    order.setdefault(id(value), (len(order), node, key))
                    walk(value)

        walk(data)
        back: list[tuple[Any, Any, Any]] = []  # decided on the edited data as it is, before any original goes back
        for original, before, copies in self.groups:
            if id(original) not in order or _shape(original) != before:
                continue
            first = order[id(original)][0]
            for copy, made in copies:
                # The anchor is written at the first place: it must still be the original's own.
                if id(copy) in order and order[id(copy)][0] > first and _shape(copy) == made:
                    back.append((order[id(copy)][1], order[id(copy)][2], original))
        for parent, key, original in back:
            parent[key] = original


def unshare_all(data) -> Unshared:
    """Give every place of an anchored container and its aliases its own copy (without comments), so that an
    edit at one place cannot change the others (an alias inside its own anchor's container reads as null)."""
    seen: set[int] = set()
    groups: dict[int, list] = {}

    def visit(node) -> None:
        for key, value in entries(node):
            if not is_container(value):
                continue
            if id(value) in seen:
                copy = _bare_copy(value)
                node[key] = copy
                group = groups.setdefault(id(value), [value, _shape(value), []])
                group[2].append((copy, _shape(copy)))
                value = copy
            seen.add(id(value))
            visit(value)

    if is_container(data):
        seen.add(id(data))
        visit(data)
    return Unshared(list(groups.values()))


def unsharing(change: Callable[[object], None]) -> Callable[[object], None]:
    """`change`, run on round-trip data in which no place shares a list or mapping with another
    (unshare_all), the places it did not touch sharing again afterwards."""

    def unshared_change(data) -> None:
        record = unshare_all(data)
        change(data)
        record.share_untouched(data)

    return unshared_change
