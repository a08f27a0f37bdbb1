"""Is this trade legal? Bank and player trades of the painting phase (SPEC 4.2; rulebook "Painting Phase")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.position import Position
from pastiche_cli.games.pastiche.core.rule_ids import (
    TRADE,
    TRADE_BANK_BISQUE,
    TRADE_BANK_GRAY,
    TRADE_BANK_PRIMARY,
    TRADE_BANK_STOCK,
    TRADE_BANK_THREE,
    TRADE_PLAYER,
)
from pastiche_cli.games.pastiche.core.turns import PAINTING, TurnCheck, check_turn
from pastiche_cli.kernel.verdict import fields

THREE_TARGET_GROUPS = ("secondary", "tertiary")
THREE_TARGET_SHADES = ("black", "white")


class TradeVerdict(NamedTuple):
    kind: str  # "bank" or "player"
    legal: bool
    rule: str
    reason: str
    player: str
    give: tuple[str, ...]  # card names with repeats, chart order
    get: tuple[str, ...]  # the bank card asked for, or what the other player hands over
    other: str | None = None  # the other player of a player trade
    hand_before: tuple[str, ...] = ()
    hand_after: tuple[str, ...] = ()
    other_before: tuple[str, ...] = ()
    other_after: tuple[str, ...] = ()
    judged: bool = True  # False: not judged because an earlier trade was refused

    def what(self) -> str:
        """The trade in words: `Ana gives teal + teal + teal to the bank for olive`."""
        if self.kind == "bank":
            return f"{self.player} gives {' + '.join(self.give)} to the bank for {self.get[0]}"
        gets = " + ".join(self.get) or "nothing"
        return f"{self.player} gives {' + '.join(self.give) or 'nothing'} to {self.other} for {gets}"

    def as_json(self) -> dict:
        out = fields(self, "kind", "judged", "legal", "rule", "reason", "player") | {"give": list(self.give)}
        if self.kind == "bank":
            out["get"] = self.get[0] if self.get else None
        else:
            out["with"] = self.other
            out["receive"] = list(self.get)
        out["hand_before"] = list(self.hand_before)
        out["hand_after"] = list(self.hand_after)
        if self.kind == "player":
            out["other_before"] = list(self.other_before)
            out["other_after"] = list(self.other_after)
        return out


class BankTrade(NamedTuple):
    give: Counter
    get: str


class PlayerTrade(NamedTuple):
    other: str
    give: Counter
    receive: Counter
    offered_commissions: tuple[str, ...] = ()  # names given that are commission cards, not palette cards


class SequenceVerdict(NamedTuple):
    trades: tuple[TradeVerdict, ...]
    turn: TurnCheck
    hands_after: dict = {}  # player name -> Counter after every legal trade (never mutated)

    @property
    def legal(self) -> bool:
        return all(t.legal for t in self.trades)

    @property
    def deciding(self) -> TradeVerdict:
        """The first refused trade, or the last one when all are legal."""
        return next((t for t in self.trades if not t.legal), self.trades[-1])


def _words(cards: Mapping[str, int]) -> str:
    return " + ".join(colours.as_list(cards)) or "nothing"


def three_targets() -> tuple[str, ...]:
    """What three cards of one colour may buy: black, white, any secondary or tertiary."""
    return tuple(c for c in colours.card_names() if colours.group(c) in THREE_TARGET_GROUPS or c in THREE_TARGET_SHADES)


def bank_rule_for(get: str, give: Mapping[str, int] | None = None) -> str:
    """The bank rule that can give this card; three of one colour is always [trade.bank.three]'s."""
    if give is not None:
        given = [c for c, n in give.items() if n > 0]
        if len(given) == 1 and give[given[0]] == 3:
            return TRADE_BANK_THREE
    if get == "bisque":
        return TRADE_BANK_BISQUE
    if get == "gray":
        return TRADE_BANK_GRAY
    if colours.group(get) == "primary":
        return TRADE_BANK_PRIMARY
    return TRADE_BANK_THREE


def bank_shape(give: Mapping[str, int], get: str) -> tuple[bool, str, str]:
    """(legal, rule, reason) for what is given against what is asked, before hands and stock."""
    give = Counter({c: n for c, n in give.items() if n > 0})
    rule = bank_rule_for(get, give)
    source_rule = bank_rule_for(get)
    if rule == TRADE_BANK_THREE and source_rule != TRADE_BANK_THREE:
        return _three_never_buys(get, source_rule)
    if rule == TRADE_BANK_BISQUE:
        return _pair_shape(give, get, rule, "yellow", "brown")
    if rule == TRADE_BANK_GRAY:
        return _pair_shape(give, get, rule, "black", "white")
    if rule == TRADE_BANK_PRIMARY:
        return _primary_shape(give, get)
    return _three_shape(give, get)


def _three_never_buys(get: str, source_rule: str) -> tuple[bool, str, str]:
    """[trade.bank.three] Cite what three of a kind never buys, then where the card does come from."""
    kind = "a primary" if source_rule == TRADE_BANK_PRIMARY else get
    source = {
        TRADE_BANK_BISQUE: f"yellow + brown [{TRADE_BANK_BISQUE}]",
        TRADE_BANK_GRAY: f"black + white [{TRADE_BANK_GRAY}]",
        TRADE_BANK_PRIMARY: f"another primary plus one card as the penalty [{TRADE_BANK_PRIMARY}]",
    }[source_rule]
    why = f"three cards of one colour buy black, white, a secondary or a tertiary, never {kind}; {get} comes from "
    return False, TRADE_BANK_THREE, why + source


def _pair_shape(give: Counter, get: str, rule: str, first: str, second: str) -> tuple[bool, str, str]:
    """[trade.bank.bisque] [trade.bank.gray] The one pair of cards that buys a bisque, or a gray."""
    if give == Counter({first: 1, second: 1}):
        return True, rule, f"{first} + {second} buy a {get}"
    return False, rule, f"{get} comes only from {first} + {second}, not {_words(give)}"


def _primary_shape(give: Counter, get: str) -> tuple[bool, str, str]:
    """[trade.bank.primary] Another primary, plus any one card as the penalty."""
    rule, size = TRADE_BANK_PRIMARY, sum(give.values())
    if size != 2:
        why = f"a primary costs exactly two cards (another primary plus one card as the penalty), not {size}"
        return False, rule, why
    others = [c for c in colours.as_list(give) if colours.group(c) == "primary" and c != get]
    if not others and give.get(get):
        return False, rule, f"a primary cannot be traded for itself: {get} needs a different primary given"
    if not others:
        return False, rule, f"a primary is bought with another primary plus one card, and {_words(give)} has no primary"
    paid = others[0]
    penalty = colours.as_list(give - Counter({paid: 1}))[0]
    if penalty == get:
        # Like three of a kind for its own colour: the letter allows it (see `pastiche rules house`).
        why = (
            f"{paid} plus {penalty} as the penalty buy a {get}: allowed by the letter of the rule (any card may be "
            f"the penalty), though the {get} given comes straight back, so only the {paid} is really spent"
        )
    elif penalty == paid:
        why = (
            f"{paid} plus {paid} as the penalty buy a different primary, {get}: any card may be the penalty, a "
            f"second {paid} too"
        )
    else:
        why = f"{paid} plus {penalty} as the penalty buy a different primary, {get}"
    return True, rule, why


def _three_shape(give: Counter, get: str) -> tuple[bool, str, str]:
    """[trade.bank.three] Three cards of one colour buy black, white, a secondary or a tertiary."""
    rule, size = TRADE_BANK_THREE, sum(give.values())
    if size != 3:
        return False, rule, f"{get} costs three cards of one colour, not {size} card{'s' if size != 1 else ''}"
    if len(give) != 1:
        return False, rule, f"three cards must be one colour ({_words(give)} are not)"
    colour = next(iter(give))
    if colour == get:
        # The rulebook's three-of-a-kind trade, unlike the primary one, does not ask for a different
        # colour: the letter allows it, so say so, and that it only costs two cards.
        why = f"three {colour} buy one {colour}: allowed by the letter of the rule, though it only costs you two cards"
        return True, rule, why
    return True, rule, f"three {colour} buy one {get}"


def judge_bank_trade(
    player: str, hand: Mapping[str, int], bank: Mapping[str, int], give: Mapping[str, int], get: str
) -> TradeVerdict:
    """[trade.bank.*] One bank trade on this hand and bank stock."""
    hand = Counter(hand)
    give = Counter({c: n for c, n in give.items() if n > 0})
    legal, rule, reason = bank_shape(give, get)
    before = tuple(colours.as_list(hand))
    if legal:
        short = {c: n for c, n in give.items() if hand.get(c, 0) < n}
        if short:
            c, n = next(iter(short.items()))
            legal, reason = False, f"{player} gives {n} {c} but holds {hand.get(c, 0)}"
        elif bank.get(get, 0) < 1:
            legal, rule, reason = False, TRADE_BANK_STOCK, f"the bank has no {get} left"
    after = before
    if legal:
        new = hand - give
        new[get] += 1
        after = tuple(colours.as_list(new))
    return TradeVerdict(
        "bank", legal, rule, reason, player, tuple(colours.as_list(give)), (get,), hand_before=before, hand_after=after
    )


def judge_player_trade(
    player: str, hand: Mapping[str, int], trade: PlayerTrade, other_hand: Mapping[str, int]
) -> TradeVerdict:
    """[trade.player] Palette cards only; both hold what they give (the turn is checked separately)."""
    hand, other_hand = Counter(hand), Counter(other_hand)
    give, receive = +Counter(trade.give), +Counter(trade.receive)
    rule = TRADE_PLAYER
    legal, reason = True, f"{player} and {trade.other} swap palette cards they hold"
    if trade.offered_commissions:
        named = f"'{trade.offered_commissions[0]}' is a commission"
        legal, reason = False, f"commission cards are never traded between players, only palette cards ({named})"
    elif not give and not receive:
        legal, reason = False, "a trade moves at least one card"
    else:
        for who, held, gives in ((player, hand, give), (trade.other, other_hand, receive)):
            short = {c: n for c, n in gives.items() if held.get(c, 0) < n}
            if short:
                c, n = next(iter(short.items()))
                legal, reason = False, f"{who} gives {n} {c} but holds {held.get(c, 0)}"
                break
    if legal and (not give or not receive):
        reason = f"{player} and {trade.other} agree; a card given for nothing is still a trade both accept"
    before, other_before = tuple(colours.as_list(hand)), tuple(colours.as_list(other_hand))
    after, other_after = before, other_before
    if legal:
        after = tuple(colours.as_list(hand - give + receive))
        other_after = tuple(colours.as_list(other_hand - receive + give))
    cards = tuple(colours.as_list(give)), tuple(colours.as_list(receive))
    return TradeVerdict(
        "player", legal, rule, reason, player, *cards, trade.other, before, after, other_before, other_after
    )


def judge_sequence(position: Position, player: str, trades: Sequence[BankTrade | PlayerTrade]) -> SequenceVerdict:
    """Judge trades in order, each on the hands the previous left; after a refusal the rest are not judged."""
    me = position.player(player)
    if me is None:
        raise KeyError(player)
    hands = {p.name: Counter(p.palette) for p in position.players}
    others = sorted({t.other for t in trades if isinstance(t, PlayerTrade)})
    if others:
        check = check_turn(position.turn, [me.name, *others], PAINTING, TRADE_PLAYER, "players trade")
    else:
        check = check_turn(position.turn, [me.name], PAINTING, TRADE, f"{me.name} may trade with the bank")
    verdicts: list[TradeVerdict] = []
    for trade in trades:
        if verdicts and not verdicts[-1].legal:
            why = "not judged: an earlier trade in this call was refused"
            verdicts.append(_unjudged(me.name, trade)._replace(reason=why, judged=False))
        elif not check.allowed:
            held = tuple(colours.as_list(hands[me.name]))
            refused = _unjudged(me.name, trade)._replace(rule=check.rule, reason=check.reason)
            verdicts.append(refused._replace(hand_before=held, hand_after=held))
        else:
            verdicts.append(_judge_in_turn(position, me.name, trade, hands))
    return SequenceVerdict(tuple(verdicts), check, hands)


def _unjudged(player: str, trade: BankTrade | PlayerTrade) -> TradeVerdict:
    """The trade as asked, before it is judged."""
    give = tuple(colours.as_list(trade.give))
    if isinstance(trade, BankTrade):
        return TradeVerdict("bank", False, bank_rule_for(trade.get, trade.give), "", player, give, (trade.get,))
    receive = tuple(colours.as_list(trade.receive))
    return TradeVerdict("player", False, TRADE_PLAYER, "", player, give, receive, trade.other)


def _judge_in_turn(
    position: Position, player: str, trade: BankTrade | PlayerTrade, hands: dict[str, Counter]
) -> TradeVerdict:
    """One trade on the hands (and bank) the trades before it left; `hands` is updated when it is legal."""
    if isinstance(trade, BankTrade):
        verdict = judge_bank_trade(player, hands[player], _bank(hands), trade.give, trade.get)
        if verdict.legal:
            hands[player] = Counter(verdict.hand_after)
        return verdict
    other = position.player(trade.other)
    assert other is not None  # a trade with a player the position lacks is refused before
    verdict = judge_player_trade(player, hands[player], trade._replace(other=other.name), hands[other.name])
    if verdict.legal:
        hands[player] = Counter(verdict.hand_after)
        hands[other.name] = Counter(verdict.other_after)
    return verdict


def _bank(hands: Mapping[str, Counter]) -> Counter:
    """The bank while a sequence of trades is judged: the hands have changed, the box has not."""
    return colours.bank_after(sum(hands.values(), Counter()))
