"""kernel/ranking.py: standard competition ranks, winners in turn order, and the step that decided."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pastiche_cli.kernel.ranking import places, rank, separating_step

STEPS = ("total", "tokens")


@pytest.mark.parametrize(
    "keys, ranks, winners, decided",
    [
        # one player: first by total, whatever the numbers
        ([(3, 0)], [1], ["p0"], "total"),
        # totals differ
        ([(10, 0), (12, 0), (11, 5)], [3, 1, 2], ["p1"], "total"),
        # tie on total, broken by tokens (the later player in turn order wins on tokens)
        ([(12, 1), (12, 3), (5, 9)], [2, 1, 3], ["p1"], "tokens"),
        # a full tie for first: shared, both winners in turn order, the third is 3rd not 2nd
        ([(12, 3), (12, 3), (9, 0)], [1, 1, 3], ["p0", "p1"], "shared"),
        # a tie lower down does not change who decided first place
        ([(20, 0), (7, 1), (7, 1)], [1, 2, 2], ["p0"], "total"),
    ],
)
def test_worked_rankings(keys, ranks, winners, decided):
    items = [f"p{i}" for i in range(len(keys))]
    result = rank(items, keys, STEPS)
    assert {p.item: p.rank for p in result.placed} == dict(zip(items, ranks))
    assert list(result.winners) == winners
    assert result.decided_by == decided


def test_each_player_knows_what_put_it_above_the_next():
    result = rank(["a", "b", "c", "d"], [(9, 0), (9, 2), (4, 4), (4, 4)], STEPS)
    assert [(p.item, p.decided_by) for p in result.placed] == [
        ("b", "tokens"),
        ("a", "total"),
        ("c", "shared"),
        ("d", None),
    ]


def test_fewer_is_better_by_negating():
    # Masterpiece-style: equal points, fewer theses wins.
    result = rank(["ana", "ben"], [(15, -4), (15, -3)], ("total", "fewer_theses"))
    assert result.winners == ("ben",) and result.decided_by == "fewer_theses"


def test_one_key_per_item():
    with pytest.raises(ValueError):
        rank(["a", "b"], [(1,)], ("total",))


def test_separating_step():
    assert separating_step((5, 1), (5, 0), STEPS) == "tokens"
    assert separating_step((5, 1), (5, 1), STEPS) == "shared"


keys_lists = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 3)), min_size=1, max_size=6)


@given(keys_lists)
def test_ranks_agree_with_counting_who_is_strictly_better(keys):
    items = list(range(len(keys)))
    result = rank(items, keys, STEPS)
    for p in result.placed:
        better = sum(1 for k in keys if k > keys[p.item])
        assert p.rank == better + 1
    assert list(result.winners) == [i for i in items if keys[i] == max(keys)]
    # best first, ties in turn order
    order = [p.item for p in result.placed]
    assert order == sorted(items, key=lambda i: (tuple(-x for x in keys[i]), i))


@pytest.mark.parametrize(
    "ranks, said",
    [
        ([1, 2, 3, 4], ["1st", "2nd", "3rd", "4th"]),
        ([1, 1, 3], ["1st=", "1st=", "3rd"]),  # a shared first place, and the third is 3rd, not 2nd
        (
            [1, 2, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12],
            ["1st", "2nd=", "2nd=", "4th", "5th", "6th", "7th", "8th", "9th", "10th", "11th", "12th"],
        ),
    ],
)
def test_places_are_said_as_every_game_says_them(ranks, said):
    assert places(ranks) == said
