"""The painting phase: trades [trade.*], the gallery swap [commission.swap], commissions [commission.complete]."""

from __future__ import annotations

from pastiche_cli.games.pastiche.core import trading
from pastiche_cli.games.pastiche.core.colours import go_back
from pastiche_cli.games.pastiche.core.commissions import (
    catalogue_card,
    find_commission,
    in_play,
    judge_complete,
    judge_swap,
    statuses,
)
from pastiche_cli.games.pastiche.core.position import Player, Position
from pastiche_cli.games.pastiche.core.rule_ids import COMMISSION_COMPLETE, COMMISSION_SWAP, TRADE_PLAYER
from pastiche_cli.games.pastiche.core.turns import PAINTING, check_turn
from pastiche_cli.games.pastiche.core.validate import GALLERY_SIZE, HAND_COMMISSIONS
from pastiche_cli.kernel.multiset import Multiset
from pastiche_cli.kernel.verdict import Verdict


def trade_verdict(position: Position, me: Player, trade: trading.BankTrade | trading.PlayerTrade) -> Verdict:
    """[trade.bank.*] [trade.player] May the player make this trade now? (A trade of its own: one at a time.)"""
    if isinstance(trade, trading.PlayerTrade) and trade.other == me.name:
        return Verdict(False, TRADE_PLAYER, "a player cannot trade with themselves")
    result = trading.judge_sequence(position, me.name, [trade])
    t = result.trades[0]
    effects = (t.what(),) if t.legal else ()
    return Verdict(t.legal, t.rule, t.reason, effects, result.turn.notes(), result.turn.checked, result)


def after_trade(position: Position, verdict: Verdict) -> Position:
    """Each hand the trade changed."""
    hands = verdict.detail.hands_after
    changed = (p for p in position.players if p.name in hands and hands[p.name] != p.palette)
    return position.with_players(*(p._replace(palette=Multiset(hands[p.name])) for p in changed))


def swap_verdict(position: Position, me: Player, give: str, take: str) -> Verdict:
    """[commission.swap] May the player swap the hand commission `give` for the gallery's `take` now?"""
    every = statuses(position, me)
    found = {ref: find_commission(every, ref) for ref in (give, take)}
    for ref, status in found.items():
        if status is None:
            return Verdict(False, COMMISSION_SWAP, f"no commission '{ref}' in {me.name}'s hand or the gallery")
    given, taken = found[give], found[take]
    assert given is not None and taken is not None  # both found, or the loop returned
    v = judge_swap(position, me, given, taken)
    title = given.commission.title, taken.commission.title
    effects = (f"'{title[0]}' goes to the gallery", f"'{title[1]}' goes to {me.name}'s hand") if v.legal else ()
    return Verdict(v.legal, v.rule, v.reason, effects, v.turn.notes(), v.turn.checked, v)


def after_swap(position: Position, me: Player, verdict: Verdict) -> Position:
    """The two commissions change places; the turn's one swap is made."""
    give, take = verdict.detail.give, verdict.detail.take
    hand, gallery = list(me.commissions), list(position.gallery)
    hand[give.index], gallery[take.index] = take.commission, give.commission
    turn = position.turn._replace(swapped=True) if position.turn is not None else None
    return position.with_players(me._replace(commissions=tuple(hand)), gallery=tuple(gallery), turn=turn)


def complete_verdict(position: Position, me: Player, ref: str) -> Verdict:
    """[commission.complete] May the player complete the commission `ref` (hand or gallery) now?"""
    found = find_commission(statuses(position, me), ref)
    if found is None:
        return Verdict(False, COMMISSION_COMPLETE, f"no commission '{ref}' in {me.name}'s hand or the gallery")
    v = judge_complete(position, me, found)
    c = found.commission
    done = f"'{c.title}' is completed ({c.points} points)"
    effects = (done, go_back(c.needs), f"its replacement is drawn to the {found.source}") if v.legal else ()
    return Verdict(v.legal, v.rule, v.reason, effects, v.turn.notes(), v.turn.checked, v)


def after_complete(position: Position, me: Player, verdict: Verdict) -> Position:
    """The commission completed, its cards back to the bank; its replacement is to be drawn."""
    status = verdict.detail.status
    c = status.commission
    hand, gallery = me.commissions, position.gallery
    if status.source == "hand":
        hand = hand[: status.index] + hand[status.index + 1 :]
    else:
        gallery = gallery[: status.index] + gallery[status.index + 1 :]
    after = me._replace(palette=me.palette - c.needs, commissions=hand, completed=me.completed + (c,))
    return position.with_players(after, gallery=gallery, pending_draw=(me.name, status.source))


def draw_commission_verdict(position: Position, me: Player, ref: str) -> Verdict:
    """[commission.complete] May the player draw `ref` from the deck to replace the one just completed?"""
    rule = COMMISSION_COMPLETE
    turn = check_turn(position.turn, [me.name], PAINTING, rule, f"{me.name} may draw a commission")
    if not turn.allowed:
        return turn.refused()
    pending = position.pending_draw
    card = catalogue_card(position, ref)
    if pending is None or pending[0].casefold() != me.name.casefold():
        why = f"a commission is drawn only to replace one just completed, and {me.name} has none to replace"
    elif card is None:
        why = f"no commission '{ref}' in the catalogue; a card drawn is named by its catalogue id or its title"
    elif in_play(position, card):
        where = in_play(position, card)
        why = f"'{card.title}' is already in play ({where}); the deck holds only the cards not yet drawn"
    elif _full(position, me, pending[1]):
        why = f"{_place(me, pending[1])} is full, so '{card.title}' cannot go there"
    else:
        reason = (
            f"{me.name} draws '{card.title}' from the deck to replace the commission completed from the {pending[1]}"
        )
        effects = (f"'{card.title}' goes to {_place(me, pending[1])}",)
        return Verdict(True, rule, reason, effects, turn.notes(), turn.checked, card)
    return Verdict(False, rule, why, turn_checked=turn.checked)


def _place(me: Player, to: str) -> str:
    return f"{me.name}'s hand" if to == "hand" else "the gallery"


def _full(position: Position, me: Player, to: str) -> bool:
    return len(me.commissions) >= HAND_COMMISSIONS if to == "hand" else len(position.gallery) >= GALLERY_SIZE


def after_draw_commission(position: Position, me: Player, verdict: Verdict) -> Position:
    """The card drawn goes where the completed one was."""
    card = verdict.detail
    assert position.pending_draw is not None  # judged legal: a commission was just completed
    if position.pending_draw[1] == "hand":
        return position.with_players(me._replace(commissions=me.commissions + (card,)), pending_draw=None)
    return position.with_players(gallery=position.gallery + (card,), pending_draw=None)
