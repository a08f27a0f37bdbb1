"""Reviewing a thesis [masterpiece.review]: a card taken from under it; with one card left it is accepted."""

from typing import NamedTuple

from pastiche_cli.games.masterpiece.core.deck import Card
from pastiche_cli.games.masterpiece.core.endgame import after_turn, turn_refusal
from pastiche_cli.games.masterpiece.core.position import Accepted, Player, Position, Published
from pastiche_cli.games.masterpiece.core.present import triggers_end
from pastiche_cli.games.masterpiece.core.rule_ids import ACCEPT, END, REVIEW
from pastiche_cli.kernel.words import plural


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
    owner = position.player(author)
    published = next((t for t in owner.published if t.thesis == thesis_id), None) if owner is not None else None
    own_turn = "a review is one's own turn"
    refused = turn_refusal(position, reviewer, own_turn) or _under_review(owner, published, author, thesis_id, card)
    if refused:
        return ReviewVerdict(False, *refused, reviewer, author, thesis_id, card)
    assert owner is not None and published is not None  # else refused
    left = tuple(c for c in published.cards if c != card)
    thesis = position.thesis(thesis_id)
    accepted = len(left) == 1
    points = thesis.points if accepted and thesis else 0
    triggers = accepted and triggers_end(position, owner, points)
    reason = f"{reviewer} takes {card} from under {author}'s '{thesis_id}'"
    if accepted:
        reason += f"; one card ({left[0]}) is left, so it is accepted: {plural(points, 'point')} to {author}"
    else:
        reason += f"; {len(left)} cards stay under it, still under review"
    if triggers:
        reason += f"; {author} reaches the end threshold"
    rule = END if triggers else ACCEPT if accepted else REVIEW
    return ReviewVerdict(True, rule, reason, reviewer, author, thesis_id, card, left, accepted, points, triggers)


def _under_review(
    owner: Player | None, published: Published | None, author: str, thesis_id: str, card: Card
) -> tuple[str, str] | None:
    """[masterpiece.review] The author's thesis is under review, with two cards or more, this card among them."""
    if owner is None:
        return REVIEW, f"no player '{author}'"
    if published is None:
        if any(a.thesis == thesis_id for a in owner.accepted):
            return ACCEPT, f"{author}'s '{thesis_id}' is accepted already: one card under it, nothing to review"
        listed = f" (under review: {', '.join(t.thesis for t in owner.published)})" if owner.published else ""
        return REVIEW, f"{author} has no thesis '{thesis_id}' under review{listed}"
    if len(published.cards) < 2:
        return REVIEW, f"{author}'s '{thesis_id}' has fewer than two cards under it"
    if card not in published.cards:
        under = ", ".join(map(str, published.cards))
        return REVIEW, f"{card} is not under {author}'s '{thesis_id}' (under it: {under})"
    return None


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
    return after_turn(after, verdict.reviewer, verdict.triggers_end and verdict.author, takes_turn=True)
