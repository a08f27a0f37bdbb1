"""Card names and thesis catalogues read back exactly what was written."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from masterpiece_helpers import ALL_CARDS

from pastiche_cli.games.masterpiece.core.deck import CardError, deck, parse_card
from pastiche_cli.games.masterpiece.core.position import Thesis
from pastiche_cli.games.masterpiece.core.requirements import Requirement, feasible
from pastiche_cli.games.masterpiece.formats.catalogue import export_text
from pastiche_cli.games.masterpiece.formats.loader import parse_catalogue_text


def test_the_deck_is_the_49_cards_of_the_description():
    d = deck()
    assert sorted((c.suit, c.value) for c in d.cards) == sorted(ALL_CARDS)
    assert [d.copies(v) for v in d.values] == [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]
    assert len(set(d.cards)) == d.total == 49


@given(st.sampled_from(deck().cards), st.sampled_from([" ", "-", "  ", " - "]), st.booleans())
def test_a_card_reads_back_however_it_is_spelt(card, joint, upper):
    text = f"{card.suit}{joint}{card.value}"
    assert parse_card(text.upper() if upper else text) == card
    assert parse_card(str(card)) == card


@pytest.mark.parametrize(
    "text, words",
    [
        ("pink 8", "pink runs from 1 to 7"),
        ("green 6", "green runs from 7 to 13"),
        ("gren 7", "did you mean 'green'?"),
        ("light blue 5", None),
        ("Light-Blue-11", None),
        ("7", "is not a card"),
        ("pink", "is not a card"),
        ("pink 0003", None),
        ("pink " + "9" * 400, "there is no pink"),
        ("mauve 3", "suits: pink, purple"),
    ],
)
def test_card_names(text, words):
    if words is None:
        parse_card(text)
        return
    with pytest.raises(CardError) as exc:
        parse_card(text)
    assert words in str(exc.value)


REQUIREMENTS = st.one_of(
    st.builds(lambda n, s: Requirement("run", n, same_suit=s), st.integers(2, 7), st.booleans()),
    st.builds(lambda n, r: Requirement("pairs", n, repeats=r), st.integers(1, 6), st.booleans()),
    st.builds(lambda n, v: Requirement("kind", n, value=v), st.integers(2, 5), st.one_of(st.none(), st.integers(5, 9))),
    st.builds(lambda a, b: Requirement("kinds", a, b), st.integers(1, 4), st.integers(1, 4)),
)


@settings(max_examples=80)
@given(
    st.lists(
        st.tuples(
            st.from_regex(r"[a-z][a-z0-9-]{0,12}", fullmatch=True), REQUIREMENTS, st.integers(1, 9), st.integers(1, 4)
        ),
        max_size=6,
        unique_by=lambda t: t[0],
    )
)
def test_an_exported_catalogue_reads_back_the_same_theses(entries):
    theses = [Thesis(tid, req, points, copies) for tid, req, points, copies in entries if feasible(req) is None]
    back = parse_catalogue_text("c.yaml", export_text(theses))
    assert [(t.id, t.requirement, t.points, t.copies) for t in back] == [
        (t.id, t.requirement, t.points, t.copies) for t in theses
    ]
