"""Frozen, hashable multisets (`Multiset`, read like a `Counter`) and mappings (`FrozenMap`) that no one changes.

`a - b` saturates as `Counter` does (no count below zero): check `b <= a` first when that matters."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping


def _immutable(self, *args) -> None:
    raise AttributeError(f"{type(self).__name__} is immutable")


class _Frozen(Mapping):
    """What both frozen mappings share: reading, hashing, and no way to change them."""

    __slots__ = ("_items", "_hash")
    _items: dict
    _hash: int | None

    def _init(self, items: dict) -> None:
        object.__setattr__(self, "_items", items)
        object.__setattr__(self, "_hash", None)

    __setattr__ = __delattr__ = _immutable

    def get(self, key, default=None):
        return self._items.get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __iter__(self) -> Iterator:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        value = self._hash
        if value is None:
            value = hash(frozenset(self._items.items()))
            object.__setattr__(self, "_hash", value)
        return value

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._items!r})"

    def __reduce__(self):
        return (type(self), (self._items,))


class Multiset(_Frozen):
    """Names with positive counts; immutable and hashable."""

    __slots__ = ()
    __hash__ = _Frozen.__hash__  # a class that defines __eq__ must name its __hash__ again

    def __new__(cls, items: Mapping[str, int] | Iterable[str] = ()) -> Multiset:
        if type(items) is cls:
            return items
        counts: dict[str, int] = {}
        if isinstance(items, Mapping):
            for name, n in items.items():
                if n:
                    if n < 0:
                        raise ValueError(f"a multiset holds no negative count ({name}: {n})")
                    counts[name] = n
        else:
            for name in items:
                counts[name] = counts.get(name, 0) + 1
        self = object.__new__(cls)
        self._init(counts)
        return self

    # --- reading ---
    def __getitem__(self, name: str) -> int:
        return self._items.get(name, 0)

    def total(self) -> int:
        """How many items in all, repeats counted."""
        return sum(self._items.values())

    def elements(self) -> Iterator[str]:
        """Every item, repeated as often as it is counted."""
        for name, n in self._items.items():
            for _ in range(n):
                yield name

    # --- comparing ---
    def __eq__(self, other: object) -> bool:
        if isinstance(other, Multiset):
            return self._items == other._items
        if isinstance(other, Mapping):
            return self._items == {k: v for k, v in other.items() if v}
        return NotImplemented

    def __le__(self, other: Mapping[str, int]) -> bool:
        """Contained in `other`: it holds at least as many of every item."""
        if not isinstance(other, Mapping):
            return NotImplemented
        return all(other.get(name, 0) >= n for name, n in self._items.items())

    def __ge__(self, other: Mapping[str, int]) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        return all(self._items.get(name, 0) >= n for name, n in other.items() if n > 0)

    # --- arithmetic ---
    def __add__(self, other: Mapping[str, int]) -> Multiset:
        if not isinstance(other, Mapping):
            return NotImplemented
        counts = dict(self._items)
        for name, n in other.items():
            if n > 0:
                counts[name] = counts.get(name, 0) + n
        return Multiset(counts)

    def __sub__(self, other: Mapping[str, int]) -> Multiset:
        if not isinstance(other, Mapping):
            return NotImplemented
        return Multiset({name: n - other.get(name, 0) for name, n in self._items.items() if n > other.get(name, 0)})

    def __radd__(self, other: Mapping[str, int]) -> Counter:
        if not isinstance(other, Mapping):
            return NotImplemented
        return Counter(other) + Counter(self._items)

    def __rsub__(self, other: Mapping[str, int]) -> Counter:
        if not isinstance(other, Mapping):
            return NotImplemented
        return Counter(other) - Counter(self._items)

    def __pos__(self) -> Multiset:
        return self


EMPTY = Multiset()


class FrozenMap(_Frozen):
    """A read-only mapping, hashable when its values are."""

    __slots__ = ()
    __hash__ = _Frozen.__hash__

    def __new__(cls, items: Mapping | Iterable = ()) -> FrozenMap:
        if type(items) is cls:
            return items
        self = object.__new__(cls)
        self._init(dict(items))
        return self

    def __getitem__(self, key):
        return self._items[key]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._items == other._items
        if isinstance(other, Mapping):
            return self._items == dict(other.items())
        return NotImplemented


EMPTY_MAP = FrozenMap()
