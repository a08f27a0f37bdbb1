"""Masterpiece's moves as values, their one-line notation (docs/records.md), and the judge and apply that own them.

Each move is one whole turn, but the flag, laid as soon as its player triggers the end."""

from collections.abc import Callable
from typing import NamedTuple

from pastiche_cli.games.masterpiece.core.deck import Card, CardError, card_order, parse_card, sorted_cards
from pastiche_cli.games.masterpiece.core.position import Position
from pastiche_cli.games.masterpiece.core.present import Cite, Gift, PresentVerdict, apply_present, judge_present
from pastiche_cli.games.masterpiece.core.research import apply_research, judge_research, judge_take_discard
from pastiche_cli.games.masterpiece.core.review import apply_review, judge_review
from pastiche_cli.games.masterpiece.core.rule_ids import CITE_OWED, END_FLAG, END_TURNS
from pastiche_cli.kernel.moves import (
    MoveSyntaxError,
    MoveValue,
    Token,
    allowed,
    check_shape,
    head,
    one_of,
    player_token,
    seated,
    word,
)
from pastiche_cli.kernel.verdict import Verdict
from pastiche_cli.kernel.words import listed, plural


def _card(card) -> Card:
    return card if isinstance(card, Card) else parse_card(card)


def _by_owner(kind, items) -> tuple:
    """Cites or gifts as `kind` values, (owner, card) each, sorted by owner then card."""
    return tuple(
        sorted((kind(owner, _card(card)) for owner, card in items), key=lambda item: (item[0], card_order(item[1])))
    )


class _Research(NamedTuple):
    player: str
    keep: Card
    discard: Card


class Research(MoveValue, _Research):
    """[masterpiece.research] Two cards drawn from the deck: one kept in hand, the other on the discard pile."""

    __slots__ = ()

    def __new__(cls, player: str, keep, discard) -> "Research":
        return _Research.__new__(cls, player, _card(keep), _card(discard))

    def notation(self) -> str:
        return f"{word(self.player)} research keep {card_word(self.keep)} discard {card_word(self.discard)}"


class _PlayerCard(NamedTuple):
    player: str
    card: Card


class _CardMove(MoveValue, _PlayerCard):
    """A move of one player and one card, written `NAME VERB CARD`."""

    __slots__ = ()
    VERB = ""

    def __new__(cls, player: str, card):
        return _PlayerCard.__new__(cls, player, _card(card))

    def notation(self) -> str:
        return f"{word(self.player)} {self.VERB} {card_word(self.card)}"


class TakeDiscard(_CardMove):
    """[masterpiece.research] The top card of the discard pile taken into hand."""

    __slots__ = ()
    VERB = "research take"


class _Present(NamedTuple):
    player: str
    thesis: str
    cards: tuple[Card, ...]  # from hand, in card order
    cites: tuple[Cite, ...] = ()  # cards under accepted theses counted toward the requirement
    gifts: tuple[Gift, ...] = ()  # a hand card to each owner cited, one per card cited


class Present(MoveValue, _Present):
    """[masterpiece.present] A thesis laid with cards from hand (and cited cards), the gifts owed given."""

    __slots__ = ()

    def __new__(cls, player: str, thesis: str, cards, cites=(), gifts=()) -> "Present":
        return _Present.__new__(
            cls, player, thesis, sorted_cards(_card(c) for c in cards), _by_owner(Cite, cites), _by_owner(Gift, gifts)
        )

    def notation(self) -> str:
        out = f"{word(self.player)} present {word(self.thesis)} {cards_word(self.cards)}"
        for keyword, items in (("cite", self.cites), ("give", self.gifts)):
            for owner in dict.fromkeys(o for o, _ in items):
                out += f" {keyword} {word(owner)} {cards_word([c for o, c in items if o == owner])}"
        return out


class _Review(NamedTuple):
    player: str
    author: str
    thesis: str
    card: Card


class Review(MoveValue, _Review):
    """[masterpiece.review] One card taken into hand from under a thesis under review."""

    __slots__ = ()

    def __new__(cls, player: str, author: str, thesis: str, card) -> "Review":
        return _Review.__new__(cls, player, author, thesis, _card(card))

    def notation(self) -> str:
        return f"{word(self.player)} review {word(self.author)} {word(self.thesis)} take {card_word(self.card)}"


class Flag(_CardMove):
    """[masterpiece.end.flag] The end flag laid with one card from hand by the player who triggered the end."""

    __slots__ = ()
    VERB = "flag"


Move = Research | TakeDiscard | Present | Review | Flag
MOVES = (Research, TakeDiscard, Present, Review, Flag)
FORMS = {
    "research": "NAME research keep CARD discard CARD, or NAME research take CARD",
    "present": "NAME present THESIS CARDS [cite OWNER CARDS]... [give OWNER CARDS]...",
    "review": "NAME review OWNER THESIS take CARD",
    "flag": "NAME flag CARD",
}
EXAMPLE = "Ana research keep pink-3 discard blue-9"
OVER_RULE = END_TURNS


def card_word(card: Card) -> str:
    """A card as a move writes it: SUIT-VALUE, `lightblue-11`."""
    return f"{''.join(card.suit.split())}-{card.value}"


def cards_word(cards) -> str:
    return ",".join(card_word(c) for c in cards) or "nothing"


# --- reading the notation -------------------------------------------------------------------------


def _suggest(text, choices):
    from pastiche_cli.kernel.suggest import suggest

    return suggest(text, choices)


def _card_at(text: str, start: int) -> Card:
    try:
        return parse_card(text)
    except CardError as exc:
        raise MoveSyntaxError(str(exc), start) from None


def _card_of(token: Token) -> Card:
    return _card_at(token.text, token.start)


def _cards_at(token: Token, nothing: bool = False) -> tuple[Card, ...]:
    """CARDS: cards joined by commas (and `nothing` where none may be written)."""
    if nothing and token.is_word("nothing"):
        return ()
    out = []
    offset = token.start + (1 if token.quoted else 0)
    for part in token.text.split(","):
        if not part.strip():
            raise MoveSyntaxError(
                "CARDS are cards joined by commas, like pink-3,blue-9, with nothing between two commas", offset
            )
        out.append(_card_at(part, offset))
        offset += len(part) + 1
    return tuple(out)


def _thesis_at(position: Position, token: Token) -> str:
    """The thesis id a move names (exact, then any case), or MoveSyntaxError with a did-you-mean."""
    return one_of([t.id for t in position.theses], token, _suggest, "no thesis '{}' in the table", "theses")


def _keyword(args: list[Token], i: int, words: tuple[str, ...], form: str, after: Token) -> str:
    """The keyword at args[i], one of `words`, or MoveSyntaxError with a did-you-mean."""
    if i >= len(args):
        raise MoveSyntaxError(f"incomplete move: write {form}", after.end)
    token = args[i]
    for w in words:
        if token.is_word(w):
            return w
    near = None if token.quoted else _suggest(token.text, words)
    choices = " or ".join(f"'{w}'" for w in words)
    hint = f"; did you mean '{near}'?" if near else ""
    raise MoveSyntaxError(f"expected {choices} here, not '{token.text}'{hint}: write {form}", token.start)


def parse_move(text: str, position: Position) -> Move:
    """A move from its notation, names and ids matched exactly then in any case; MoveSyntaxError says where not."""
    names = [p.name for p in position.players]
    toks, player, verb, args = head(text, names, FORMS, _suggest, EXAMPLE)
    form = FORMS[verb]
    if verb == "research":
        how = _keyword(args, 0, ("keep", "take"), form, toks[1])
        if how == "take":
            check_shape(form, toks[1], args, "take", None)
            return TakeDiscard(player, _card_of(args[1]))
        check_shape(form, toks[1], args, "keep", None, "discard", None)
        return Research(player, _card_of(args[1]), _card_of(args[3]))
    if verb == "review":
        check_shape(form, toks[1], args, None, None, "take", None)
        return Review(player, player_token(names, args[0], _suggest), _thesis_at(position, args[1]), _card_of(args[3]))
    if verb == "flag":
        check_shape(form, toks[1], args, None)
        return Flag(player, _card_of(args[0]))
    if len(args) < 2:  # present
        check_shape(form, toks[1], args, None, None)
    thesis = _thesis_at(position, args[0])
    if position.is_flag(thesis):
        raise MoveSyntaxError(f"'{thesis}' is the end flag: it is laid with NAME flag CARD", args[0].start)
    hand = _cards_at(args[1], nothing=True)
    clauses: dict[str, list] = {"cite": [], "give": []}
    i = 2
    while i < len(args):
        keywords = ("cite", "give") if not clauses["give"] else ("give",)
        keyword = _keyword(args, i, keywords, form, args[i - 1])
        if i + 2 >= len(args):
            raise MoveSyntaxError(f"incomplete move: write {form}", args[-1].end)
        owner = player_token(names, args[i + 1], _suggest)
        clauses[keyword] += [(owner, c) for c in _cards_at(args[i + 2])]
        i += 3
    return Present(player, thesis, hand, clauses["cite"], clauses["give"])


# --- judging and applying -------------------------------------------------------------------------


def judge(position: Position, move: Move) -> Verdict:
    """Do the rules allow this move now, by which rule, and what does it do? MoveError names a player not seated."""
    seated(position, move.player)
    if isinstance(move, (Present, Review)):
        for name in (move.author,) if isinstance(move, Review) else tuple(o for o, _ in move.cites + move.gifts):
            seated(position, name)
    return _JUDGES[type(move)](position, move)


def _verdict(position: Position, v, effects: tuple[str, ...], notes: tuple[str, ...] = ()) -> Verdict:
    """The core's verdict `v` as the move's, its effects said only when it is legal."""
    return Verdict(v.legal, v.rule, v.reason, effects if v.legal else (), notes, position.turn is not None, v)


def _refused(position: Position, rule: str, reason: str, detail=None) -> Verdict:
    return Verdict(False, rule, reason, turn_checked=position.turn is not None, detail=detail)


def _judge_research(position: Position, move: Research) -> Verdict:
    v = judge_research(position, move.player, move.keep, move.discard)
    effects = (f"{move.player} keeps {move.keep}", f"{move.discard} goes on top of the discard pile")
    return _verdict(position, v, effects, v.notes)


def _judge_take_discard(position: Position, move: TakeDiscard) -> Verdict:
    v = judge_take_discard(position, move.player, move.card)
    return _verdict(position, v, (f"{move.player} takes {move.card} into hand",), v.notes)


def _present_effects(position: Position, v: PresentVerdict, gifts) -> tuple[str, ...]:
    hand = [c for part in v.assignment for c, s in part.cards if s.owner is None]
    cited = [(c, s) for part in v.assignment for c, s in part.cards if s.owner is not None]
    out = [f"{v.player} lays {listed(sorted_cards(hand))} under '{v.thesis}'"]
    out += [f"{c} is cited from {s.owner}'s accepted '{s.thesis}' and stays there" for c, s in cited]
    out += [f"{v.player} gives {g.card} to {g.to} for the citation" for g in gifts]
    if v.accepted and position.is_flag(v.thesis):
        out.append(f"the end flag is accepted at once: {plural(v.points, 'point')} to {v.player}")
    elif v.accepted:
        out.append(f"'{v.thesis}' is accepted at once: {plural(v.points, 'point')} to {v.player}")
    else:
        out.append(f"'{v.thesis}' is under review with {plural(len(hand), 'card')} under it")
    if v.triggers_end:
        out.append(f"{v.player} reaches the end threshold: the end is triggered")
    return tuple(out)


def _judge_present(position: Position, move: Present) -> Verdict:
    v = judge_present(position, move.player, move.thesis, move.cards, move.cites, move.gifts)
    if position.is_flag(move.thesis):
        why = f"'{move.thesis}' is the end flag: it is laid with '{move.player} flag CARD'"
        return _refused(position, END_FLAG, why, v)
    if v.legal and v.owed and not move.gifts:
        owed = ", ".join(f"{plural(o.count, 'card')} to {o.to}" for o in v.owed)
        why = f"citing others' accepted work owes {owed}: the move says which hand cards are given (give OWNER CARDS)"
        return _refused(position, CITE_OWED, why, v)
    return _verdict(position, v, _present_effects(position, v, move.gifts), v.notes)


def _judge_review(position: Position, move: Review) -> Verdict:
    v = judge_review(position, move.player, move.author, move.thesis, move.card)
    effects: tuple[str, ...] = (f"{v.reviewer} takes {v.card} into hand from under {v.author}'s '{v.thesis}'",)
    if v.accepted:
        effects += (f"'{v.thesis}' is accepted with {v.left[0]} under it: {plural(v.points, 'point')} to {v.author}",)
    else:
        effects += (f"{listed(v.left)} stay under it, still under review",)
    if v.triggers_end:
        effects += (f"{v.author} reaches the end threshold: the end is triggered",)
    return _verdict(position, v, effects)


def _judge_flag(position: Position, move: Flag) -> Verdict:
    flag = position.flag()
    if flag is None:
        return _refused(position, END_FLAG, "the thesis table has no end flag")
    v = judge_present(position, move.player, flag.id, (move.card,))
    return _verdict(position, v, _present_effects(position, v, ()), v.notes)


_JUDGES: dict[type, Callable[..., Verdict]] = {
    Research: _judge_research,
    TakeDiscard: _judge_take_discard,
    Present: _judge_present,
    Review: _judge_review,
    Flag: _judge_flag,
}


def apply(position: Position, move: Move) -> Position:
    """The position after the move (a new value); raises IllegalMove (with the verdict) when the rules refuse it."""
    verdict = allowed(judge, position, move)
    if isinstance(move, (Research, TakeDiscard)):
        return apply_research(position, verdict.detail)
    if isinstance(move, Review):
        return apply_review(position, verdict.detail)
    return apply_present(position, verdict.detail, move.gifts if isinstance(move, Present) else ())
