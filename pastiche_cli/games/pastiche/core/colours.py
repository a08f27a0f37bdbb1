"""Palette cards and the colour chart: names, values, copies, and what dabs mix into."""

from collections import Counter
from functools import lru_cache
from typing import Iterable, Mapping, NamedTuple

from pastiche_cli.formats.data import game_data

DABS = "RYB"
DAB_NAMES = {"R": "red", "Y": "yellow", "B": "blue"}
PRIMARIES = ("red", "yellow", "blue")


class CardKind(NamedTuple):
    name: str
    group: str
    value: int
    copies: int
    display: str = ""    # the colour a terminal or SVG draws the name in; the name is always written too


def _data(name: str) -> dict:
    return game_data("pastiche", name)


@lru_cache(maxsize=None)
def card_kinds() -> dict[str, CardKind]:
    """Every palette card kind, in the order of the spec's table."""
    return {c["name"]: CardKind(c["name"], c["group"], c["value"], c["copies"], c.get("display", ""))
            for c in _data("cards.json")["cards"]}


def card_names() -> tuple[str, ...]:
    return tuple(card_kinds())


def value(card: str) -> int:
    return card_kinds()[card].value


def copies(card: str) -> int:
    return card_kinds()[card].copies


def group(card: str) -> str:
    return card_kinds()[card].group


def artist_bonus_bands() -> list[dict]:
    return _data("cards.json")["artist_bonus_bands"]


def table_bonus(summed_points: int) -> int | None:
    """The artist bonus the table gives a pair worth `summed_points`, or None outside it (SPEC 1.3)."""
    for band in artist_bonus_bands():
        if band["from"] <= summed_points <= band["to"]:
            return band["bonus"]
    return None


def end_thresholds() -> dict[int, int]:
    return {int(k): v for k, v in _data("cards.json")["end_thresholds"].items()}


def parse_card(text: object) -> str | None:
    """The canonical card name for user text (any case, `grey`, R/Y/B), or None."""
    if not isinstance(text, str):
        return None
    key = text.strip().lower()
    if key in card_kinds():
        return key
    return _data("cards.json")["aliases"].get(key)


def suggest(text: str, choices: Iterable[str]) -> str | None:
    """The closest choice to a misspelt name, if any is close enough."""
    import difflib

    by_folded = {c.casefold(): c for c in choices}
    found = difflib.get_close_matches(str(text).casefold(), list(by_folded), n=1, cutoff=0.6)
    return by_folded[found[0]] if found else None


@lru_cache(maxsize=4096)   # a file may repeat one typo thousands of times; difflib costs ~60 us a call
def unknown_card_message(text: object) -> str:
    near = suggest(str(text), list(card_kinds()) + ["grey"])
    hint = f"; did you mean '{near}'?" if near else f"; palette cards are: {', '.join(card_names())}"
    return f"unknown palette card '{text}'{hint}"


# --- the chart -------------------------------------------------------------------------------

def _dab_letters(dabs: str) -> str:
    """The letters of `RY`, `r y` or `R+Y` (as the chart writes it): `RY`."""
    return "".join(dabs.upper().split()).replace("+", "")


def sort_dabs(dabs: str) -> str:
    """Dab letters in R-Y-B order, the chart's canonical key."""
    return "".join(sorted(_dab_letters(dabs), key=DABS.index))


@lru_cache(maxsize=None)
def chart() -> dict[str, str | None]:
    return dict(_data("chart.json")["mixes"])


def mix(dabs: str) -> str | None:
    """The card that 2 or 3 meeting dabs make, or None; raises ValueError for anything else."""
    letters = _dab_letters(dabs)
    bad = [ch for ch in letters if ch not in DABS]
    if bad:
        raise ValueError(f"'{bad[0]}' is not a dab; dabs are R, Y and B")
    if not 2 <= len(letters) <= 3:
        raise ValueError(f"{len(letters)} dab(s): only 2 or 3 dabs meet at a corner")
    return chart()[sort_dabs(letters)]


# --- card multisets ----------------------------------------------------------------------------

def bank_after(held: Mapping[str, int]) -> Counter:
    """What the palette bank holds when `held` is in players' hands: copies less those (SPEC 1.1)."""
    return Counter({card: kind.copies - held.get(card, 0) for card, kind in card_kinds().items()})


def cards_value(cards: Mapping[str, int]) -> int:
    return sum(value(card) * n for card, n in cards.items())


def ordered(cards: Mapping[str, int]) -> list[tuple[str, int]]:
    """(card, count) pairs with a positive count, in chart order."""
    order = {name: i for i, name in enumerate(card_names())}
    return sorted(((c, n) for c, n in cards.items() if n > 0), key=lambda cn: order[cn[0]])


def as_list(cards: Mapping[str, int]) -> list[str]:
    """A multiset as a list of names with repeats, in chart order."""
    return [card for card, n in ordered(cards) for _ in range(n)]


def describe(cards: Mapping[str, int]) -> str:
    """`2 teal, 1 blue` — a multiset in words, or `none`."""
    parts = [f"{n} {card}" for card, n in ordered(cards)]
    return ", ".join(parts) if parts else "none"


def counter(cards: Iterable[str]) -> Counter:
    return Counter(cards)
