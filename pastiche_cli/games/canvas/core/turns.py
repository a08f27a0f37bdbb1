"""Whose turn it is [canvas.turn], a take [canvas.take], a painting [canvas.paint], the end [canvas.end]."""

from __future__ import annotations

from typing import NamedTuple

from pastiche_cli.games.canvas.core.cards import CARDS_PER_PAINTING, HAND_LIMIT, PAINTINGS_PER_PLAYER
from pastiche_cli.games.canvas.core.position import MarketSlot, Player, Position
from pastiche_cli.games.canvas.core.rule_ids import END, PAINT, TAKE, TURN
from pastiche_cli.kernel.turns import next_playing
from pastiche_cli.kernel.verdict import Verdict


def judge_turn(position: Position, name: str, action: str) -> Verdict | None:
    """[canvas.turn] The refusal of a move by `name` on someone else's turn, or None (any player, without `turn:`)."""
    if position.turn is None or position.turn.casefold() == name.casefold():
        return None
    return Verdict(False, TURN, f"it is {position.turn}'s turn, not {name}'s: {action} only on one's own turn")


def turn_after(position: Position, name: str) -> str | None:
    """[canvas.turn] The next player with paintings to complete [canvas.end]; None once every player has finished."""
    painting = {p.name for p in position.players if len(p.paintings) < PAINTINGS_PER_PLAYER}
    return next_playing([p.name for p in position.players], name, painting.__contains__)


def first_turn(position: Position) -> str | None:
    """[canvas.turn] The first player in turn order with paintings still to complete (who begins a game)."""
    return next((p.name for p in position.players if len(p.paintings) < PAINTINGS_PER_PLAYER), None)


SLIDE = "the market slides toward slot 1 and slot 5 is refilled from the deck"  # a take's last effect


class Take(NamedTuple):
    """What taking from one slot costs and gives; the market and the player after it."""

    slot: int  # 1-based
    card: str | None
    cost: int  # tokens paid: one on each card passed over
    gained: int  # tokens lying on the taken card
    market_after: tuple[MarketSlot, ...]  # slid toward slot 1; slot 5 waits for the deck's next card
    inspiration_after: int
    hand_after: tuple[str, ...]


def judge_take(position: Position, player: Player, slot: int) -> Verdict:
    """May the player take the card in `slot` (1-5) now? The Verdict's detail is the Take when it is legal."""
    market = position.market or ()
    name = player.name
    if len(player.paintings) >= PAINTINGS_PER_PLAYER:
        why = f"{name} has completed {PAINTINGS_PER_PLAYER} paintings; a finished player's turns are skipped until "
        return Verdict(False, END, why + "the game ends")
    if len(player.hand) >= HAND_LIMIT:
        why = f"{name} holds {len(player.hand)} art cards; a card may be taken only with fewer than {HAND_LIMIT}, "
        return Verdict(False, TAKE, why + f"so {name} must complete a painting instead [{PAINT}]")
    if slot > len(market):
        why = f"slot {slot} is empty: the market in the file has {len(market)} card{'' if len(market) == 1 else 's'}"
        return Verdict(False, TAKE, why)
    cost = slot - 1
    chosen = market[slot - 1]
    if cost > player.inspiration:
        why = f"slot {slot} costs {cost} inspiration token{'' if cost == 1 else 's'} (one on each card passed over) "
        return Verdict(False, TAKE, why + f"and {name} has {player.inspiration}")
    after = tuple(MarketSlot(s.card, s.tokens + 1, s.loc) for s in market[: slot - 1]) + market[slot:]
    inspiration = player.inspiration - cost + chosen.tokens
    take = Take(slot, chosen.card, cost, chosen.tokens, after, inspiration, player.hand + (chosen.card,))
    effects = [f"{name} takes {chosen.card} from slot {slot}"]
    if cost:
        passed_words = ", ".join(s.card for s in market[: slot - 1])
        one = f"pays 1 token, put on {passed_words}"
        effects.append(one if cost == 1 else f"pays {cost} tokens, one on each of {passed_words}")
    if chosen.tokens:
        effects.append(f"gains the {chosen.tokens} token{'' if chosen.tokens == 1 else 's'} lying on {chosen.card}")
    reason = (
        f"{name} holds {len(player.hand)} card{'' if len(player.hand) == 1 else 's'} (fewer than "
        f"{HAND_LIMIT}) and can pay {cost} of {player.inspiration} token{'' if player.inspiration == 1 else 's'}"
    )
    return Verdict(True, TAKE, reason, tuple(effects), detail=take)


def all_painted(player: Player) -> bool:
    """Has the player completed every painting a player makes (no more may follow)?"""
    return len(player.paintings) >= PAINTINGS_PER_PLAYER


def judge_paint(player: Player) -> Verdict:
    """May the player complete a painting now?"""
    if all_painted(player):
        return Verdict(False, PAINT, f"{player.name} has completed all {PAINTINGS_PER_PLAYER} paintings")
    held = len(player.hand)
    if held < CARDS_PER_PAINTING:
        why = f"{player.name} holds {held} art card{'' if held == 1 else 's'}; a painting needs {CARDS_PER_PAINTING}"
        return Verdict(False, PAINT, why)
    why = f"{player.name} holds {held} art cards and has completed {len(player.paintings)} of {PAINTINGS_PER_PLAYER} "
    why += "paintings" + (f"; with {HAND_LIMIT} in hand a painting is the only move" if held >= HAND_LIMIT else "")
    return Verdict(True, PAINT, why)


class EndState(NamedTuple):
    over: bool
    done: tuple[tuple[str, int], ...]  # (player, paintings completed), in turn order
    waiting: tuple[str, ...]  # players who still have paintings to complete
    rule: str = END


def end_state(position: Position) -> EndState:
    done = tuple((p.name, len(p.paintings)) for p in position.players)
    waiting = tuple(name for name, n in done if n < PAINTINGS_PER_PLAYER)
    return EndState(not waiting and bool(done), done, waiting)
