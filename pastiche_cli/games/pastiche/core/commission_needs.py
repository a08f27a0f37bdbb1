"""What the commissions in a hand need, and how much of it a hand holds (SPEC 4.6 [score.palette])."""

from collections import Counter
from collections.abc import Iterable, Mapping

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.position import Commission


def commission_needs(commissions: Iterable[Commission]) -> Counter:
    """Every card the commissions need, summed: two commissions that each need a teal need two."""
    total: Counter = Counter()
    for commission in commissions:
        total.update(commission.needs)
    return total


def usable(hand: Mapping[str, int], required: Mapping[str, int]) -> Counter:
    """[score.palette] The cards of the hand that match what is required, each card counted once."""
    both = {card: min(hand.get(card, 0), n) for card, n in required.items()}
    return Counter({card: n for card, n in both.items() if n > 0})


def usable_points(hand: Mapping[str, int], required: Mapping[str, int]) -> int:
    """[score.palette] The value of the usable cards: min(held, required) x value, summed."""
    return colours.cards_value(usable(hand, required))
