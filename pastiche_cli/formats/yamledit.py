"""Edits of round-trip YAML that keep the user's comment lines where they were.

ruamel keeps the comment lines that follow a block list or mapping on its last entry: adding after
that entry, or deleting it, would move those lines into the container or lose them. These helpers
move them along, so `--apply` never loses a comment.
"""

from __future__ import annotations


def _trailing_slot(node):
    """(comment items, key, index) where the comment after a block container's last line lives."""
    if isinstance(node, list) and node:
        key, index = len(node) - 1, 0
    elif isinstance(node, dict) and node:
        key, index = list(node)[-1], 2
    else:
        return None
    child = node[key]
    if isinstance(child, (list, dict)) and child and not child.fa.flow_style():
        return _trailing_slot(child)
    return node.ca.items, key, index


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


def adding_at_end(container, add) -> None:
    """Run `add()` on a block container, the comment lines after its last entry kept after the new ones."""
    slot = _trailing_slot(container) if not container.fa.flow_style() else None
    rest = _cut_after_line(*slot) if slot else ""
    add()
    if rest:
        _add_after_line(*_trailing_slot(container), rest)


def delete_item(parent, key, item) -> None:
    """Delete `item` (an index of a list, or a key of a mapping) of parent[key], keeping the comment
    lines that follow it."""
    container = parent[key]
    is_list = isinstance(container, list)
    index = 0 if is_list else 2
    rest = "" if container.fa.flow_style() else _cut_after_line(container.ca.items, item, index)
    if is_list:
        before = item - 1 if item > 0 else None
    else:
        keys = list(container)
        at = keys.index(item)
        before = keys[at - 1] if at > 0 else None
    del container[item]
    end = getattr(container.ca, "end", None)
    if not container and end:
        # Lines after a block list of flow items live on the list's end; an empty list is written
        # `key: []`, which has no end, so they go after that line instead.
        rest += "".join(" " * (token.column or 0) + token.value for token in end)
        container.ca.end = []
    if not rest:
        return
    if before is not None:
        _add_after_line(container.ca.items, before, index, rest)
    elif container:                # the lines were above the next entry: keep them above it
        from ruamel.yaml.error import CommentMark
        from ruamel.yaml.tokens import CommentToken

        entry = parent.ca.items.setdefault(key, [None, None, None, None])
        if entry[3] is None:
            entry[3] = []
        entry[3].append(CommentToken(rest, CommentMark(0), None))
    else:                          # the container is empty now: `key: []` or `key: {}`, then the lines
        container.fa.set_flow_style()
        _add_after_line(parent.ca.items, key, 2, rest)
