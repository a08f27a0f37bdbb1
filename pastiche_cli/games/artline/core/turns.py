"""A turn's bookkeeping: the painting laid or discarded, the draw, the hand, the deck, whose turn is next.

A position file folds the end-of-turn draw in; a record writes it as a move of its own (`draw=False` leaves it owed)."""

from __future__ import annotations

from typing import NamedTuple

from pastiche_cli.games.artline.core.placement import Placement, Step, turn_refusal
from pastiche_cli.games.artline.core.position import DRAW, PLAY, Gallery, Painting, Position
from pastiche_cli.games.artline.core.rule_ids import (
    ARTLINE_DISCARD,
    ARTLINE_DRAW,
    ARTLINE_HOUSE_LAST_DISCARD,
    ARTLINE_WIN,
)
from pastiche_cli.kernel.turns import next_seat


def next_player(position: Position, name: str) -> str:
    """Who plays after `name`: the next in the file's order (clockwise), round to the first."""
    return next_seat([p.name for p in position.players], name)


def _hand(position: Position, name: str, hand: int) -> tuple:
    return tuple(p if p.name != name else p._replace(hand=hand) for p in position.players)


def after_placement(position: Position, placement: Placement, draw: bool = True) -> Position:
    """The position once a legal placement is made (the turn stays put once won); `draw=False`: draw owed."""
    if not placement.legal or placement.player is None:
        raise ValueError("only a legal placement by a known player is applied")
    # A legal placement carries what it does: the player's seat, orientation, feature and hand.
    assert placement.orientation is not None and placement.hand_after is not None
    name = position.player(placement.player).name  # type: ignore[union-attr]  # judged: at the table
    painting = Painting(placement.at, placement.orientation, by=name)
    galleries = position.galleries + tuple(Gallery(e.line, e.feature, name) for e in placement.opens)  # type: ignore[arg-type]  # opened: named
    table = position.table + (painting,)
    return _after(position.with_(table=table, galleries=galleries), placement, name, draw)


def _after(position: Position, move, name: str, draw: bool) -> Position:
    """The hand, deck and turn after a placement or a discard (`move`), its draw folded in or left owed."""
    if move.draws and not draw:
        return position.with_(players=_hand(position, name, move.hand_after - 1), phase=DRAW)
    turn = position.turn
    if turn is not None and not move.wins:
        turn = next_player(position, name)
    return position.with_(players=_hand(position, name, move.hand_after), deck=move.deck_after, turn=turn)


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
    name, deck, hand = holder.name, position.deck, holder.hand - 1
    said = f"{name} discards one of {holder.hand} paintings (discarded so far: {position.discard} to "
    steps = [Step(ARTLINE_DISCARD, said + f"{position.discard + 1})")]
    if deck > 0:
        steps.append(Step(ARTLINE_DRAW, f"then draws one (deck {deck} to {deck - 1}): still {hand + 1} in hand"))
        why = f"{name} discards one painting and draws one"
        return Discard(name, True, ARTLINE_DISCARD, why, True, False, hand + 1, deck - 1, tuple(steps))
    steps.append(Step(ARTLINE_DRAW, f"the deck is empty: nothing is drawn, {hand} left in hand"))
    if hand == 0:
        said = f"{name} has no paintings left in hand and wins (a discard that empties the hand wins as a painting "
        steps.append(Step(ARTLINE_WIN, said + f"laid does: our reading [{ARTLINE_HOUSE_LAST_DISCARD}])"))
    why = f"{name} discards one painting; the deck is empty, so nothing is drawn"
    return Discard(name, True, ARTLINE_DISCARD, why, False, hand == 0, hand, deck, tuple(steps))


def after_discard(position: Position, discard: Discard, draw: bool = True) -> Position:
    """The position once a legal discard is made; `draw=False` leaves the draw that follows it owed."""
    if not discard.legal:
        raise ValueError("only a legal discard is applied")
    assert discard.player is not None and discard.hand_after is not None  # a legal discard carries them
    return _after(position.with_(discard=position.discard + 1), discard, discard.player, draw)


class Draw(NamedTuple):
    """The draw that ends a turn, as a move of its own (a record's `NAME draw`)."""

    player: str | None
    legal: bool
    rule: str
    reason: str
    hand_after: int | None = None
    deck_after: int | None = None
    turn_after: str | None = None  # whose turn it is once the draw ends this one (None: not known)
    steps: tuple[Step, ...] = ()


def judge_draw(position: Position, player: str | None = None) -> Draw:
    """The player on turn draws one painting to end a turn that owes the draw."""
    player = player if player is not None else position.turn
    refused = turn_refusal(position, player, drawing=True)
    if refused is not None:
        return Draw(player, False, refused.rule, refused.reason)
    holder = position.player(player) if player is not None else None
    if holder is None:
        return Draw(player, False, ARTLINE_DRAW, "say who draws: the file does not say whose turn it is")
    if position.phase != DRAW:
        why = f"{holder.name} owes no draw: a painting is drawn at the end of a turn, once one is laid (not as "
        return Draw(holder.name, False, ARTLINE_DRAW, why + "an exhibition) or discarded")
    if position.deck == 0:
        return Draw(holder.name, False, ARTLINE_DRAW, "the deck is empty: there is nothing to draw")
    following = next_player(position, holder.name) if position.turn is not None else None
    said = f"{holder.name} draws one painting (deck {position.deck} to {position.deck - 1}, "
    said += f"hand {holder.hand} to {holder.hand + 1}); "
    said += f"the turn passes to {following}" if following else "the turn ends"
    why = f"{holder.name} draws one painting and the turn ends"
    return Draw(
        holder.name, True, ARTLINE_DRAW, why, holder.hand + 1, position.deck - 1, following, (Step(ARTLINE_DRAW, said),)
    )


def after_draw(position: Position, draw: Draw) -> Position:
    if not draw.legal:
        raise ValueError("only a legal draw is applied")
    assert draw.player is not None and draw.hand_after is not None  # a legal draw carries them
    players = _hand(position, draw.player, draw.hand_after)
    return position.with_(players=players, deck=draw.deck_after, turn=draw.turn_after, phase=PLAY)
