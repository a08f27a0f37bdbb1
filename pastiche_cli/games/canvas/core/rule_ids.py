"""Every rule id the Canvas code cites, named once (a mistyped name fails at import); rules.json explains each."""

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


_CARDS: tuple[str, ...] = (SCORE_COMPOSITION, SCORE_CONSISTENCY, SCORE_EMPHASIS, SCORE_HIERARCHY, SCORE_MOVEMENT)
_CARDS += (SCORE_PROXIMITY, SCORE_PROPORTION, SCORE_REPETITION, SCORE_SPACE, SCORE_STYLE, SCORE_SYMMETRY, SCORE_VARIETY)
SCORE_RULES = {rule.removeprefix(f"{SCORE}."): rule for rule in _CARDS}
