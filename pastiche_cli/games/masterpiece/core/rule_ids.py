"""Every rule id the Masterpiece core cites, named once; `data/masterpiece/rules.json` explains each.

`tests/games/masterpiece/test_masterpiece_rulebook.py` checks that the two agree and that every rule
here is cited by the code.
"""

DECK = "masterpiece.deck"
THESIS = "masterpiece.thesis"
THESIS_CARD = "masterpiece.thesis.card"
THESIS_RUN = "masterpiece.thesis.run"
THESIS_SAME_SUIT = "masterpiece.thesis.same-suit"
THESIS_PAIRS = "masterpiece.thesis.pairs"
THESIS_KIND = "masterpiece.thesis.kind"
THESIS_KINDS = "masterpiece.thesis.kinds"
THESIS_FLAG = "masterpiece.thesis.flag"
TURN = "masterpiece.turn"
RESEARCH = "masterpiece.research"
PRESENT = "masterpiece.present"
PRESENT_HAND = "masterpiece.present.hand"
PRESENT_ONCE = "masterpiece.present.once"
PRESENT_COPIES = "masterpiece.present.copies"
CITE = "masterpiece.cite"
CITE_HAND_CARD = "masterpiece.cite.hand-card"
CITE_OWED = "masterpiece.cite.owed"
REVIEW = "masterpiece.review"
ACCEPT = "masterpiece.accept"
END = "masterpiece.end"
END_FLAG = "masterpiece.end.flag"
END_TURNS = "masterpiece.end.turns"
SCORE = "masterpiece.score"
SCORE_TIEBREAK = "masterpiece.score.tiebreak"
HOUSE = "masterpiece.house"
HOUSE_END_THRESHOLD_STRICT = "masterpiece.house.end_threshold_strict"
HOUSE_FLAG_IN_TIEBREAK = "masterpiece.house.flag_in_tiebreak"
HOUSE_FLAG_CITED = "masterpiece.house.flag_cited"
HOUSE_FLAG_AT_ONCE = "masterpiece.house.flag_at_once"
HOUSE_RESEARCH_TURNS = "masterpiece.house.research_turns"

# The rule that decides whether cards meet a requirement of each kind.
KIND_RULE = {"run": THESIS_RUN, "pairs": THESIS_PAIRS, "kind": THESIS_KIND, "kinds": THESIS_KINDS, "flag": THESIS_FLAG}
