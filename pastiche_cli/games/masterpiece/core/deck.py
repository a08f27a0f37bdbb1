"""The 49 cards, seven suits of seven values named by colour (data/masterpiece/deck.json), each card unique."""

import re
from functools import cache
from typing import NamedTuple


class Card(NamedTuple):
    suit: str
    value: int

    def __str__(self) -> str:
        return f"{self.suit} {self.value}"


class Suit(NamedTuple):
    name: str
    low: int
    high: int
    index: int  # type: ignore[assignment]  # shadows tuple.index


class Deck(NamedTuple):
    suits: tuple[Suit, ...]
    cards: tuple[Card, ...]  # every card, in deck order: by suit, then value
    aliases: tuple[tuple[str, str], ...]  # folded alias -> suit name
    total: int

    def suit(self, name: str) -> Suit | None:
        return next((s for s in self.suits if s.name == name), None)

    def copies(self, value: int) -> int:
        """How many cards of this value the deck holds."""
        return sum(1 for s in self.suits if s.low <= value <= s.high)

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(range(min(s.low for s in self.suits), max(s.high for s in self.suits) + 1))


def _fold(word: str) -> str:
    return re.sub(r"[\s_-]+", "", word.casefold())


def facts() -> dict:
    """The game's published facts (data/masterpiece/deck.json): the deck, the players, the end, thesis points."""
    from pastiche_cli.facts import game_data

    return game_data("masterpiece", "deck.json")


@cache
def deck() -> Deck:
    raw = facts()
    width = raw["values_per_suit"]
    suits = tuple(Suit(s["name"], s["low"], s["low"] + width - 1, i) for i, s in enumerate(raw["suits"]))
    cards = tuple(Card(s.name, v) for s in suits for v in range(s.low, s.high + 1))
    aliases = tuple((_fold(a), s["name"]) for s in raw["suits"] for a in s.get("aliases", ()))
    return Deck(suits, cards, aliases, raw["total"])


@cache
def _suit_words() -> dict[str, str]:
    d = deck()
    words = {_fold(s.name): s.name for s in d.suits}
    words.update(d.aliases)
    return words


def card_order(card: Card) -> tuple[int, int]:
    suit = deck().suit(card.suit)
    return (card.value, suit.index if suit else 99)


def sorted_cards(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=card_order))


@cache
def _card_pattern():
    return re.compile(r"\s*(?P<suit>.*?)[\s_-]*(?P<value>[0-9]+)\s*\Z", re.S)


class CardError(ValueError):
    """A card name that names no card of the deck; the message says why, with a did-you-mean."""


def parse_card(text: str) -> Card:
    """`pink 3`, `Pink-3`, `light blue 11` -> Card; CardError when it is no card of this deck."""
    from pastiche_cli.kernel.suggest import hint, suggest

    d = deck()
    m = _card_pattern().match(text)
    names = ", ".join(s.name for s in d.suits)
    if not m or not m.group("suit").strip(" -_"):
        raise CardError(f"'{text.strip()}' is not a card: write a suit and a value, like 'pink 3' (suits: {names})")
    word = m.group("suit")
    suit_name = _suit_words().get(_fold(word))
    if suit_name is None:
        near = suggest(_fold(word), list(_suit_words()))
        offer = hint(_suit_words()[near] if near else None, f" (suits: {names})")
        raise CardError(f"unknown suit '{word.strip()}' in '{text.strip()}'{offer}")
    digits = m.group("value").lstrip("0") or "0"
    value = int(digits) if len(digits) <= 3 else 10**3
    suit = d.suit(suit_name)
    assert suit is not None  # an unknown suit was refused above
    if not suit.low <= value <= suit.high:
        raise CardError(f"there is no {suit_name} {m.group('value')}: {suit_name} runs from {suit.low} to {suit.high}")
    return Card(suit_name, value)
