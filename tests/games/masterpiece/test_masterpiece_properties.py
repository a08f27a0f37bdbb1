"""Properties: a meld the checker accepts really meets its requirement; options agree with brute force;
the 49 cards are conserved by every move.

The judge of each is masterpiece_helpers.meets / brute_force, written apart from the core.
"""

from hypothesis import given, settings
from hypothesis import strategies as st
from masterpiece_helpers import brute_force, meets_req

from pastiche_cli.games.masterpiece.core.deck import deck
from pastiche_cli.games.masterpiece.core.options import Pool, Source, options, presentable_ways
from pastiche_cli.games.masterpiece.core.position import Accepted, Player, Position, Thesis
from pastiche_cli.games.masterpiece.core.present import Cite, Gift, apply_present, judge_present
from pastiche_cli.games.masterpiece.core.requirements import Requirement, feasible, match
from pastiche_cli.games.masterpiece.core.review import apply_review, judge_review
from pastiche_cli.games.masterpiece.core.validate import consistency_problems

CARDS = deck().cards

REQUIREMENTS = (
    [Requirement("run", n) for n in (2, 3, 4, 5, 6)]
    + [Requirement("run", n, same_suit=True) for n in (2, 3, 4)]
    + [Requirement("pairs", n) for n in (1, 2, 3)]
    + [Requirement("pairs", n, repeats=True) for n in (2, 3)]
    + [Requirement("kind", n) for n in (2, 3, 4)]
    + [Requirement("kind", 2, value=v) for v in (1, 7, 12, 13)]
    + [Requirement("kinds", a, b) for a, b in ((1, 1), (2, 1), (3, 2), (2, 2))]
    + [Requirement("flag")]
)


@st.composite
def near_melds(draw):
    """A requirement and cards of its size drawn from a narrow band of values, so that many meet it."""
    req = draw(st.sampled_from(REQUIREMENTS))
    low = draw(st.integers(1, 13))
    band = [c for c in CARDS if low <= c.value <= low + draw(st.integers(0, 5))]
    if len(band) < req.size:
        band = list(CARDS)
    chosen = draw(st.lists(st.sampled_from(band), min_size=req.size, max_size=req.size, unique=True))
    return req, chosen


@settings(max_examples=600)
@given(near_melds())
def test_an_accepted_meld_really_meets_its_requirement(case):
    req, chosen = case
    found = match(req, chosen)
    assert found.ok is meets_req(req, chosen), (req, chosen, found.reason)
    if found.ok:
        assert sorted(c for p in found.parts for c in p.cards) == sorted(chosen)


@settings(max_examples=200)
@given(st.sampled_from(REQUIREMENTS), st.lists(st.sampled_from(CARDS), max_size=8, unique=True))
def test_a_meld_of_the_wrong_size_never_meets(req, chosen):
    if len(chosen) != req.size:
        assert not match(req, chosen).ok


@st.composite
def pools(draw):
    picked = draw(st.lists(st.sampled_from(CARDS), min_size=0, max_size=11, unique=True))
    cut1 = draw(st.integers(0, len(picked)))
    cut2 = draw(st.integers(cut1, len(picked)))
    hand, own, other = picked[:cut1], picked[cut1:cut2], picked[cut2:]
    return hand, own, other


@settings(max_examples=300)
@given(st.sampled_from(REQUIREMENTS), pools())
def test_options_count_and_choice_agree_with_brute_force(req, pool):
    hand, own, other = pool
    if req.kind == "flag":
        own, other = [], []
    ways, best = presentable_ways(
        req,
        Pool(tuple(hand), tuple((c, Source("Me", "t")) for c in own), tuple((c, Source("You", "u")) for c in other)),
    )
    count, least = brute_force(req, hand, own, other)
    assert ways == count
    if count:
        assert (best.owed, best.hand_used) == least
        chosen = [c for c, _ in best.cards]
        assert meets_req(req, chosen)
        assert sum(1 for _, s in best.cards if s.owner is None) == best.hand_used
        assert set(c for c, s in best.cards if s.owner is None) <= set(hand)
    else:
        assert best is None


# --- the 49 cards are conserved ---------------------------------------------------------------

TABLE = (
    Thesis("duo", Requirement("kind", 2), 1, 3),
    Thesis("trio", Requirement("kind", 3), 2, 2),
    Thesis("short-run", Requirement("run", 3), 2, 3),
    Thesis("run-4", Requirement("run", 4), 3, 2),
    Thesis("two-pairs", Requirement("pairs", 2), 3, 2),
    Thesis("mixed", Requirement("kinds", 2, 1), 2, 2),
    Thesis("flag", Requirement("flag"), 1, 1),
)


@st.composite
def positions(draw):
    shuffled = draw(st.permutations(CARDS))
    n = draw(st.integers(3, 5))
    players, at = [], 0
    for i in range(n):
        k = draw(st.integers(0, 8))
        hand = tuple(shuffled[at : at + k])
        at += k
        accepted = []
        for thesis in draw(st.lists(st.sampled_from(["duo", "short-run"]), max_size=2, unique=True)):
            accepted.append(Accepted(thesis, (shuffled[at],)))
            at += 1
        players.append(Player(f"P{i}", i, hand, (), tuple(accepted)))
    discard = tuple(shuffled[at : at + draw(st.integers(0, 4))])
    at += len(discard)
    return Position(TABLE, tuple(players), discard, 49 - at)


def everything(position: Position) -> list:
    out = list(position.discard)
    for p in position.players:
        out += list(p.hand) + [c for t in p.published for c in t.cards] + [c for t in p.accepted for c in t.cards]
    return out


@settings(max_examples=120)
@given(positions(), st.lists(st.tuples(st.integers(0, 4), st.integers(0, 50)), max_size=12))
def test_moves_keep_all_49_cards(position, plan):
    before = sorted(everything(position))
    for who, pick in plan:
        player = position.players[who % len(position.players)]
        presentable = [o for o in options(position, player) if o.presentable]
        under_review = [(p, t) for p in position.players for t in p.published if len(t.cards) >= 2]
        if presentable and (pick % 2 or not under_review):
            o = presentable[pick % len(presentable)]
            hand_cards = [c for c, s in o.best.cards if s.owner is None]
            cites = [Cite(s.owner, c) for c, s in o.best.cards if s.owner is not None]
            left = [c for c in player.hand if c not in hand_cards]
            owed = [s.owner for _, s in o.best.cards if s.owner not in (None, player.name)]
            gifts = [Gift(to, card) for to, card in zip(owed, left)]
            verdict = judge_present(position, player.name, o.thesis.id, hand_cards, cites, gifts)
            assert verdict.legal, verdict.reason
            assert meets_req(o.thesis.requirement, [c for part in verdict.assignment for c, _ in part.cards])
            position = apply_present(position, verdict, gifts)
        elif under_review:
            author, thesis = under_review[pick % len(under_review)]
            card = thesis.cards[pick % len(thesis.cards)]
            verdict = judge_review(position, player.name, author.name, thesis.thesis, card)
            assert verdict.legal, verdict.reason
            position = apply_review(position, verdict)
        now = everything(position)
        assert len(now) == len(set(now))
        assert sorted(now) == before
        assert len(now) + position.deck_count == 49
        assert not [
            p
            for p in consistency_problems(position)
            if p.code in ("card-twice", "deck-count", "published-short", "accepted-cards")
        ]


def test_the_strategies_hold_two_impossible_requirements_and_nothing_meets_them():
    """kind 2 of 1 and kind 2 of 13 are in the mix on purpose: the deck has one 1 and one 13."""
    impossible = [r for r in REQUIREMENTS if feasible(r)]
    assert impossible == [Requirement("kind", 2, value=1), Requirement("kind", 2, value=13)]
    assert not [t for t in TABLE if feasible(t.requirement)]
