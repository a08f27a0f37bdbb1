"""The catalogue's cards checked as commission cards, their ids and pairs (SPEC 1.3)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from pastiche_cli.games.pastiche.core.position import Commission
from pastiche_cli.games.pastiche.core.rule_ids import SCORE_BONUS
from pastiche_cli.games.pastiche.core.scoring import PairBonus, pair_bonus
from pastiche_cli.games.pastiche.core.validate import PALETTE_SIZE, POINTS_RANGE

CARDS_PER_ARTIST = 2


def slug(title: str) -> str:
    """An id from a title: `Harbour at Dusk` -> `harbour-at-dusk`; letters of any script are kept."""
    return re.sub(r"[\W_]+", "-", title.casefold()).strip("-") or "card"


def free_id(base: str, taken: Iterable[str]) -> str:
    taken = set(taken)
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


class Check(NamedTuple):
    errors: tuple[str, ...]  # the card cannot be a Pastiche commission card
    warnings: tuple[str, ...]  # legal but worth a look


def check_card(card: Commission, others: Mapping[str, Commission]) -> Check:
    """Is this a possible commission card, alongside the catalogue's other cards (SPEC 1.3)?"""
    errors, warnings = [], []
    low, high = POINTS_RANGE
    if not low <= card.points <= high:
        errors.append(f"'{card.title}' is worth {card.points}; commission cards print {low} to {high} points")
    fewest, most = PALETTE_SIZE
    if not fewest <= len(card.palette) <= most:
        n = len(card.palette)
        errors.append(
            f"'{card.title}' has a palette of {n} colour{'' if n == 1 else 's'}; a commission's "
            f"palette has {fewest} to {most}"
        )
    if card.artist_bonus is not None and card.artist_bonus < 1:
        errors.append(f"the artist bonus of '{card.title}' should be a positive number, not {card.artist_bonus}")
    same_artist = [c for c in others.values() if c.artist_key == card.artist_key]
    same_card = [c for c in same_artist if c.card_key == card.card_key]
    if same_card:
        errors.append(f"'{card.title}' by {card.artist} is already in the catalogue as '{same_card[0].id}'")
    elif len(same_artist) >= CARDS_PER_ARTIST:
        listed = ", ".join(f"'{c.title}'" for c in same_artist)
        errors.append(
            f"the catalogue already has {len(same_artist)} cards by {card.artist} ({listed}); "
            f"each artist has {CARDS_PER_ARTIST}: check the artist as printed, or remove a wrong "
            "card first with `pastiche catalogue remove ID`"
        )
    elif len(same_artist) == 1 and not errors:
        partner = same_artist[0]
        pair = pair_bonus(card, partner)
        if len(pair.printed_values) > 1:
            warnings.append(
                f"'{card.title}' and '{partner.title}' print different artist bonuses "
                f"({', '.join(str(b) for b in pair.printed_values)}); check the cards"
            )
        elif pair.disagrees:
            warnings.append(
                f"the printed artist bonus {pair.printed} differs from the table's {pair.table} "
                f"for {pair.summed_points} points; the printed value is used [{SCORE_BONUS}]"
            )
        elif pair.bonus is None:
            warnings.append(
                f"'{card.title}' and '{partner.title}' sum to {pair.summed_points} points, outside "
                f"the bonus table (15-31): give the printed value with --artist-bonus [{SCORE_BONUS}]"
            )
    return Check(tuple(errors), tuple(warnings))


class CataloguePair(NamedTuple):
    partner_id: str
    partner: Commission
    bonus: PairBonus


def pair_of(card_id: str, cards: Mapping[str, Commission]) -> CataloguePair | None:
    """[score.bonus] The catalogue's other card by the same artist, and the pair's bonus; None if there is none."""
    card = cards[card_id]
    found = next(((k, c) for k, c in cards.items() if k != card_id and c.artist_key == card.artist_key), None)
    if found is None:
        return None
    return CataloguePair(found[0], found[1], pair_bonus(card, found[1]))
