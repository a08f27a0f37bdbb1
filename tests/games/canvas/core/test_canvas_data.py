"""data/canvas/ holds the game's facts as the sources give them: checked against the team's card TSV,
the specification's scoring table and the rules text's one published set of scoring cards."""

import json
import os
import pathlib
import re
from collections import Counter

import pytest

from pastiche_cli.games.canvas.core import cards

ROOT = pathlib.Path(__file__).resolve().parents[4]
DATA = ROOT / "data" / "canvas"
SHARED = ROOT.parent / "shared"
TSV = SHARED / "data" / "canvas-art-cards.tsv"
RULES_TEXT = SHARED / "rules" / "canvas-rules-es.txt"


def shared_file(path: pathlib.Path) -> pathlib.Path:
    """The team's copy beside the repository: absent in a user's clone (skip), required in CI."""
    if not path.is_file():
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI needs {path} to check the data against its source")
        pytest.skip(f"no {path} (the team's shared folder is not beside this clone)")
    return path


def test_every_data_file_names_its_source():
    for name in ("art-cards.json", "scoring-cards.json", "scenarios.json"):
        assert "Road to Infamy" in json.loads((DATA / name).read_text())["_source"] or name == "scenarios.json"
        assert json.loads((DATA / name).read_text())["_source"]
    assert "jordijansen/bga-canvas" in json.loads((DATA / "art-cards.json").read_text())["_source"]


def test_the_art_cards_are_the_tsv_card_for_card():
    rows = [
        line.split("\t")
        for line in shared_file(TSV).read_text("utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    header, rows = rows[0], rows[1:]
    assert header == ["n", "word", "side", *cards.SWATCHES]
    assert len(rows) == len(cards.art_cards()) == 60
    for row, card in zip(rows, cards.art_cards()):
        fields = dict(zip(header, row))
        assert (int(fields["n"]), fields["word"], {"L": "left", "R": "right"}[fields["side"]]) == (
            card.n,
            card.word,
            card.side,
        )
        assert [tuple(fields[s].split()) if fields[s] != "-" else () for s in cards.SWATCHES] == list(card.icons)


def test_the_deck_has_the_spec_counts():
    counts = Counter(i for c in cards.art_cards() for s in c.icons for i in s)
    assert {e: counts[e] for e in cards.ELEMENTS} == {e: 34 for e in cards.ELEMENTS}
    assert {b: counts[b] for b in cards.BONUS_ICONS} == {b: 4 for b in cards.BONUS_ICONS}
    assert set(counts) == set(cards.ELEMENTS) | set(cards.BONUS_ICONS)
    assert all(sum(1 for s in c.icons if s) == 2 for c in cards.art_cards())
    assert len({c.word.casefold() for c in cards.art_cards()}) == 60


SPEC_TABLE = {
    "composition": (1, 3, 9),
    "consistency": (3, 6, 10),
    "emphasis": (1, 4, 11),
    "hierarchy": (4, 9, 15),
    "movement": (3, 7, 12),
    "proximity": (2, 5, 8, 12),
    "proportion": (2, 5, 10),
    "repetition": (3, 7, 11, 16),
    "space": (2, 4, 7, 11),
    "style": (4, 10, 18),
    "symmetry": (1, 3, 6, 11),
    "variety": (4, 8, 13),
}


def test_the_scoring_cards_are_the_spec_table():
    assert {n: c.points for n, c in cards.scoring_cards().items()} == SPEC_TABLE
    assert cards.parse_scoring("Unity") == ("emphasis", "unity")
    assert cards.parse_scoring(" SPACE ") == ("space", None)
    assert cards.parse_scoring("harmony") is None


def test_the_only_bundled_scenario_is_the_one_the_rules_text_names():
    text = shared_file(RULES_TEXT).read_text("utf-8")
    named = re.search(r"recomendamos usar ([^.]+)\.", text).group(1)
    spanish = {"Variedad": "variety", "Repetición": "repetition", "Unidad": "unity", "Composición": "composition"}
    words = [w for w in re.split(r", | y ", named)]
    assert [spanish[w] for w in words] == ["variety", "repetition", "unity", "composition"]
    assert list(cards.scenarios()) == ["first-game"]
    assert cards.scenarios()["first-game"].scoring == ("variety", "repetition", "emphasis", "composition")
