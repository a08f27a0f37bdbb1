"""Presenting a thesis [masterpiece.present], with cited cards [masterpiece.cite] and the hand cards owed for them."""

from typing import NamedTuple

from pastiche_cli.games.masterpiece.core.deck import Card, sorted_cards
from pastiche_cli.games.masterpiece.core.endgame import (
    after_turn,
    already_triggered,
    reaches,
    thesis_points,
    turn_refusal,
)
from pastiche_cli.games.masterpiece.core.options import Source, availability
from pastiche_cli.games.masterpiece.core.position import Accepted, Player, Position, Published, Thesis
from pastiche_cli.games.masterpiece.core.requirements import match
from pastiche_cli.games.masterpiece.core.rule_ids import (
    CITE,
    CITE_HAND_CARD,
    CITE_OWED,
    END_FLAG,
    PRESENT,
    PRESENT_HAND,
)
from pastiche_cli.kernel.words import plural


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


def triggers_end(position: Position, player: Player, points: int) -> bool:
    """[masterpiece.end] Do these new points bring the player to the threshold, the end not triggered yet?"""
    before = thesis_points(position, player, with_flag=False)
    return not reaches(position, before) and reaches(position, before + points) and not already_triggered(position)


def judge_present(
    position: Position, player_name: str, thesis_id: str, hand_cards, cites=(), gifts=()
) -> PresentVerdict:
    """[masterpiece.present] May the player lay these hand cards (and cite these) under this thesis?"""
    player, thesis = position.player(player_name), position.thesis(thesis_id)
    hand_cards, cites, gifts = tuple(hand_cards), tuple(cites), tuple(gifts)

    def no(rule: str, reason: str, **more) -> PresentVerdict:
        return PresentVerdict(False, rule, reason, player_name, thesis_id, **more)

    if player is None or thesis is None:
        return no(PRESENT, f"no player '{player_name}'" if player is None else f"no thesis '{thesis_id}' in the table")
    sources = [(c, Source(None)) for c in hand_cards]
    refused = _may_lay(position, player, thesis, hand_cards) or _cite(position, cites, sources)
    if refused:
        return no(*refused)
    if thesis.is_flag and (cites or len(hand_cards) != 1):
        return no(END_FLAG, "the end flag is laid with exactly one card from hand, nothing cited")
    found = match(thesis.requirement, [c for c, _ in sources])
    where = dict(sources)
    assignment = tuple(Assigned(part.label, tuple((c, where[c]) for c in part.cards)) for part in found.parts)
    if not found.ok:
        return no(found.rule, f"the cards do not meet {thesis.requirement.text()}: {found.reason}")
    owed = _owed(player_name, sources)
    unpaid = _unpaid(owed, [c for c in player.hand if c not in hand_cards], gifts)
    if unpaid:
        return no(CITE_OWED, unpaid, assignment=assignment, owed=owed)
    at_once = len(hand_cards) == 1  # [masterpiece.accept] one card under it: accepted at once
    points = thesis.points if at_once else 0
    triggers = at_once and not thesis.is_flag and triggers_end(position, player, points)
    reason = f"{player_name} may present '{thesis_id}': {found.reason}"
    if at_once:
        reason += f"; laid with one hand card, it is accepted at once and scores {plural(points, 'point')}"
    if triggers:
        reason += (
            f"; {player_name} reaches the end threshold and lays the end flag with a card from hand, if any is left"
        )
    notes = ("choose which hand card each cited player gets (--give OWNER:CARD)",) if owed and not gifts else ()
    rule = found.rule if not cites else CITE
    return PresentVerdict(
        True, rule, reason, player_name, thesis_id, assignment, owed, at_once, points, triggers, notes
    )


def _may_lay(position: Position, player: Player, thesis: Thesis, hand_cards: tuple) -> tuple[str, str] | None:
    """Whose turn (not for the flag), the hand cards held once, the thesis available, and a hand card at least."""
    name = player.name
    refused = None if thesis.is_flag else turn_refusal(position, name, "a thesis is presented on one's own turn")
    if refused:
        return refused
    missing = [c for c in hand_cards if c not in player.hand]
    if missing:
        held = ", ".join(map(str, sorted_cards(player.hand))) or "empty"
        return PRESENT_HAND, f"{name} does not hold {', '.join(map(str, missing))} (hand: {held})"
    if len(set(hand_cards)) != len(hand_cards):
        return PRESENT_HAND, "a hand card is given twice"
    blocked = availability(position, player, thesis)
    if blocked:
        return blocked
    return None if hand_cards else (CITE_HAND_CARD, "at least one card must come from hand")


def _cite(position: Position, cites: tuple[Cite, ...], sources: list[tuple[Card, Source]]) -> tuple[str, str] | None:
    """[masterpiece.cite] Each cited card lies under its owner's accepted thesis, used once: added to `sources`."""
    for cite in cites:
        owner = position.player(cite.owner)
        if owner is None:
            return CITE, f"no player '{cite.owner}' to cite from"
        under = next((a for a in owner.accepted if a.card == cite.card), None)
        if under is None:
            why = f"{cite.card} is not under an accepted thesis of {cite.owner}"
            return CITE, f"{why}; only cards under accepted theses may be cited"
        if any(c == cite.card for c, _ in sources):
            return CITE, f"{cite.card} is used twice"
        sources.append((cite.card, Source(cite.owner, under.thesis)))
    return None


def _owed(player: str, sources: list[tuple[Card, Source]]) -> tuple[Owed, ...]:
    """[masterpiece.cite.owed] One hand card to each other player for each card cited from them."""
    owed_by: dict[str, list[Card]] = {}
    for c, s in sources:
        if s.owner is not None and s.owner != player:
            owed_by.setdefault(s.owner, []).append(c)
    return tuple(Owed(name, len(cards), tuple(cards)) for name, cards in owed_by.items())


def _unpaid(owed: tuple[Owed, ...], left: list[Card], gifts: tuple[Gift, ...]) -> str | None:
    """[masterpiece.cite.owed] Why the hand left cannot pay what is owed or the gifts named are not it, else None."""
    total = sum(o.count for o in owed)
    if total > len(left):
        return f"citing others' cards owes {plural(total, 'card')} from hand, and only {len(left)} would be left"
    if not gifts:
        return None
    given: dict[str, int] = {}
    for g in gifts:
        if g.card not in left:
            return f"{g.card} cannot be given: it is not in the hand left after presenting"
        given[g.to] = given.get(g.to, 0) + 1
    if len(set(g.card for g in gifts)) != len(gifts):
        return "a card is given twice"
    due = {o.to: o.count for o in owed}
    if given != due:
        return f"the gifts ({_counts(given) or 'none'}) are not what is owed ({_counts(due) or 'nothing'})"
    return None


def _counts(by_name: dict) -> str:
    return ", ".join(f"{n} to {name}" for name, n in by_name.items())


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
    flag = after.is_flag(verdict.thesis)
    return after_turn(after, verdict.player, verdict.triggers_end and verdict.player, takes_turn=not flag)
