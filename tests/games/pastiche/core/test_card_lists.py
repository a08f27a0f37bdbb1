"""Card lists as players type them (`teal,teal,blue`): one parser for trades, discards and the catalogue."""

from collections import Counter

import pytest

from pastiche_cli.games.pastiche.core.colours import parse_cards


@pytest.mark.parametrize(
    "text, spaces, cards, unknown",
    [
        ("teal,teal,blue", False, [("teal", 2), ("blue", 1)], []),
        (" Teal , grey,R ", False, [("teal", 1), ("gray", 1), ("red", 1)], []),  # aliases, any case, spaces
        ("teal,,blue,", False, [("teal", 1), ("blue", 1)], []),  # empty items skipped
        ("teal teal", False, [], ["teal teal"]),  # commas only, unless spaces
        ("teal teal", True, [("teal", 2)], []),
        ("Teal, grey R", True, [("teal", 1), ("gray", 1), ("red", 1)], []),
        ("tael,blue,Harbour at Dusk", False, [("blue", 1)], ["tael", "Harbour at Dusk"]),
        ("", False, [], []),
    ],
)
def test_parse_cards_table(text, spaces, cards, unknown):
    found, missed = parse_cards(text, spaces=spaces)
    assert list(found.items()) == cards  # in the order first named: a verdict names the first short card
    assert missed == unknown
    assert isinstance(found, Counter)
