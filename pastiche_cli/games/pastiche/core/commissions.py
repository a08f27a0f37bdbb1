"""Can this commission be completed now, and may this gallery swap happen? (SPEC 4.3)

A commission is completed by holding every colour of its palette, as a multiset; the cards go back
to the bank and the commission is replaced from the deck. One hand commission may be swapped for a
gallery commission once per turn. Both only in the painting phase of the player's own turn.
"""

from __future__ import annotations

from collections import Counter
from typing import Mapping, NamedTuple

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.position import Commission, Player, Position
from pastiche_cli.games.pastiche.core.turns import PAINTING, TurnCheck, check_turn
from pastiche_cli.kernel.suggest import suggest
from pastiche_cli.games.pastiche.core.rule_ids import COMMISSION_COMPLETE, COMMISSION_SWAP


class CommissionStatus(NamedTuple):
    commission: Commission
    source: str                 # "hand" or "gallery"
    index: int                  # position in the hand or the gallery
    missing: tuple[str, ...]    # card names with repeats, chart order

    @property
    def completable(self) -> bool:
        return not self.missing

    def as_json(self) -> dict:
        return {"title": self.commission.title, "artist": self.commission.artist,
                "points": self.commission.points, "id": self.commission.id, "source": self.source,
                "palette": list(self.commission.palette), "completable": self.completable,
                "missing": list(self.missing)}


class CompleteVerdict(NamedTuple):
    legal: bool
    rule: str
    reason: str
    status: CommissionStatus
    hand_after: tuple[str, ...]
    turn: TurnCheck


class SwapVerdict(NamedTuple):
    legal: bool
    rule: str
    reason: str
    give: CommissionStatus
    take: CommissionStatus
    turn: TurnCheck


def missing_cards(hand: Mapping[str, int], commission: Commission) -> tuple[str, ...]:
    """[commission.complete] What the hand lacks of the palette, with repeats."""
    return tuple(colours.as_list(commission.needs - Counter(hand)))


def statuses(position: Position, player: Player, hand: Mapping[str, int] | None = None) -> list[CommissionStatus]:
    """Every commission the player could complete: their hand's, then the gallery's."""
    held = player.palette if hand is None else hand
    out = [CommissionStatus(c, "hand", i, missing_cards(held, c)) for i, c in enumerate(player.commissions)]
    out += [CommissionStatus(c, "gallery", i, missing_cards(held, c)) for i, c in enumerate(position.gallery)]
    return out


def fold(text: str) -> str:
    """A title or id as players match it: case and spacing ignored."""
    return " ".join(str(text).casefold().split())


def find_commission(candidates: list[CommissionStatus], text: str) -> CommissionStatus | None:
    """The commission whose title or catalogue id is `text` (any case), or None."""
    key = fold(text)
    for s in candidates:
        if fold(s.commission.title) == key or (s.commission.id is not None and fold(s.commission.id) == key):
            return s
    return None


def suggest_commission(candidates: list[CommissionStatus], text: str) -> str | None:
    names = [s.commission.title for s in candidates] + [s.commission.id for s in candidates if s.commission.id]
    return suggest(text, names)


def own_turn(position: Position, player: Player, rule: str, action: str) -> TurnCheck:
    """[commission.*] The painting phase of the player's own turn (the one turn rule, core/turns.py)."""
    return check_turn(position.turn, [player.name], PAINTING, rule, action)


def judge_complete(position: Position, player: Player, status: CommissionStatus) -> CompleteVerdict:
    """[commission.complete] Completable now: the cards are held, and it is the player's painting phase."""
    rule = COMMISSION_COMPLETE
    turn = own_turn(position, player, rule, f"{player.name} may complete commissions")
    c = status.commission
    hand = Counter(player.palette)
    if status.missing:
        reason = (f"'{c.title}' needs {colours.describe(c.needs)}; {player.name} lacks "
                  f"{colours.describe(Counter(status.missing))}")
        return CompleteVerdict(False, rule, reason, status, tuple(colours.as_list(hand)), turn)
    if not turn.allowed:
        return CompleteVerdict(False, turn.rule, turn.reason, status, tuple(colours.as_list(hand)), turn)
    after = hand - c.needs
    reason = (f"{player.name} holds {colours.describe(c.needs)}, the whole palette of '{c.title}'; "
              "those cards go back to the bank")
    return CompleteVerdict(True, rule, reason, status, tuple(colours.as_list(after)), turn)


def judge_swap(position: Position, player: Player, give: CommissionStatus, take: CommissionStatus) -> SwapVerdict:
    """[commission.swap] One hand commission for one gallery commission, once per turn."""
    rule = COMMISSION_SWAP
    turn = own_turn(position, player, rule, f"{player.name} may swap with the gallery")
    if give.source != "hand":
        return SwapVerdict(False, rule, f"'{give.commission.title}' is not in {player.name}'s hand", give, take, turn)
    if take.source != "gallery":
        return SwapVerdict(False, rule, f"'{take.commission.title}' is not in the gallery", give, take, turn)
    if not turn.allowed:
        return SwapVerdict(False, turn.rule, turn.reason, give, take, turn)
    if position.turn is not None and position.turn.swapped:
        return SwapVerdict(False, rule, f"{player.name} has already swapped with the gallery this turn "
                                        "(once per turn)", give, take, turn)
    return SwapVerdict(True, rule, f"{player.name} swaps '{give.commission.title}' for "
                                   f"'{take.commission.title}', the one gallery swap of this turn", give, take, turn)
