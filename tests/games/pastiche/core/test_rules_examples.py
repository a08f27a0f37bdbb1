"""The worked examples and numbers of data/pastiche/rules.json, checked against the SPEC, the rulebook and the core.

A rules text can be wrong in a way no lookup test notices (a cell that is not where the text says,
a bonus band off by one); these tests recompute what each example claims.
"""

import json
import pathlib
import re
import textwrap
from collections import Counter

import pytest
from click.testing import CliRunner
from copycheck import copied, grams_of

from pastiche_cli.cli.root import root
from pastiche_cli.games.pastiche.core import colours, geometry
from pastiche_cli.games.pastiche.core.endgame import end_verdict
from pastiche_cli.games.pastiche.core.position import Commission, HouseRules, Player, Position
from pastiche_cli.kernel.rulebook import book

BOOK = book("pastiche")

ROOT = pathlib.Path(__file__).resolve().parents[4]
# The rulebook text is the team's copy beside the repository (../shared), not part of it: a user's
# clone has none, so the copy checks skip there; CI sets CI=true and must have it.
RULEBOOK = ROOT.parent / "shared" / "rules" / "pastiche-rulebook-en.txt"
START = {(0, 0), (1, 0), (0, 1)}


def run(*args):
    return CliRunner().invoke(root, list(args), prog_name="pastiche")


def text(rule_id):
    rule = BOOK.get(rule_id)
    return f"{rule.summary} {rule.example}"


# --- the hex geometry the examples describe -----------------------------------------------------


def test_place_adjacent_example_cells():
    assert "(1,-1)" in text("place.adjacent") and "(2,-2)" in text("place.adjacent")
    assert {(0, 0), (1, 0)} <= set(geometry.neighbours((1, -1)))
    assert not START & set(geometry.neighbours((2, -2)))


def test_strict_adjacency_example_cell_touches_only_the_players_own_hex():
    """The example once named (2,-1), which also touches the starting piece at (1,0)."""
    example = BOOK.get("house.strict_adjacency").example
    assert "(1,-1)" in example and "(1,-2)" in example
    assert not START & set(geometry.neighbours((1, -2)))
    assert (1, -1) in geometry.neighbours((1, -2))
    assert (1, 0) in geometry.neighbours((2, -1))


STRICT_POSITION = textwrap.dedent("""\
    players:
      - {name: Ana, palette: [], commissions: [], completed: [], hexes: [RRYYBB/RB]}
      - {name: Ben, palette: [], commissions: [], completed: [], hexes: [RRYYBB/RB]}
    board:
      start: [RYBRYB/R, YYBBRR/Y, BRYBRY/B]
      placed: [{at: [1, -1], hex: RYBBYR/R, by: Ana}]
    turn: {player: Ana, phase: mixing}
    """)


@pytest.mark.parametrize(
    "strict, player, cell, legal",
    [
        (False, "Ana", "1,-2", True),
        (True, "Ana", "1,-2", False),
        (True, "Ben", "1,-2", True),
        (True, "Ana", "2,-1", True),
    ],
)
def test_strict_adjacency_example_is_what_place_answers(tmp_path, strict, player, cell, legal):
    path = tmp_path / "game.yaml"
    path.write_text(STRICT_POSITION + ("house_rules: {strict_adjacency: true}\n" if strict else ""))
    result = run("place", str(path), "RRYYBB/RB", f"--at={cell}", "--player", player, "--json")
    assert json.loads(result.output)["legal"] is legal, result.output


# --- numbers ------------------------------------------------------------------------------------


def test_mix_example_cards():
    assert colours.mix("RY") == "orange" and colours.mix("BB") is None and colours.mix("RRB") == "magenta"
    assert "magenta" in text("place.mix") and "orange" in text("place.mix")


def test_bonus_bands_in_the_text_are_the_spec_table():
    bands = re.findall(r"(\d+)-(\d+) gives (\d)", BOOK.get("score.bonus").summary)
    assert [tuple(map(int, b)) for b in bands] == [(15, 17, 3), (18, 22, 4), (23, 27, 5), (28, 31, 6)]
    assert [(b["from"], b["to"], b["bonus"]) for b in colours.artist_bonus_bands()] == [
        tuple(map(int, b)) for b in bands
    ]


def test_end_thresholds_in_the_text_are_the_spec_table():
    summary = BOOK.get("end.trigger").summary
    assert "35 points in a 4-player game, 40 with 3 players, or 45 with 2" in summary
    assert colours.end_thresholds() == {4: 35, 3: 40, 2: 45}
    assert "35, 40 or 45 completed commission points for 4, 3 or 2 players" in BOOK.get("house.end_threshold").summary
    # The house rule's number replaces the printed one: 40 in a 4-player game is reached by
    # 14 + 13 + 13 completed points and not by 14 + 13 + 12.
    for points, triggered in (([14, 13, 13], True), ([14, 13, 12], False)):
        ana = Player("Ana", 0, Counter(), (), tuple(Commission(f"Study {p}", "A. Example", p) for p in points))
        others = tuple(Player(name, i, Counter(), (), ()) for i, name in enumerate(["Ben", "Caro", "Dev"], 1))
        verdict = end_verdict(Position((ana, *others), house_rules=HouseRules(end_threshold=40)))
        assert (verdict.threshold, verdict.threshold_source) == (40, "house rule")
        assert verdict.triggered is triggered and verdict.triggered_by == (("Ana",) if triggered else ())


def test_hand_limit_is_eight():
    assert "eight" in BOOK.get("cleanup.hand-limit").summary
    assert "(8 Cards)" in BOOK.get("cleanup.hand-limit").source


def test_scoring_examples_are_what_score_answers():
    """score.commissions, score.palette, score.bonus and score.total use the SPEC 3 example."""
    result = run("score", str(ROOT / "examples" / "positions" / "spec-example.yaml"), "--json")
    ana = json.loads(result.output)["players"][0]
    assert ana["name"] == "Ana"
    assert "23 commission points" in text("score.commissions") and ana["commission_points"] == 23
    assert "6 points" in text("score.palette") and ana["palette_points"] == 6
    assert "a bonus of 5" in text("score.bonus") and ana["artist_bonus"] == 5
    assert "23 + 6 + 5 = 34" in text("score.total") and ana["total"] == 34


@pytest.mark.parametrize(
    "give, get, legal, rule",
    [
        ("teal,teal,teal", "black", True, "trade.bank.three"),
        ("teal,teal,teal", "orange", True, "trade.bank.three"),
        ("teal,teal,teal", "olive", True, "trade.bank.three"),
        ("green,green,green", "red", False, "trade.bank.three"),
        ("green,green,green", "gray", False, "trade.bank.three"),
        ("green,green,green", "bisque", False, "trade.bank.three"),
        ("teal,teal,olive", "black", False, "trade.bank.three"),
        ("teal,teal,teal", "teal", True, "trade.bank.three"),
        ("yellow,brown", "bisque", True, "trade.bank.bisque"),
        ("yellow,orange", "bisque", False, "trade.bank.bisque"),
        ("brown,brown,brown", "bisque", False, "trade.bank.three"),
        ("white,white,white", "gray", False, "trade.bank.three"),
        ("black,white", "gray", True, "trade.bank.gray"),
        ("black,black", "gray", False, "trade.bank.gray"),
        ("red,green", "blue", True, "trade.bank.primary"),
        ("red,green", "red", False, "trade.bank.primary"),
    ],
)
def test_trade_examples_are_what_the_core_answers(give, get, legal, rule):
    from pastiche_cli.games.pastiche.core.trading import bank_shape

    verdict = bank_shape(Counter(give.split(",")), get)
    assert (verdict[0], verdict[1]) == (legal, rule), verdict


def test_trade_three_text_says_the_same_colour_back_is_allowed_by_the_letter():
    assert "three teal for one teal is allowed by the letter of the rule" in text("trade.bank.three")


# --- our own words ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def rulebook_grams():
    return grams_of(RULEBOOK, "rulebook text")


def test_no_rules_text_copies_six_words_of_the_rulebook(rulebook_grams):
    """Summaries, examples and readings are our own words (the source field cites section titles)."""
    for rule in BOOK.table.values():
        for own in [rule.title, rule.summary, rule.example] + [r.reading for r in rule.readings]:
            assert not copied(own, rulebook_grams), rule.id


# The manual page, put together from its parts, is checked in tests/cli/test_man.py.
@pytest.mark.parametrize("path", ["docs/catalogue.md", "docs/completion.md"])
def test_no_page_copies_six_words_of_the_rulebook(rulebook_grams, path):
    assert not copied((ROOT / path).read_text("utf-8"), rulebook_grams)
