"""Reading a Masterpiece position (or a thesis catalogue) into values, every format problem located; the rules
are core/validate.py's. Ids the file's `theses:` lacks come from the saved catalogue (or --theses FILE), all of
it when the file has no `theses:`; the built-in `end-flag` joins a table without an end flag.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cached_property, lru_cache

from pastiche_cli.formats import nodes
from pastiche_cli.formats.nodes import read_with
from pastiche_cli.formats.yamlio import compose, read_text
from pastiche_cli.games.masterpiece import NAME
from pastiche_cli.games.masterpiece.core.catalogue import flag_facts
from pastiche_cli.games.masterpiece.core.deck import CardError, parse_card
from pastiche_cli.games.masterpiece.core.position import (
    Accepted,
    EndRecord,
    HouseRules,
    Player,
    Position,
    Published,
    Thesis,
    Turn,
)
from pastiche_cli.games.masterpiece.core.requirements import Requirement, RequirementError, parse_requirement
from pastiche_cli.kernel.names import explain_twins, reading
from pastiche_cli.kernel.problems import FORMAT, Loc, PositionError, Reading

TOP_KEYS = ("game", "theses", "players", "discard", "deck", "turn", "house_rules", "end")
CATALOGUE_KEYS = ("game", "theses")
THESIS_KEYS = ("id", "requirement", "points", "copies", "repeats", "title")
PLAYER_KEYS = ("name", "hand", "published", "accepted")
PUBLISHED_KEYS = ("thesis", "cards")
ACCEPTED_KEYS = ("thesis", "card", "cards")
TURN_KEYS = ("player",)
HOUSE_RULE_KEYS = ("end_threshold_strict", "flag_in_tiebreak")
END_KEYS = ("triggered_by", "turns_taken", "over")
ENV = "PASTICHE_MASTERPIECE_THESES"


def user_theses_path() -> str:
    """$PASTICHE_MASTERPIECE_THESES, else masterpiece-theses.yaml in the data folder (formats/userdata.py)."""
    explicit = os.environ.get(ENV)
    if explicit:
        return explicit
    from pastiche_cli.formats.userdata import saved_path

    return saved_path("masterpiece-theses.yaml")


def builtin_flag() -> Thesis:
    facts = flag_facts()
    return Thesis(facts["id"], Requirement("flag"), facts["points"], facts["copies"], Loc(), "built-in")


class Reader(nodes.Reader):
    """The shared node reader with Masterpiece's pieces: cards, thesis cards."""

    def card(self, node, what: str):
        text = self.text(node, what)
        if text is None:
            return None
        try:
            return parse_card(text)
        except CardError as exc:
            self.error(node, "unknown-card", f"{what}: {exc}")
            return None

    def cards(self, node, what: str) -> tuple | None:
        items = self.sequence(node, what)
        if items is None:
            return None
        out = [self.card(item, f"a card in {what}") for item in items]
        return tuple(c for c in out if c is not None)

    def thesis(self, node, what: str, source: str) -> Thesis | None:
        fields = self.mapping(node, what, THESIS_KEYS)
        if fields is None:
            return None
        self.lacking(node, fields, ("id", "requirement", "points"), what, " (type them from the thesis card)")
        tid = self.text(fields["id"][1], "a thesis id") if "id" in fields else None
        label = f"thesis '{tid}'" if tid else what
        repeats = self.boolean(fields["repeats"][1], f"{label} repeats") if "repeats" in fields else False
        requirement = None
        if "requirement" in fields:
            text = self.text(fields["requirement"][1], f"{label} requirement")
            if text is not None:
                try:
                    requirement = parse_requirement(text, bool(repeats))
                except RequirementError as exc:
                    self.error(fields["requirement"][1], "requirement", f"{label}: {exc}")
            if requirement is not None and repeats and requirement.kind != "pairs":
                self.warn(fields["repeats"][0], "repeats-unused", f"{label}: repeats only matters for pairs")
        points = self.integer(fields["points"][1], f"{label} points") if "points" in fields else None
        copies = self.integer(fields["copies"][1], f"{label} copies") if "copies" in fields else 1
        if "title" in fields:
            self.text(fields["title"][1], f"{label} title")
        if None in (tid, requirement, points, copies, repeats):
            return None
        return Thesis(tid, requirement, points, copies, self.loc(node), source)

    def theses(self, node, what: str, source: str) -> tuple[Thesis, ...]:
        items = self.sequence(node, what)
        out: dict[str, Thesis] = {}
        for i, item in enumerate(items or ()):
            t = self.thesis(item, f"{what}[{i}]", source)
            if t is None:
                continue
            if t.id in out:
                why = f"the thesis id '{t.id}' is given twice in {what} (also line {out[t.id].loc.line})"
                self.error(item, "duplicate-thesis", why)
            else:
                out[t.id] = t
        return tuple(out.values())


class PositionReader(Reader):
    def __init__(self, filename: str, outside: Callable[[], tuple[tuple[Thesis, ...], str]] | None = None):
        super().__init__(filename)
        self._outside_loader = outside or (lambda: ((), ""))
        self.references: list[tuple[str, object]] = []  # (thesis id, node) to resolve at the end
        self.seated: list[str] = []  # the players' names read so far, for the twin check

    @cached_property
    def outside(self) -> tuple[tuple[Thesis, ...], str]:
        """(theses, their file) from outside the file, read only when an id asks for them."""
        return self._outside_loader()

    def thesis_ref(self, node, what: str) -> str | None:
        tid = self.text(node, what)
        if tid is not None:
            self.references.append((tid, node))
        return tid

    def published(self, node, what: str) -> Published | None:
        fields = self.mapping(node, what, PUBLISHED_KEYS)
        if fields is None:
            return None
        if "thesis" not in fields or "cards" not in fields:
            self.error(node, "missing-key", f"{what} needs 'thesis' and 'cards' (the cards under it)")
        tid = self.thesis_ref(fields["thesis"][1], f"{what} thesis") if "thesis" in fields else None
        cards = self.cards(fields["cards"][1], f"{what} cards") if "cards" in fields else None
        if tid is None or cards is None:
            return None
        return Published(tid, cards, self.loc(node))

    def accepted(self, node, what: str) -> Accepted | None:
        fields = self.mapping(node, what, ACCEPTED_KEYS)
        if fields is None:
            return None
        if "thesis" not in fields or ("card" not in fields and "cards" not in fields):
            self.error(node, "missing-key", f"{what} needs 'thesis' and 'card' (the one card left under it)")
        if "card" in fields and "cards" in fields:
            self.error(fields["cards"][0], "duplicate-key", f"{what} gives both 'card' and 'cards'; keep 'card'")
        tid = self.thesis_ref(fields["thesis"][1], f"{what} thesis") if "thesis" in fields else None
        card = self.card(fields["card"][1], f"{what} card") if "card" in fields else None
        cards = (card,) if card is not None else None
        if "card" not in fields and "cards" in fields:
            cards = self.cards(fields["cards"][1], f"{what} cards")
        if tid is None or cards is None:
            return None
        return Accepted(tid, cards, self.loc(node))

    def player(self, node, index: int) -> Player | None:
        what = f"players[{index}]"
        fields, name = self.player_entry(node, what, PLAYER_KEYS)
        if fields is None:
            return None
        label = f"{name}'s" if name else what
        hand = self.cards(fields["hand"][1], f"{label} hand") if "hand" in fields else ()
        published = self.each(fields.get("published", (None, None))[1], f"{label} published", self.published)
        accepted = self.each(fields.get("accepted", (None, None))[1], f"{label} accepted", self.accepted)
        if name is None:
            return None
        twin = next((seated for seated in self.seated if reading(seated) == reading(name)), None)
        if twin is not None:
            self.error(node, "duplicate-player", f"two players are called {name}{explain_twins(twin, name)}")
            return None
        self.seated.append(name)
        return Player(name, index, hand or (), tuple(published), tuple(accepted), self.loc(node))

    def name_ref(self, node, what: str, names: list[str]) -> str | None:
        listing = f" (players: {', '.join(names)})"

        def unknown(name: str) -> str:
            return f"{what}: no player '{name}'" + self.did_you_mean(name, names, listing)

        return self.known(node, what, lambda name: name if name in names else None, "unknown-player", unknown)

    def house_rules(self, node) -> HouseRules:
        fields = self.mapping(node, "house_rules", HOUSE_RULE_KEYS) or {}
        values = {key: self.boolean(value_node, f"house_rules.{key}") for key, (_, value_node) in fields.items()}
        return HouseRules(**{key: value for key, value in values.items() if value is not None})

    def end(self, node, names: list[str]) -> EndRecord | None:
        fields = self.mapping(node, "end", END_KEYS)
        if fields is None:
            return None
        given = fields.get("triggered_by")
        trigger = self.name_ref(given[1], "end: triggered_by", names) if given else None
        taken = []
        if "turns_taken" in fields:
            turns = self.mapping_of_names(fields["turns_taken"][1], "end: turns_taken", names)
            for name, (_, value_node) in turns.items():
                n = self.integer(value_node, f"end.turns_taken.{name}")
                if n is not None and n < 0:
                    self.error(value_node, "negative", f"end.turns_taken.{name} cannot be {n}")
                elif n is not None:
                    taken.append((name, n))
        if taken and trigger is None and "triggered_by" not in fields:
            self.error(node, "missing-key", "end.turns_taken counts turns since the trigger: say who with triggered_by")
        over = self.boolean(fields["over"][1], "end: over") if "over" in fields else None
        return EndRecord(trigger, tuple(taken), self.loc(node), over)

    def mapping_of_names(self, node, what: str, names: list[str]) -> dict:
        return self.keyed(
            node,
            what,
            "a mapping of player: turns taken",
            lambda key_node: self.name_ref(key_node, f"a player in {what}", names),
            lambda name: f"{name} is given twice in {what}",
        )

    def position(self, root) -> Position | None:
        empty = "the file is empty; a position has at least `players:` (see `pastiche new --game masterpiece`)"
        fields = self.top(root, TOP_KEYS, NAME, empty)
        if fields is None:
            return None
        own = self.theses(fields["theses"][1], "theses", "file") if "theses" in fields else ()
        players: list[Player] = self.player_list(root, fields, "the position has no 'players' (in turn order)")
        names = [p.name for p in players]
        discard = self.cards(fields["discard"][1], "discard") if "discard" in fields else ()
        deck_count = self.integer(fields["deck"][1], "deck (cards left face down)") if "deck" in fields else None
        if deck_count is not None and deck_count < 0:
            self.error(fields["deck"][1], "negative", f"the deck cannot hold {deck_count} cards")
            deck_count = None
        turn = None
        if "turn" in fields:
            t = self.mapping(fields["turn"][1], "turn", TURN_KEYS)
            if t is not None and "player" in t:
                name = self.name_ref(t["player"][1], "turn.player", names)
                if name:
                    turn = Turn(name, self.loc(fields["turn"][1]))
            elif t is not None:
                self.error(fields["turn"][1], "missing-key", "turn needs 'player' (whose turn it is)")
        house = self.house_rules(fields["house_rules"][1]) if "house_rules" in fields else HouseRules()
        end = self.end(fields["end"][1], names) if "end" in fields else None
        table = self.resolve(own, "theses" in fields)
        return Position(table, tuple(players), discard or (), deck_count, turn, house, end)

    def resolve(self, own: tuple[Thesis, ...], has_table: bool) -> tuple[Thesis, ...]:
        """The thesis table, every id the file uses checked against it (never a guessed thesis)."""
        table = {t.id: t for t in own}
        if not has_table:
            table.update({t.id: t for t in self.outside[0]})
        flag = builtin_flag()
        for tid, node in self.references:
            if tid in table:
                continue
            if tid == flag.id and not any(t.is_flag for t in table.values()):
                table[tid] = flag
                continue
            found = next((t for t in self.outside[0] if t.id == tid), None) if has_table else None
            if found is not None:
                table[tid] = found
                continue
            known = list(table) + ([flag.id] if not any(t.is_flag for t in table.values()) else [])
            where = "the file's theses" if has_table else "the thesis catalogue"
            if self.outside[1] and has_table:
                where += f" or {self.outside[1]}"
            typed = "; type the card into theses: (id, requirement, points, copies) or the catalogue"
            offer = self.did_you_mean(tid, known, f"{typed} (`pastiche masterpiece theses add`)")
            self.error(node, "unknown-thesis", f"no thesis '{tid}' in {where}{offer}")
        if not any(t.is_flag for t in table.values()):
            table[flag.id] = flag
        return tuple(table.values())


@lru_cache(maxsize=8)
def parse_catalogue_text(name: str, text: str) -> tuple[Thesis, ...]:
    """The theses of a catalogue file (`theses: [...]`); PositionError with every format problem. A text is
    parsed once: a server asks for its thesis table at every phone's look."""
    root = compose(name, text)
    reader = Reader(name)
    if root is None:
        return ()
    fields = reader.mapping(root, "the thesis catalogue", CATALOGUE_KEYS)
    theses: tuple[Thesis, ...] = ()
    if fields is not None:
        if "game" in fields:
            reader.game_key(fields["game"][1], NAME)
        if "theses" in fields:
            theses = reader.theses(fields["theses"][1], "theses", name)
    if any(p.kind == FORMAT for p in reader.problems):
        raise PositionError(name, reader.problems)
    return theses


def read_catalogue_file(path: str) -> tuple[Thesis, ...]:
    return parse_catalogue_text(str(path), read_text(path))


def outside_theses(explicit: str | None) -> tuple[tuple[Thesis, ...], str]:
    """(theses, path) of --theses FILE if given, else of the saved catalogue if it exists."""
    if explicit:
        return read_catalogue_file(explicit), explicit
    saved = user_theses_path()
    if os.path.exists(saved):
        return read_catalogue_file(saved), saved
    return (), ""


def parse_position(filename: str, text: str, outside=None) -> Reading:
    return read_with(PositionReader(filename, outside), text)
