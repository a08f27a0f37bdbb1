"""The position: one moment of one physical game, as small immutable values (SPEC 3).

The values are named tuples rather than frozen dataclasses: the same immutability, and every
command loads a position, so their ten-times-cheaper class creation is start-up time saved
(SPEC 7). Without `from __future__ import annotations`, which would make NamedTuple re-evaluate
every annotation at import.
"""

from collections import Counter
from typing import NamedTuple

from pastiche_cli.games.pastiche.core import colours


class Loc(NamedTuple):
    line: int = 1
    column: int = 1


class Commission(NamedTuple):
    title: str
    artist: str
    points: int
    palette: tuple[str, ...] = ()          # canonical card names, a multiset, in chart order
    artist_bonus: int | None = None        # as printed on the card, when the file gives it
    id: str | None = None                  # catalogue id, when referred to by one
    loc: Loc = Loc()
    has_palette: bool = True

    @property
    def needs(self) -> Counter:
        return Counter(self.palette)

    @property
    def artist_key(self) -> str:
        return " ".join(self.artist.lower().split())

    @property
    def card_key(self) -> tuple[str, str]:
        return (" ".join(self.title.lower().split()), self.artist_key)

    def label(self) -> str:
        return f"{self.title} ({self.artist}, {self.points})"


class PlacedHex(NamedTuple):
    at: tuple[int, int]
    hex: str                 # canonical notation, as laid
    by: str | None = None
    loc: Loc = Loc()


class Player(NamedTuple):
    name: str
    index: int
    palette: Counter = Counter()   # never mutated: shared default is safe
    commissions: tuple[Commission, ...] = ()
    completed: tuple[Commission, ...] = ()
    hexes: tuple[str, ...] = ()
    keys: frozenset[str] = frozenset()      # the keys the file gives for this player
    loc: Loc = Loc()

    @property
    def hand_size(self) -> int:
        return sum(self.palette.values())

    @property
    def completed_points(self) -> int:
        return sum(c.points for c in self.completed)


class Turn(NamedTuple):
    player: str
    phase: str | None = None
    swapped: bool = False
    loc: Loc = Loc()


class HouseRules(NamedTuple):
    strict_adjacency: bool = False
    open_hands: bool = False
    end_threshold: int | None = None


class Position(NamedTuple):
    filename: str
    players: tuple[Player, ...]
    gallery: tuple[Commission, ...] = ()
    start: tuple[str, str, str] | None = None
    placed: tuple[PlacedHex, ...] = ()
    turn: Turn | None = None
    house_rules: HouseRules = HouseRules()
    catalogue: dict[str, Commission] = {}   # never mutated
    keys: frozenset[str] = frozenset()      # top-level keys the file gives (board.* as "board.start")
    locs: dict[str, Loc] = {}   # never mutated   # where each top-level key is

    def player(self, name: str) -> Player | None:
        """The player with this name (exact first, then ignoring case)."""
        for p in self.players:
            if p.name == name:
                return p
        folded = name.casefold()
        for p in self.players:
            if p.name.casefold() == folded:
                return p
        return None

    def in_hands(self) -> Counter:
        total: Counter = Counter()
        for p in self.players:
            total.update(p.palette)
        return total

    def bank(self) -> Counter:
        """What the palette bank holds: copies in the box less every card in a hand."""
        return colours.bank_after(self.in_hands())

    def loc(self, key: str) -> Loc:
        return self.locs.get(key, Loc())
