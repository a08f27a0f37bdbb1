"""Every rule id the Artline core cites, named once; `data/artline/rules.json` explains each.

Code cites a rule through these names, never a string of its own, so a mistyped id fails at import;
`tests/games/artline/test_artline_rulebook.py` checks these names against the data.
"""

ARTLINE = "artline"
ARTLINE_SETUP = "artline.setup"
ARTLINE_TURN = "artline.turn"
ARTLINE_PLACE = "artline.place"
ARTLINE_OPEN = "artline.open"
ARTLINE_FIT = "artline.fit"
ARTLINE_UNCLEAR = "artline.unclear"
ARTLINE_EXHIBITION = "artline.exhibition"
ARTLINE_DISCARD = "artline.discard"
ARTLINE_DRAW = "artline.draw"
ARTLINE_WIN = "artline.win"
ARTLINE_HOUSE = "artline.house"
ARTLINE_HOUSE_LAST_DISCARD = "artline.house.last_discard"
