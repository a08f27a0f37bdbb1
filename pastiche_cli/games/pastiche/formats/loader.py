"""Reading a position file into a Position, reporting every format problem at once, located."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from functools import lru_cache

from pastiche_cli.formats import nodes
from pastiche_cli.formats.nodes import INT, MAP, NULL, SEQ, STR, _short, read_with
from pastiche_cli.formats.yamlio import compose, read_text
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.notation import NotationError, parse_hex
from pastiche_cli.games.pastiche.core.position import Commission, HouseRules, PlacedHex, Player, Position, Turn
from pastiche_cli.kernel.problems import FORMAT, Loc, PositionError, Problem, Reading, player_key, problem_at

TOP_KEYS = ("game", "players", "gallery", "board", "turn", "catalogue", "house_rules")
PLAYER_KEYS = ("name", "palette", "commissions", "completed", "hexes")
COMMISSION_KEYS = ("id", "title", "artist", "points", "palette", "artist_bonus")
BOARD_KEYS = ("start", "placed")
PLACED_KEYS = ("at", "hex", "by")
TURN_KEYS = ("player", "phase", "swapped")
PHASES = ("mixing", "painting", "cleanup")
HOUSE_RULE_KEYS = ("strict_adjacency", "open_hands", "end_threshold")


def player_name_of(scalar_text: str) -> str:
    """A player's name from its YAML scalar's text, stripped (the --apply edits find players alike)."""
    return scalar_text.strip()


def user_catalogue_path() -> str:
    """The user's saved catalogue: $PASTICHE_CATALOGUE, else catalogue.yaml in the data folder."""
    explicit = os.environ.get("PASTICHE_CATALOGUE")
    if explicit:
        return explicit
    from pastiche_cli.formats.userdata import saved_path

    return saved_path("catalogue.yaml")


class Reader(nodes.Reader):
    """The generic node reader, with Pastiche's pieces: palette cards and hex notation."""

    def card(self, node, what: str) -> str | None:
        return self.known(node, what, colours.parse_card, "unknown-card", colours.unknown_card_message)

    def cards(self, node, what: str) -> Counter | None:
        """Palette cards as a list of names or a mapping name → count."""
        if not self._tagged_ok(node):
            return None
        held: Counter = Counter()
        if node.tag == NULL:
            return held
        if node.tag == SEQ:
            for item in node.value:
                card = self.card(item, f"a card in {what}")
                if card:
                    held[card] += 1
            return held
        if node.tag == MAP:
            seen: set[str] = set()
            for key_node, value_node in node.value:
                card = self.card(key_node, f"a card in {what}")
                count = self.integer(value_node, f"the number of {_short(key_node)} cards")
                if card is None or count is None:
                    continue
                if card in seen:
                    self.error(key_node, "duplicate-key", f"'{card}' is given twice in {what}")
                    continue
                seen.add(card)
                if count < 0:
                    self.error(value_node, "negative", f"a player cannot hold {count} {card} cards")
                    continue
                held[card] += count
            return held
        self.error(node, "type", f"{what} should be a list of card names or a mapping like {{teal: 2}}")
        return None

    def hex_notation(self, node, what: str) -> str | None:
        text = self.text(node, what)
        if text is None:
            return None
        try:
            return str(parse_hex(str(node.value)))
        except NotationError as exc:
            loc = self.loc(node)
            # Point at the offending letter when the scalar is plain or quoted on one line.
            column = loc.column + exc.index + (1 if getattr(node, "style", None) in ("'", '"') else 0)
            self.problems.append(Problem(FORMAT, "hex-notation", f"{what}: {exc}", loc.line, column))
            return None


class PositionReader(Reader):
    def __init__(self, filename: str, outside_catalogue: Callable[[], dict[str, Commission]] | None = None):
        super().__init__(filename)
        self.catalogue: dict[str, Commission] = {}
        self._outside_loader = outside_catalogue
        self._outside: dict[str, Commission] | None = None

    @property
    def outside(self) -> dict[str, Commission]:
        """The catalogue outside the file, read only when an id is not in the file's own."""
        if self._outside is None:
            self._outside = self._outside_loader() if self._outside_loader else {}
        return self._outside

    def commission_body(self, node, what: str, *, need_palette: bool, cid: str | None = None) -> Commission | None:
        fields = self.mapping(node, what, COMMISSION_KEYS)
        if fields is None:
            return None
        needed = ("title", "artist", "points") + (("palette",) if need_palette else ())
        missing = self.lacking(node, fields, needed, what, " (write them as printed on the card)")
        title = self.text(fields["title"][1], "the title") if "title" in fields else None
        artist = self.text(fields["artist"][1], "the artist") if "artist" in fields else None
        points = self.integer(fields["points"][1], "the commission points") if "points" in fields else None
        palette: Counter | None = Counter()
        if "palette" in fields:
            reported = len(self.problems)
            palette = self.cards(fields["palette"][1], f"the palette of {title or what}")
            if len(self.problems) > reported:
                palette = None  # a palette with unreadable cards would be judged short by the rule checks
        bonus = None
        if "artist_bonus" in fields:
            bonus = self.integer(fields["artist_bonus"][1], "the artist bonus")
        if "id" in fields:
            cid = self.text(fields["id"][1], "the id") or cid
        if missing or None in (title, artist, points, palette):
            return None
        return Commission(
            title, artist, points, tuple(colours.as_list(palette)), bonus, cid, self.loc(node), "palette" in fields
        )

    def commission(self, node, what: str, *, need_palette: bool) -> Commission | None:
        if not self._tagged_ok(node):
            return None
        if node.tag == MAP:
            self.visited -= 1
            return self.commission_body(node, what, need_palette=need_palette)
        if node.tag in (STR, INT):
            cid = str(node.value).strip()
            found = self.catalogue.get(cid) or self.outside.get(cid)
            if found is None:
                known = list(self.catalogue) + list(self.outside)
                none = "; no catalogue has any cards (give the card inline, add a 'catalogue:' to the file, "
                why = self.did_you_mean(cid, known) if known else none + "or pass --catalogue FILE with the card in it)"
                self.error(node, "unknown-commission", f"no commission with id '{cid}' in the catalogue{why}")
                return None
            return found._replace(id=cid, loc=self.loc(node))
        why = f"{what} should be a commission (a mapping with title, artist, points, palette) or a catalogue id"
        self.error(node, "type", why)
        return None

    def commissions(self, fields: dict, key: str, what: str, *, need_palette: bool) -> tuple[Commission, ...]:
        """The commissions listed under `key`, if the mapping has it."""
        node = fields[key][1] if key in fields else None
        return tuple(self.each(node, what, lambda item, at: self.commission(item, at, need_palette=need_palette)))

    def read_catalogue(self, node) -> dict[str, Commission]:
        fields = self.mapping_any(node, "catalogue")
        out: dict[str, Commission] = {}
        for cid, (key_node, value_node) in fields.items():
            # An id is a plain word or number: a tagged key (`!!python/object/apply:...`, any tag
            # but YAML's own) or a list or mapping under a tag would otherwise become an id made of
            # the parser's internal text, and be saved as such by `catalogue import`.
            tag = key_node.tag if isinstance(key_node.tag, str) else str(key_node.tag)
            if tag not in (STR, INT) or not isinstance(key_node.value, str):
                why = f"a catalogue id is a plain word, not a value tagged '{tag.replace('tag:yaml.org,2002:', '!!')}'"
                self.error(key_node, "tag" if tag not in nodes.STANDARD_TAGS else "type", why + "; remove the tag")
                continue
            card = self.commission_body(value_node, f"catalogue entry '{cid}'", need_palette=True, cid=cid)
            if card is not None:
                out[cid] = card._replace(id=cid)
        return out

    def mapping_any(self, node, what: str) -> dict:
        """A mapping whose keys are free-form ids."""

        def key(key_node) -> str | None:
            if not self._tagged_ok(key_node):
                return None  # a tagged id (!!python/...) would be saved as an internal node's text
            if key_node.tag in (MAP, SEQ):
                self.error(key_node, "type", f"ids in {what} are words, not lists or mappings")
                return None
            return str(key_node.value).strip()

        def twice(cid: str) -> str:
            return f"the id '{cid}' is given twice in {what}"

        return self.keyed(node, what, "a mapping of id: commission", key, twice)

    def player(self, node, index: int) -> Player | None:
        what = f"players[{index}]"
        fields, name = self.player_entry(node, what, PLAYER_KEYS, player_name_of)
        if fields is None:
            return None
        # Without a usable name, still read the rest, so every problem is reported in one pass.
        label = f"{name}'s" if name else what
        palette = self.cards(fields["palette"][1], f"{label} palette") if "palette" in fields else Counter()
        commissions = self.commissions(fields, "commissions", f"{label} commissions", need_palette=True)
        completed = self.commissions(fields, "completed", f"{label} completed", need_palette=False)
        hexes: list[str] = []
        if "hexes" in fields:
            for i, item in enumerate(self.sequence(fields["hexes"][1], f"{label} hexes") or []):
                tile = self.hex_notation(item, f"{label} hex {i + 1}")
                if tile:
                    hexes.append(tile)
        if name is None:
            return None
        self.place_keys(fields, player_key(index, ""))
        return Player(
            name, index, palette or Counter(), commissions, completed, tuple(hexes), "hexes" in fields, self.loc(node)
        )

    def cell(self, node, what: str) -> tuple[int, int] | None:
        return self.pair(node, what, lambda _: f"{what} should be two numbers [q, r]", ("q", "r"))

    def board(self, node):
        fields = self.mapping(node, "board", BOARD_KEYS)
        if fields is None:
            return None, ()
        start = None
        if "start" in fields:
            self.place("board.start", fields["start"][0])
            items = self.sequence(fields["start"][1], "board.start")
            if items is not None:
                if len(items) != 3:
                    why = "board.start lists the starting piece's three hexes, for (0,0), (1,0) and (0,1)"
                    self.error(fields["start"][1], "type", why)
                else:
                    tiles = [self.hex_notation(item, f"starting hex {i + 1}") for i, item in enumerate(items)]
                    if all(tiles):
                        start = tuple(tiles)
        placed: list[PlacedHex] = []
        if "placed" in fields:
            self.place("board.placed", fields["placed"][0])
            for i, item in enumerate(self.sequence(fields["placed"][1], "board.placed") or []):
                what = f"board.placed[{i}]"
                entry = self.mapping(item, what, PLACED_KEYS)
                if entry is None:
                    continue
                if self.lacking(item, entry, ("at", "hex"), what):
                    continue
                at = self.cell(entry["at"][1], f"{what}.at")
                tile = self.hex_notation(entry["hex"][1], f"{what}.hex")
                by = self.text(entry["by"][1], f"{what}.by") if "by" in entry else None
                if at is not None and tile is not None:
                    placed.append(PlacedHex(at, tile, by, self.loc(item)))
        return start, tuple(placed)

    def turn(self, node) -> Turn | None:
        fields = self.mapping(node, "turn", TURN_KEYS)
        if fields is None:
            return None
        if "player" not in fields:
            self.error(node, "missing-key", "turn has no 'player' (whose turn it is)")
            return None
        name = self.text(fields["player"][1], "turn.player")
        phase = None
        if "phase" in fields:
            phase = self.text(fields["phase"][1], "turn.phase")
            if phase is not None:
                phase = phase.lower()
                if phase not in PHASES:
                    why = f"unknown phase '{phase}'{self.did_you_mean(phase, PHASES)} (phases: {', '.join(PHASES)})"
                    self.error(fields["phase"][1], "unknown-phase", why)
                    phase = None
        swapped = False
        if "swapped" in fields:
            swapped = bool(self.boolean(fields["swapped"][1], "turn.swapped"))
        return Turn(name, phase, swapped, self.loc(fields["player"][1])) if name else None

    def house_rules(self, node) -> HouseRules:
        fields = self.mapping(node, "house_rules", HOUSE_RULE_KEYS)
        if not fields:
            return HouseRules()
        flags = ("strict_adjacency", "open_hands")
        strict, open_hands = (self.boolean(fields[key][1], key) if key in fields else False for key in flags)
        threshold = None
        if "end_threshold" in fields:
            threshold = self.integer(fields["end_threshold"][1], "end_threshold")
            if threshold is not None and threshold < 1:
                self.error(fields["end_threshold"][1], "range", "end_threshold should be a positive number of points")
                threshold = None
        return HouseRules(bool(strict), bool(open_hands), threshold)

    def position(self, root) -> Position | None:
        fields = self.top(root, TOP_KEYS, "pastiche", "the file is empty; a position needs at least 'players:'")
        if fields is None:
            return None
        # The catalogue first, so commissions anywhere can refer to its ids.
        if "catalogue" in fields:
            self.catalogue = self.read_catalogue(fields["catalogue"][1])
        players: list[Player] = self.player_list(root, fields, "the position has no 'players' list")
        gallery = self.commissions(fields, "gallery", "the gallery", need_palette=True)
        start, placed = self.board(fields["board"][1]) if "board" in fields else (None, ())
        turn = self.turn(fields["turn"][1]) if "turn" in fields else None
        rules = self.house_rules(fields["house_rules"][1]) if "house_rules" in fields else HouseRules()
        self.check_names(players, fields, turn, placed)
        return Position(tuple(players), gallery, start, placed, turn, rules, dict(self.catalogue))

    def check_names(
        self, players: list[Player], fields: dict, turn: Turn | None, placed: tuple[PlacedHex, ...]
    ) -> None:
        """Names used elsewhere in the file must be players' names."""
        names = [p.name for p in players]
        folded = {n.casefold() for n in names}

        def unknown(name: str, loc: Loc, what: str) -> None:
            if name.casefold() not in folded:
                why = f"{what} names '{name}', who is not a player{self.did_you_mean(name, names)}"
                self.problems.append(problem_at(loc, "unknown-player", why, FORMAT))

        if turn is not None and players:
            unknown(turn.player, turn.loc, "turn.player")
        for i, tile in enumerate(placed):
            if tile.by is not None and players:
                unknown(tile.by, tile.loc, f"board.placed[{i}].by")


def parse_catalogue_text(name: str, text: str) -> dict[str, Commission]:
    """The cards of a catalogue file's text; PositionError with every format problem. A text is parsed once: a
    server asks for its catalogue at every phone's look (the choices offered, each card compared)."""
    return dict(_parsed_catalogue(name, text))


@lru_cache(maxsize=8)
def _parsed_catalogue(name: str, text: str) -> tuple[tuple[str, Commission], ...]:
    root = compose(name, text)
    reader = PositionReader(name)
    node = root
    if root is not None and root.tag == MAP:
        for key_node, value_node in root.value:
            if key_node.value == "catalogue":
                node = value_node
                break
    cards = reader.read_catalogue(node) if node is not None else {}
    if any(p.kind == FORMAT for p in reader.problems):
        raise PositionError(name, reader.problems)
    return tuple(cards.items())


def read_catalogue_file(path: str | os.PathLike) -> dict[str, Commission]:
    """Commission cards from a catalogue file."""
    return parse_catalogue_text(str(path), read_text(path))


def outside_catalogue(catalogue_path: str | None) -> dict[str, Commission]:
    """The --catalogue file if given, else the user's saved catalogue if there is one."""
    if catalogue_path:
        return read_catalogue_file(catalogue_path)
    saved = user_catalogue_path()
    if os.path.exists(saved):
        return read_catalogue_file(saved)
    return {}


def parse_position(filename: str, text: str, catalogue: Callable[[], dict[str, Commission]] | None = None) -> Reading:
    """A Position from text, with every format problem (and load-time warning) found."""
    return read_with(PositionReader(filename, catalogue), text)


def position_problems(
    filename: str, text: str, catalogue: Callable[[], dict[str, Commission]] | None = None
) -> Reading:
    """A position file's text checked, rules included even past format errors (then without the player count)."""
    from pastiche_cli.games.pastiche.core.validate import consistency_problems

    position, problems, places = parse_position(filename, text, catalogue)
    if position is None:
        return Reading(None, problems, places)
    unusable = any(p.kind == FORMAT for p in problems)
    rules = consistency_problems(position, places)
    if unusable:
        rules = [p for p in rules if p.code != "player-count"]
    return Reading(None if unusable else position, problems + rules, places)
