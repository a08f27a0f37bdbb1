"""The moves of a turn: research, presenting and reviewing a thesis, the end flag; as values, in notation,
judged against the position, explained, and applied as new values.

`judge_present`, `judge_review` and `judge_research` return a verdict with the rule that decided (for a
thesis, the assignment: which card fills which part of the requirement, and where it comes from, and
what is owed for citations); `apply_present`, `apply_review` and `apply_research` return the position
after the move. Nothing here changes a value.

The record notation (docs/records.md) is built on them: every move a value (`MOVES`), `str(move)` its
one line, `parse_move(text, position)` reading it back, `judge(position, move) -> Verdict` and
`apply(position, move) -> position` calling the judges above:

    Ana research keep pink-3 discard blue-9       Ana research take orange-9
    Ana present five-run pink-4,yellow-5,orange-6
    Ana present three-pairs pink-3,orange-3,purple-8,orange-8 cite Ana pink-6 cite Ben blue-6 give Ben blue-9
    Ben review Ana five-run take orange-6         Ana flag blue-9
"""

from collections.abc import Callable
from typing import NamedTuple

from pastiche_cli.games.masterpiece.core.deck import Card, CardError, card_order, deck, parse_card, sorted_cards
from pastiche_cli.games.masterpiece.core.endgame import (
    already_triggered,
    reaches,
    thesis_points,
    turns_after,
    turns_spent,
)
from pastiche_cli.games.masterpiece.core.options import Source, availability
from pastiche_cli.games.masterpiece.core.position import Accepted, EndRecord, Position, Published
from pastiche_cli.games.masterpiece.core.requirements import match
from pastiche_cli.games.masterpiece.core.rule_ids import (
    ACCEPT,
    CITE,
    CITE_HAND_CARD,
    CITE_OWED,
    END,
    END_FLAG,
    END_TURNS,
    PRESENT,
    PRESENT_HAND,
    RESEARCH,
    REVIEW,
    TURN,
)
from pastiche_cli.games.masterpiece.core.validate import card_places
from pastiche_cli.kernel.moves import (
    IllegalMove,
    MoveError,
    MoveSyntaxError,
    MoveValue,
    Token,
    check_shape,
    head,
    one_of,
    player_token,
    word,
)
from pastiche_cli.kernel.verdict import Verdict


class Cite(NamedTuple):
    owner: str
    card: Card


class Gift(NamedTuple):
    to: str
    card: Card


class Assigned(NamedTuple):
    label: str
    cards: tuple[tuple[Card, Source], ...]


class Owed(NamedTuple):
    to: str
    count: int  # type: ignore[assignment]  # shadows tuple.count
    cited: tuple[Card, ...]


class PresentVerdict(NamedTuple):
    legal: bool
    rule: str
    reason: str
    player: str
    thesis: str
    assignment: tuple[Assigned, ...] = ()
    owed: tuple[Owed, ...] = ()
    accepted: bool = False  # laid with one hand card: accepted at once
    points: int = 0  # what it scores now (when accepted at once)
    triggers_end: bool = False
    notes: tuple[str, ...] = ()


def _no(player: str, thesis: str, rule: str, reason: str, **more) -> PresentVerdict:
    return PresentVerdict(False, rule, reason, player, thesis, **more)


def _turn_problem(position: Position, player: str) -> str | None:
    turn = position.turn
    if turn is not None and turn.player != player:
        return f"it is {turn.player}'s turn, not {player}'s"
    return None


def _no_turns_left(position: Position, player: str) -> str | None:
    """[masterpiece.end.turns] After the trigger, a player whose turns are all taken has no more moves."""
    return turns_spent(position, player)


def judge_present(
    position: Position, player_name: str, thesis_id: str, hand_cards, cites=(), gifts=()
) -> PresentVerdict:
    """[masterpiece.present] May the player lay these hand cards (and cite these) under this thesis?"""
    player = position.player(player_name)
    thesis = position.thesis(thesis_id)
    if player is None or thesis is None:
        return _no(
            player_name,
            thesis_id,
            PRESENT,
            f"no player '{player_name}'" if player is None else f"no thesis '{thesis_id}' in the table",
        )
    hand_cards = tuple(hand_cards)
    cites = tuple(cites)
    if not thesis.is_flag:
        wrong_turn = _turn_problem(position, player_name)
        if wrong_turn:
            return _no(player_name, thesis_id, TURN, f"{wrong_turn}: a thesis is presented on one's own turn")
        done = _no_turns_left(position, player_name)
        if done:
            return _no(player_name, thesis_id, END_TURNS, done)
    missing = [c for c in hand_cards if c not in player.hand]
    if missing:
        return _no(
            player_name,
            thesis_id,
            PRESENT_HAND,
            f"{player_name} does not hold {', '.join(map(str, missing))} (hand: "
            f"{', '.join(map(str, sorted_cards(player.hand))) or 'empty'})",
        )
    if len(set(hand_cards)) != len(hand_cards):
        return _no(player_name, thesis_id, PRESENT_HAND, "a hand card is given twice")
    blocked = availability(position, player, thesis)
    if blocked:
        return _no(player_name, thesis_id, *blocked)
    if not hand_cards:
        return _no(player_name, thesis_id, CITE_HAND_CARD, "at least one card must come from hand")
    sources: list[tuple[Card, Source]] = [(c, Source(None)) for c in hand_cards]
    for cite in cites:
        owner = position.player(cite.owner)
        under = next((a for a in owner.accepted if a.card == cite.card), None) if owner else None
        if owner is None:
            return _no(player_name, thesis_id, CITE, f"no player '{cite.owner}' to cite from")
        if under is None:
            return _no(
                player_name,
                thesis_id,
                CITE,
                f"{cite.card} is not under an accepted thesis of {cite.owner}; only cards under accepted "
                "theses may be cited",
            )
        if any(c == cite.card for c, _ in sources):
            return _no(player_name, thesis_id, CITE, f"{cite.card} is used twice")
        sources.append((cite.card, Source(cite.owner, under.thesis)))
    if thesis.is_flag and (cites or len(hand_cards) != 1):
        return _no(
            player_name, thesis_id, END_FLAG, "the end flag is laid with exactly one card from hand, nothing cited"
        )
    found = match(thesis.requirement, [c for c, _ in sources])
    where = dict(sources)
    assignment = tuple(Assigned(part.label, tuple((c, where[c]) for c in part.cards)) for part in found.parts)
    if not found.ok:
        return _no(
            player_name, thesis_id, found.rule, f"the cards do not meet {thesis.requirement.text()}: {found.reason}"
        )
    owed_by: dict[str, list[Card]] = {}
    for c, s in sources:
        if s.owner is not None and s.owner != player_name:
            owed_by.setdefault(s.owner, []).append(c)
    owed = tuple(Owed(name, len(cards), tuple(cards)) for name, cards in owed_by.items())
    left = [c for c in player.hand if c not in hand_cards]
    total_owed = sum(o.count for o in owed)
    if total_owed > len(left):
        return _no(
            player_name,
            thesis_id,
            CITE_OWED,
            f"citing others' cards owes {total_owed} card{'s' if total_owed != 1 else ''} from hand, and only "
            f"{len(left)} would be left",
            assignment=assignment,
            owed=owed,
        )
    gifts = tuple(gifts)
    notes = []
    if gifts:
        given: dict[str, int] = {}
        for g in gifts:
            if g.card not in left:
                return _no(
                    player_name,
                    thesis_id,
                    CITE_OWED,
                    f"{g.card} cannot be given: it is not in the hand left after presenting",
                    assignment=assignment,
                    owed=owed,
                )
            given[g.to] = given.get(g.to, 0) + 1
        if len(set(g.card for g in gifts)) != len(gifts):
            return _no(player_name, thesis_id, CITE_OWED, "a card is given twice", assignment=assignment, owed=owed)
        due = {o.to: o.count for o in owed}
        if given != due:
            return _no(
                player_name,
                thesis_id,
                CITE_OWED,
                f"the gifts ({_counts(given) or 'none'}) are not what is owed ({_counts(due) or 'nothing'})",
                assignment=assignment,
                owed=owed,
            )
    elif owed:
        notes.append("choose which hand card each cited player gets (--give OWNER:CARD)")
    at_once = len(hand_cards) == 1
    points = thesis.points if at_once else 0
    before = thesis_points(position, player, with_flag=False)
    triggers = (
        at_once
        and not thesis.is_flag
        and not reaches(position, before)
        and reaches(position, before + points)
        and not _ended(position)
    )
    reason = f"{player_name} may present '{thesis_id}': {found.reason}"
    if at_once:
        reason += (
            f"; laid with one hand card, it is accepted at once and scores {points} point{'s' if points != 1 else ''}"
        )
    if triggers:
        reason += (
            f"; {player_name} reaches the end threshold and lays the end flag with a card from hand, if any is left"
        )
    return PresentVerdict(
        True,
        found.rule if not cites else CITE,
        reason,
        player_name,
        thesis_id,
        assignment,
        owed,
        at_once,
        points,
        triggers,
        tuple(notes),
    )


def _counts(by_name: dict) -> str:
    return ", ".join(f"{n} to {name}" for name, n in by_name.items())


def _ended(position: Position) -> bool:
    return already_triggered(position)


def apply_present(position: Position, verdict: PresentVerdict, gifts=()) -> Position:
    """The position after a legal present (and its gifts)."""
    player = position.player(verdict.player)
    assert player is not None  # a legal verdict names a player at the table
    hand_cards = [c for part in verdict.assignment for c, s in part.cards if s.owner is None]
    gift_cards = {g.card for g in gifts}
    hand = tuple(c for c in player.hand if c not in hand_cards and c not in gift_cards)
    if verdict.accepted:
        player = player._replace(hand=hand, accepted=player.accepted + (Accepted(verdict.thesis, tuple(hand_cards)),))
    else:
        laid = Published(verdict.thesis, tuple(sorted_cards(hand_cards)))
        player = player._replace(hand=hand, published=player.published + (laid,))
    after = position.replace_player(player)
    for g in gifts:
        receiver = after.player(g.to)
        assert receiver is not None  # judged: gifts go to players at the table
        after = after.replace_player(receiver._replace(hand=receiver.hand + (g.card,)))
    thesis = after.thesis(verdict.thesis)
    assert thesis is not None  # judged: the thesis is in the catalogue
    return _after_turn(after, verdict.player, verdict.triggers_end and verdict.player, takes_turn=not thesis.is_flag)


def _after_turn(position: Position, mover: str, trigger: str | bool, takes_turn: bool) -> Position:
    """Record a trigger, count a turn taken after the trigger, and pass the turn on."""
    record = position.end
    if takes_turn and record is not None and record.triggered_by is not None:
        taken = dict(record.turns_taken)
        taken[mover] = taken.get(mover, 0) + 1
        record = record._replace(
            turns_taken=tuple((p.name, taken[p.name]) for p in position.players if p.name in taken)
        )
    if trigger and (record is None or record.triggered_by is None):
        record = record._replace(triggered_by=trigger) if record else EndRecord(trigger)  # type: ignore[arg-type]
    if record is not None and record.over is False and record.triggered_by is not None:
        if all(record.taken(p.name) >= turns_after(p.name == record.triggered_by) for p in position.players):
            record = record._replace(over=True)  # the file said "not over": this turn was the last owed
    turn = position.turn
    if takes_turn and turn is not None and turn.player == mover:
        turn = turn._replace(player=next_to_move(position, mover, record))
    return position._replace(end=record, turn=turn)


def next_to_move(position: Position, mover: str, record: EndRecord | None) -> str:
    """Who moves after `mover`: the next in turn order [masterpiece.turn]; once the end is triggered, the
    next who still has a turn owed [masterpiece.end.turns] (a player whose turns are taken is passed over)."""
    names = [p.name for p in position.players]
    at = names.index(mover)
    order = names[at + 1 :] + names[: at + 1]
    if record is not None and record.triggered_by is not None:
        owed = [n for n in order if record.taken(n) < turns_after(n == record.triggered_by)]
        if owed:
            return owed[0]
    return order[0]


class ReviewVerdict(NamedTuple):
    legal: bool
    rule: str
    reason: str
    reviewer: str
    author: str
    thesis: str
    card: Card | None
    left: tuple[Card, ...] = ()  # the cards under the thesis after the review
    accepted: bool = False
    points: int = 0
    triggers_end: bool = False


def judge_review(position: Position, reviewer: str, author: str, thesis_id: str, card: Card) -> ReviewVerdict:
    """[masterpiece.review] May the reviewer take this card from under the author's thesis, and is it then accepted?"""

    def no(rule: str, reason: str) -> ReviewVerdict:
        return ReviewVerdict(False, rule, reason, reviewer, author, thesis_id, card)

    wrong_turn = _turn_problem(position, reviewer)
    if wrong_turn:
        return no(TURN, f"{wrong_turn}: a review is one's own turn")
    done = _no_turns_left(position, reviewer)
    if done:
        return no(END_TURNS, done)
    owner = position.player(author)
    if owner is None:
        return no(REVIEW, f"no player '{author}'")
    published = next((t for t in owner.published if t.thesis == thesis_id), None)
    if published is None:
        if any(a.thesis == thesis_id for a in owner.accepted):
            return no(ACCEPT, f"{author}'s '{thesis_id}' is accepted already: one card under it, nothing to review")
        return no(
            REVIEW,
            f"{author} has no thesis '{thesis_id}' under review"
            + (f" (under review: {', '.join(t.thesis for t in owner.published)})" if owner.published else ""),
        )
    if len(published.cards) < 2:
        return no(REVIEW, f"{author}'s '{thesis_id}' has fewer than two cards under it")
    if card not in published.cards:
        return no(
            REVIEW, f"{card} is not under {author}'s '{thesis_id}' (under it: {', '.join(map(str, published.cards))})"
        )
    left = tuple(c for c in published.cards if c != card)
    thesis = position.thesis(thesis_id)
    accepted = len(left) == 1
    points = thesis.points if accepted and thesis else 0
    before = thesis_points(position, owner, with_flag=False)
    triggers = (
        accepted and not reaches(position, before) and reaches(position, before + points) and not _ended(position)
    )
    reason = f"{reviewer} takes {card} from under {author}'s '{thesis_id}'"
    if accepted:
        reason += (
            f"; one card ({left[0]}) is left, so it is accepted: {points} point{'s' if points != 1 else ''} to {author}"
        )
        rule = ACCEPT
    else:
        reason += f"; {len(left)} cards stay under it, still under review"
        rule = REVIEW
    if triggers:
        reason += f"; {author} reaches the end threshold"
    return ReviewVerdict(
        True, rule if not triggers else END, reason, reviewer, author, thesis_id, card, left, accepted, points, triggers
    )


def apply_review(position: Position, verdict: ReviewVerdict) -> Position:
    owner = position.player(verdict.author)
    assert owner is not None and verdict.card is not None  # a legal review: its author, and a card taken
    published = tuple(t for t in owner.published if t.thesis != verdict.thesis)
    accepted = owner.accepted
    if verdict.accepted:
        accepted = accepted + (Accepted(verdict.thesis, verdict.left),)
    else:
        published = tuple(t._replace(cards=verdict.left) if t.thesis == verdict.thesis else t for t in owner.published)
    after = position.replace_player(owner._replace(published=published, accepted=accepted))
    reviewer = after.player(verdict.reviewer)
    assert reviewer is not None  # a legal review names its reviewer
    after = after.replace_player(reviewer._replace(hand=reviewer.hand + (verdict.card,)))
    return _after_turn(after, verdict.reviewer, verdict.triggers_end and verdict.author, takes_turn=True)


# --- research ------------------------------------------------------------------------------------


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


def _research_turn(position: Position, player: str) -> tuple[str, str] | None:
    wrong_turn = _turn_problem(position, player)
    if wrong_turn:
        return TURN, f"{wrong_turn}: research is one's own turn"
    done = _no_turns_left(position, player)
    if done:
        return END_TURNS, done
    return None


def judge_research(position: Position, player: str, keep: Card, discarded: Card) -> ResearchVerdict:
    """[masterpiece.research] May the player draw these two cards from the deck, keep one and discard the other?"""

    def no(rule: str, reason: str) -> ResearchVerdict:
        return ResearchVerdict(False, rule, reason, player, keep, discarded)

    refused = _research_turn(position, player)
    if refused:
        return no(*refused)
    if keep == discarded:
        return no(RESEARCH, f"{keep} is named twice: research draws two different cards")
    where = {c: w for c, w, _ in card_places(position)}
    for card in (keep, discarded):
        if card in where:
            place = where[card] if where[card].startswith("under ") else f"in {where[card]}"
            return no(RESEARCH, f"{card} is {place}, not in the deck: research draws from the deck")
    size, known = _deck_size(position)
    if size < 2:
        return no(
            RESEARCH,
            f"the deck has {size} card{'s' if size != 1 else ''} left; research draws two "
            "(take the top of the discard pile instead)",
        )
    notes = (
        ()
        if known
        else ("the file does not count the deck (`deck:`): the two cards are taken as ones not seen anywhere else",)
    )
    return ResearchVerdict(
        True,
        RESEARCH,
        f"{player} draws two cards from the deck, keeps {keep} and discards {discarded}",
        player,
        keep,
        discarded,
        size - 2 if known else None,
        notes,
    )


def judge_take_discard(position: Position, player: str, card: Card) -> ResearchVerdict:
    """[masterpiece.research] May the player take this card, as the top of the discard pile?"""

    def no(rule: str, reason: str) -> ResearchVerdict:
        return ResearchVerdict(False, rule, reason, player, card)

    refused = _research_turn(position, player)
    if refused:
        return no(*refused)
    if not position.discard:
        return no(RESEARCH, "the discard pile is empty: research draws from the deck")
    top = position.discard[-1]
    if card != top:
        return no(
            RESEARCH, f"{card} is not the top of the discard pile (the top is {top}); research takes only the top card"
        )
    return ResearchVerdict(
        True,
        RESEARCH,
        f"{player} takes {card} from the top of the discard pile",
        player,
        card,
        None,
        position.deck_count,
    )


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
    return _after_turn(after, verdict.player, False, takes_turn=True)


# --- the moves as values, their notation, judge and apply -----------------------------------------
#
# A card is SUIT-VALUE; CARDS are cards joined by commas (`nothing` for none); a player or a thesis id
# with a space is double-quoted. Each move is one whole turn but the flag, laid by the player who
# triggered the end as soon as the end is triggered.


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


class _TakeDiscard(NamedTuple):
    player: str
    card: Card


class TakeDiscard(MoveValue, _TakeDiscard):
    """[masterpiece.research] The top card of the discard pile taken into hand."""

    __slots__ = ()

    def __new__(cls, player: str, card) -> "TakeDiscard":
        return _TakeDiscard.__new__(cls, player, _card(card))

    def notation(self) -> str:
        return f"{word(self.player)} research take {card_word(self.card)}"


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


class _Flag(NamedTuple):
    player: str
    card: Card


class Flag(MoveValue, _Flag):
    """[masterpiece.end.flag] The end flag laid with one card from hand by the player who triggered the end."""

    __slots__ = ()

    def __new__(cls, player: str, card) -> "Flag":
        return _Flag.__new__(cls, player, _card(card))

    def notation(self) -> str:
        return f"{word(self.player)} flag {card_word(self.card)}"


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
    """A move from its notation; names and thesis ids are matched against the position (exactly, then any case).

    Parsing is not judging: a well-formed move the rules refuse parses, and `judge` says why.
    Raises MoveSyntaxError, with the column where the text goes wrong.
    """
    names = [p.name for p in position.players]
    toks, player, verb, args = head(text, names, FORMS, _suggest, EXAMPLE)
    form = FORMS[verb]
    if verb == "research":
        how = _keyword(args, 0, ("keep", "take"), form, toks[1])
        if how == "take":
            check_shape(form, toks[1], args, "take", None)
            return TakeDiscard(player, _card_at(args[1].text, args[1].start))
        check_shape(form, toks[1], args, "keep", None, "discard", None)
        return Research(player, _card_at(args[1].text, args[1].start), _card_at(args[3].text, args[3].start))
    if verb == "review":
        check_shape(form, toks[1], args, None, None, "take", None)
        return Review(
            player,
            player_token(names, args[0], _suggest),
            _thesis_at(position, args[1]),
            _card_at(args[3].text, args[3].start),
        )
    if verb == "flag":
        check_shape(form, toks[1], args, None)
        return Flag(player, _card_at(args[0].text, args[0].start))
    # present
    if len(args) < 2:
        check_shape(form, toks[1], args, None, None)
    thesis = _thesis_at(position, args[0])
    if position.thesis(thesis).is_flag:  # type: ignore[union-attr]  # _thesis_at found it
        raise MoveSyntaxError(f"'{thesis}' is the end flag: it is laid with NAME flag CARD", args[0].start)
    hand = _cards_at(args[1], nothing=True)
    clauses: dict[str, list] = {"cite": [], "give": []}
    i = 2
    while i < len(args):
        allowed = ("cite", "give") if not clauses["give"] else ("give",)
        keyword = _keyword(args, i, allowed, form, args[i - 1])
        if i + 2 >= len(args):
            raise MoveSyntaxError(f"incomplete move: write {form}", args[-1].end)
        owner = player_token(names, args[i + 1], _suggest)
        clauses[keyword] += [(owner, c) for c in _cards_at(args[i + 2])]
        i += 3
    return Present(player, thesis, hand, clauses["cite"], clauses["give"])


# --- judging and applying -------------------------------------------------------------------------


def _player(position: Position, name: str):
    found = position.player(name)
    if found is None:
        raise MoveError(f"no player '{name}' in the position")
    return found


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _names(cards) -> str:
    return ", ".join(map(str, cards))


def judge(position: Position, move: Move) -> Verdict:
    """Do the rules allow this move now? The rule that decides, why, and what the move does.

    Whose turn it is comes first (but for the flag, laid whoever's turn it is); raises MoveError for a
    move that names a player the position does not have.
    """
    _player(position, move.player)
    if isinstance(move, (Present, Review)):
        for name in (move.author,) if isinstance(move, Review) else tuple(o for o, _ in move.cites + move.gifts):
            _player(position, name)
    return _JUDGES[type(move)](position, move)


def _turn_checked(position: Position) -> bool:
    return position.turn is not None


def _judge_research(position: Position, move: Research) -> Verdict:
    v = judge_research(position, move.player, move.keep, move.discard)
    effects = (f"{move.player} keeps {move.keep}", f"{move.discard} goes on top of the discard pile") if v.legal else ()
    return Verdict(v.legal, v.rule, v.reason, effects, v.notes, _turn_checked(position), v)


def _judge_take_discard(position: Position, move: TakeDiscard) -> Verdict:
    v = judge_take_discard(position, move.player, move.card)
    effects = (f"{move.player} takes {move.card} into hand",) if v.legal else ()
    return Verdict(v.legal, v.rule, v.reason, effects, v.notes, _turn_checked(position), v)


def _present_effects(position: Position, v: PresentVerdict, gifts) -> tuple[str, ...]:
    hand = [c for part in v.assignment for c, s in part.cards if s.owner is None]
    cited = [(c, s) for part in v.assignment for c, s in part.cards if s.owner is not None]
    thesis = position.thesis(v.thesis)
    out = [f"{v.player} lays {_names(sorted_cards(hand))} under '{v.thesis}'"]
    out += [f"{c} is cited from {s.owner}'s accepted '{s.thesis}' and stays there" for c, s in cited]
    out += [f"{v.player} gives {g.card} to {g.to} for the citation" for g in gifts]
    if v.accepted and thesis is not None and thesis.is_flag:
        out.append(f"the end flag is accepted at once: {_plural(v.points, 'point')} to {v.player}")
    elif v.accepted:
        out.append(f"'{v.thesis}' is accepted at once: {_plural(v.points, 'point')} to {v.player}")
    else:
        out.append(f"'{v.thesis}' is under review with {_plural(len(hand), 'card')} under it")
    if v.triggers_end:
        out.append(f"{v.player} reaches the end threshold: the end is triggered")
    return tuple(out)


def _judge_present(position: Position, move: Present) -> Verdict:
    v = judge_present(position, move.player, move.thesis, move.cards, move.cites, move.gifts)
    thesis = position.thesis(move.thesis)
    if thesis is not None and thesis.is_flag:
        return Verdict(
            False,
            END_FLAG,
            f"'{move.thesis}' is the end flag: it is laid with '{move.player} flag CARD'",
            turn_checked=_turn_checked(position),
            detail=v,
        )
    if v.legal and v.owed and not move.gifts:
        owed = ", ".join(f"{_plural(o.count, 'card')} to {o.to}" for o in v.owed)
        return Verdict(
            False,
            CITE_OWED,
            f"citing others' accepted work owes {owed}: the move says which hand cards are given (give OWNER CARDS)",
            turn_checked=_turn_checked(position),
            detail=v,
        )
    effects = _present_effects(position, v, move.gifts) if v.legal else ()
    return Verdict(v.legal, v.rule, v.reason, effects, v.notes, _turn_checked(position), v)


def _judge_review(position: Position, move: Review) -> Verdict:
    v = judge_review(position, move.player, move.author, move.thesis, move.card)
    effects: tuple[str, ...] = ()
    if v.legal:
        effects = (f"{v.reviewer} takes {v.card} into hand from under {v.author}'s '{v.thesis}'",)
        if v.accepted:
            effects += (
                f"'{v.thesis}' is accepted with {v.left[0]} under it: {_plural(v.points, 'point')} to {v.author}",
            )
        else:
            effects += (f"{_names(v.left)} stay under it, still under review",)
        if v.triggers_end:
            effects += (f"{v.author} reaches the end threshold: the end is triggered",)
    return Verdict(v.legal, v.rule, v.reason, effects, (), _turn_checked(position), v)


def _judge_flag(position: Position, move: Flag) -> Verdict:
    flag = position.flag()
    if flag is None:
        return Verdict(False, END_FLAG, "the thesis table has no end flag", turn_checked=_turn_checked(position))
    v = judge_present(position, move.player, flag.id, (move.card,))
    effects = _present_effects(position, v, ()) if v.legal else ()
    return Verdict(v.legal, v.rule, v.reason, effects, v.notes, _turn_checked(position), v)


_JUDGES: dict[type, Callable[..., Verdict]] = {
    Research: _judge_research,
    TakeDiscard: _judge_take_discard,
    Present: _judge_present,
    Review: _judge_review,
    Flag: _judge_flag,
}


def apply(position: Position, move: Move) -> Position:
    """The position after the move (a new value); raises IllegalMove (with the verdict) when the rules refuse it."""
    verdict = judge(position, move)
    if not verdict.legal:
        raise IllegalMove(move, verdict)
    if isinstance(move, (Research, TakeDiscard)):
        return apply_research(position, verdict.detail)
    if isinstance(move, Review):
        return apply_review(position, verdict.detail)
    return apply_present(position, verdict.detail, move.gifts if isinstance(move, Present) else ())
