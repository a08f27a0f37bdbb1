"""Palette cards and the colour chart: names, values, copies, and what dabs mix into."""

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from typing import NamedTuple

from pastiche_cli.facts import game_data
from pastiche_cli.kernel.suggest import hint, suggest

DABS = "RYB"
DAB_NAMES = {"R": "red", "Y": "yellow", "B": "blue"}
PRIMARIES = ("red", "yellow", "blue")


class CardKind(NamedTuple):
    name: str
    group: str
    value: int
    copies: int
    display: str = ""  # the colour a terminal or SVG draws the name in; the name is always written too


def _data(name: str) -> dict:
    return game_data("pastiche", name)


@cache
def card_kinds() -> dict[str, CardKind]:
    """Every palette card kind, in the order of the spec's table."""
    return {
        c["name"]: CardKind(c["name"], c["group"], c["value"], c["copies"], c.get("display", ""))
        for c in _data("cards.json")["cards"]
    }


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


def parse_cards(text: str, *, spaces: bool = False) -> tuple[Counter, list[str]]:
    """The cards of `teal,teal,blue` (with `spaces`, `teal teal blue`) as a multiset, and the words naming none."""
    parts = re.split(r"[,\s]+", str(text)) if spaces else str(text).split(",")
    cards: Counter = Counter()
    unknown: list[str] = []
    for part in parts:
        name = part.strip()
        if not name:
            continue
        card = parse_card(name)
        if card is None:
            unknown.append(name)
        else:
            cards[card] += 1
    return cards, unknown


def _spellings() -> list[str]:
    """What a misspelt card name is compared with: the names, and the alias players write most."""
    return list(card_kinds()) + ["grey"]


@lru_cache(maxsize=4096)  # a file may repeat one typo thousands of times; a guess costs ~60 us
def unknown_card_message(text: object) -> str:
    near = suggest(str(text), _spellings())
    return f"unknown palette card '{text}'" + hint(near, f"; palette cards are: {', '.join(card_names())}")


def unknown_cards_message(words: Iterable[str]) -> str:
    """One message for every unknown word: each with its nearest name, the known names listed once."""
    parts, far = [], False
    for w in dict.fromkeys(words):
        near = suggest(w, _spellings())
        parts.append(f"'{w}'" + hint(near, style="aside"))
        far = far or near is None
    text = f"unknown palette card{'s' if len(parts) > 1 else ''} " + ", ".join(parts)
    if far:
        text += f"; palette cards are: {', '.join(card_names())}"
    return text


def _dab_letters(dabs: str) -> str:
    """The letters of `RY`, `r y` or `R+Y` (as the chart writes it): `RY`."""
    return "".join(dabs.upper().split()).replace("+", "")


def sort_dabs(dabs: str) -> str:
    """Dab letters in R-Y-B order, the chart's canonical key."""
    return "".join(sorted(_dab_letters(dabs), key=DABS.index))


@cache
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


def go_back(cards: Mapping[str, int]) -> str:
    """`1 violet goes back to the bank`, `2 red, 1 blue go back to the bank`: the verb agrees with the count."""
    return f"{describe(cards)} {'goes' if sum(cards.values()) == 1 else 'go'} back to the bank"
