"""Invariants of the moves, checked with hypothesis on random positions and random walks of moves.

* Cards are conserved: after any legal move, hands + bank = the 131 cards of the box, no colour
  below zero in the bank, and the bank changed by exactly what the move gave or took.
* judge and apply agree: a move judge calls legal applies, and the result passes
  validate.consistency_problems; a move judge refuses makes apply raise.
* apply (and every other public operation of the core) never changes the position it is given.
* The notation reads back: parse_move(str(move)) == move for every move, legal or not.
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pastiche_cli.games.pastiche.core import colours, moves
from pastiche_cli.games.pastiche.core.board import board_from, board_of, board_problems, open_cells
from pastiche_cli.games.pastiche.core.commissions import in_play, judge_complete, judge_swap, statuses
from pastiche_cli.games.pastiche.core.discard import advise
from pastiche_cli.games.pastiche.core.endgame import end_verdict
from pastiche_cli.games.pastiche.core.geometry import START_CELLS
from pastiche_cli.games.pastiche.core.placements import list_placements
from pastiche_cli.games.pastiche.core.planner import plan
from pastiche_cli.games.pastiche.core.position import Commission, HouseRules, PlacedHex, Player, Position, Turn
from pastiche_cli.games.pastiche.core.scoring import score
from pastiche_cli.games.pastiche.core.trading import BankTrade, judge_sequence
from pastiche_cli.games.pastiche.core.validate import consistency_problems
from pastiche_cli.kernel.moves import IllegalMove
from pastiche_cli.kernel.problems import WARNING

CARDS = colours.card_names()
COMMON = ("teal", "olive", "red", "yellow", "orange", "brown", "black", "white", "blue", "green")
NAMES = ["Ana", "Ben", "Caro", "Dev"]
PHASES = [None, "mixing", "painting", "cleanup"]
BOX = sum(colours.copies(c) for c in CARDS)

hexes = st.builds(
    lambda corners, centre: f"{corners}/{centre}",
    st.text("RYB", min_size=6, max_size=6),
    st.sampled_from(["R", "Y", "B", "RY", "RB", "YB"]),
)


@st.composite
def positions(draw) -> Position:
    n = draw(st.integers(2, 4))
    # A pool of commission cards, each by its own artist; those not dealt stay in the deck.
    pool = [
        Commission(
            f"Piece {i}",
            f"Artist {i}",
            draw(st.integers(8, 15)),
            tuple(colours.as_list(Counter(draw(st.lists(st.sampled_from(COMMON), min_size=2, max_size=3))))),
            None,
            f"piece-{i}",
        )
        for i in range(20)
    ]
    order = draw(st.permutations(range(len(pool))))
    deal = iter(order)
    players = []
    for i in range(n):
        hand = Counter(draw(st.dictionaries(st.sampled_from(CARDS), st.integers(0, 4), max_size=7)))
        in_hand = tuple(pool[next(deal)] for _ in range(draw(st.integers(0, 2))))
        done = tuple(pool[next(deal)] for _ in range(draw(st.integers(0, 1))))
        if in_hand and draw(st.booleans()):
            hand.update(in_hand[0].needs)  # a commission this player can complete
        players.append(Player(NAMES[i], i, hand, in_hand, done, tuple(draw(st.lists(hexes, max_size=2))), True))
    gallery = tuple(pool[next(deal)] for _ in range(draw(st.integers(0, 4))))
    start = tuple(draw(st.lists(hexes, min_size=3, max_size=3)))
    board = board_from(start)
    placed = []
    for _ in range(draw(st.integers(0, 6))):
        cells = open_cells(board)
        cell = cells[draw(st.integers(0, len(cells) - 1))]
        tile, by = draw(hexes), draw(st.sampled_from(NAMES[:n]))
        placed.append(PlacedHex(cell, str(moves.parse_hex(tile)), by))
        board = board_from(start, [(p.at, p.hex, p.by) for p in placed])
    turn = draw(
        st.one_of(st.none(), st.builds(Turn, st.sampled_from(NAMES[:n]), st.sampled_from(PHASES), st.booleans()))
    )
    position = Position(
        tuple(players),
        gallery,
        start,
        tuple(placed),
        turn,
        HouseRules(strict_adjacency=draw(st.booleans())),
        {c.id: c for c in pool},
    )
    assume(not [p for p in consistency_problems(position) if p.kind != WARNING])
    return position


def some_cards(data, cards, most: int = 3) -> Counter:
    """A sub-multiset of `cards` (a list with repeats)."""
    if not cards:
        return Counter()
    picked = data.draw(st.sets(st.integers(0, len(cards) - 1), max_size=most))
    return Counter(cards[i] for i in picked)


def a_move(data, position: Position):
    names = [p.name for p in position.players]
    turn_player = position.turn.player if position.turn else names[0]
    me = position.player(data.draw(st.sampled_from([turn_player] * 4 + names)))
    kinds = ["place", "bank", "three", "player", "swap", "complete", "draw commission", "discard", "draw hex", "end"]
    if position.pending_draw is not None:  # mostly the draw that must follow a completion
        me = position.player(position.pending_draw[0])
        kinds = ["draw commission"] * 9 + kinds
    kind = data.draw(st.sampled_from(kinds))
    hand = list(me.palette.elements())
    refs = [r for c in (*me.commissions, *position.gallery) for r in (c.id, c.title)]
    ready = [r for s in statuses(position, me) if s.completable for r in (s.commission.id, s.commission.title)]
    deck = [cid for cid, c in position.catalogue.items() if in_play(position, c) is None]
    if kind == "place":
        cells = open_cells(board_of(position)) + list(START_CELLS)
        tile = moves.parse_hex(
            data.draw(st.sampled_from(list(me.hexes))) if me.hexes and data.draw(st.booleans()) else data.draw(hexes)
        )
        take = data.draw(st.sampled_from([None, None, "red", "yellow", "blue"]))
        return moves.Place(me.name, tile.rotated(data.draw(st.integers(0, 5))), data.draw(st.sampled_from(cells)), take)
    if kind == "bank":
        return moves.BankTrade(me.name, some_cards(data, hand), data.draw(st.sampled_from(CARDS)))
    if kind == "three":
        threes = [c for c, n in me.palette.items() if n >= 3] or ["teal"]
        return moves.BankTrade(me.name, {data.draw(st.sampled_from(threes)): 3}, data.draw(st.sampled_from(CARDS)))
    if kind == "player":
        other = position.player(data.draw(st.sampled_from(names)))
        return moves.PlayerTrade(
            me.name, other.name, some_cards(data, hand), some_cards(data, list(other.palette.elements()))
        )
    if kind == "swap":
        return moves.Swap(
            me.name, data.draw(st.sampled_from(refs or ["piece-0"])), data.draw(st.sampled_from(refs or ["piece-1"]))
        )
    if kind == "complete":
        return moves.Complete(me.name, data.draw(st.sampled_from(ready * 3 + refs or ["piece-0"])))
    if kind == "draw commission":
        return moves.DrawCommission(me.name, data.draw(st.sampled_from(deck * 3 + list(position.catalogue))))
    if kind == "discard":
        return moves.Discard(me.name, some_cards(data, hand, 4) or Counter(teal=1))
    if kind == "draw hex":
        return moves.DrawHex(me.name, data.draw(hexes))
    return moves.End(me.name)


def signed(plus=(), minus=()) -> dict:
    """A change per colour, + and -, without the zeros."""
    out: Counter = Counter()
    out.update(Counter(plus))
    out.subtract(Counter(minus))
    return {c: n for c, n in out.items() if n}


def bank_change(move, verdict) -> dict:
    """What the move does to the bank by the rules: + the cards it gets back, - the cards it gives out."""
    if isinstance(move, moves.BankTrade):
        return signed(move.give, {move.get: 1})
    if isinstance(move, moves.Discard):
        return signed(move.cards)
    if isinstance(move, moves.Place):
        return signed(minus=verdict.detail.cards)
    if isinstance(move, moves.Complete):
        return signed(verdict.detail.status.commission.needs)
    return {}  # a trade between players, a swap, a draw, the end: the bank is untouched


def bank_delta(before: Position, after: Position) -> dict:
    return signed(after.bank(), before.bank())


@settings(max_examples=200, deadline=None)
@given(positions(), st.data())
def test_a_walk_of_moves_keeps_every_invariant(position, data):
    for _ in range(data.draw(st.integers(1, 8))):
        move = a_move(data, position)
        assert moves.parse_move(str(move), position) == move
        snapshot, fingerprint = copy.deepcopy(position), hash(position)
        verdict = moves.judge(position, move)
        if not verdict.legal:
            with pytest.raises(IllegalMove):
                moves.apply(position, move)
            assert position == snapshot and hash(position) == fingerprint
            continue
        after = moves.apply(position, move)
        # apply never changes its input
        assert position == snapshot and hash(position) == fingerprint == hash(snapshot)
        # the result obeys the rules of the game
        assert [p for p in consistency_problems(after) if p.kind != WARNING] == [], (str(move), verdict)
        # card conservation: hands + bank = the box, and the bank moved by what the move says
        bank = after.bank()
        assert all(bank[c] >= 0 for c in CARDS)
        assert sum(after.in_hands().values()) + sum(bank.values()) == BOX == 131
        assert bank_delta(position, after) == bank_change(move, verdict), str(move)
        position = after


@settings(max_examples=60, deadline=None)
@given(positions(), st.data())
def test_no_public_operation_of_the_core_changes_a_position(position, data):
    snapshot, fingerprint = copy.deepcopy(position), hash(position)
    me = position.players[0]
    board = board_of(position)
    score(position)
    end_verdict(position)
    consistency_problems(position)
    board_problems(position)
    position.bank()
    position.in_hands()
    list_placements(board, me.hexes, player=me, bank=position.bank(), strict=position.house_rules.strict_adjacency)
    every = statuses(position, me)
    for status in every:
        judge_complete(position, me, status)
        judge_swap(position, me, status, every[-1])
    judge_sequence(position, me.name, [BankTrade(Counter(me.palette), "olive")])
    advise(me.palette, me.commissions, position.gallery)
    if me.commissions:
        plan(me.palette, position.bank(), me.commissions[0].needs, max_hands=2_000)
    for _ in range(3):
        move = a_move(data, position)
        moves.judge(position, move)
        try:
            moves.apply(position, move)
        except IllegalMove:
            pass
    assert position == snapshot and hash(position) == fingerprint == hash(snapshot)


def test_the_values_a_position_holds_cannot_be_changed():
    position = Position(
        (Player("Ana", 0, Counter(teal=2)), Player("Ben", 1)),
        catalogue={"x": Commission("X", "Y", 9)},
    )
    with pytest.raises(TypeError):
        position.players[0].palette["teal"] = 3
    with pytest.raises(TypeError):
        position.catalogue["z"] = None
    with pytest.raises(AttributeError):
        position.players[1].palette._items = {"red": 1}  # the shared empty palette stays empty
    assert Player("Caro", 2).palette == {} and position.players[1].palette.total() == 0
    # _replace keeps them frozen
    changed = position.players[0]._replace(palette={"red": 1})
    with pytest.raises(TypeError):
        changed.palette["red"] = 2
