"""Gallery features as words: the same ignoring case and spacing, or merely alike ("dog", "dogs")."""

from __future__ import annotations

from collections.abc import Iterable

SIMILAR = 0.8  # difflib's ratio above which two different features are named as alike


def feature_key(text: str) -> str:
    """What two features are compared by: the text with case and every space taken out."""
    return "".join(text.casefold().split())


def quoted(feature: str) -> str:
    """A feature as a message quotes it: 'boats'."""
    return f"'{feature}'"


def same_feature(a: str, b: str) -> bool:
    return feature_key(a) == feature_key(b)


def looks_alike(a: str, b: str) -> bool:
    """Different as written, but close: one letter apart, a plural, one inside the other."""
    ka, kb = feature_key(a), feature_key(b)
    if ka == kb or not ka or not kb:
        return False
    if ka.rstrip("s") == kb.rstrip("s"):
        return True
    import difflib  # a few milliseconds of imports, paid only when two features are compared

    return difflib.SequenceMatcher(None, ka, kb).ratio() >= SIMILAR


def in_use(feature: str, features: Iterable[str]) -> str | None:
    """The feature already in use that `feature` repeats, as it was written, or None."""
    key = feature_key(feature)
    return next((f for f in features if feature_key(f) == key), None)


def alike(feature: str, features: Iterable[str]) -> tuple[str, ...]:
    """The features in use that look like `feature` without being it."""
    return tuple(f for f in features if looks_alike(feature, f))
