"""A Masterpiece position: one moment of one game, as small immutable values (spec section 4)."""

from typing import NamedTuple

from pastiche_cli.games.masterpiece.core.deck import Card
from pastiche_cli.games.masterpiece.core.requirements import Requirement
from pastiche_cli.kernel.problems import Loc


class Thesis(NamedTuple):
    """One thesis card as the group typed it: id, requirement, points, copies in the box."""

    id: str
    requirement: Requirement
    points: int
    copies: int = 1
    loc: Loc = Loc()
    source: str = "file"  # "file", a catalogue's path, or "built-in" (the end flag)

    @property
    def is_flag(self) -> bool:
        return self.requirement.kind == "flag"

    def label(self) -> str:
        repeats = ", repeats" if self.requirement.repeats else ""
        return f"{self.id} ({self.requirement.text()}{repeats}; {self.points} pt{'s' if self.points != 1 else ''})"


class Published(NamedTuple):
    """A thesis on the table, still under review: the cards under it."""

    thesis: str
    cards: tuple[Card, ...]
    loc: Loc = Loc()


class Accepted(NamedTuple):
    """An accepted thesis: the one card left under it (the file may give other than one: a rules error)."""

    thesis: str
    cards: tuple[Card, ...]
    loc: Loc = Loc()

    @property
    def card(self) -> Card | None:
        return self.cards[0] if len(self.cards) == 1 else None


class Player(NamedTuple):
    name: str
    index: int  # type: ignore[assignment]  # shadows tuple.index
    hand: tuple[Card, ...] = ()
    published: tuple[Published, ...] = ()
    accepted: tuple[Accepted, ...] = ()
    loc: Loc = Loc()

    def theses(self) -> tuple[str, ...]:
        """Every thesis id this player has on the table, published or accepted."""
        return tuple(p.thesis for p in self.published) + tuple(a.thesis for a in self.accepted)


class HouseRules(NamedTuple):
    end_threshold_strict: bool = False  # the end needs more than the threshold, not the threshold itself
    flag_in_tiebreak: bool = True  # the end flag counts as an accepted thesis for fewer-theses


class EndRecord(NamedTuple):
    """The file's `end:`: who triggered the end, the turns each has taken since, and whether the game is over."""

    triggered_by: str | None = None
    turns_taken: tuple[tuple[str, int], ...] = ()
    loc: Loc = Loc()
    over: bool | None = None  # None: the file does not say; the turns taken tell

    def taken(self, name: str) -> int:
        return dict(self.turns_taken).get(name, 0)


class Turn(NamedTuple):
    player: str
    loc: Loc = Loc()


class Position(NamedTuple):
    theses: tuple[Thesis, ...]
    players: tuple[Player, ...]
    discard: tuple[Card, ...] = ()
    deck_count: int | None = None  # cards left face down, when the file says
    turn: Turn | None = None
    house: HouseRules = HouseRules()
    end: EndRecord | None = None

    def thesis(self, thesis_id: str) -> Thesis | None:
        return next((t for t in self.theses if t.id == thesis_id), None)

    def player(self, name: str) -> Player | None:
        return next((p for p in self.players if p.name == name), None)

    def flag(self) -> Thesis | None:
        return next((t for t in self.theses if t.is_flag), None)

    def is_flag(self, thesis_id: str) -> bool:
        thesis = self.thesis(thesis_id)
        return thesis is not None and thesis.is_flag

    def replace_player(self, player: Player) -> "Position":
        return self._replace(players=tuple(player if p.name == player.name else p for p in self.players))
