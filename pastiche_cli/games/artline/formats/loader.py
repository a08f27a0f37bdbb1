"""Reading an Artline position file (spec/artline.md 3), every format problem located; the rules are core's."""

from __future__ import annotations

from pastiche_cli.formats import nodes
from pastiche_cli.formats.nodes import read_with, spelt_as
from pastiche_cli.games.artline.core.facts import facts
from pastiche_cli.games.artline.core.position import (
    COLUMN,
    PHASES,
    PLAY,
    ROW,
    Bounds,
    Gallery,
    Line,
    Painting,
    Player,
    Position,
)
from pastiche_cli.kernel.names import explain_twins, reading
from pastiche_cli.kernel.problems import FORMAT, PositionError, Reading

TOP_KEYS = ("game", "players", "table", "galleries", "deck", "discard", "turn", "bounds")
REQUIRED = ("players", "table", "deck")
PLAYER_KEYS = ("name", "hand")
PAINTING_KEYS = ("at", "orientation", "title", "by")
GALLERY_KEYS = ("row", "column", "feature", "opened_by")
TURN_KEYS = ("player", "phase")
BOUNDS_KEYS = ("columns", "rows")


class PositionReader(nodes.Reader):
    """The shared node reader with Artline's pieces: cells, orientations, player names."""

    partial: Position | None = None  # with format problems: what could be read
    whole: set = set()  # the top-level parts read whole

    def __init__(self, filename: str):
        super().__init__(filename)
        self.names: list[str] = []

    def count(self, node, what: str, low: int = 0) -> int | None:
        """A whole number no smaller than `low` and no larger than the paintings in the box."""
        value = self.integer(node, what)
        if value is None:
            return None
        if not low <= value <= facts().cards:
            why = f"{what} is {value}; it must be {low} to {facts().cards} (there are {facts().cards} paintings)"
            self.error(node, "range", why)
            return None
        return value

    def cell(self, node, what: str):
        """[x, y]: two whole numbers, each within reach of the starting painting."""
        labels = (f"{what}'s x", f"{what}'s y")
        xy = self.pair(node, what, lambda n: f"{what} should be two whole numbers [x, y], not {n} values", labels)
        if xy is None:
            return None
        reach = facts().cards
        for item, value, axis in zip(node.value, xy, "xy"):
            if abs(value) > reach:
                why = f"{what}'s {axis} is {value}: no table of {reach} paintings reaches that far from the start"
                self.error(item, "range", why)
                return None
        return xy

    def orientation(self, node) -> str | None:
        word = self.text(node, "the orientation")
        if word is None:
            return None
        known = facts().orientations
        if word.lower() not in known:
            offer = self.did_you_mean(word.lower(), known, f" (write {' or '.join(known)})")
            self.error(node, "unknown-orientation", f"unknown orientation '{word}'" + offer)
            return None
        return word.lower()

    def player_ref(self, node, what: str) -> str | None:
        """A name that must be one of the players: returned as the players list spells it."""
        word = self.text(node, what)
        if word is None:
            return None
        found = spelt_as(word, self.names)
        if found is not None:
            return found
        offer = self.did_you_mean(word, self.names, f" ({', '.join(self.names) or 'none listed'})")
        self.error(node, "unknown-player", f"{what} '{word}' is not one of the players" + offer)
        return None

    def position(self, root) -> Position | None:
        empty = "the file is empty; an Artline position lists players, table and deck "
        empty += "(`pastiche new --game artline --players A,B` writes one)"
        top = self.top(root, TOP_KEYS, "artline", empty)
        if top is None:
            return None
        self.lacking(root, top, REQUIRED, "the position", " (an Artline position gives players, table and deck)")
        whole = self.whole = set()  # the parts read without losing anything (see `partial`)

        def part(name: str, read, default, entries=None):
            before = self.format_count()
            value = read(top[name][1]) if name in top else default
            if name in top and value is not None and entries is None and self.format_count() == before:
                whole.add(name)
            elif name in top and entries is not None and len(value) == entries(top[name][1]):
                whole.add(name)  # every entry gave its value (a misspelt `by:` keeps the painting)
            elif name not in top and name not in REQUIRED:
                whole.add(name)  # left out: its default
            return value

        players = part("players", self.players, (), _entries)
        table = part("table", lambda n: tuple(self.each(n, "table", self.painting)), (), _entries)
        galleries = part("galleries", lambda n: tuple(self.each(n, "galleries", self.gallery)), (), _entries)
        deck = part("deck", lambda n: self.count(n, "the deck"), None)
        discard = part("discard", lambda n: self.count(n, "the discard pile"), 0)
        turn, phase = part("turn", self.turn, (None, PLAY))
        bounds = part("bounds", self.bounds, None)
        if "players" in whole and len({reading(p.name) for p in players}) != len(players):
            whole.discard("players")
        position = Position(players, table, galleries, deck or 0, discard or 0, turn, bounds, phase)
        for key in ("deck", "table"):  # for the count and table checks; the document's start when left out
            self.place(key, top[key][1] if key in top else root)
        if any(p.kind == FORMAT for p in self.problems):
            self.partial = position  # what could be read, for the rule checks that need only that
            return None
        return position

    def format_count(self) -> int:
        return sum(1 for p in self.problems if p.kind == FORMAT)

    def players(self, node) -> tuple[Player, ...]:
        items = self.sequence(node, "players")
        if items is None:
            return ()
        if not items:
            self.error(node, "empty", "players is empty; list each player with their hand, in turn order")
        out = []
        for i, item in enumerate(items):
            fields = self.mapping(item, f"players[{i}]", PLAYER_KEYS)
            if fields is None:
                continue
            self.lacking(item, fields, PLAYER_KEYS, f"players[{i}]", " (write {name: Ana, hand: 5})")
            name = self.player_name(fields["name"][1], f"players[{i}].name") if "name" in fields else None
            hand = self.count(fields["hand"][1], f"{name or f'players[{i}]'}'s hand") if "hand" in fields else None
            twin = next((n for n in self.names if reading(n) == reading(name)), None) if name is not None else None
            if twin is not None:
                why = f"the player '{name}' is listed twice{explain_twins(twin, name)}"
                self.error(fields["name"][1], "duplicate-player", why)
                continue
            if name is not None:
                self.names.append(name)
            if name is not None and hand is not None:
                out.append(Player(name, hand, self.loc(item)))
        return tuple(out)

    def painting(self, item, what: str) -> Painting | None:
        fields = self.mapping(item, what, PAINTING_KEYS)
        if fields is None:
            return None
        if "at" not in fields:
            self.error(item, "missing-key", f"{what} lacks 'at' (write {{at: [x, y], orientation: landscape}})")
            return None
        cell = self.cell(fields["at"][1], f"{what}.at")
        orientation = (
            self.orientation(fields["orientation"][1]) if "orientation" in fields else facts().start_orientation
        )
        title = self.text(fields["title"][1], f"{what}.title") if "title" in fields else None
        by = self.player_ref(fields["by"][1], f"{what}.by") if "by" in fields else None
        if cell is None or orientation is None:
            return None
        return Painting(cell, orientation, title, by, self.loc(item))

    def gallery(self, item, what: str) -> Gallery | None:
        fields = self.mapping(item, what, GALLERY_KEYS)
        if fields is None:
            return None
        axes = [a for a in (ROW, COLUMN) if a in fields]
        if len(axes) != 1:
            names = "both a row and a column" if axes else "no line"
            why = f"{what} names {names}; a gallery is one row or one column (write row: Y or column: X)"
            self.error(item, "gallery-line", why)
        if "feature" not in fields:
            self.error(item, "missing-key", f"{what} lacks 'feature' (what its paintings have in common)")
        index = None
        if len(axes) == 1:
            index = self.integer(fields[axes[0]][1], f"{what}.{axes[0]}")
            if index is not None and abs(index) > facts().cards:
                why = f"{what}.{axes[0]} is {index}: no table of {facts().cards} paintings reaches that far"
                self.error(fields[axes[0]][1], "range", why)
                index = None
        feature = self.text(fields["feature"][1], f"{what}.feature") if "feature" in fields else None
        opened_by = self.player_ref(fields["opened_by"][1], f"{what}.opened_by") if "opened_by" in fields else None
        if index is None or feature is None:
            return None
        return Gallery(Line(axes[0], index), " ".join(feature.split()), opened_by, self.loc(item))

    def turn(self, node) -> tuple[str | None, str]:
        """Whose turn it is, and its phase: `play` (the default) or `draw` (the turn's draw is still owed)."""
        fields = self.mapping(node, "turn", TURN_KEYS)
        if fields is None:
            return None, PLAY
        phase = self.phase(fields["phase"][1]) if "phase" in fields else PLAY
        if "player" not in fields:
            self.error(node, "missing-key", "turn lacks 'player' (write turn: {player: NAME})")
            return None, PLAY
        return self.player_ref(fields["player"][1], "turn.player"), phase

    def phase(self, node) -> str:
        word = self.text(node, "turn.phase")
        if word is None:
            return PLAY
        if word.lower() not in PHASES:
            listed = f" (write {' or '.join(PHASES)}: draw when the painting is played and the draw is still owed)"
            offer = self.did_you_mean(word.lower(), PHASES, listed)
            self.error(node, "unknown-phase", f"unknown turn phase '{word}'" + offer)
            return PLAY
        return word.lower()

    def bounds(self, node) -> Bounds | None:
        fields = self.mapping(node, "bounds", BOUNDS_KEYS)
        if fields is None:
            return None
        if self.lacking(node, fields, BOUNDS_KEYS, "bounds", " (write bounds: {columns: 8, rows: 5})"):
            return None
        columns = self.count(fields["columns"][1], "bounds.columns", 1)
        rows = self.count(fields["rows"][1], "bounds.rows", 1)
        return Bounds(columns, rows) if columns is not None and rows is not None else None


def _entries(node) -> int:
    """How many entries a list in the file has (0 for anything else: its own error says why)."""
    return len(node.value) if isinstance(getattr(node, "value", None), list) else -1


def parse_position(filename: str, text: str) -> Reading:
    """A Position from text (None when the format is broken), with every format problem found."""
    return read_with(PositionReader(filename), text)


def problems_of_text(filename: str, text: str) -> Reading:
    """Format problems, then (when the file reads) every rule problem and warning."""
    from pastiche_cli.games.artline.core.validate import rule_problems

    reader = PositionReader(filename)
    try:
        position, problems, places = read_with(reader, text)
    except PositionError as exc:
        return Reading(None, list(exc.problems))
    if position is None:
        # Every problem at once: the rule checks whose parts were read whole still run.
        partial = getattr(reader, "partial", None)
        found = rule_problems(partial, places, getattr(reader, "whole", set())) if partial is not None else []
        return Reading(None, problems + found, places)
    return Reading(position, problems + rule_problems(position, places), places)
