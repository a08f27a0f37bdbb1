"""The facts of Canvas as values, read once from data/canvas/*.json: the art cards, the scoring cards, the scenarios."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from pastiche_cli.facts import game_data

SWATCHES = ("red", "yellow", "green", "blue", "violet")  # left to right
ELEMENTS = ("hue", "shape", "texture", "tone")
BONUS_ICONS = tuple(f"bonus-{e}" for e in ELEMENTS)
MIRRORS = ((0, 4), (1, 3))  # red–violet, yellow–blue
HAND_LIMIT = 5
PAINTINGS_PER_PLAYER = 3
CARDS_PER_PAINTING = 3
MARKET_SLOTS = 5
TOKENS_PER_PLAYER = 4
MAX_PLAYERS = 5


def bonus_element(icon: str) -> str | None:
    """The element a bonus icon rewards (`bonus-tone` → `tone`), or None for an element."""
    return icon[len("bonus-") :] if icon.startswith("bonus-") else None


class ArtCard(NamedTuple):
    n: int  # its number in the data file
    word: str  # the title word printed on it
    side: str  # "left" or "right": where the word sits in a painting's name
    icons: tuple[tuple[str, ...], ...]  # per swatch, left to right; () where the card is clear

    def covers(self, swatch: int) -> bool:
        return bool(self.icons[swatch])


class ScoringCard(NamedTuple):
    name: str
    points: tuple[int, ...]  # points for 1, 2, … ribbons; its length is the cap
    rule: str  # what earns a ribbon, in our words

    @property
    def cap(self) -> int:
        return len(self.points)

    def points_for(self, ribbons: int) -> int:
        """The points a player's ribbons on this card are worth (ribbons beyond the cap count nothing)."""
        return self.points[min(ribbons, self.cap) - 1] if ribbons > 0 else 0


class Scenario(NamedTuple):
    name: str
    title: str
    scoring: tuple[str, ...]
    note: str


@cache
def art_cards() -> tuple[ArtCard, ...]:
    raw = game_data("canvas", "art-cards.json")
    return tuple(
        ArtCard(c["n"], c["word"], c["side"], tuple(tuple(c["swatches"].get(s, ())) for s in SWATCHES))
        for c in raw["cards"]
    )


@cache
def _by_word() -> dict[str, ArtCard]:
    return {c.word.casefold(): c for c in art_cards()}


def find_card(word: str) -> ArtCard | None:
    """The art card with this title word (case-insensitive), or None."""
    return _by_word().get(word.strip().casefold())


def card(word: str) -> ArtCard:
    """The art card with this title word; the word must be one (the loader has checked it)."""
    return _by_word()[word.casefold()]


def card_words() -> list[str]:
    return [c.word for c in art_cards()]


@cache
def scoring_cards() -> dict[str, ScoringCard]:
    raw = game_data("canvas", "scoring-cards.json")
    return {c["name"]: ScoringCard(c["name"], tuple(c["points"]), c["rule"]) for c in raw["cards"]}


@cache
def scoring_aliases() -> dict[str, str]:
    """Other names a scoring card is known by: `unity` (the early rules text's) → `emphasis`."""
    return dict(game_data("canvas", "scoring-cards.json")["_alias"])


def parse_scoring(word: str) -> tuple[str, str | None] | None:
    """(the scoring card's name, the alias used or None), or None for no scoring card."""
    key = word.strip().casefold()
    if key in scoring_cards():
        return key, None
    if key in scoring_aliases():
        return scoring_aliases()[key], key
    return None


@cache
def scenarios() -> dict[str, Scenario]:
    raw = game_data("canvas", "scenarios.json")
    return {s["name"]: Scenario(s["name"], s["title"], tuple(s["scoring"]), s["note"]) for s in raw["scenarios"]}
