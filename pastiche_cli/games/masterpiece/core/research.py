"""Research [masterpiece.research]: two cards drawn, one kept and one discarded, or the discard pile's top taken."""

from typing import NamedTuple

from pastiche_cli.games.masterpiece.core.deck import Card, deck
from pastiche_cli.games.masterpiece.core.endgame import after_turn, turn_refusal
from pastiche_cli.games.masterpiece.core.position import Position
from pastiche_cli.games.masterpiece.core.rule_ids import RESEARCH
from pastiche_cli.games.masterpiece.core.validate import card_places
from pastiche_cli.kernel.words import plural

OWN_TURN = "research is one's own turn"


class ResearchVerdict(NamedTuple):
    legal: bool
    rule: str
    reason: str
    player: str
    keep: Card | None  # the card that goes to the player's hand
    discarded: Card | None = None  # the other card drawn, onto the discard pile (None: taken from the pile)
    deck_left: int | None = None  # cards face down after the draw, when known
    notes: tuple[str, ...] = ()

    @property
    def from_pile(self) -> bool:
        return self.discarded is None


def _deck_size(position: Position) -> tuple[int, bool]:
    """(cards face down, whether the file says so): the file's `deck:`, else every card not placed."""
    if position.deck_count is not None:
        return position.deck_count, True
    return deck().total - len({c for c, _, _ in card_places(position)}), False


def judge_research(position: Position, player: str, keep: Card, discarded: Card) -> ResearchVerdict:
    """[masterpiece.research] May the player draw these two cards from the deck, keep one and discard the other?"""
    size, known = _deck_size(position)
    refused = turn_refusal(position, player, OWN_TURN) or _drawable(position, keep, discarded, size)
    if refused:
        return ResearchVerdict(False, *refused, player, keep, discarded)
    unknown = "the file does not count the deck (`deck:`): the two cards are taken as ones not seen anywhere else"
    reason = f"{player} draws two cards from the deck, keeps {keep} and discards {discarded}"
    return ResearchVerdict(
        True, RESEARCH, reason, player, keep, discarded, size - 2 if known else None, () if known else (unknown,)
    )


def _drawable(position: Position, keep: Card, discarded: Card, size: int) -> tuple[str, str] | None:
    """Two different cards, neither seen anywhere else, and a deck of two cards or more."""
    if keep == discarded:
        return RESEARCH, f"{keep} is named twice: research draws two different cards"
    where = {c: w for c, w, _ in card_places(position)}
    for card in (keep, discarded):
        if card in where:
            place = where[card] if where[card].startswith("under ") else f"in {where[card]}"
            return RESEARCH, f"{card} is {place}, not in the deck: research draws from the deck"
    if size < 2:
        return RESEARCH, (
            f"the deck has {plural(size, 'card')} left; research draws two (take the top of the discard pile instead)"
        )
    return None


def judge_take_discard(position: Position, player: str, card: Card) -> ResearchVerdict:
    """[masterpiece.research] May the player take this card, as the top of the discard pile?"""
    refused = turn_refusal(position, player, OWN_TURN)
    if refused:
        return ResearchVerdict(False, *refused, player, card)
    if not position.discard:
        return ResearchVerdict(False, RESEARCH, "the discard pile is empty: research draws from the deck", player, card)
    top = position.discard[-1]
    if card != top:
        why = f"{card} is not the top of the discard pile (the top is {top}); research takes only the top card"
        return ResearchVerdict(False, RESEARCH, why, player, card)
    reason = f"{player} takes {card} from the top of the discard pile"
    return ResearchVerdict(True, RESEARCH, reason, player, card, None, position.deck_count)


def apply_research(position: Position, verdict: ResearchVerdict) -> Position:
    """The position after a legal research: the card kept in hand, the other on the discard pile (or the top taken)."""
    player = position.player(verdict.player)
    assert player is not None and verdict.keep is not None  # a legal research: its player, a card kept
    after = position.replace_player(player._replace(hand=player.hand + (verdict.keep,)))
    if verdict.from_pile:
        after = after._replace(discard=after.discard[:-1])
    else:
        assert verdict.discarded is not None  # from the deck, the other card is discarded
        after = after._replace(discard=after.discard + (verdict.discarded,), deck_count=verdict.deck_left)
    return after_turn(after, verdict.player, False, takes_turn=True)
