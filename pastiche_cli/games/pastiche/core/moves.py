"""The moves of a turn as values, their notation (SPEC 8), and the judge and apply that own them.

As python-chess's Board owns `push`: `judge(position, move)` says whether the rules allow a move
and which rule decided, calling the judges that already exist (placement, trades, commissions,
discards) plus the one turn/phase rule of core/turns.py; `apply(position, move)` returns the
position after it (a new value; the old one is untouched) and raises IllegalMove for a move the
judge refuses. Every move knows its one-line notation: `str(move)` writes it, `parse_move` reads it.

    Ana place RYBBYR/R at 1,-1            Ana place RYBBYR/R at 1,-1 take red
    Ana trade teal,teal,teal for olive    Ana trade teal with Ben for red,violet
    Ana swap quiet-orchard for "Salt Marsh"
    Ana complete harbour-at-dusk          Ana draw commission salt-marsh
    Ana discard teal                      Ana draw hex YYBBRR/Y
    Ana end

A commission is a catalogue id or a double-quoted title; a player trade writes `nothing` for an
empty side (a card given for nothing is a trade both may accept).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import NamedTuple

from pastiche_cli.games.pastiche.core import colours, trading
from pastiche_cli.games.pastiche.core.board import PALETTE_HEXES, Placement, board_of, judge_placement, same_hex
from pastiche_cli.games.pastiche.core.commissions import (
    CommissionStatus,
    find_commission,
    fold,
    judge_complete,
    judge_swap,
    statuses,
)
from pastiche_cli.games.pastiche.core.discard import HAND_LIMIT, judge_discard
from pastiche_cli.games.pastiche.core.geometry import Cell, cell_text, parse_cell
from pastiche_cli.games.pastiche.core.notation import HexTile, NotationError, parse_hex
from pastiche_cli.games.pastiche.core.position import Commission, PlacedHex, Player, Position
from pastiche_cli.games.pastiche.core.rule_ids import (
    CLEANUP as CLEANUP_RULES,  # the group's id, the same word as the phase
)
from pastiche_cli.games.pastiche.core.rule_ids import (
    CLEANUP_DRAW,
    CLEANUP_HAND_LIMIT,
    COMMISSION_COMPLETE,
    COMMISSION_SWAP,
    PLACE,
    PLACE_BANK,
    PLACE_CENTRE,
    TRADE_PLAYER,
)
from pastiche_cli.games.pastiche.core.turns import CLEANUP, END, MIXING, PAINTING, check_turn, next_player, turn_after
from pastiche_cli.kernel.moves import (
    IllegalMove,
    MoveError,
    MoveSyntaxError,
    MoveValue,
    check_shape,
    tokens,
    verb_of,
)
from pastiche_cli.kernel.moves import (
    Token as _Token,
)
from pastiche_cli.kernel.moves import word as _word
from pastiche_cli.kernel.multiset import Multiset
from pastiche_cli.kernel.verdict import Verdict

HEXES_IN_HAND = 2
HAND_COMMISSIONS = 2
GALLERY_SIZE = 4
COMMISSION_CARDS = 34


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
MOVES = (Place, BankTrade, PlayerTrade, Swap, Complete, DrawCommission, Discard, DrawHex, End)
TRADES = (BankTrade, PlayerTrade)


def _tile(hex: HexTile | str) -> HexTile:
    return hex if isinstance(hex, HexTile) else parse_hex(hex)


# --- notation ------------------------------------------------------------------------------------


def _cards(cards: Multiset) -> str:
    return ",".join(colours.as_list(cards)) or "nothing"


def notation(move: Move) -> str:
    """The move in SPEC 8's notation: `Ana trade teal,teal,teal for olive`."""
    who = _word(move.player)
    if isinstance(move, Place):
        return f"{who} place {move.hex} at {cell_text(move.at)}" + (f" take {move.take}" if move.take else "")
    if isinstance(move, BankTrade):
        return f"{who} trade {_cards(move.give)} for {move.get}"
    if isinstance(move, PlayerTrade):
        return f"{who} trade {_cards(move.give)} with {_word(move.other)} for {_cards(move.receive)}"
    if isinstance(move, Swap):
        return f"{who} swap {_word(move.give)} for {_word(move.take)}"
    if isinstance(move, Complete):
        return f"{who} complete {_word(move.commission)}"
    if isinstance(move, DrawCommission):
        return f"{who} draw commission {_word(move.commission)}"
    if isinstance(move, Discard):
        return f"{who} discard {_cards(move.cards)}"
    if isinstance(move, DrawHex):
        return f"{who} draw hex {move.hex}"
    if isinstance(move, End):
        return f"{who} end"
    raise TypeError(f"not a move: {move!r}")


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
    """A move from its notation; player names are matched against the position (any case).

    Parsing is not judging: a well-formed move the rules refuse parses, and `judge` says why.
    Raises MoveSyntaxError, with the column where the text goes wrong.
    """
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


# --- judging -------------------------------------------------------------------------------------


class PlaceJudgement(NamedTuple):
    """A placement's verdict and the cards the player takes with it."""

    placement: Placement
    cards: tuple[str, ...]


def judge(position: Position, move: Move) -> Verdict:
    """Do the rules allow this move now? The rule that decides, why, and what the move does.

    Raises MoveError for a move that names a player the position does not have.
    """
    me = _player(position, move.player)
    pending = position.pending_draw
    if pending is not None and not isinstance(move, DrawCommission) and not _deck_empty(position):
        return Verdict(
            False,
            COMMISSION_COMPLETE,
            f"{pending[0]} has just completed a commission: its replacement is drawn from the deck "
            "first (draw commission)",
        )
    return _JUDGES[type(move)](position, me, move)


def _go_back(cards) -> str:
    """ "1 violet goes back to the bank", "2 red, 1 blue go back to the bank": the verb agrees with the count."""
    return f"{colours.describe(cards)} {'goes' if sum(cards.values()) == 1 else 'go'} back to the bank"


def _player(position: Position, name: str) -> Player:
    found = position.player(name)
    if found is None:
        raise MoveError(f"no player '{name}' in the position")
    return found


def _refused(turn, detail=None) -> Verdict:
    return Verdict(False, turn.rule, turn.reason, turn_checked=turn.checked, detail=detail)


def _notes(*notes: str | None) -> tuple[str, ...]:
    return tuple(n for n in notes if n)


def _judge_place(position: Position, me: Player, move: Place) -> Verdict:
    if position.start is None:
        raise MoveError("the position has no board.start, so no hex can be laid")
    p = judge_placement(
        board_of(position),
        move.hex,
        move.at,
        bank=position.bank(),
        player=me.name,
        strict=position.house_rules.strict_adjacency,
    )
    # Whose turn and which phase first: every kind of move is refused by the same rule when it is not
    # the player's moment, whatever else is wrong with it.
    turn = check_turn(position.turn, [me.name], MIXING, PLACE, f"{me.name} lays a hex")
    if not turn.allowed:
        return _refused(turn, PlaceJudgement(p, ()))
    if not p.legal:
        return Verdict(False, p.rule, p.reason, detail=PlaceJudgement(p, ()))
    if move.take is not None:
        if move.take not in p.centre:
            return Verdict(
                False,
                PLACE_CENTRE,
                f"the centre of {p.tile} shows {' or '.join(p.centre)}, not {move.take}",
                turn_checked=turn.checked,
                detail=PlaceJudgement(p, ()),
            )
        if move.take in p.centre_short:
            return Verdict(
                False,
                PLACE_BANK,
                f"the bank has no {move.take} left",
                turn_checked=turn.checked,
                detail=PlaceJudgement(p, ()),
            )
        cards: tuple[str, ...] = (move.take,)
    else:
        cards = tuple(colours.as_list(p.takeable))
    effects = [f"{me.name} lays {p.tile} at {cell_text(p.cell)}", f"{me.name} takes {', '.join(cards) or 'nothing'}"]
    if move.take is None and p.short:
        effects.append(f"the bank has run out of {', '.join(p.short)}, which cannot be taken [{PLACE_BANK}]")
    unlisted = None
    if ("hexes" in me.keys or me.hexes) and not any(same_hex(parse_hex(t), move.hex) for t in me.hexes):
        unlisted = f"{me.name}'s hexes do not list {move.hex} in any rotation"
    return Verdict(
        True, p.rule, p.reason, tuple(effects), _notes(turn.note, unlisted), turn.checked, PlaceJudgement(p, cards)
    )


def _judge_trade(position: Position, me: Player, move: BankTrade | PlayerTrade) -> Verdict:
    if isinstance(move, BankTrade):
        trade: trading.BankTrade | trading.PlayerTrade = trading.BankTrade(Counter(move.give), move.get)
    else:
        other = _player(position, move.other)
        if other.name == me.name:
            return Verdict(False, TRADE_PLAYER, "a player cannot trade with themselves")
        trade = trading.PlayerTrade(other.name, Counter(move.give), Counter(move.receive))
    result = trading.judge_sequence(position, me.name, [trade])
    t = result.trades[0]
    if t.kind == "bank":
        what = f"{me.name} gives {' + '.join(t.give)} to the bank for {t.get[0]}"
    else:
        what = f"{me.name} gives {' + '.join(t.give) or 'nothing'} to {t.other} for {' + '.join(t.get) or 'nothing'}"
    return Verdict(
        t.legal, t.rule, t.reason, (what,) if t.legal else (), _notes(result.turn.note), result.turn.checked, result
    )


def _judge_swap(position: Position, me: Player, move: Swap) -> Verdict:
    every = statuses(position, me)
    give, take = find_commission(every, move.give), find_commission(every, move.take)
    for ref, found in ((move.give, give), (move.take, take)):
        if found is None:
            return Verdict(False, COMMISSION_SWAP, f"no commission '{ref}' in {me.name}'s hand or the gallery")
    assert give is not None and take is not None  # both found, or the loop returned
    v = judge_swap(position, me, give, take)
    effects = (
        (f"'{give.commission.title}' goes to the gallery", f"'{take.commission.title}' goes to {me.name}'s hand")
        if v.legal
        else ()
    )
    return Verdict(v.legal, v.rule, v.reason, effects, _notes(v.turn.note), v.turn.checked, v)


def _judge_complete(position: Position, me: Player, move: Complete) -> Verdict:
    found = find_commission(statuses(position, me), move.commission)
    if found is None:
        return Verdict(
            False, COMMISSION_COMPLETE, f"no commission '{move.commission}' in {me.name}'s hand or the gallery"
        )
    v = judge_complete(position, me, found)
    c = found.commission
    effects = (
        (
            f"'{c.title}' is completed ({c.points} points)",
            _go_back(c.needs),
            f"its replacement is drawn to the {found.source}",
        )
        if v.legal
        else ()
    )
    return Verdict(v.legal, v.rule, v.reason, effects, _notes(v.turn.note), v.turn.checked, v)


def _judge_draw_commission(position: Position, me: Player, move: DrawCommission) -> Verdict:
    rule = COMMISSION_COMPLETE
    turn = check_turn(position.turn, [me.name], PAINTING, rule, f"{me.name} may draw a commission")
    if not turn.allowed:
        return _refused(turn)
    pending = position.pending_draw
    if pending is None or pending[0].casefold() != me.name.casefold():
        return Verdict(
            False,
            rule,
            f"a commission is drawn only to replace one just completed, and {me.name} has none to replace",
            turn_checked=turn.checked,
        )
    card = catalogue_card(position, move.commission)
    if card is None:
        return Verdict(
            False,
            rule,
            f"no commission '{move.commission}' in the catalogue; a card drawn is named by "
            "its catalogue id or its title",
            turn_checked=turn.checked,
        )
    where = in_play(position, card)
    if where:
        return Verdict(
            False,
            rule,
            f"'{card.title}' is already in play ({where}); the deck holds only the cards not yet drawn",
            turn_checked=turn.checked,
        )
    to = pending[1]
    full = len(me.commissions) >= HAND_COMMISSIONS if to == "hand" else len(position.gallery) >= GALLERY_SIZE
    if full:
        place = f"{me.name}'s hand" if to == "hand" else "the gallery"
        return Verdict(False, rule, f"{place} is full, so '{card.title}' cannot go there", turn_checked=turn.checked)
    into = f"{me.name}'s hand" if to == "hand" else "the gallery"
    return Verdict(
        True,
        rule,
        f"{me.name} draws '{card.title}' from the deck to replace the commission completed from the {to}",
        (f"'{card.title}' goes to {into}",),
        _notes(turn.note),
        turn.checked,
        card,
    )


def _judge_discard(position: Position, me: Player, move: Discard) -> Verdict:
    rule = CLEANUP_HAND_LIMIT
    turn = check_turn(position.turn, [me.name], CLEANUP, rule, f"{me.name} discards")
    if not turn.allowed:
        return _refused(turn)
    legal, reason = judge_discard(me.name, me.palette, move.cards)
    effects = (_go_back(move.cards),) if legal else ()
    return Verdict(legal, rule, reason, effects, _notes(turn.note), turn.checked)


def hex_supply(position: Position) -> int:
    """Palette hexes neither on the table nor in a hand."""
    return PALETTE_HEXES - len(position.placed) - sum(len(p.hexes) for p in position.players)


def _judge_draw_hex(position: Position, me: Player, move: DrawHex) -> Verdict:
    rule = CLEANUP_DRAW
    turn = check_turn(position.turn, [me.name], CLEANUP, rule, f"{me.name} draws hexes")
    if not turn.allowed:
        return _refused(turn)
    held = len(me.hexes)
    if held >= HEXES_IN_HAND:
        return Verdict(
            False,
            rule,
            f"{me.name} holds {held} hexes; a player draws back up to {HEXES_IN_HAND}, no more",
            turn_checked=turn.checked,
        )
    if hex_supply(position) <= 0:
        return Verdict(
            False,
            rule,
            f"all {PALETTE_HEXES} palette hexes are on the table or in hands; none is left to draw",
            turn_checked=turn.checked,
        )
    return Verdict(
        True,
        rule,
        f"{me.name} holds {held} hex{'es' if held != 1 else ''} and draws back up to {HEXES_IN_HAND}",
        (f"{move.hex} goes to {me.name}'s hexes",),
        _notes(turn.note),
        turn.checked,
    )


def _judge_end(position: Position, me: Player, move: End) -> Verdict:
    turn = check_turn(position.turn, [me.name], END, CLEANUP_RULES, f"{me.name} ends the turn")
    if not turn.allowed:
        return _refused(turn)
    size = me.hand_size
    if size > HAND_LIMIT:
        return Verdict(
            False,
            CLEANUP_HAND_LIMIT,
            f"{me.name} holds {size} palette cards; a turn ends with at most "
            f"{HAND_LIMIT}, so {size - HAND_LIMIT} must be discarded first",
            turn_checked=turn.checked,
        )
    unchecked = None
    if "hexes" in me.keys or me.hexes:
        held = len(me.hexes)
        if held < min(HEXES_IN_HAND, held + hex_supply(position)):
            return Verdict(
                False,
                CLEANUP_DRAW,
                f"{me.name} holds {held} hex{'es' if held != 1 else ''}; a turn "
                f"ends with {HEXES_IN_HAND} while the supply lasts, so draw back "
                "up first",
                turn_checked=turn.checked,
            )
    else:
        unchecked = f"the file does not list {me.name}'s hexes, so drawing back up to {HEXES_IN_HAND} was not checked"
    following = next_player(position, me.name)
    return Verdict(
        True,
        CLEANUP_RULES,
        f"{me.name}'s turn ends; it is {following}'s turn, in the mixing phase",
        (f"the turn passes to {following}",),
        _notes(turn.note, unchecked),
        turn.checked,
    )


_JUDGES: dict[type, Callable[..., Verdict]] = {
    Place: _judge_place,
    BankTrade: _judge_trade,
    PlayerTrade: _judge_trade,
    Swap: _judge_swap,
    Complete: _judge_complete,
    DrawCommission: _judge_draw_commission,
    Discard: _judge_discard,
    DrawHex: _judge_draw_hex,
    End: _judge_end,
}


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
    if card.card_key in [c.card_key for c in position.gallery]:
        return "the gallery"
    for p in position.players:
        if card.card_key in [c.card_key for c in p.commissions]:
            return f"{p.name}'s hand"
        if card.card_key in [c.card_key for c in p.completed]:
            return f"{p.name}'s completed commissions"
    return None


def commission_ref(candidates: list[CommissionStatus], status: CommissionStatus) -> str:
    """How a move names this commission: its catalogue id, else its title, whichever finds it again."""
    for ref in (status.commission.id, status.commission.title):
        if ref is not None and find_commission(candidates, ref) == status:
            return ref
    raise MoveError(f"'{status.commission.title}' cannot be named apart from another commission of that title")


def _deck_empty(position: Position) -> bool:
    """Every commission card is in play: a completed one cannot be replaced."""
    keys = {c.card_key for c in position.gallery}
    for p in position.players:
        keys.update(c.card_key for c in (*p.commissions, *p.completed))
    return len(keys) >= COMMISSION_CARDS


# --- applying ------------------------------------------------------------------------------------


def apply(position: Position, move: Move) -> Position:
    """The position after the move; raises IllegalMove (with the verdict) when the rules refuse it."""
    verdict = judge(position, move)
    if not verdict.legal:
        raise IllegalMove(move, verdict)
    return _APPLIERS[type(move)](position, _player(position, move.player), move, verdict)


def _with(position: Position, *players: Player, **changes) -> Position:
    """The position with these players replaced (by name) and other fields changed."""
    by_name = {p.name: p for p in players}
    return position._replace(players=tuple(by_name.get(p.name, p) for p in position.players), **changes)


def _apply_place(position: Position, me: Player, move: Place, verdict: Verdict) -> Position:
    hexes = list(me.hexes)
    for i, text in enumerate(hexes):
        if same_hex(parse_hex(text), move.hex):
            del hexes[i]
            break
    after = me._replace(palette=me.palette + Counter(verdict.detail.cards), hexes=tuple(hexes))
    return _with(
        position,
        after,
        placed=position.placed + (PlacedHex(move.at, str(move.hex), me.name),),
        turn=turn_after(position.turn, MIXING, position, me.name),
    )


def _apply_trade(position: Position, me: Player, move, verdict: Verdict) -> Position:
    hands = verdict.detail.hands_after
    return _with(
        position,
        *(
            p._replace(palette=Multiset(hands[p.name]))
            for p in position.players
            if p.name in hands and hands[p.name] != p.palette
        ),
    )


def _apply_swap(position: Position, me: Player, move: Swap, verdict: Verdict) -> Position:
    give, take = verdict.detail.give, verdict.detail.take
    hand, gallery = list(me.commissions), list(position.gallery)
    hand[give.index], gallery[take.index] = take.commission, give.commission
    turn = position.turn._replace(swapped=True) if position.turn is not None else None
    return _with(position, me._replace(commissions=tuple(hand)), gallery=tuple(gallery), turn=turn)


def _apply_complete(position: Position, me: Player, move: Complete, verdict: Verdict) -> Position:
    status = verdict.detail.status
    c = status.commission
    hand, gallery = me.commissions, position.gallery
    if status.source == "hand":
        hand = hand[: status.index] + hand[status.index + 1 :]
    else:
        gallery = gallery[: status.index] + gallery[status.index + 1 :]
    after = me._replace(palette=me.palette - c.needs, commissions=hand, completed=me.completed + (c,))
    return _with(position, after, gallery=gallery, pending_draw=(me.name, status.source))


def _apply_draw_commission(position: Position, me: Player, move: DrawCommission, verdict: Verdict) -> Position:
    card = verdict.detail
    assert position.pending_draw is not None  # judged legal: a commission was just completed
    if position.pending_draw[1] == "hand":
        return _with(position, me._replace(commissions=me.commissions + (card,)), pending_draw=None)
    return _with(position, gallery=position.gallery + (card,), pending_draw=None)


def _apply_discard(position: Position, me: Player, move: Discard, verdict: Verdict) -> Position:
    return _with(
        position,
        me._replace(palette=me.palette - move.cards),
        turn=turn_after(position.turn, CLEANUP, position, me.name),
    )


def _apply_draw_hex(position: Position, me: Player, move: DrawHex, verdict: Verdict) -> Position:
    return _with(
        position,
        me._replace(hexes=me.hexes + (str(move.hex),)),
        turn=turn_after(position.turn, CLEANUP, position, me.name),
    )


def _apply_end(position: Position, me: Player, move: End, verdict: Verdict) -> Position:
    return _with(position, turn=turn_after(position.turn, END, position, me.name), pending_draw=None)


_APPLIERS: dict[type, Callable[..., Position]] = {
    Place: _apply_place,
    BankTrade: _apply_trade,
    PlayerTrade: _apply_trade,
    Swap: _apply_swap,
    Complete: _apply_complete,
    DrawCommission: _apply_draw_commission,
    Discard: _apply_discard,
    DrawHex: _apply_draw_hex,
    End: _apply_end,
}
