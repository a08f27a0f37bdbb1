"""Properties of Artline's moves over games played at random through them: the notation round-trips,
apply never changes its input, a legal move gives a position `check` accepts, judge and apply agree,
and a record's turn (the painting, then its draw) is the turn a position file records in one step."""

from __future__ import annotations

import random

from artline_play import feature
from hypothesis import given, settings
from hypothesis import strategies as st

from pastiche_cli.games.artline.core.moves import Discard, Draw, Place, apply, judge, parse_move
from pastiche_cli.games.artline.core.placement import OPEN, game_over, line_effects, spots
from pastiche_cli.games.artline.core.placement import judge as judge_placement
from pastiche_cli.games.artline.core.position import COLUMN, DRAW, PLAY, ROW, Player
from pastiche_cli.games.artline.core.record import RULES
from pastiche_cli.games.artline.core.setup import new_game
from pastiche_cli.games.artline.core.turns import after_discard, after_placement, judge_discard
from pastiche_cli.games.artline.core.validate import counts, rule_problems
from pastiche_cli.kernel.moves import IllegalMove

NAMES = ["Ana", "Ben", "Caro", "Dee", "Eve"]


def fresh(position, cell) -> dict:
    """A feature no gallery uses for each line the cell would open."""
    n = len(position.galleries) + 50
    out = {}
    for axis, (kind, _, _) in line_effects(position, cell).items():
        if kind == OPEN:
            out[axis] = feature(n)
            n += 1
    return out


def a_legal_move(rng: random.Random, position):
    """One of the moves the rules allow the player on turn now (a draw when one is owed)."""
    player = position.turn or rng.choice([p.name for p in position.players])  # a file may not say whose turn
    if position.phase == DRAW:
        return Draw(player)
    _, found = spots(position, player)
    if not found or rng.random() < 0.1:
        return Discard(player)
    spot = rng.choice([s for s in found if s.exhibition] or found) if rng.random() < 0.5 else rng.choice(found)
    named = fresh(position, spot.at)
    unclear = rng.choice([0, 1]) if named and 2 < len(position.players) else 0
    return Place(player, spot.at, named.get(ROW), named.get(COLUMN), unclear)


def played(seed: int, players: int, length: int, start_deck: int | None = None):
    """The texts of a game played through the moves (at most `length` of them, fewer when someone wins)."""
    rng = random.Random(seed)
    position = RULES.start(new_game(NAMES[:players]))
    if start_deck is not None:  # a short deck, so that hands run out: the paintings not dealt are discarded
        position = position._replace(discard=position.deck - start_deck, deck=start_deck)
    setup = position
    texts = []
    for _ in range(length):
        if game_over(position) is not None:
            break
        move = a_legal_move(rng, position)
        texts.append(str(move))
        position = apply(position, move)
    return setup, texts


games = st.builds(
    played, st.integers(0, 10_000), st.integers(2, 5), st.integers(0, 60), st.sampled_from([None, None, 0, 3, 10])
)


@settings(max_examples=40)
@given(games)
def test_a_game_played_through_the_moves_replays_and_every_position_passes_check(game):
    setup, texts = game
    whole = RULES.replay(setup, texts)
    assert whole.stop is None and len(whole.steps) == len(texts)
    for step in whole.steps:
        assert [p for p in rule_problems(step.after) if p.kind != "warning"] == [], str(step.move)
        assert counts(step.after)["total"] == 96
    assert whole.over == (game_over(whole.final) is not None)


@settings(max_examples=40)
@given(games, st.integers(0, 10_000))
def test_judge_and_apply_agree_and_apply_never_changes_its_input(game, seed):
    setup, texts = game
    position = RULES.replay(setup, texts).final
    rng = random.Random(seed)
    cells = sorted(position.cells())
    names = [p.name for p in position.players]
    candidates = [Draw(rng.choice(names)), Discard(rng.choice(names))]
    for _ in range(6):
        x, y = rng.choice(cells)
        at = (x + rng.choice([-1, 0, 1]), y + rng.choice([-1, 0, 1]))
        named = fresh(position, at)
        row = rng.choice([named.get(ROW), None, "dogs"])
        column = rng.choice([named.get(COLUMN), None])
        candidates.append(Place(rng.choice(names), at, row, column, rng.choice([0, 0, 1, 2])))
    for move in candidates:
        copy = position._replace()
        verdict = judge(position, move)
        assert verdict.rule.startswith("artline.")
        try:
            after = apply(position, move)
        except IllegalMove as refused:
            assert not verdict.legal and refused.verdict == verdict
        else:
            assert verdict.legal
            assert [p for p in rule_problems(after) if p.kind != "warning"] == []
        assert position == copy


# Names as the loader gives them: stripped and not empty. (A name with a line break inside would be
# written across lines: kernel/moves.word does not escape one; no test file names a player so.)
names = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=8).filter(
    lambda n: n == n.strip() and n and len(n.splitlines()) == 1
)
texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)


@settings(max_examples=200)
@given(st.lists(names, min_size=2, max_size=5, unique_by=str.casefold), st.data())
def test_the_notation_round_trips(players, data):
    position = new_game(["Ana", "Ben"])._replace(players=tuple(Player(n, 5) for n in players))
    player = data.draw(st.sampled_from(players))
    move = data.draw(
        st.one_of(
            st.builds(
                Place,
                st.just(player),
                st.tuples(st.integers(-999, 999), st.integers(-999, 999)),
                st.none() | texts,
                st.none() | texts,
                st.integers(0, 9),
            ),
            st.builds(Discard, st.just(player)),
            st.builds(Draw, st.just(player)),
        )
    )
    text = str(move)
    assert "\n" not in text
    parsed = parse_move(text, position)
    assert parsed == move and str(parsed) == text


@settings(max_examples=40)
@given(games, st.integers(0, 10_000), st.booleans())
def test_a_turn_of_the_record_is_the_turn_a_position_file_records(game, seed, turnless):
    """The painting and its draw, two moves, leave what after_placement / after_discard leave in one step
    (so `place --apply` and `discard --apply` write what they wrote before moves were values)."""
    setup, texts = game
    position = RULES.replay(setup, texts).final
    if game_over(position) is not None or position.phase != PLAY:
        return
    if turnless:
        position = position._replace(turn=None)
    move = a_legal_move(random.Random(seed), position)
    after = apply(position, move)
    if after.phase == DRAW:
        after = apply(after, Draw(move.player))
    if isinstance(move, Place):
        whole = after_placement(
            position, judge_placement(position, move.at, move.player, move.row, move.column, move.unclear)
        )
    else:
        whole = after_discard(position, judge_discard(position, move.player))
    assert after == whole
