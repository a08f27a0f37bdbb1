"""The position: one moment of one physical game, as small immutable values (SPEC 3).

Named tuples, not dataclasses, for start-up time (SPEC 7), so no `from __future__ import annotations`."""

from collections import Counter
from typing import TYPE_CHECKING, NamedTuple

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.kernel.multiset import EMPTY, EMPTY_MAP, FrozenMap, Multiset
from pastiche_cli.kernel.problems import Loc
from pastiche_cli.kernel.turns import named


class Commission(NamedTuple):
    title: str
    artist: str
    points: int
    palette: tuple[str, ...] = ()  # canonical card names, a multiset, in chart order
    artist_bonus: int | None = None  # as printed on the card, when the file gives it
    id: str | None = None  # catalogue id, when referred to by one
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
    hex: str  # canonical notation, as laid
    by: str | None = None
    loc: Loc = Loc()


class _PlayerFields(NamedTuple):
    name: str
    index: int  # type: ignore[assignment]  # a field named index (shadows tuple.index)
    palette: Multiset = EMPTY
    commissions: tuple[Commission, ...] = ()
    completed: tuple[Commission, ...] = ()
    hexes: tuple[str, ...] = ()
    hexes_listed: bool = False  # the position lists the hexes in hand (else only `hexes` held are known)
    loc: Loc = Loc()


class Player(_PlayerFields):
    """One player; `palette` is always a frozen Multiset (any mapping or list of names is turned into one)."""

    __slots__ = ()

    def __new__(
        cls,
        name: str,
        index: int,
        palette=EMPTY,
        commissions: tuple[Commission, ...] = (),
        completed: tuple[Commission, ...] = (),
        hexes: tuple[str, ...] = (),
        hexes_listed: bool = False,
        loc: Loc = Loc(),
    ) -> "Player":
        return _PlayerFields.__new__(
            cls,
            name,
            index,
            Multiset(palette),
            tuple(commissions),
            tuple(completed),
            tuple(hexes),
            bool(hexes_listed),
            loc,
        )

    if not TYPE_CHECKING:  # hidden from mypy, to which it differs from the NamedTuple's own _make

        @classmethod
        def _make(cls, iterable):  # `_replace` builds through here: keep the palette frozen
            return cls(*iterable)

    @property
    def hand_size(self) -> int:
        return self.palette.total()

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


class _PositionFields(NamedTuple):
    players: tuple[Player, ...]
    gallery: tuple[Commission, ...] = ()
    start: tuple[str, str, str] | None = None
    placed: tuple[PlacedHex, ...] = ()
    turn: Turn | None = None
    house_rules: HouseRules = HouseRules()
    catalogue: FrozenMap = EMPTY_MAP  # id -> Commission
    # Not in any file: (player, "hand" or "gallery") while the replacement for the commission that
    # player just completed is still to be drawn (SPEC 8: a `draw commission` follows its `complete`).
    pending_draw: tuple[str, str] | None = None


class Position(_PositionFields):
    """One moment of one game; `catalogue` is always a FrozenMap."""

    __slots__ = ()

    def __new__(
        cls,
        players: tuple[Player, ...],
        gallery: tuple[Commission, ...] = (),
        start: tuple[str, str, str] | None = None,
        placed: tuple[PlacedHex, ...] = (),
        turn: Turn | None = None,
        house_rules: HouseRules = HouseRules(),
        catalogue=EMPTY_MAP,
        pending_draw: tuple[str, str] | None = None,
    ) -> "Position":
        return _PositionFields.__new__(
            cls,
            tuple(players),
            tuple(gallery),
            None if start is None else tuple(start),  # type: ignore[arg-type]  # three names
            tuple(placed),
            turn,
            house_rules,
            FrozenMap(catalogue),
            pending_draw,
        )

    if not TYPE_CHECKING:  # hidden from mypy, to which it differs from the NamedTuple's own _make

        @classmethod
        def _make(cls, iterable):  # `_replace` builds through here
            return cls(*iterable)

    def player(self, name: str) -> Player | None:
        """The player with this name (exact first, then any case), spaces around it ignored."""
        return named(self.players, name.strip())

    def with_players(self, *players: Player, **changes) -> "Position":
        """The position with these players replaced (by name) and other fields changed."""
        by_name = {p.name: p for p in players}
        return self._replace(players=tuple(by_name.get(p.name, p) for p in self.players), **changes)

    def every_commission(self) -> list[tuple[str, Commission]]:
        """Each commission card in play with where it is: the gallery, then each player's hand and completed."""
        out = [("the gallery", c) for c in self.gallery]
        for p in self.players:
            out += [(f"{p.name}'s hand", c) for c in p.commissions] + [
                (f"{p.name}'s completed", c) for c in p.completed
            ]
        return out

    def in_hands(self) -> Counter:
        total: Counter = Counter()
        for p in self.players:
            total.update(p.palette)
        return total

    def bank(self) -> Counter:
        """What the palette bank holds: copies in the box less every card in a hand."""
        return colours.bank_after(self.in_hands())
