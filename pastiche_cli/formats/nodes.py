"""Reading composed YAML nodes with located problems: the shapes every game's file is made of, knowing no game.

A game's loader subclasses `Reader` and adds its own pieces (cards, cells, notation); every problem is collected,
not only the first, and where the file gives each part (`places`), which the reading keeps beside the position.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from pastiche_cli.formats.yamlio import MAX_NODES, STANDARD_TAGS, compose
from pastiche_cli.kernel.problems import FORMAT, WARNING, Loc, Places, Problem, Reading
from pastiche_cli.kernel.suggest import Budget, hint

MAP, SEQ, STR, INT, BOOL, NULL = ("tag:yaml.org,2002:" + t for t in ("map", "seq", "str", "int", "bool", "null"))
PLACEHOLDER = "FILL-IN"  # what `pastiche new` leaves for the group to fill in
_INT = re.compile(r"[-+]?[0-9]+\Z")


class PositionReader(Protocol):
    """A game's reader of a position file: a Reader with its `position(root)`."""

    filename: str

    def position(self, root):
        """The game's position from the document's root node (None for an empty file)."""

    def reading(self, position) -> Reading: ...


def read_with(reader: PositionReader, text: str) -> Reading:
    """A position file's text read by a game's reader (its `position(root)`); PositionError for unreadable YAML."""
    return reader.reading(reader.position(compose(reader.filename, text)))


class Reader:
    """Walks composed YAML nodes, collecting located problems instead of stopping at the first."""

    def __init__(self, filename: str):
        self.filename = filename
        self.problems: list[Problem] = []
        self.where: dict[str, Loc] = {}  # where the file gives each part (kernel/problems.Places)
        self.visited = 0
        self.guesses = Budget()  # did-you-mean for every unknown word, bounded for hostile files

    def did_you_mean(self, word: str, choices: Iterable[str], otherwise: str = "") -> str:
        return hint(self.guesses.suggest(word, choices), otherwise)

    def loc(self, node) -> Loc:
        """Where a node starts."""
        mark = node.start_mark
        return Loc(mark.line + 1, mark.column + 1)

    def place(self, key: str, node) -> None:
        """Note where the file gives `key` (a Places key: "gallery", "board.start", "players[0].hexes")."""
        self.where[key] = self.loc(node)

    def place_keys(self, fields: dict, prefix: str = "") -> None:
        """Note where each key of a mapping read (`mapping`'s fields) is, under `prefix`."""
        for key, (key_node, _) in fields.items():
            self.place(prefix + key, key_node)

    def reading(self, position) -> Reading:
        """What was read: the position, every problem, and where the file gives each part."""
        return Reading(position, self.problems, Places(self.where))

    def error(self, node, code: str, message: str, kind: str = FORMAT) -> None:
        loc = self.loc(node) if node is not None else Loc()
        self.problems.append(Problem(kind, code, message, loc.line, loc.column))

    def warn(self, node, code: str, message: str) -> None:
        self.error(node, code, message, WARNING)

    def _tagged_ok(self, node) -> bool:
        self.visited += 1
        if self.visited > MAX_NODES:
            if self.visited == MAX_NODES + 1:
                why = "the file expands to too many values (aliases?); a position is much smaller"
                self.error(node, "too-many-nodes", why)
            return False
        tag = node.tag if isinstance(node.tag, str) else str(node.tag)
        if tag not in STANDARD_TAGS:
            self.error(node, "tag", f"the tag '{tag}' is not allowed in a position file; remove it")
            return False
        return True

    def mapping(self, node, what: str, allowed: tuple[str, ...]) -> dict | None:
        """{key: (key_node, value_node)} for a mapping, reporting unknown and duplicate keys."""
        if node is None or not self._tagged_ok(node):
            return None
        if node.tag != MAP:
            self.error(node, "type", f"{what} should be a mapping of keys ({', '.join(allowed)})")
            return None
        out: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag != STR or not isinstance(key_node.value, str):
                self.error(key_node, "type", f"keys in {what} are words, not '{_short(key_node)}'")
                continue
            key = key_node.value
            if key in out:
                self.error(key_node, "duplicate-key", f"'{key}' is given twice in {what}")
                continue
            if key not in allowed:
                offer = self.did_you_mean(key, allowed, f" (known keys: {', '.join(allowed)})")
                self.error(key_node, "unknown-key", f"unknown key '{key}' in {what}" + offer)
                continue
            out[key] = (key_node, value_node)
        return out

    def top(self, root, allowed: tuple[str, ...], game: str, empty: str) -> dict | None:
        """The position's top-level fields, where each is noted and its `game:` checked; None, said, for an
        empty file (`empty` says what a position needs) or one that is no mapping."""
        if root is None:
            self.error(None, "empty", empty)
            return None
        fields = self.mapping(root, "the position", allowed)
        if fields is None:
            return None
        self.place_keys(fields)
        if "game" in fields:
            self.game_key(fields["game"][1], game)
        return fields

    def lacking(self, node, fields: dict, keys: Iterable[str], what: str, hint: str = "") -> list[str]:
        """The `keys` a mapping read (`fields`) lacks, said at the node: "WHAT lacks 'a', 'b' HINT"."""
        missing = [key for key in keys if key not in fields]
        if missing:
            self.error(node, "missing-key", f"{what} lacks {', '.join(repr(k) for k in missing)}{hint}")
        return missing

    def each(self, node, what: str, read: Callable[[Any, str], Any]) -> list:
        """What `read(item, "what[i]")` makes of each item of the list at `node` (None: no list), unread left out."""
        if node is None:
            return []
        found = (read(item, f"{what}[{i}]") for i, item in enumerate(self.sequence(node, what) or ()))
        return [value for value in found if value is not None]

    def known(self, node, what: str, find: Callable[[str], Any], code: str, unknown: Callable[[str], str]):
        """What `find` makes of the node's text (a card by its name, say); None, with a `code` problem at the
        node saying `unknown(text)`, when it makes nothing of it."""
        word = self.text(node, what)
        if word is None:
            return None
        found = find(word)
        if found is None:
            self.error(node, code, unknown(word))
        return found

    def player_entry(
        self, node, what: str, allowed: tuple[str, ...], read: Callable[[str], str] = str.strip
    ) -> tuple[dict | None, str | None]:
        """A player's mapping and its name (None when it has none, reported): the rest is still read,
        so that every problem of the entry is found in one pass."""
        fields = self.mapping(node, what, allowed)
        if fields is None:
            return None, None
        if "name" not in fields:
            self.error(node, "missing-key", f"{what} has no 'name'")
            return fields, None
        return fields, self.player_name(fields["name"][1], "a player's name", read)

    def player_list(self, root, fields: dict, missing: str, empty: str | None = None) -> list:
        """The `players:` list, each entry read by the game's `player(node, index)`; `missing`, `empty` said if so."""
        if "players" not in fields:
            self.error(root, "missing-key", missing)
            return []
        items = self.sequence(fields["players"][1], "players")
        if empty is not None and items is not None and not items:
            self.error(fields["players"][1], "empty", empty)
        read = (self.player(item, i) for i, item in enumerate(items or ()))  # type: ignore[attr-defined]
        return [player for player in read if player is not None]

    def keyed(self, node, what: str, kind: str, key: Callable[[Any], str | None], twice: Callable[[str], str]) -> dict:
        """{key: (key_node, value_node)} of a mapping keyed by ids or names that `key(key_node)` reads (None: left out);
        `twice(key)` says a key given twice, `kind` what the mapping should be."""
        if not self._tagged_ok(node) or node.tag == NULL:
            return {}
        if node.tag != MAP:
            self.error(node, "type", f"{what} should be {kind}")
            return {}
        out: dict = {}
        for key_node, value_node in node.value:
            found = key(key_node)
            if found is not None and found in out:
                self.error(key_node, "duplicate-key", twice(found))
            elif found is not None:
                out[found] = (key_node, value_node)
        return out

    def player_name(self, node, what: str = "a player's name", read: Callable[[str], str] = str.strip) -> str | None:
        """A player's name, by the one rule every game keeps (kernel/names.name_problem): the scalar's text as
        written (`007`, `yes`, `1.5` are names as typed), one line of visible text, not too long."""
        from pastiche_cli.kernel.names import name_problem

        standard = node is not None and str(node.tag) in STANDARD_TAGS  # any other tag: refused as in every value
        if standard and node.tag not in (STR, MAP, SEQ, NULL) and isinstance(node.value, str):
            # A plain `007` or `1.5` is the name as typed; one tagged as something else (`!!float 1.5`,
            # `!!bool yes`, `!!timestamp ...`: its span is longer than its text) says it is not a name.
            start, end = getattr(node, "start_mark", None), getattr(node, "end_mark", None)
            if start is not None and end is not None and end.index - start.index > len(node.value):
                tag = str(node.tag).rsplit(":", 1)[-1]
                self.error(node, "type", f"{what} is text, not a {tag}: remove the tag '!!{tag}'")
                return None
        value = self.text(node, what, read)
        if value is None:
            return None
        found = name_problem(value)
        if found is not None:
            self.error(node, "name", f"{what} {found}")
            return None
        return value

    def pair(self, node, what: str, wrong: Callable[[int], str], labels: tuple[str, str]) -> tuple[int, int] | None:
        """Two whole numbers [a, b] (a cell), read as `labels`; `wrong(n)` says a list of n values is not one."""
        items = self.sequence(node, what)
        if items is None:
            return None
        if len(items) != 2:
            self.error(node, "type", wrong(len(items)))
            return None
        values = [self.integer(item, label) for item, label in zip(items, labels)]
        return None if values[0] is None or values[1] is None else (values[0], values[1])

    def sequence(self, node, what: str) -> list | None:
        if not self._tagged_ok(node):
            return None
        if node.tag == NULL:
            return []
        if node.tag != SEQ:
            self.error(node, "type", f"{what} should be a list")
            return None
        return list(node.value)

    def placeholder(self, node, what: str) -> bool:
        """A FILL-IN left by `pastiche new`: say what to write there."""
        if node.tag != STR or node.value != PLACEHOLDER:
            return False
        why = f"{what}: replace the {PLACEHOLDER} left by `pastiche new` with what is on the table"
        self.error(node, "placeholder", why)
        return True

    def text(self, node, what: str, read: Callable[[str], str] = str.strip) -> str | None:
        if not self._tagged_ok(node) or self.placeholder(node, what):
            return None
        if node.tag in (MAP, SEQ) or node.tag == NULL:
            self.error(node, "type", f"{what} should be text")
            return None
        value = read(str(node.value))
        if not value:
            self.error(node, "empty", f"{what} is empty")
            return None
        return value

    def integer(self, node, what: str) -> int | None:
        if not self._tagged_ok(node) or self.placeholder(node, what):
            return None
        if node.tag != INT or not _INT.match(str(node.value)):
            self.error(node, "type", f"{what} should be a whole number, not '{_short(node)}'")
            return None
        if len(str(node.value).lstrip("+-0")) > 9:
            # int() refuses strings of over 4300 digits; no count in a position comes near this.
            self.error(node, "range", f"{what} is far too large: '{_short(node)}'")
            return None
        return int(node.value)

    def game_key(self, node, expected: str) -> None:
        """The file's `game:` names this reader's game (by name or alias), or it is a located error (SPEC 9: a
        name no game has, or a --game that overrode the file)."""
        from pastiche_cli import games

        word = self.text(node, "the game")
        if word is None:
            return
        game = games.by_name(word)
        if game is not None and game.name == expected:
            return
        if game is not None:
            article = "an" if game.title[:1].lower() in "aeiou" else "a"
            own = "pastiche COMMAND FILE" if game.name == games.DEFAULT else f"pastiche {game.name} ..."
            why = f"this is {article} {game.title} file (game: {word}), read here as {games.known()[expected].title}: "
            self.error(node, "wrong-game", why + f"use its own commands ({own}, or score/check/end without --game)")
            return
        offer = self.did_you_mean(word.lower(), games.names()) + f" (the games: {', '.join(games.known())})"
        self.error(node, "unknown-game", f"unknown game '{word}'" + offer)

    def boolean(self, node, what: str) -> bool | None:
        if not self._tagged_ok(node):
            return None
        if node.tag != BOOL:
            self.error(node, "type", f"{what} should be true or false, not '{_short(node)}'")
            return None
        return str(node.value).lower() == "true"


def spelt_as(word: str, names: Iterable[str]) -> str | None:
    """The name `word` stands for, as `names` spells it: exactly first, then ignoring case."""
    names = list(names)
    found = next((name for name in names if name == word), None)
    return found or next((name for name in names if name.casefold() == word.casefold()), None)


def _short(node) -> str:
    value = node.value if isinstance(node.value, str) else "…"
    return value if len(value) <= 30 else value[:27] + "..."
