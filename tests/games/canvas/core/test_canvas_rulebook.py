"""Every Canvas rule id is named once (core/rule_ids.py), explained in data/canvas/rules.json and cited
by the code; the worked examples there are what the core answers; the words are our own."""

import ast
import io
import pathlib
import re
import tokenize

import pytest
from copycheck import copied, grams_of

from pastiche_cli.games.canvas.core import cards, rule_ids
from pastiche_cli.games.canvas.core.house import HouseRules
from pastiche_cli.games.canvas.core.painting import bonus_ribbons, layer, ribbons
from pastiche_cli.kernel.rulebook import book

ROOT = pathlib.Path(__file__).resolve().parents[4]
GAME = ROOT / "pastiche_cli" / "games" / "canvas"
RULES_TEXT = ROOT.parent / "shared" / "rules" / "canvas-rules-es.txt"
BOOK = book("canvas")
ID = re.compile(r"canvas(?:\.[a-z_]+)+")


def string_ids(text: str) -> set[str]:
    out = set()
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.STRING or tok.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            out.update(m.group(0) for m in ID.finditer(tok.string) if not m.group(0).endswith((".py", ".json", ".md")))
    return out


def test_rule_ids_names_every_entry_of_the_reference_exactly_once():
    named = {name: value for name, value in vars(rule_ids).items() if name.isupper() and isinstance(value, str)}
    assert sorted(named.values()) == sorted(BOOK.ids())
    assert all(name == value[len("canvas.") :].upper().replace(".", "_") for name, value in named.items())
    assert set(rule_ids.SCORE_RULES) == set(cards.scoring_cards())


def test_every_id_in_canvas_strings_is_explained():
    found = set()
    for path in GAME.rglob("*.py"):
        found |= {i for i in string_ids(path.read_text("utf-8"))}
    assert found <= set(BOOK.ids()) | {"canvas.score.CARD"}, found - set(BOOK.ids())


def test_every_entry_is_cited_by_the_code_or_is_a_group_or_house_entry():
    used = set()
    for path in GAME.rglob("*.py"):
        if path.name == "rule_ids.py":
            continue
        tree = ast.parse(path.read_text("utf-8"))
        used |= {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        used |= {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    cited = {value for name, value in vars(rule_ids).items() if name in used and isinstance(value, str)}
    cited |= set(rule_ids.SCORE_RULES.values()) if "score_rule" in used else set()
    for rule in BOOK.table.values():
        assert rule.id in cited or rule.is_group or rule.group == "canvas.house", rule.id


def test_groups_and_house_entries():
    assert BOOK.get("canvas.score").is_group and BOOK.get("canvas.house").is_group
    assert [r.id for r in BOOK.members("canvas.score")] == [f"canvas.score.{c}" for c in cards.scoring_cards()]
    assert BOOK.lookup("space").how in ("word", "prefix")
    assert BOOK.lookup("score.space").matches[0].id == "canvas.score.space"
    assert (
        BOOK.lookup("hierarchy").matches
        and BOOK.lookup("house_rules.hierarchy").matches[0].id == "canvas.house.hierarchy"
    )
    hierarchy = BOOK.get("canvas.house.hierarchy")
    assert hierarchy.open_question and hierarchy.default.startswith("Tone")


@pytest.mark.parametrize("card", list(cards.scoring_cards()))
def test_each_scoring_entry_gives_the_card_s_table(card):
    summary = BOOK.get(f"canvas.score.{card}").summary
    table = cards.scoring_cards()[card].points
    found = [int(n) for n in re.findall(r"ribbons?: (\d+)", summary)]
    assert found == list(table)
    assert f"more than {len(table)} are not taken" in summary


EXAMPLE = re.compile(
    r"([A-Z][a-z]+), ([A-Z][a-z]+),? (?:and )?([A-Z][a-z]+)(?: \(bottom to top\))?[:,]? .*?(\d) ribbons?"
)


@pytest.mark.parametrize("card", list(cards.scoring_cards()))
def test_each_scoring_example_is_what_the_core_answers(card):
    example = BOOK.get(f"canvas.score.{card}").example
    match = EXAMPLE.search(example)
    assert match, example
    words = match.groups()[:3]
    assert all(cards.find_card(w) for w in words), words
    assert ribbons(layer([cards.card(w) for w in words]), card).count == int(match.group(4)), example


def test_the_other_examples_are_what_the_core_answers():
    drm = layer([cards.card(w) for w in ("Delicate", "Revolution", "Masked")])
    assert drm.shown_by[1] == "Masked" and [i.kind for i in drm.hidden] == ["hue"]
    assert "Masked (its shape hides Revolution's hue in yellow)" in BOOK.get("canvas.layer").example
    mgn = layer([cards.card(w) for w in ("Melancholy", "Graceful", "Nature")])
    assert sum(b.count for b in bonus_ribbons(mgn)) == 2
    assert "2 grey ribbons, 4 points" in BOOK.get("canvas.bonus").example
    ssp = layer([cards.card(w) for w in ("Surrender", "Sudden", "Pride")])
    assert ribbons(ssp, "hierarchy").count == 1
    assert ribbons(ssp, "hierarchy", HouseRules("texture-strict")).count == 0
    space = cards.scoring_cards()["space"]
    assert space.points_for(3 + 2 + 1) == 11 and "only 4 are taken: 11 points" in BOOK.get("canvas.cap").example


# --- our own words ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def rules_grams():
    return grams_of(RULES_TEXT, "rules text")


def test_no_entry_copies_six_words_of_the_rules_text(rules_grams):
    for rule in BOOK.table.values():
        for own in [rule.title, rule.summary, rule.example] + [r.reading for r in rule.readings]:
            assert not copied(own, rules_grams), rule.id


@pytest.mark.parametrize(
    "path", ["data/canvas/scoring-cards.json", "data/canvas/scenarios.json", "pastiche_cli/games/canvas/README.md"]
)
def test_no_page_copies_six_words_of_the_rules_text(rules_grams, path):
    assert not copied((ROOT / path).read_text("utf-8"), rules_grams)


def test_the_copy_check_catches_a_copied_sentence(rules_grams):
    assert copied("Tenga en cuenta que solo cuentan los iconos visibles", rules_grams)
