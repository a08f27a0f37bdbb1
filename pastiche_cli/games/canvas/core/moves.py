"""Canvas's moves as values, their one-line notation, and the judge and apply that own them.

One action a turn [canvas.turn]: `Ana take 3 refill Nature` (Nature, drawn, refills slot 5), `Ana take 1` (the deck
is empty), `Ana paint Heavy Fragile Melancholy` (three cards of the hand, bottom to top)."""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from pastiche_cli.games.canvas.core import cards as card_data
from pastiche_cli.games.canvas.core.cards import MARKET_SLOTS, PAINTINGS_PER_PLAYER
from pastiche_cli.games.canvas.core.position import MarketSlot, Placed, Player, Position
from pastiche_cli.games.canvas.core.rule_ids import CAP, END, PAINT, TAKE
from pastiche_cli.games.canvas.core.scoring import score_painting, totals
from pastiche_cli.games.canvas.core.turns import SLIDE, judge_paint, judge_take, judge_turn, turn_after
from pastiche_cli.kernel.moves import (
    MoveError,
    MoveSyntaxError,
    MoveValue,
    Token,
    allowed,
    check_shape,
    head,
    seated,
    word,
)
from pastiche_cli.kernel.problems import Loc
from pastiche_cli.kernel.suggest import suggest
from pastiche_cli.kernel.verdict import Verdict

OVER_RULE = END
FORMS = {
    "take": "NAME take SLOT refill WORD (or NAME take SLOT when the deck is empty)",
    "paint": "NAME paint WORD WORD WORD (bottom to top)",
}
EXAMPLE = "Ana take 1 refill Nature"


def _card_word(text: str) -> str:
    """An art card's title word as printed (any case finds it); other text is kept as it is, for judge to refuse."""
    found = card_data.find_card(text)
    return found.word if found else text


class _Take(NamedTuple):
    player: str
    slot: int  # 1 (furthest from the deck, free) to 5
    refill: str | None = None  # the card drawn from the deck into slot 5; None when the deck is empty


class Take(MoveValue, _Take):
    """[canvas.take] Take the card in a market slot; the card drawn from the deck refills slot 5."""

    __slots__ = ()

    def __new__(cls, player: str, slot: int, refill: str | None = None) -> Take:
        return _Take.__new__(cls, player, int(slot), None if refill is None else _card_word(refill))

    def notation(self) -> str:
        return f"{word(self.player)} take {self.slot}" + (f" refill {word(self.refill)}" if self.refill else "")


class _Paint(NamedTuple):
    player: str
    cards: tuple[str, ...]  # three art cards of the hand, bottom to top


class Paint(MoveValue, _Paint):
    """[canvas.paint] Complete a painting from three cards of the hand, stacked bottom to top."""

    __slots__ = ()

    def __new__(cls, player: str, cards) -> Paint:
        return _Paint.__new__(cls, player, tuple(_card_word(c) for c in cards))

    def notation(self) -> str:
        return f"{word(self.player)} paint " + " ".join(word(c) for c in self.cards)


Move = Take | Paint
MOVES = (Take, Paint)


def parse_move(text: str, position: Position) -> Move:
    """A move from its notation (a well-formed move the rules refuse parses); MoveSyntaxError where it goes wrong."""
    words, player, verb, args = head(text, [p.name for p in position.players], FORMS, suggest, EXAMPLE)
    if verb == "take":
        check_shape(FORMS[verb], words[1], args, None, *(("refill", None) if len(args) > 1 else ()))
        return Take(player, _slot(args[0]), _card(args[2]) if len(args) > 1 else None)
    check_shape(FORMS[verb], words[1], args, None, None, None)
    return Paint(player, tuple(_card(a) for a in args))


def _slot(token: Token) -> int:
    text = token.text
    slots = f"1 (furthest from the deck) to {MARKET_SLOTS}"
    if token.quoted or not (text.isascii() and text.isdigit()) or len(text) > 3:
        raise MoveSyntaxError(f"'{text}' is not a market slot: write a number from {slots}", token.start)
    if not 1 <= int(text) <= MARKET_SLOTS:
        raise MoveSyntaxError(f"there is no slot {text}: the market's slots are {slots}", token.start)
    return int(text)


def _card(token: Token) -> str:
    found = card_data.find_card(token.text)
    if found is None:
        near = suggest(token.text, card_data.card_words())
        hint = f"; did you mean '{near}'?" if near else " (`pastiche canvas cards` lists the 60 words)"
        raise MoveSyntaxError(f"'{token.text}' is not the title word of an art card{hint}", token.start)
    return found.word


def whereabouts(position: Position) -> tuple[tuple[str, str], ...]:
    """(card, where) for every art card the position shows: hands, paintings, the market (the loader's words)."""
    out = []
    for p in position.players:
        out += [(c, f"{p.name}'s hand") for c in p.hand]
        for i, painting in enumerate(p.paintings, 1):
            out += [(c, f"{p.name}'s painting {i}") for c in painting]
    out += [(s.card, f"the market (slot {i})") for i, s in enumerate(position.market or (), 1)]
    return tuple(out)


def deck(position: Position) -> tuple[str, ...]:
    """The art cards not in play: every one of the 60 that no hand, painting or market slot holds."""
    seen = {c for c, _ in whereabouts(position)}
    return tuple(w for w in card_data.card_words() if w not in seen)


def where_is(position: Position, card: str) -> str | None:
    return next((where for c, where in whereabouts(position) if c == card), None)


def judge(position: Position, move: Move) -> Verdict:
    """Do the rules allow this move now (whose turn first)? MoveError for an unknown player or a take with no market."""
    me = seated(position, move.player)
    action = "a card is taken" if isinstance(move, Take) else "a painting is completed"
    refused = judge_turn(position, me.name, action)
    if refused is not None:
        return refused
    if isinstance(move, Take):
        return _judge_take(position, me, move)
    if isinstance(move, Paint):
        return _judge_paint(position, me, move)
    raise TypeError(f"not a Canvas move: {move!r}")


def _judge_take(position: Position, me: Player, move: Take) -> Verdict:
    if position.market is None:
        raise MoveError("the position has no market, so no card can be taken")
    checked = position.turn is not None
    v = judge_take(position, me, move.slot)
    if not v.legal:
        return v._replace(turn_checked=checked)
    take = v.detail
    left = deck(position)
    effects = list(v.effects)
    notes: tuple[str, ...] = ()
    if move.refill is not None:
        if move.refill == take.card:
            why = f"{me.name} takes {take.card} from slot {move.slot}, so it cannot also be the card drawn from the "
            return Verdict(False, TAKE, why + "deck to refill slot 5", turn_checked=checked, detail=take)
        if move.refill not in left:
            where = where_is(position, move.refill)
            why = f"{move.refill} is already in {where}" if where else f"{move.refill} is not in the deck"
            why += "; the card refilling slot 5 is drawn from the deck (the art cards not in play)"
            return Verdict(False, TAKE, why, turn_checked=checked, detail=take)
        effects.append(f"the market slides toward slot 1 and {move.refill}, drawn from the deck, refills slot 5")
    elif left:
        effects.append(SLIDE)
        note = f"the card drawn from the deck into slot 5 is not named (the deck holds {len(left)}), so slot 5 "
        notes = (note + f"stays empty until it is written: {Take(me.name, move.slot, 'WORD')}",)
    else:
        effects.append("the market slides toward slot 1; the deck is empty, so slot 5 stays empty")
    return Verdict(True, TAKE, v.reason, tuple(effects), notes, checked, take)


def _judge_paint(position: Position, me: Player, move: Paint) -> Verdict:
    checked = position.turn is not None
    v = judge_paint(me)
    if not v.legal:
        return v._replace(turn_checked=checked)
    twice = sorted(c for c, n in Counter(move.cards).items() if n > 1)
    missing = [c for c in move.cards if c not in me.hand]
    why = ""
    if len(move.cards) != 3:
        why = f"a painting is three art cards, not {len(move.cards)}"
    elif twice:
        why = f"a painting is three different art cards, and {', '.join(twice)} is named twice"
    elif missing:
        holds = ", ".join(me.hand) or "nothing"
        why = f"{me.name} does not hold {' or '.join(missing)} (holds {holds}); a painting is made of cards from one's "
        why += "own hand"
    if why:
        return Verdict(False, PAINT, why, turn_checked=checked)
    painting = score_painting(move.cards, position.scoring, position.house)
    kept = [c for c in me.hand if c not in move.cards]
    done = f"{me.name} completes painting {len(me.paintings) + 1} of {PAINTINGS_PER_PLAYER}: "
    effects = [done + f"{', '.join(move.cards)} (bottom to top)", *_ribbon_effects(position, me, painting)]
    stays = f"{', '.join(kept)} stay{'s' if len(kept) == 1 else ''} in hand"
    effects.append(stays if kept else "no card is left in hand")
    return Verdict(True, PAINT, v.reason, tuple(effects), (), checked, painting)


def _ribbon_effects(position: Position, me: Player, painting) -> list[str]:
    """The ribbons the painting takes on each active card (the cap counted [canvas.cap]) and its grey ribbons."""
    house, scoring = position.house, position.scoring
    done = [score_painting(w, scoring, house) for w in me.paintings]
    before, _, _ = totals(done, scoring, house)
    after, _, _ = totals(done + [painting], scoring, house)
    taken, capped = [], []
    for b, a in zip(before, after):
        earned = painting.on(a.card).count
        if a.counted > b.counted:
            taken.append(f"{a.card} {a.counted - b.counted}")
        if earned > a.counted - b.counted:
            capped.append(f"{a.card} {earned - (a.counted - b.counted)}")
    out = [f"ribbons taken: {', '.join(taken)}" if taken else "no ribbon is taken on the scoring cards"]
    if capped:
        out.append(f"ribbons beyond the cap, not taken: {', '.join(capped)} [{CAP}]")
    if painting.bonus_count:
        out.append(f"{painting.bonus_count} grey ribbon{'' if painting.bonus_count == 1 else 's'}")
    return out


def apply(position: Position, move: Move) -> Position:
    """The position after the move, the turn passed on where the position keeps it; IllegalMove when refused."""
    verdict = allowed(judge, position, move)
    me = seated(position, move.player)
    market = position.market
    if isinstance(move, Take):
        take = verdict.detail
        me = me._replace(hand=take.hand_after, inspiration=take.inspiration_after)
        market = take.market_after + ((MarketSlot(move.refill),) if move.refill else ())
    else:
        hand = list(me.hand)
        for c in move.cards:
            hand.remove(c)
        me = me._replace(hand=tuple(hand), paintings=me.paintings + (move.cards,))
    players = tuple(me if p.name == me.name else p for p in position.players)
    after = position._replace(players=players, market=market)
    after = after._replace(turn=turn_after(after, me.name) if position.turn is not None else None)
    return after._replace(places=_places(position, after))


def _places(before: Position, after: Position) -> tuple[Placed, ...]:
    """Every card where it now is, for the checks that a card is in one place only (file places kept where known)."""
    known = {p.word: p.loc for p in before.places}
    return tuple(Placed(c, where, known.get(c, Loc())) for c, where in whereabouts(after))
