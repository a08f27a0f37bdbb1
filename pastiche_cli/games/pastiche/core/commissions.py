"""Can this commission be completed now, and may this gallery swap happen? (SPEC 4.3)"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import NamedTuple

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.position import Commission, Player, Position
from pastiche_cli.games.pastiche.core.rule_ids import COMMISSION_COMPLETE, COMMISSION_SWAP
from pastiche_cli.games.pastiche.core.turns import PAINTING, TurnCheck, check_turn
from pastiche_cli.games.pastiche.core.validate import COMMISSION_CARDS
from pastiche_cli.kernel.moves import MoveError
from pastiche_cli.kernel.suggest import suggest


class CommissionStatus(NamedTuple):
    commission: Commission
    source: str  # "hand" or "gallery"
    index: int  # type: ignore[assignment]  # position in the hand or the gallery (shadows tuple.index)
    missing: tuple[str, ...]  # card names with repeats, chart order

    @property
    def completable(self) -> bool:
        return not self.missing

    def as_json(self) -> dict:
        return {
            "title": self.commission.title,
            "artist": self.commission.artist,
            "points": self.commission.points,
            "id": self.commission.id,
            "source": self.source,
            "palette": list(self.commission.palette),
            "completable": self.completable,
            "missing": list(self.missing),
        }


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


class TogetherSet(NamedTuple):
    members: tuple[CommissionStatus, ...]
    cards: tuple[str, ...]  # the cards the set takes from the hand, chart order
    hand_after: tuple[str, ...]

    @property
    def points(self) -> int:
        return sum(s.commission.points for s in self.members)

    def as_json(self) -> dict:
        return {
            "commissions": [s.commission.title for s in self.members],
            "sources": [s.source for s in self.members],
            "points": self.points,
            "cards": list(self.cards),
            "hand_after": list(self.hand_after),
        }


class Together(NamedTuple):
    sets: tuple[TogetherSet, ...]  # every maximal set (when `whole`), most points first
    whole: bool  # False: the search stopped at its budget and more may exist
    rule: str = COMMISSION_COMPLETE


# Subsets the search may look at. A real turn has at most a handful of completable commissions (2^7
# subsets); only a file with dozens of interchangeable ones comes near it, and then says so.
TOGETHER_BUDGET = 20_000
TOGETHER_LISTED = 50


def completable_together(hand: Mapping[str, int], candidates: list[CommissionStatus]) -> Together:
    """[commission.complete] Every maximal set of commissions whose summed palettes the hand holds."""
    ready = [s for s in candidates if s.completable]
    held = +Counter(hand)
    found: list[TogetherSet] = []
    looked = 0
    whole = True

    def fits(cards: Counter, needs: Counter) -> bool:
        return all(cards[c] >= n for c, n in needs.items())

    def walk(i: int, left: Counter, chosen: list, skipped: list) -> None:
        nonlocal looked, whole
        looked += 1
        if looked > TOGETHER_BUDGET or len(found) >= TOGETHER_LISTED:
            whole = False
            return
        if i == len(ready):
            if chosen and not any(fits(left, s.commission.needs) for s in skipped):
                used = held - left
                found.append(TogetherSet(tuple(chosen), tuple(colours.as_list(used)), tuple(colours.as_list(left))))
            return
        s = ready[i]
        if fits(left, s.commission.needs):
            walk(i + 1, left - s.commission.needs, chosen + [s], skipped)
        walk(i + 1, left, chosen, skipped + [s])

    walk(0, held, [], [])
    found.sort(key=lambda t: (-t.points, -len(t.members), [(m.source, m.index) for m in t.members]))
    return Together(tuple(found), whole)


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


def commission_ref(candidates: list[CommissionStatus], status: CommissionStatus) -> str:
    """How a move names this commission: its catalogue id, else its title, whichever finds it again."""
    for ref in (status.commission.id, status.commission.title):
        if ref is not None and find_commission(candidates, ref) == status:
            return ref
    raise MoveError(f"'{status.commission.title}' cannot be named apart from another commission of that title")


def catalogue_card(position: Position, ref: str) -> Commission | None:
    """The catalogue's card with this id (exactly, then any case) or title (any case)."""
    if ref in position.catalogue:
        return position.catalogue[ref]
    key = fold(ref)
    for cid, card in position.catalogue.items():
        if fold(cid) == key or fold(card.title) == key:
            return card
    return None


def in_play(position: Position, card: Commission) -> str | None:
    """Where this commission card already is (a hand, the gallery, completed), or None."""
    where = next((where for where, c in position.every_commission() if c.card_key == card.card_key), None)
    return f"{where} commissions" if where and where.endswith("completed") else where


def deck_empty(position: Position) -> bool:
    """Every commission card is in play: a completed one cannot be replaced."""
    return len({c.card_key for _, c in position.every_commission()}) >= COMMISSION_CARDS


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
    # Whose turn first, as for every move (a record cites the turn rule before the cards).
    if not turn.allowed:
        return CompleteVerdict(False, turn.rule, turn.reason, status, tuple(colours.as_list(hand)), turn)
    if status.missing:
        reason = (
            f"'{c.title}' needs {colours.describe(c.needs)}; {player.name} lacks "
            f"{colours.describe(Counter(status.missing))}"
        )
        return CompleteVerdict(False, rule, reason, status, tuple(colours.as_list(hand)), turn)
    after = hand - c.needs
    reason = (
        f"{player.name} holds {colours.describe(c.needs)}, the whole palette of '{c.title}'; "
        "those cards go back to the bank"
    )
    return CompleteVerdict(True, rule, reason, status, tuple(colours.as_list(after)), turn)


class Completion(NamedTuple):
    """What `complete` answers: may the commission asked about (or, none asked about, any) be completed now."""

    legal: bool
    rule: str
    reason: str
    turn: TurnCheck
    verdict: CompleteVerdict | None = None  # on the commission asked about
    together: Together | None = None  # none asked about: the largest sets the hand completes at once


def completion(position: Position, player: Player, asked: CommissionStatus | None = None) -> Completion:
    """[commission.complete] May the player complete `asked` now; or, None, which commissions, and which together?"""
    turn = own_turn(position, player, COMMISSION_COMPLETE, f"{player.name} may complete commissions")
    if asked is not None:
        v = judge_complete(position, player, asked)
        return Completion(v.legal, v.rule, v.reason, turn, v)
    every = statuses(position, player)
    together = completable_together(player.palette, every)
    ready = [s for s in every if s.completable]
    named = ", ".join(f"'{s.commission.title}'" for s in ready)
    if not turn.allowed:
        return Completion(False, turn.rule, turn.reason, turn, together=together)
    if not ready:
        reason = f"{player.name} holds the whole palette of no commission in hand or in the gallery"
        return Completion(False, COMMISSION_COMPLETE, reason, turn, together=together)
    if len(ready) == 1:
        reason = f"{player.name} can complete {named}"
    elif len(together.sets) == 1:
        reason = f"{player.name} can complete {named}, all together (the hand holds every palette at once)"
    else:
        ways = f"{len(together.sets)}{'' if together.whole else ' or more'}"
        reason = (
            f"{player.name} can complete {named}, but not all together: they compete for cards, "
            f"and {ways} sets of them can be completed at once"
        )
    return Completion(True, COMMISSION_COMPLETE, reason, turn, together=together)


def judge_swap(position: Position, player: Player, give: CommissionStatus, take: CommissionStatus) -> SwapVerdict:
    """[commission.swap] One hand commission for one gallery commission, once per turn."""
    rule = COMMISSION_SWAP
    turn = own_turn(position, player, rule, f"{player.name} may swap with the gallery")
    if not turn.allowed:  # whose turn first, as for every move
        return SwapVerdict(False, turn.rule, turn.reason, give, take, turn)
    if give.source != "hand":
        return SwapVerdict(False, rule, f"'{give.commission.title}' is not in {player.name}'s hand", give, take, turn)
    if take.source != "gallery":
        return SwapVerdict(False, rule, f"'{take.commission.title}' is not in the gallery", give, take, turn)
    if position.turn is not None and position.turn.swapped:
        why = f"{player.name} has already swapped with the gallery this turn (once per turn)"
        return SwapVerdict(False, rule, why, give, take, turn)
    gives = f"'{give.commission.title}' for '{take.commission.title}'"
    why = f"{player.name} swaps {gives}, the one gallery swap of this turn"
    return SwapVerdict(True, rule, why, give, take, turn)
