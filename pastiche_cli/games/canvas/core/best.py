"""Every painting a hand allows now [canvas.paint], ranked by the points it adds to the player's final
score given the ribbons already earned [canvas.cap]: exact, every choice of 3 cards in every order."""

from __future__ import annotations

from itertools import permutations
from typing import NamedTuple

from pastiche_cli.games.canvas.core.position import Player, Position
from pastiche_cli.games.canvas.core.scoring import PaintingScore, score_painting, totals


class Option(NamedTuple):
    words: tuple[str, ...]  # bottom, middle, top
    painting: PaintingScore
    gain: int  # the change in the player's total
    points_gain: tuple[tuple[str, int], ...]  # per active card: the points it adds (cap included)
    bonus_gain: int  # the points of its grey ribbons


def options(position: Position, player: Player) -> tuple[Option, ...]:
    """Every (bottom, middle, top) of 3 distinct hand cards, best gain first; ties in hand order."""
    house, scoring = position.house, position.scoring
    done = [score_painting(w, scoring, house) for w in player.paintings]
    before, _, grey_before = totals(done, scoring, house)
    base = {c.card: c.points for c in before}
    found = []
    for order, words in enumerate(permutations(player.hand, 3)):
        painting = score_painting(words, scoring, house)
        after, _, grey_after = totals(done + [painting], scoring, house)
        per = tuple((c.card, c.points - base[c.card]) for c in after)
        bonus = grey_after - grey_before
        found.append((order, Option(tuple(words), painting, sum(g for _, g in per) + bonus, per, bonus)))
    found.sort(key=lambda item: (-item[1].gain, item[0]))
    return tuple(option for _, option in found)
