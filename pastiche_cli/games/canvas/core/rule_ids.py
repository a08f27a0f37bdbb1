"""Every rule id the Canvas code cites, named once; `data/canvas/rules.json` explains each.

Code cites a rule through these names, never a string of its own, so a mistyped id fails at import;
`tests/games/canvas/core/test_canvas_rulebook.py` checks these names against the data, both ways.
"""

LAYER = "canvas.layer"
SCORE = "canvas.score"
SCORE_COMPOSITION = "canvas.score.composition"
SCORE_CONSISTENCY = "canvas.score.consistency"
SCORE_EMPHASIS = "canvas.score.emphasis"
SCORE_HIERARCHY = "canvas.score.hierarchy"
SCORE_MOVEMENT = "canvas.score.movement"
SCORE_PROXIMITY = "canvas.score.proximity"
SCORE_PROPORTION = "canvas.score.proportion"
SCORE_REPETITION = "canvas.score.repetition"
SCORE_SPACE = "canvas.score.space"
SCORE_STYLE = "canvas.score.style"
SCORE_SYMMETRY = "canvas.score.symmetry"
SCORE_VARIETY = "canvas.score.variety"
BONUS = "canvas.bonus"
CAP = "canvas.cap"
TURN = "canvas.turn"
TAKE = "canvas.take"
PAINT = "canvas.paint"
END = "canvas.end"
TIEBREAK = "canvas.tiebreak"
HOUSE = "canvas.house"
HOUSE_HIERARCHY = "canvas.house.hierarchy"
HOUSE_BONUS_RIBBON_POINTS = "canvas.house.bonus_ribbon_points"
HOUSE_UNITY = "canvas.house.unity"
HOUSE_TONE_WORD = "canvas.house.tone_word"


def score_rule(card: str) -> str:
    """The rule id of one scoring card: canvas.score.CARD."""
    return SCORE_RULES[card]


SCORE_RULES = {
    "composition": SCORE_COMPOSITION,
    "consistency": SCORE_CONSISTENCY,
    "emphasis": SCORE_EMPHASIS,
    "hierarchy": SCORE_HIERARCHY,
    "movement": SCORE_MOVEMENT,
    "proximity": SCORE_PROXIMITY,
    "proportion": SCORE_PROPORTION,
    "repetition": SCORE_REPETITION,
    "space": SCORE_SPACE,
    "style": SCORE_STYLE,
    "symmetry": SCORE_SYMMETRY,
    "variety": SCORE_VARIETY,
}
