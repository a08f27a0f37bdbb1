"""A YAML text's node graph, built from the parser's events in one pass, and the parser's errors in plain words.

ruamel's C composer recurses without a depth check (40 000 nested `[` crash the process): here the nodes
are built as it builds them (resolved tags, shared anchors, marks) and nesting deeper than MAX_DEPTH is
refused where it happens. Nothing here constructs Python objects from tags.
"""

from __future__ import annotations

from pastiche_cli.kernel.problems import FORMAT, PositionError, Problem

# Lists and mappings inside each other; a position needs about 6 levels.
MAX_DEPTH = 64

MERGE = "tag:yaml.org,2002:merge"
MERGE_REFUSED = "a merge key '<<' is not supported in a position: write the keys it would copy out in full"


def problem(code: str, message: str, line: int = 1, column: int = 1) -> Problem:
    return Problem(FORMAT, code, message, line, column)


def _at(mark, code: str, message: str) -> Problem:
    """A problem where the parser's (0-based) mark is."""
    return problem(code, message, mark.line + 1, mark.column + 1)


class _Composer:
    """The nodes of one document, attached as the events come (a stack of open lists and mappings)."""

    def __init__(self, name: str, resolver):
        from ruamel.yaml import events, nodes
        from ruamel.yaml.tag import Tag

        self.name, self.resolver, self.events, self.nodes, self.Tag = name, resolver, events, nodes, Tag
        self.root = None
        self.anchors: dict = {}
        self.merges: list[Problem] = []
        self.stack: list = []  # [collection node, key waiting for its value (mappings)]
        self.documents = 0
        # One Tag object per distinct tag, its text worked out once (ruamel decodes a tag's text again
        # for every node that has its own Tag), and each plain scalar's text resolved once.
        self.tags: dict = {}
        self.resolved: dict = {}

    def refuse(self, mark, code: str, message: str):
        raise PositionError(self.name, [_at(mark, code, message)])

    def attach(self, node) -> None:
        if not self.stack:
            self.root = node
            return
        top = self.stack[-1]
        if top[0].id == "sequence":
            top[0].value.append(node)
        elif top[1] is None:
            top[1] = node
            if node.tag == MERGE:  # `<<: *anchor` would copy keys silently: refused at each '<<'
                self.merges.append(_at(node.start_mark, "merge-key", MERGE_REFUSED))
        else:
            top[0].value.append((top[1], node))
            top[1] = None

    def shared(self, text: str):
        tag = self.tags.get(text)
        if tag is None:
            # The parser has already decoded %-escapes (`!a%25` is "!a%"); a Tag decodes its text
            # again, so a '%' is given back escaped: the tag stays what was written, and one that is
            # refused is refused at its node like any other, not a crash on "%" without hex digits.
            tag = self.tags[text] = self.Tag(suffix=text.replace("%", "%25"))
        return tag

    def tag_of(self, event, kind, value=None):
        tag = event.tag
        if tag is None or tag == "!":
            key = (kind, value, event.implicit)
            found = self.resolved.get(key)
            if found is None:
                found = self.resolved[key] = self.shared(str(self.resolver.resolve(kind, value, event.implicit)))
            return found
        return self.shared(str(tag))

    def node(self, event):
        """The node an event starts (None for an event that makes none), every refusal raised where it is."""
        kind, events, nodes = type(event), self.events, self.nodes
        if kind is events.ScalarEvent:
            tag = self.tag_of(event, nodes.ScalarNode, event.value)
            return nodes.ScalarNode(
                tag, event.value, event.start_mark, event.end_mark, style=event.style, anchor=event.anchor
            )
        if kind is events.SequenceStartEvent or kind is events.MappingStartEvent:
            if len(self.stack) >= MAX_DEPTH:
                why = f"the YAML is nested more than {MAX_DEPTH} deep; a position is nested about 6 deep"
                self.refuse(event.start_mark, "too-deep", why)
            cls = nodes.SequenceNode if kind is events.SequenceStartEvent else nodes.MappingNode
            return cls(
                self.tag_of(event, cls), [], event.start_mark, None, flow_style=event.flow_style, anchor=event.anchor
            )
        if kind is events.DocumentStartEvent:
            self.documents += 1
            if self.documents > 1:
                why = "YAML syntax: the file holds more than one YAML document (a second '---'); a position is one"
                self.refuse(event.start_mark, "yaml-syntax", why)
        return None

    def take(self, event) -> None:
        if type(event) is self.events.AliasEvent:
            if event.anchor not in self.anchors:
                why = f"YAML syntax: this alias (*{event.anchor}) refers to no anchor (&{event.anchor}) above it"
                self.refuse(event.start_mark, "yaml-syntax", why)
            self.attach(self.anchors[event.anchor])
        elif isinstance(event, self.events.CollectionEndEvent):
            self.stack.pop()[0].end_mark = event.end_mark
        else:
            node = self.node(event)
            if node is None:
                return
            if event.anchor is not None:
                self.anchors[event.anchor] = node
            self.attach(node)
            if node.id != "scalar":
                self.stack.append([node, None])


def compose_events(name: str, events, resolver):
    """The document's root node from the parser's events, in one pass and without recursion."""
    composer = _Composer(name, resolver)
    for event in events:
        composer.take(event)
    if composer.merges:
        raise PositionError(name, composer.merges)
    return composer.root


# --- the parser's errors in plain words ----------------------------------------------------------

# The parser's wording, in plain words (matched on the start of its "problem" text).
PLAIN_WORDS = (
    (
        "mapping values are not allowed",
        "a ':' followed by a space starts a key, and no key can start here; if the text itself holds ': ', "
        "put it in quotes",
    ),
    ("could not find expected ':'", "this key has no ':' after it (or a line above is indented wrongly)"),
    ("found undefined alias", "this alias (*name) refers to no anchor (&name) above it"),
    ("expected <block end>, but found", "this line is indented differently from the lines above it at the same level"),
    ("expected a single document", "the file holds more than one YAML document (a second '---'); a position is one"),
    ("found unexpected ':'", "a ':' cannot stand here; put the text in quotes if it holds a colon"),
    (
        "found unknown escape character",
        "a backslash in double quotes starts an escape YAML does not know; "
        "use single quotes, or write \\\\ for a backslash",
    ),
    ("found duplicate anchor", "two anchors (&name) have the same name"),
    ("while parsing a block mapping", "this line does not continue the mapping above it (check its indentation)"),
)
CLOSERS = {"flow sequence": ("list", "[", "]"), "flow mapping": ("mapping", "{", "}")}


def _end_of_content_before(text: str, line: int, column: int) -> tuple[int, int]:
    """(line, column), 0-based, just after the last character that is not space or comment before the mark."""
    lines = text.split("\n")
    row, col = min(line, len(lines) - 1), column  # type: int, int | None
    while row >= 0:
        part = lines[row][:col] if col is not None else lines[row]
        stripped = part.split(" #")[0].rstrip() if not part.lstrip().startswith("#") else ""
        if stripped:
            return row, len(stripped)
        row -= 1
        col = None
    return line, column


def mark_problem(exc: Exception, text: str = "") -> Problem:
    """A located problem from a ruamel parse error, in plain words, where the fix goes."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    start = getattr(exc, "context_mark", None)
    what = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    context = getattr(exc, "context", None) or ""
    lines = text.split("\n")
    at_char = ""
    if mark is not None and mark.line < len(lines) and mark.column < len(lines[mark.line]):
        at_char = lines[mark.line][mark.column]
    if mark is not None and at_char == "\t" and "cannot start any token" in what:
        why = "YAML syntax: a tab character is used for indentation here; YAML indents with spaces only"
        return _at(mark, "yaml-tab", why + " (replace the tab with spaces)")
    unclosed = _unclosed(text, mark, start, what, context)
    if unclosed is not None:
        return unclosed
    plain = next(
        (words for prefix, words in PLAIN_WORDS if what.startswith(prefix) or context.startswith(prefix)), None
    )
    if plain is None:
        plain = what + (f" ({context})" if context and context not in what else "")
    if mark is None:
        return problem("yaml-syntax", f"YAML syntax: {plain}")
    return _at(mark, "yaml-syntax", f"YAML syntax: {plain}")


def _unclosed(text: str, mark, start, what: str, context: str) -> Problem | None:
    """A flow list or mapping, or a quoted text, that is never closed: where its closer belongs."""
    kind = next((k for k in CLOSERS if k in context), None)
    if kind and start is not None and mark is not None and "did not find expected" in what:
        noun, opener, closer = CLOSERS[kind]
        # Flow text may run over lines, so the parser notices only at the next line's ':' or at the end:
        # the closer belongs at the end of the content before the line where it gave up.
        row, col = _end_of_content_before(text, mark.line, mark.column if mark.line == start.line else 0)
        why = f"YAML syntax: the {noun} opened with '{opener}' at line {start.line + 1}, column {start.column + 1} "
        why += f"is not closed: a '{closer}' (or a ',' before the next item) is missing here"
        return problem("yaml-unclosed", why, row + 1, col + 1)
    if start is not None and "quoted scalar" in context and "end of stream" in what:
        why = "YAML syntax: this quoted text is never closed: the matching quote is missing, so the rest of the file "
        return _at(start, "yaml-unclosed", why + "was read as part of it")
    if start is not None and "quoted scalar" in context and "document separator" in what:
        why = "YAML syntax: this quoted text runs into a '---' or '...' line: the matching quote is missing"
        return _at(start, "yaml-unclosed", why)
    return None
