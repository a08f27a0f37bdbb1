"""[score.bonus] An artist's two cards: the printed bonus counts, else the table's — for scoring,
check and the catalogue."""

import pytest

from pastiche_cli.games.pastiche.core.catalogue import pair_of
from pastiche_cli.games.pastiche.core.position import Commission
from pastiche_cli.games.pastiche.core.scoring import pair_bonus


def com(points: int, bonus: int | None = None, title: str = "T", artist: str = "Q. Example") -> Commission:
    return Commission(title, artist, points, ("teal", "blue"), bonus)


@pytest.mark.parametrize(
    "a, b, summed, printed, table, bonus, source, disagrees, printed_values",
    [
        (com(14), com(9), 23, None, 5, 5, "table", False, ()),  # the table: 23-27 -> 5
        (com(8), com(8), 16, None, 3, 3, "table", False, ()),
        (com(14, 6), com(9), 23, 6, 5, 6, "printed", True, (6,)),  # the print counts over the table
        (com(14), com(9, 5), 23, 5, 5, 5, "printed", False, (5,)),  # the second card's print counts too
        (com(14, 6), com(9, 4), 23, 6, 5, 6, "printed", True, (4, 6)),  # the first card's print, both listed
        (com(8), com(6), 14, None, None, None, None, False, ()),  # off the table, nothing printed
        (com(8, 2), com(6), 14, 2, None, 2, "printed", False, (2,)),
    ],
)
def test_pair_bonus_table(a, b, summed, printed, table, bonus, source, disagrees, printed_values):
    pair = pair_bonus(a, b)
    assert (
        pair.summed_points,
        pair.printed,
        pair.table,
        pair.bonus,
        pair.source,
        pair.disagrees,
        pair.printed_values,
    ) == (summed, printed, table, bonus, source, disagrees, printed_values)


def test_pair_of_finds_the_artists_other_card_in_the_catalogue():
    cards = {
        "red-mill": com(14, title="Red Mill"),
        "harbour": com(11, artist="P. Example"),
        "blue-mill": com(9, title="Blue Mill", artist="q.  example"),
    }
    pair = pair_of("blue-mill", cards)
    assert (pair.partner_id, pair.partner.title, pair.bonus.summed_points, pair.bonus.bonus) == (
        "red-mill",
        "Red Mill",
        23,
        5,
    )
    assert pair_of("harbour", cards) is None
