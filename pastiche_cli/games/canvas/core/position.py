"""A Canvas position as immutable values: the active scoring cards, the players, the market, the house rules."""

from __future__ import annotations

from typing import NamedTuple

from pastiche_cli.games.canvas.core.house import HouseRules
from pastiche_cli.kernel.problems import Loc
from pastiche_cli.kernel.turns import named


class Placed(NamedTuple):
    """One art card where the file puts it, for the checks that a card is in one place only."""

    word: str
    where: str  # "Ana's hand", "Ana's painting 2", "the market (slot 3)"
    loc: Loc


class Player(NamedTuple):
    name: str
    index: int  # type: ignore[assignment]  # 0-based, in turn order (shadows tuple.index)
    inspiration: int
    hand: tuple[str, ...] = ()
    paintings: tuple[tuple[str, ...], ...] = ()  # each bottom to top
    loc: Loc = Loc()
    # What the file holds that could not be read (with format errors): unreadable hand entries and paintings,
    # and whether the inspiration was read (else `inspiration` is 0 and says nothing).
    hand_unread: int = 0
    paintings_unread: int = 0
    inspiration_read: bool = True

    @property
    def hand_size(self) -> int:
        """The cards in hand as the file lists them, readable or not."""
        return len(self.hand) + self.hand_unread

    @property
    def painting_count(self) -> int:
        """The paintings as the file lists them, readable or not."""
        return len(self.paintings) + self.paintings_unread


class MarketSlot(NamedTuple):
    card: str
    tokens: int = 0
    loc: Loc = Loc()


class Position(NamedTuple):
    scoring: tuple[str, ...]
    players: tuple[Player, ...]
    market: tuple[MarketSlot, ...] | None = None  # None: the file has no market
    house: HouseRules = HouseRules()
    places: tuple[Placed, ...] = ()
    aliases: tuple[tuple[str, str], ...] = ()  # (alias written, card meant), e.g. unity → emphasis
    turn: str | None = None  # whose turn it is [canvas.turn]; None: the file does not say

    def player(self, name: str) -> Player | None:
        return named(self.players, name)
