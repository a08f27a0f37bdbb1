"""The moves of a turn as values, their notation (SPEC 8), and the judge and apply that own them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, NamedTuple

from pastiche_cli.games.pastiche.core import colours, trading
from pastiche_cli.games.pastiche.core.cleanup import (
    after_discard,
    after_draw_hex,
    after_end,
    discard_verdict,
    draw_hex_verdict,
    end_turn_verdict,
)
from pastiche_cli.games.pastiche.core.commissions import deck_empty
from pastiche_cli.games.pastiche.core.geometry import Cell, cell_text, parse_cell
from pastiche_cli.games.pastiche.core.mixing import after_place, place_verdict
from pastiche_cli.games.pastiche.core.notation import HexTile, NotationError, parse_hex
from pastiche_cli.games.pastiche.core.painting import (
    after_complete,
    after_draw_commission,
    after_swap,
    after_trade,
    complete_verdict,
    draw_commission_verdict,
    swap_verdict,
    trade_verdict,
)
from pastiche_cli.games.pastiche.core.position import Position
from pastiche_cli.games.pastiche.core.rule_ids import COMMISSION_COMPLETE
from pastiche_cli.kernel.moves import MoveSyntaxError, MoveValue, allowed, check_shape, seated, tokens, verb_of
from pastiche_cli.kernel.moves import Token as _Token
from pastiche_cli.kernel.moves import word as _word
from pastiche_cli.kernel.multiset import Multiset
from pastiche_cli.kernel.verdict import Verdict


class _Move(MoveValue):
    """A Pastiche move: written in SPEC 8's notation."""

    __slots__ = ()

    def notation(self) -> str:
        return notation(self)  # type: ignore[arg-type]  # every _Move is one of Move


class _Place(NamedTuple):
    player: str
    hex: HexTile  # as laid, rotation included
    at: Cell
    take: str | None = None  # a centre primary taken instead of the mixed cards


class Place(_Move, _Place):
    """[place] Lay a hex and take the mixed cards, or one centre primary."""

    __slots__ = ()

    def __new__(cls, player: str, hex: HexTile | str, at: Cell, take: str | None = None) -> Place:
        return _Place.__new__(cls, player, _tile(hex), (int(at[0]), int(at[1])), take)


class _BankTrade(NamedTuple):
    player: str
    give: Multiset
    get: str


class BankTrade(_Move, _BankTrade):
    """[trade.bank.*] Cards to the bank for one card."""

    __slots__ = ()

    def __new__(cls, player: str, give, get: str) -> BankTrade:
        return _BankTrade.__new__(cls, player, Multiset(give), get)


class _PlayerTrade(NamedTuple):
    player: str
    other: str
    give: Multiset  # what `player` hands over
    receive: Multiset  # what `other` hands over


class PlayerTrade(_Move, _PlayerTrade):
    """[trade.player] Palette cards between two players."""

    __slots__ = ()

    def __new__(cls, player: str, other: str, give, receive) -> PlayerTrade:
        return _PlayerTrade.__new__(cls, player, other, Multiset(give), Multiset(receive))


class _Swap(NamedTuple):
    player: str
    give: str  # the hand commission: catalogue id or title
    take: str  # the gallery commission


class Swap(_Move, _Swap):
    """[commission.swap] A hand commission for a gallery one, once a turn."""

    __slots__ = ()


class _Complete(NamedTuple):
    player: str
    commission: str  # catalogue id or title, in the hand or the gallery


class Complete(_Move, _Complete):
    """[commission.complete] Complete a commission from the hand or the gallery."""

    __slots__ = ()


class _DrawCommission(NamedTuple):
    player: str
    commission: str  # catalogue id or title of the card drawn from the deck


class DrawCommission(_Move, _DrawCommission):
    """[commission.complete] The replacement for the commission just completed, drawn from the deck."""

    __slots__ = ()


class _Discard(NamedTuple):
    player: str
    cards: Multiset


class Discard(_Move, _Discard):
    """[cleanup.hand-limit] Cards over the hand limit back to the bank."""

    __slots__ = ()

    def __new__(cls, player: str, cards) -> Discard:
        return _Discard.__new__(cls, player, Multiset(cards))


class _DrawHex(NamedTuple):
    player: str
    hex: HexTile


class DrawHex(_Move, _DrawHex):
    """[cleanup.draw] Draw back up to two hexes."""

    __slots__ = ()

    def __new__(cls, player: str, hex: HexTile | str) -> DrawHex:
        return _DrawHex.__new__(cls, player, _tile(hex))


class _End(NamedTuple):
    player: str


class End(_Move, _End):
    """The turn ends; the next player's mixing phase begins."""

    __slots__ = ()


Move = Place | BankTrade | PlayerTrade | Swap | Complete | DrawCommission | Discard | DrawHex | End
TRADES = (BankTrade, PlayerTrade)


def _tile(hex: HexTile | str) -> HexTile:
    return hex if isinstance(hex, HexTile) else parse_hex(hex)


def _cards(cards: Multiset) -> str:
    return ",".join(colours.as_list(cards)) or "nothing"


_WRITTEN: dict[type, Callable[[Any], str]] = {
    Place: lambda m: f"place {m.hex} at {cell_text(m.at)}" + (f" take {m.take}" if m.take else ""),
    BankTrade: lambda m: f"trade {_cards(m.give)} for {m.get}",
    PlayerTrade: lambda m: f"trade {_cards(m.give)} with {_word(m.other)} for {_cards(m.receive)}",
    Swap: lambda m: f"swap {_word(m.give)} for {_word(m.take)}",
    Complete: lambda m: f"complete {_word(m.commission)}",
    DrawCommission: lambda m: f"draw commission {_word(m.commission)}",
    Discard: lambda m: f"discard {_cards(m.cards)}",
    DrawHex: lambda m: f"draw hex {m.hex}",
    End: lambda m: "end",
}


def notation(move: Move) -> str:
    """The move in SPEC 8's notation: `Ana trade teal,teal,teal for olive`."""
    return f"{_word(move.player)} {_WRITTEN[type(move)](move)}"


FORMS = {
    "place": "NAME place HEX at Q,R [take COLOUR]",
    "trade": "NAME trade CARDS for CARD, or NAME trade CARDS with OTHER for CARDS",
    "swap": "NAME swap COMMISSION for COMMISSION",
    "complete": "NAME complete COMMISSION",
    "draw": "NAME draw commission COMMISSION, or NAME draw hex HEX",
    "discard": "NAME discard CARDS",
    "end": "NAME end",
}


def parse_move(text: str, position: Position) -> Move:
    """A move from its notation (names matched in any case); a refused move still parses. Raises MoveSyntaxError."""
    words = tokens(str(text))
    player = _player_name(position, words[0]) if len(words) >= 2 else ""
    verb = verb_of(words, FORMS, colours.suggest, "Ana end")
    args = words[2:]

    def shape(*expected: str | None) -> None:
        check_shape(FORMS[verb], words[1], args, *expected)

    if verb == "place":
        shape(None, "at", None, *(("take", None) if len(args) > 3 else ()))
        take = _card(args[4]) if len(args) > 3 else None
        return Place(player, _hex(args[0]), _cell(args[2]), take)
    if verb == "trade":
        if len(args) > 1 and args[1].text.lower() == "with" and not args[1].quoted:
            shape(None, "with", None, "for", None)
            other = _player_name(position, args[2])
            return PlayerTrade(player, other, _card_list(args[0]), _card_list(args[4]))
        shape(None, "for", None)
        return BankTrade(player, _card_list(args[0]), _card(args[2]))
    if verb == "swap":
        shape(None, "for", None)
        return Swap(player, args[0].text, args[2].text)
    if verb == "complete":
        shape(None)
        return Complete(player, args[0].text)
    if verb == "draw":
        what = args[0].text.lower() if args and not args[0].quoted else ""
        if what == "commission":
            shape("commission", None)
            return DrawCommission(player, args[1].text)
        shape("hex", None)
        return DrawHex(player, _hex(args[1]))
    if verb == "discard":
        shape(None)
        return Discard(player, _card_list(args[0]))
    shape()
    return End(player)


def _player_name(position: Position, token: _Token) -> str:
    found = position.player(token.text)
    if found is None:
        names = [p.name for p in position.players]
        near = colours.suggest(token.text, names)
        hint = f"; did you mean '{near}'?" if near else f" (players: {', '.join(names)})"
        raise MoveSyntaxError(f"no player '{token.text}'{hint}", token.start)
    return found.name


def _card(token: _Token) -> str:
    card = colours.parse_card(token.text)
    if card is None:
        raise MoveSyntaxError(colours.unknown_card_message(token.text), token.start)
    return card


def _card_list(token: _Token) -> Multiset:
    if token.text.lower() == "nothing" and not token.quoted:
        return Multiset()
    names = []
    offset = token.start
    for part in token.text.split(","):
        if not part:
            raise MoveSyntaxError("CARDS are card names separated by commas, with nothing between two commas", offset)
        names.append(_card(_Token(part, False, offset)))
        offset += len(part) + 1
    return Multiset(names)


def _hex(token: _Token) -> HexTile:
    try:
        return parse_hex(token.text)
    except NotationError as exc:
        raise MoveSyntaxError(str(exc), token.start + exc.index) from None


def _cell(token: _Token) -> Cell:
    cell = parse_cell(token.text)
    if cell is None:
        raise MoveSyntaxError(
            f"'{token.text}' is not a cell: write Q,R such as 1,-1 (`play` also takes the label of an open "
            "cell that `pastiche board` prints)",
            token.start,
        )
    return cell


def judge(position: Position, move: Move) -> Verdict:
    """Do the rules allow this move now? The deciding rule, why, and what it does; MoveError for an unknown player."""
    me = seated(position, move.player)
    pending = position.pending_draw
    if pending is not None and not isinstance(move, DrawCommission) and not deck_empty(position):
        return Verdict(
            False,
            COMMISSION_COMPLETE,
            f"{pending[0]} has just completed a commission: its replacement is drawn from the deck "
            "first (draw commission)",
        )
    return _JUDGES[type(move)](position, me, move)


_JUDGES: dict[type, Callable[..., Verdict]] = {
    Place: lambda pos, me, m: place_verdict(pos, me, m.hex, m.at, m.take),
    BankTrade: lambda pos, me, m: trade_verdict(pos, me, trading.BankTrade(Counter(m.give), m.get)),
    PlayerTrade: lambda pos, me, m: trade_verdict(
        pos, me, trading.PlayerTrade(seated(pos, m.other).name, Counter(m.give), Counter(m.receive))
    ),
    Swap: lambda pos, me, m: swap_verdict(pos, me, m.give, m.take),
    Complete: lambda pos, me, m: complete_verdict(pos, me, m.commission),
    DrawCommission: lambda pos, me, m: draw_commission_verdict(pos, me, m.commission),
    Discard: lambda pos, me, m: discard_verdict(pos, me, m.cards),
    DrawHex: lambda pos, me, m: draw_hex_verdict(pos, me, m.hex),
    End: lambda pos, me, m: end_turn_verdict(pos, me),
}


def apply(position: Position, move: Move) -> Position:
    """The position after the move; raises IllegalMove (with the verdict) when the rules refuse it."""
    verdict = allowed(judge, position, move)
    return _AFTER[type(move)](position, seated(position, move.player), move, verdict)


_AFTER: dict[type, Callable[..., Position]] = {
    Place: lambda pos, me, m, verdict: after_place(pos, me, m.hex, m.at, verdict),
    BankTrade: lambda pos, me, m, verdict: after_trade(pos, verdict),
    PlayerTrade: lambda pos, me, m, verdict: after_trade(pos, verdict),
    Swap: lambda pos, me, m, verdict: after_swap(pos, me, verdict),
    Complete: lambda pos, me, m, verdict: after_complete(pos, me, verdict),
    DrawCommission: lambda pos, me, m, verdict: after_draw_commission(pos, me, verdict),
    Discard: lambda pos, me, m, verdict: after_discard(pos, me, m.cards),
    DrawHex: lambda pos, me, m, verdict: after_draw_hex(pos, me, m.hex),
    End: lambda pos, me, m, verdict: after_end(pos, me),
}
