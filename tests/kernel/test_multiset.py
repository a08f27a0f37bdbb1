"""The frozen multiset and mapping a position is built of: Counter-like reading, no way to change them."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pastiche_cli.kernel.multiset import EMPTY, FrozenMap, Multiset

NAMES = ["teal", "red", "olive", "gray"]
counts = st.dictionaries(st.sampled_from(NAMES), st.integers(0, 4))


def test_reads_like_a_counter():
    m = Multiset(["teal", "teal", "red"])
    assert m["teal"] == 2 and m["olive"] == 0  # a missing name counts 0
    assert "olive" not in m and "teal" in m
    assert m.get("olive") is None and m.get("olive", 7) == 7
    assert m.total() == 3 and len(m) == 2
    assert sorted(m.elements()) == ["red", "teal", "teal"]
    assert Counter(m) == Counter(teal=2, red=1)
    assert dict(m) == {"teal": 2, "red": 1}


def test_only_positive_counts_are_kept_and_negative_ones_refused():
    assert dict(Multiset({"teal": 0, "red": 2})) == {"red": 2}
    assert Multiset({"teal": 0}) == EMPTY and not Multiset({"teal": 0})
    with pytest.raises(ValueError, match="negative"):
        Multiset({"teal": -1})


def test_equal_to_other_mappings_with_the_same_positive_counts():
    m = Multiset({"teal": 2})
    assert m == Counter(teal=2) and Counter(teal=2) == m
    assert m == {"teal": 2, "red": 0}
    assert m != {"teal": 1} and m != Counter(teal=2, red=1)
    assert m != ["teal", "teal"]


def test_it_cannot_be_changed():
    m = Multiset({"teal": 2})
    with pytest.raises(TypeError):
        m["teal"] = 3
    with pytest.raises(TypeError):
        del m["teal"]
    with pytest.raises(AttributeError):
        m._items = {}
    total = Counter()
    total += m  # a Counter added to in place changes the Counter only
    total["teal"] += 1
    assert m == {"teal": 2} and total == {"teal": 3}


def test_subtraction_saturates_and_containment_says_whether_it_would():
    hand = Multiset({"teal": 3, "red": 1})
    assert hand - {"teal": 5, "olive": 1} == {"red": 1}  # saturates, like Counter
    assert Multiset({"teal": 3}) <= hand and not Multiset({"teal": 4}) <= hand
    assert hand >= {"red": 1} and not hand >= {"olive": 1}
    assert isinstance(hand + {"olive": 1}, Multiset) and hand + {"olive": 1} == {"teal": 3, "red": 1, "olive": 1}


def test_a_counter_on_the_left_answers_with_a_counter():
    hand = Multiset({"teal": 3})
    left = Counter(teal=1, red=2) - hand
    assert type(left) is Counter and left == Counter(red=2)
    both = Counter(red=1) + hand
    assert type(both) is Counter and both == Counter(red=1, teal=3)


@given(counts, counts)
def test_arithmetic_agrees_with_counter(a, b):
    assert Multiset(a) + Multiset(b) == Counter(a) + Counter(b)
    assert Multiset(a) - Multiset(b) == Counter(a) - Counter(b)
    assert (Multiset(a) <= Multiset(b)) == all(b.get(k, 0) >= n for k, n in a.items())


@given(counts)
def test_equal_multisets_hash_alike(a):
    assert hash(Multiset(a)) == hash(Multiset(Counter(a))) == hash(Multiset(list(Counter(a).elements())))
    m = Multiset(a)
    assert Multiset(m) is m  # building one from a multiset costs nothing


def test_frozen_map_is_read_only_and_hashable():
    f = FrozenMap({"a": 1})
    assert f["a"] == 1 and f.get("b") is None and list(f) == ["a"] and f == {"a": 1}
    assert hash(f) == hash(FrozenMap({"a": 1}))
    with pytest.raises(TypeError):
        f["b"] = 2
    with pytest.raises(AttributeError):
        f._items = {}
