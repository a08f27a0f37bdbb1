"""Presenting and reviewing a thesis: judged against the position, explained, and applied as new values.

`judge_present` and `judge_review` return a verdict with the rule that decided, the assignment (which
card fills which part of the requirement, and where it comes from) and what is owed for citations;
`apply_present` and `apply_review` return the position after the move. Nothing here changes a value.
"""

from typing import NamedTuple

from pastiche_cli.games.masterpiece.core.deck import Card, sorted_cards
from pastiche_cli.games.masterpiece.core.endgame import reaches, thesis_points, turns_after
from pastiche_cli.games.masterpiece.core.options import Source, availability
from pastiche_cli.games.masterpiece.core.position import Accepted, EndRecord, Position, Published
from pastiche_cli.games.masterpiece.core.requirements import match
from pastiche_cli.games.masterpiece.core.rule_ids import (ACCEPT, CITE, CITE_HAND_CARD, CITE_OWED, END, END_FLAG,
                                                           END_TURNS, PRESENT, PRESENT_HAND, REVIEW, TURN)


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
    count: int
    cited: tuple[Card, ...]


class PresentVerdict(NamedTuple):
    legal: bool
    rule: str
    reason: str
    player: str
    thesis: str
    assignment: tuple[Assigned, ...] = ()
    owed: tuple[Owed, ...] = ()
    accepted: bool = False           # laid with one hand card: accepted at once
    points: int = 0                  # what it scores now (when accepted at once)
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
    record = position.end
    if record is None or record.triggered_by is None:
        return None
    allowed = turns_after(player == record.triggered_by)
    if record.taken(player) >= allowed:
        return (f"{player} has taken the {allowed} turn{'s' if allowed != 1 else ''} left after "
                f"{record.triggered_by} triggered the end")
    return None


def judge_present(position: Position, player_name: str, thesis_id: str, hand_cards, cites=(),
                  gifts=()) -> PresentVerdict:
    """[masterpiece.present] May the player lay these hand cards (and cite these) under this thesis?"""
    player = position.player(player_name)
    thesis = position.thesis(thesis_id)
    if player is None or thesis is None:
        return _no(player_name, thesis_id, PRESENT, f"no player '{player_name}'" if player is None
                   else f"no thesis '{thesis_id}' in the table")
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
        return _no(player_name, thesis_id, PRESENT_HAND,
                   f"{player_name} does not hold {', '.join(map(str, missing))} (hand: "
                   f"{', '.join(map(str, sorted_cards(player.hand))) or 'empty'})")
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
            return _no(player_name, thesis_id, CITE,
                       f"{cite.card} is not under an accepted thesis of {cite.owner}; only cards under accepted "
                       "theses may be cited")
        if any(c == cite.card for c, _ in sources):
            return _no(player_name, thesis_id, CITE, f"{cite.card} is used twice")
        sources.append((cite.card, Source(cite.owner, under.thesis)))
    if thesis.is_flag and (cites or len(hand_cards) != 1):
        return _no(player_name, thesis_id, END_FLAG, "the end flag is laid with exactly one card from hand, nothing cited")
    found = match(thesis.requirement, [c for c, _ in sources])
    where = dict(sources)
    assignment = tuple(Assigned(part.label, tuple((c, where[c]) for c in part.cards)) for part in found.parts)
    if not found.ok:
        return _no(player_name, thesis_id, found.rule, f"the cards do not meet {thesis.requirement.text()}: "
                                                       f"{found.reason}")
    owed_by: dict[str, list[Card]] = {}
    for c, s in sources:
        if s.owner is not None and s.owner != player_name:
            owed_by.setdefault(s.owner, []).append(c)
    owed = tuple(Owed(name, len(cards), tuple(cards)) for name, cards in owed_by.items())
    left = [c for c in player.hand if c not in hand_cards]
    total_owed = sum(o.count for o in owed)
    if total_owed > len(left):
        return _no(player_name, thesis_id, CITE_OWED,
                   f"citing others' cards owes {total_owed} card{'s' if total_owed != 1 else ''} from hand, and only "
                   f"{len(left)} would be left", assignment=assignment, owed=owed)
    gifts = tuple(gifts)
    notes = []
    if gifts:
        given: dict[str, int] = {}
        for g in gifts:
            if g.card not in left:
                return _no(player_name, thesis_id, CITE_OWED,
                           f"{g.card} cannot be given: it is not in the hand left after presenting",
                           assignment=assignment, owed=owed)
            given[g.to] = given.get(g.to, 0) + 1
        if len(set(g.card for g in gifts)) != len(gifts):
            return _no(player_name, thesis_id, CITE_OWED, "a card is given twice", assignment=assignment, owed=owed)
        due = {o.to: o.count for o in owed}
        if given != due:
            return _no(player_name, thesis_id, CITE_OWED,
                       f"the gifts ({_counts(given) or 'none'}) are not what is owed ({_counts(due) or 'nothing'})",
                       assignment=assignment, owed=owed)
    elif owed:
        notes.append("choose which hand card each cited player gets (--give OWNER:CARD)")
    at_once = len(hand_cards) == 1
    points = thesis.points if at_once else 0
    before = thesis_points(position, player, with_flag=False)
    triggers = (at_once and not thesis.is_flag and not reaches(position, before)
                and reaches(position, before + points) and not _ended(position))
    reason = f"{player_name} may present '{thesis_id}': {found.reason}"
    if at_once:
        reason += (f"; laid with one hand card, it is accepted at once and scores {points} "
                   f"point{'s' if points != 1 else ''}")
    if triggers:
        reason += (f"; {player_name} reaches the end threshold and lays the end flag with a card from hand, "
                   "if any is left")
    return PresentVerdict(True, found.rule if not cites else CITE, reason, player_name, thesis_id, assignment, owed,
                          at_once, points, triggers, tuple(notes))


def _counts(by_name: dict) -> str:
    return ", ".join(f"{n} to {name}" for name, n in by_name.items())


def _ended(position: Position) -> bool:
    return position.end is not None and position.end.triggered_by is not None


def apply_present(position: Position, verdict: PresentVerdict, gifts=()) -> Position:
    """The position after a legal present (and its gifts)."""
    player = position.player(verdict.player)
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
        after = after.replace_player(receiver._replace(hand=receiver.hand + (g.card,)))
    return _after_turn(after, verdict.player, verdict.triggers_end and verdict.player,
                       takes_turn=not after.thesis(verdict.thesis).is_flag)


def _after_turn(position: Position, mover: str, trigger: str | bool, takes_turn: bool) -> Position:
    """Record a trigger, count a turn taken after the trigger, and pass the turn on."""
    record = position.end
    if takes_turn and record is not None and record.triggered_by is not None:
        taken = dict(record.turns_taken)
        taken[mover] = taken.get(mover, 0) + 1
        record = record._replace(turns_taken=tuple((p.name, taken[p.name]) for p in position.players
                                                   if p.name in taken))
    if trigger and (record is None or record.triggered_by is None):
        record = EndRecord(trigger, record.turns_taken if record else ())
    turn = position.turn
    if takes_turn and turn is not None and turn.player == mover:
        names = [p.name for p in position.players]
        turn = turn._replace(player=names[(names.index(mover) + 1) % len(names)])
    return position._replace(end=record, turn=turn)


class ReviewVerdict(NamedTuple):
    legal: bool
    rule: str
    reason: str
    reviewer: str
    author: str
    thesis: str
    card: Card | None
    left: tuple[Card, ...] = ()      # the cards under the thesis after the review
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
        return no(REVIEW, f"{author} has no thesis '{thesis_id}' under review"
                  + (f" (under review: {', '.join(t.thesis for t in owner.published)})" if owner.published else ""))
    if len(published.cards) < 2:
        return no(REVIEW, f"{author}'s '{thesis_id}' has fewer than two cards under it")
    if card not in published.cards:
        return no(REVIEW, f"{card} is not under {author}'s '{thesis_id}' (under it: "
                          f"{', '.join(map(str, published.cards))})")
    left = tuple(c for c in published.cards if c != card)
    thesis = position.thesis(thesis_id)
    accepted = len(left) == 1
    points = thesis.points if accepted and thesis else 0
    before = thesis_points(position, owner, with_flag=False)
    triggers = accepted and not reaches(position, before) and reaches(position, before + points) and not _ended(position)
    reason = f"{reviewer} takes {card} from under {author}'s '{thesis_id}'"
    if accepted:
        reason += (f"; one card ({left[0]}) is left, so it is accepted: {points} point{'s' if points != 1 else ''} "
                   f"to {author}")
        rule = ACCEPT
    else:
        reason += f"; {len(left)} cards stay under it, still under review"
        rule = REVIEW
    if triggers:
        reason += f"; {author} reaches the end threshold"
    return ReviewVerdict(True, rule if not triggers else END, reason, reviewer, author, thesis_id, card, left,
                         accepted, points, triggers)


def apply_review(position: Position, verdict: ReviewVerdict) -> Position:
    owner = position.player(verdict.author)
    published = tuple(t for t in owner.published if t.thesis != verdict.thesis)
    accepted = owner.accepted
    if verdict.accepted:
        accepted = accepted + (Accepted(verdict.thesis, verdict.left),)
    else:
        published = tuple(t._replace(cards=verdict.left) if t.thesis == verdict.thesis else t for t in owner.published)
    after = position.replace_player(owner._replace(published=published, accepted=accepted))
    reviewer = after.player(verdict.reviewer)
    after = after.replace_player(reviewer._replace(hand=reviewer.hand + (verdict.card,)))
    return _after_turn(after, verdict.reviewer, verdict.triggers_end and verdict.author, takes_turn=True)
