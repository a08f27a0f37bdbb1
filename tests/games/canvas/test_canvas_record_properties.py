"""Properties of Canvas's moves and records, with hypothesis: on a generated table, a random walk of moves
(mostly legal, some not) keeps every invariant: the notation round-trips, judge and apply agree, apply
never changes the position it is given, a legal move's position passes the checks `check` makes, the
tokens and the 60 art cards are all somewhere, the turn passes to a player with paintings to complete;
and the walk written as a record replays to the very same end."""

from __future__ import annotations

import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from pastiche_cli.games.canvas.core import cards, moves
from pastiche_cli.games.canvas.core.cards import PAINTINGS_PER_PLAYER, TOKENS_PER_PLAYER
from pastiche_cli.games.canvas.core.moves import Paint, Take
from pastiche_cli.games.canvas.core.record import RULES
from pastiche_cli.games.canvas.core.validate import consistency_problems
from pastiche_cli.games.canvas.formats.loader import parse_position
from pastiche_cli.kernel.moves import IllegalMove, MoveSyntaxError

NAMES = ["Ana", "Ben", "Caro", "Dev", "Eve", "Ana Maria", 'Bo "B"']  # no two alike but for case: check refuses that
WORDS = cards.card_words()


@st.composite
def tables(draw):
    """A game as set up (no cards in hand, 4 tokens each, five face up) and the deck's order."""
    n = draw(st.integers(1, 5))
    names = draw(st.lists(st.sampled_from(NAMES), min_size=n, max_size=n, unique=True))
    scoring = draw(st.lists(st.sampled_from(list(cards.scoring_cards())), min_size=4, max_size=4, unique=True))
    order = draw(st.permutations(WORDS))
    house = draw(st.sampled_from(["", "house_rules: {hierarchy: texture-strict, bonus_ribbon_points: 1}\n"]))
    text = (
        f"game: canvas\nscoring: [{', '.join(scoring)}]\nplayers:\n"
        + "".join(f"  - {{name: {json.dumps(name)}, inspiration: {TOKENS_PER_PLAYER}}}\n" for name in names)
        + f"market: [{', '.join(order[:5])}]\n"
        + house
    )
    setup, problems, _ = parse_position("setup.yaml", text)
    assert setup is not None and not [p for p in problems if p.kind != "warning"], problems
    return setup, order[5:]


def a_move(data, pos, order):
    """A move the player whose turn it is might make: usually legal, now and then refused."""
    me = pos.player(pos.turn)
    top = next((w for w in order if w not in {c for c, _ in moves.whereabouts(pos)}), None)
    if len(me.hand) >= 3 and (len(me.hand) == 5 or data.draw(st.booleans())):
        chosen = tuple(data.draw(st.permutations(me.hand))[:3])
        if data.draw(st.integers(0, 9)) == 0:  # a card not held
            chosen = chosen[:2] + (data.draw(st.sampled_from(WORDS)),)
        return Paint(me.name, chosen)
    slot = data.draw(st.sampled_from([1, 1, 1, 2, 2, 3, 4, 5]))
    refill = top if data.draw(st.integers(0, 9)) else data.draw(st.sampled_from(WORDS))  # now and then in play
    return Take(me.name, slot, refill)


def in_play(pos) -> list[str]:
    return [c for c, _ in moves.whereabouts(pos)]


@settings(max_examples=40)
@given(tables(), st.data())
def test_a_random_game_keeps_every_invariant_and_replays_as_a_record(table, data):
    setup, order = table
    pos = RULES.start(setup)
    tokens = TOKENS_PER_PLAYER * len(pos.players)
    texts = []
    for _ in range(90):
        if RULES.end_triggered(pos):
            break
        move = a_move(data, pos, order)
        assert moves.parse_move(str(move), pos) == move
        assert str(moves.parse_move(str(move).upper(), pos)) == str(move)  # names and words in any case
        snapshot = copy.deepcopy(pos)
        verdict = RULES.judge_in_record(pos, move)
        if not verdict.legal:
            assert verdict.rule in ("canvas.take", "canvas.paint"), verdict
            move = Take(move.player, 1, next((w for w in order if w not in in_play(pos)), None))
            verdict = RULES.judge_in_record(pos, move)
            if not verdict.legal:  # slot 1 is free; only a full hand refuses it
                assert len(pos.player(move.player).hand) == 5
                continue
        after = moves.apply(pos, move)
        assert pos == snapshot  # apply never changes its input
        # nor a warning: a game played by the rules never reaches what `check` warns of (tokens not all in play,
        # tokens on slot 5, a finished player holding 3 cards, turn counts more than one apart)
        assert consistency_problems(after) == []
        assert sum(p.inspiration for p in after.players) + sum(s.tokens for s in after.market) == tokens
        assert len(set(in_play(after))) == len(in_play(after)) == 60 - len(moves.deck(after))
        assert len(after.market) == 5  # the deck of 55 never runs out
        if after.turn is None:
            assert all(len(p.paintings) == PAINTINGS_PER_PLAYER for p in after.players)
        else:
            assert len(after.player(after.turn).paintings) < PAINTINGS_PER_PLAYER
        texts.append(str(move))
        pos = after
    replay = RULES.replay(setup, texts)
    assert replay.stop is None and replay.final == pos
    assert replay.over == RULES.end_triggered(pos)


@given(tables(), st.data())
def test_apply_raises_exactly_when_judge_refuses(table, data):
    setup, order = table
    pos = RULES.start(setup)
    move = a_move(data, pos, order)
    if data.draw(st.booleans()):  # someone else's move now and then
        move = move._replace(player=data.draw(st.sampled_from([p.name for p in pos.players])))
    verdict = moves.judge(pos, move)
    snapshot = copy.deepcopy(pos)
    try:
        moves.apply(pos, move)
        assert verdict.legal
    except IllegalMove as exc:
        assert not verdict.legal and exc.verdict == verdict
    assert pos == snapshot


@given(st.text(max_size=40))
def test_any_text_is_a_move_or_a_located_syntax_error(text):
    pos, _, _ = parse_position(
        "p.yaml",
        "game: canvas\nscoring: [space]\nplayers: [{name: Ana, inspiration: 4}, "
        "{name: Ben, inspiration: 4}]\nmarket: [Nature, Beauty, Bait, Sudden, Pride]\n",
    )
    try:
        move = moves.parse_move(text, pos)
    except MoveSyntaxError as exc:
        assert 0 <= exc.column <= len(text)
    else:
        assert moves.parse_move(str(move), pos) == move


@given(st.sampled_from(NAMES), st.integers(1, 5), st.one_of(st.none(), st.sampled_from(WORDS)), st.permutations(WORDS))
def test_every_move_value_round_trips(name, slot, refill, order):
    names = [name] + [n for n in ("Zoe", "Yan") if n != name]
    pos, _, _ = parse_position(
        "p.yaml",
        "game: canvas\nscoring: [space]\nplayers: ["
        + ", ".join(f"{{name: {json.dumps(n)}, inspiration: 4}}" for n in names)
        + "]\n",
    )
    for move in (Take(name, slot, refill), Paint(name, tuple(order[:3]))):
        text = str(move)
        assert moves.parse_move(text, pos) == move and str(moves.parse_move(text, pos)) == text
