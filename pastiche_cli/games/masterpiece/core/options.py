"""Every thesis a player could present now, from hand plus citable cards, counted exactly.

For each requirement a small dynamic programme over values counts the card sets by (hand cards used, cards
owed), with one example each: cards in hand, cited free from one's own accepted theses, or cited from
another's (each owed a card from hand). A way is presentable with a hand card at least and the debt payable;
the way shown owes fewest, then uses fewest hand cards, then comes first in card order.
"""

from math import comb
from typing import NamedTuple

from pastiche_cli.games.masterpiece.core.deck import Card, deck, sorted_cards
from pastiche_cli.games.masterpiece.core.endgame import has_flag, reaches, thesis_points, turns_spent
from pastiche_cli.games.masterpiece.core.position import Player, Position, Thesis
from pastiche_cli.games.masterpiece.core.requirements import Requirement
from pastiche_cli.games.masterpiece.core.rule_ids import (
    CITE_HAND_CARD,
    CITE_OWED,
    END_FLAG,
    END_TURNS,
    PRESENT,
    PRESENT_COPIES,
    PRESENT_ONCE,
)

HAND = "hand"


class Source(NamedTuple):
    """Where a card of a way comes from: the hand, or cited from under OWNER's accepted THESIS."""

    owner: str | None  # None: the hand
    thesis: str | None = None

    def __str__(self) -> str:
        return HAND if self.owner is None else f"{self.owner}:{self.thesis}"


class Pool(NamedTuple):
    hand: tuple[Card, ...]
    own: tuple[tuple[Card, Source], ...]  # under the player's accepted theses
    other: tuple[tuple[Card, Source], ...]  # under other players' accepted theses


def citable(position: Position, player: Player) -> Pool:
    own: list = []
    other: list = []
    for p in position.players:
        for a in p.accepted:
            if a.card is not None:
                (own if p.name == player.name else other).append((a.card, Source(p.name, a.thesis)))
    return Pool(sorted_cards(player.hand), tuple(own), tuple(other))


class Way(NamedTuple):
    cards: tuple[tuple[Card, Source], ...]
    hand_used: int
    owed: int


class Option(NamedTuple):
    thesis: Thesis
    presentable: bool
    rule: str
    reason: str
    ways: int = 0
    best: Way | None = None


# --- counting -----------------------------------------------------------------------------------

_State = dict  # (hand used, owed) -> (number of card sets, one example: tuple of (card, source))


def _by_value(pool: Pool) -> dict[int, tuple[list, list, list]]:
    groups: dict[int, tuple[list, list, list]] = {}
    for slot, cards in enumerate(([(c, Source(None)) for c in pool.hand], pool.own, pool.other)):
        for c, s in cards:
            groups.setdefault(c.value, ([], [], []))[slot].append((c, s))
    return groups


def _choices(group, k: int) -> list[tuple[int, int, int, tuple]]:
    """(hand used, owed, ways, example) for choosing k cards from one value's group."""
    hand, own, other = group
    out = []
    for h in range(min(k, len(hand)) + 1):
        for o in range(min(k - h, len(other)) + 1):
            f = k - h - o
            if f > len(own):
                continue
            ways = comb(len(hand), h) * comb(len(other), o) * comb(len(own), f)
            out.append((h, o, ways, tuple(hand[:h]) + tuple(other[:o]) + tuple(own[:f])))
    return out


def _extend(states: _State, choices) -> _State:
    out: _State = {}
    for (h, o), (n, example) in states.items():
        for dh, do, ways, cards in choices:
            key = (h + dh, o + do)
            count, kept = out.get(key, (0, None))
            out[key] = (count + n * ways, kept if kept is not None else example + cards)
    return out


def _merge(into: _State, other: _State) -> None:
    for key, (n, example) in other.items():
        count, kept = into.get(key, (0, None))
        into[key] = (count + n, kept if kept is not None else example)


def _profile(groups, picks) -> _State:
    """The states of taking exactly k cards of each value in `picks` ((value, k) pairs)."""
    states: _State = {(0, 0): (1, ())}
    empty: tuple[list, list, list] = ([], [], [])
    for value, k in picks:
        states = _extend(states, _choices(groups.get(value, empty), k))
        if not states:
            break
    return states


def count_states(req: Requirement, pool: Pool) -> _State:
    """Every card set of the pool that meets the requirement, by (hand used, owed)."""
    groups = _by_value(pool)
    values = deck().values
    total: _State = {}
    if req.kind == "flag":
        if pool.hand:
            total[(1, 0)] = (len(pool.hand), ((pool.hand[0], Source(None)),))
        return total
    if req.kind == "run" and req.same_suit:
        everything = [(c, Source(None)) for c in pool.hand] + list(pool.own) + list(pool.other)
        where = {c: s for c, s in everything}
        others = {c for c, _ in pool.other}
        for suit in deck().suits:
            for low in range(suit.low, suit.high - req.count + 2):
                run = [Card(suit.name, v) for v in range(low, low + req.count)]
                if all(c in where for c in run):
                    key = (sum(1 for c in run if where[c].owner is None), sum(1 for c in run if c in others))
                    _merge(total, {key: (1, tuple((c, where[c]) for c in run))})
        return total
    if req.kind == "run":
        for low in values:
            if low + req.count - 1 > values[-1]:
                break
            _merge(total, _profile(groups, [(v, 1) for v in range(low, low + req.count)]))
        return total
    if req.kind == "kind":
        for v in [req.value] if req.value is not None else values:
            _merge(total, _profile(groups, [(v, req.count)]))
        return total
    if req.kind == "kinds":
        a, b = req.count, req.second
        for v1 in values:
            for v2 in values:
                if v1 != v2 and (a != b or v1 < v2):
                    _merge(total, _profile(groups, [(v1, a), (v2, b)]))
        return total
    # pairs: over the values, each giving 0 or 2 cards (0, 2, 4, ... with repeats); state also counts pairs
    empty: tuple[list, list, list] = ([], [], [])
    layered: dict[int, _State] = {0: {(0, 0): (1, ())}}
    for v in values:
        group = groups.get(v, empty)
        size = len(group[0]) + len(group[1]) + len(group[2])
        steps = [k for k in range(2, size + 1, 2) if req.repeats or k == 2]
        nxt: dict[int, _State] = {p: dict(s) for p, s in layered.items()}
        for pairs, states in layered.items():
            for k in steps:
                if pairs + k // 2 > req.count:
                    break
                _merge(nxt.setdefault(pairs + k // 2, {}), _extend(states, _choices(group, k)))
        layered = nxt
    return layered.get(req.count, {})


def presentable_ways(req: Requirement, pool: Pool) -> tuple[int, Way | None]:
    """(how many card sets can be presented, the preferred one): a hand card at least, the debt payable."""
    hand_size = len(pool.hand)
    count, best, best_key = 0, None, None
    for (h, o), (n, example) in count_states(req, pool).items():
        if h < 1 or hand_size - h < o:
            continue
        count += n
        if best_key is None or (o, h) < best_key:
            best_key, best = (o, h), Way(tuple(sorted(example, key=lambda cs: (cs[0].value, str(cs[1])))), h, o)
    return count, best


def availability(position: Position, player: Player, thesis: Thesis) -> tuple[str, str] | None:
    """(rule, reason) when the player may not present this thesis whatever the cards, else None."""
    spent = None if thesis.is_flag else turns_spent(position, player.name)
    if spent:
        return END_TURNS, f"{spent}: no more theses"
    if thesis.id in player.theses():
        return PRESENT_ONCE, f"{player.name} has already published '{thesis.id}'"
    in_play = sum(1 for p in position.players for t in p.theses() if t == thesis.id)
    if in_play >= thesis.copies:
        return PRESENT_COPIES, (f"every copy of '{thesis.id}' is on the table ({in_play} of {thesis.copies})")
    if thesis.is_flag:
        if has_flag(position, player):
            return END_FLAG, f"{player.name} has the end flag already"
        pts = thesis_points(position, player, with_flag=False)
        if not reaches(position, pts):
            return END_FLAG, f"the end flag is laid on reaching the threshold; {player.name} has {pts} points"
    return None


def options(position: Position, player: Player) -> tuple[Option, ...]:
    """Every thesis of the table, presentable or not, with the count of ways and the way shown."""
    pool = citable(position, player)
    out = []
    for thesis in position.theses:
        blocked = availability(position, player, thesis)
        if blocked:
            out.append(Option(thesis, False, *blocked))
            continue
        req = thesis.requirement
        pool_here = Pool(pool.hand, (), ()) if thesis.is_flag else pool
        ways, best = presentable_ways(req, pool_here)
        if ways:
            out.append(Option(thesis, True, PRESENT, f"{ways} way{'s' if ways != 1 else ''}", ways, best))
            continue
        everything = count_states(req, pool_here)
        if not pool.hand:
            out.append(Option(thesis, False, CITE_HAND_CARD, f"{player.name} has no card in hand"))
        elif everything and all(h < 1 for h, _ in everything):
            out.append(Option(thesis, False, CITE_HAND_CARD, "only cited cards meet it; one card must come from hand"))
        elif everything:
            out.append(Option(thesis, False, CITE_OWED, "every way owes more cards than the hand would have left"))
        else:
            out.append(Option(thesis, False, req.rule, f"these cards cannot make {req.text()}"))
    return tuple(out)
