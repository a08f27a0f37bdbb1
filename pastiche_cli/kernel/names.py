"""Names as players read them, in every game: two names that look the same are the same name (issue 13)."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import lru_cache

# Cyrillic and Greek letters drawn like a Latin letter in common fonts, as the Latin letter they mimic.
LOOKALIKES = str.maketrans(
    {
        "А": "A",
        "В": "B",
        "Е": "E",
        "К": "K",
        "М": "M",
        "Н": "H",
        "О": "O",
        "Р": "P",
        "С": "C",
        "Т": "T",
        "Х": "X",
        "У": "Y",
        "І": "I",
        "Ј": "J",
        "Ѕ": "S",
        "Ԛ": "Q",
        "Ԝ": "W",
        "а": "a",
        "е": "e",
        "о": "o",
        "р": "p",
        "с": "c",
        "у": "y",
        "х": "x",
        "і": "i",
        "ј": "j",
        "ѕ": "s",
        "һ": "h",
        "ԁ": "d",
        "ԛ": "q",
        "ԝ": "w",
        "Α": "A",
        "Β": "B",
        "Ε": "E",
        "Ζ": "Z",
        "Η": "H",
        "Ι": "I",
        "Κ": "K",
        "Μ": "M",
        "Ν": "N",
        "Ο": "O",
        "Ρ": "P",
        "Τ": "T",
        "Υ": "Y",
        "Χ": "X",
        "ο": "o",
        "ν": "v",
        "ι": "i",
        "κ": "k",
    }
)


@lru_cache(maxsize=4096)
def reading(name: str) -> str:
    """The name as it reads: NFKC, invisible characters dropped, look-alikes Latin, spaces collapsed, case folded."""
    text = unicodedata.normalize("NFKC", name)
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    text = text.translate(LOOKALIKES)
    return " ".join(text.casefold().split())


def oddities(name: str) -> list[str]:
    """What makes a name read differently from how it is written, in words (empty when nothing)."""
    out = []
    if unicodedata.normalize("NFC", name) != name:
        out.append("accents written as separate marks (decomposed)")
    hidden = sorted({f"U+{ord(ch):04X}" for ch in name if unicodedata.category(ch) == "Cf"})
    if hidden:
        out.append(f"invisible character{'s' if len(hidden) > 1 else ''} {', '.join(hidden)}")
    mimics = sorted({ch for ch in name if ch.translate(LOOKALIKES) != ch})
    if mimics:
        out.append(
            "letter"
            + ("s" if len(mimics) > 1 else "")
            + " from another script drawn like Latin ones: "
            + ", ".join(f"{ch} ({unicodedata.name(ch, 'unnamed').title()})" for ch in mimics)
        )
    return out


def explain_twins(first: str, second: str) -> str:
    """Why two different spellings count as one name ('' when they are spelled the same)."""
    if first == second:
        return ""
    why = oddities(second) or oddities(first)
    if not why:
        return ""
    return f" ('{first}' and '{second}' look alike: " + "; ".join(why) + ")"


def named_twice(names: Sequence[str]) -> list[str]:
    """Every spelling in `names` that reads as another one there, sorted (empty when all differ)."""
    readings = [reading(n) for n in names]
    return sorted({n for n, r in zip(names, readings) if readings.count(r) > 1})


def seating_problem(names: Sequence[str], game: str, low: int, high: int, twice: str) -> str | None:
    """Why `names` cannot seat a game of `low` to `high` players, or None; `twice` formats {all} and {first}."""
    if not low <= len(names) <= high:
        return f"{game} is for {low} to {high} players, not {len(names)}"
    repeated = named_twice(names)
    if not repeated:
        return None
    return twice.format(all=", ".join(repeated), first=repeated[0]) + twins_note(names, repeated[0])


def twins_note(names: Sequence[str], name: str) -> str:
    """Why `name` and the first other spelling in `names` that reads the same are one name ('' if none)."""
    other = next((n for n in names if n != name and reading(n) == reading(name)), None)
    return explain_twins(name, other) if other is not None else ""


def shown(text: str) -> str:
    """Text as it may be shown anywhere: a byte that was not UTF-8 (a lone surrogate) as its escape `\\xff`."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


# --- what a player's name may be, in every game -------------------------------------------------

LONGEST_NAME = 100  # characters: a name is said aloud at the table and shown in every table's column


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name, as the end of a sentence ("is empty"), or None: one rule in every game."""
    if not name:
        return "is empty"
    if len(name) > LONGEST_NAME:
        return f"is {len(name)} characters long; a name is at most {LONGEST_NAME}"
    return None


def seating(names: Sequence[str], start: str) -> list[str] | None:
    """The same seating with the start player (named in any case) first; None if they are not a player."""
    match = [n for n in names if n.casefold() == start.strip().casefold()]
    if not match:
        return None
    at = list(names).index(match[0])
    return list(names[at:]) + list(names[:at])
