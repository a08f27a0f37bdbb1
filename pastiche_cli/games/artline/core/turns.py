"""A turn's bookkeeping: the painting laid or discarded, the draw, the hand, the deck, whose turn is next."""

from __future__ import annotations

from typing import NamedTuple

from pastiche_cli.games.artline.core.placement import Placement, Step, turn_refusal
from pastiche_cli.games.artline.core.position import Gallery, Painting, Position
from pastiche_cli.games.artline.core.rule_ids import ARTLINE_DISCARD, ARTLINE_DRAW, ARTLINE_WIN


def next_player(position: Position, name: str) -> str:
    """Who plays after `name`: the next in the file's order (clockwise), round to the first."""
    names = [p.name for p in position.players]
    return names[(names.index(name) + 1) % len(names)]


def _hand(position: Position, name: str, hand: int) -> tuple:
    return tuple(p if p.name != name else p._replace(hand=hand) for p in position.players)


def after_placement(position: Position, placement: Placement) -> Position:
    """The position once a legal placement is made: the painting and new galleries on the table,
    the hand and deck after the draw, and the turn passed on (it stays put once someone has won)."""
    if not placement.legal or placement.player is None:
        raise ValueError("only a legal placement by a known player is applied")
    name = position.player(placement.player).name
    painting = Painting(placement.at, placement.orientation, by=name)
    galleries = position.galleries + tuple(Gallery(e.line, e.feature, name) for e in placement.opens)
    turn = position.turn
    if turn is not None and not placement.wins:
        turn = next_player(position, name)
    return position.with_(players=_hand(position, name, placement.hand_after), table=position.table + (painting,),
                          galleries=galleries, deck=placement.deck_after, turn=turn)


class Discard(NamedTuple):
    player: str | None
    legal: bool
    rule: str
    reason: str
    draws: bool = False
    wins: bool = False
    hand_after: int | None = None
    deck_after: int | None = None
    steps: tuple[Step, ...] = ()


def judge_discard(position: Position, player: str | None = None) -> Discard:
    """A player who cannot or will not lay a painting discards one, then draws (if the deck has one)."""
    player = player if player is not None else position.turn
    refused = turn_refusal(position, player)
    if refused is not None:
        return Discard(player, False, refused.rule, refused.reason)
    holder = position.player(player) if player is not None else None
    if holder is None:
        return Discard(player, False, ARTLINE_DISCARD, "say who discards: the file does not say whose turn it is")
    steps = [Step(ARTLINE_DISCARD, f"{holder.name} discards one of {holder.hand} paintings "
                                   f"(discarded so far: {position.discard} to {position.discard + 1})")]
    deck = position.deck
    hand = holder.hand - 1
    if deck > 0:
        steps.append(Step(ARTLINE_DRAW, f"then draws one (deck {deck} to {deck - 1}): still {hand + 1} in hand"))
        return Discard(holder.name, True, ARTLINE_DISCARD, f"{holder.name} discards one painting and draws one",
                       True, False, hand + 1, deck - 1, tuple(steps))
    steps.append(Step(ARTLINE_DRAW, f"the deck is empty: nothing is drawn, {hand} left in hand"))
    wins = hand == 0
    if wins:
        steps.append(Step(ARTLINE_WIN, f"{holder.name} has no paintings left in hand and wins"))
    return Discard(holder.name, True, ARTLINE_DISCARD, f"{holder.name} discards one painting; the deck is empty, "
                   "so nothing is drawn", False, wins, hand, deck, tuple(steps))


def after_discard(position: Position, discard: Discard) -> Position:
    if not discard.legal:
        raise ValueError("only a legal discard is applied")
    turn = position.turn
    if turn is not None and not discard.wins:
        turn = next_player(position, discard.player)
    return position.with_(players=_hand(position, discard.player, discard.hand_after), deck=discard.deck_after,
                          discard=position.discard + 1, turn=turn)
