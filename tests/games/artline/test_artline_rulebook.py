"""Artline's rules reference: every id the code cites is explained, every entry is cited, the text is
our own words, and the worked examples are what the tool answers."""

from __future__ import annotations

import ast
import io
import json
import pathlib
import re
import tokenize

import pytest
from artline_tables import table
from click.testing import CliRunner
from copycheck import copied, grams_of

from pastiche_cli.cli.root import root
from pastiche_cli.games.artline.core import rule_ids
from pastiche_cli.games.artline.core.placement import judge
from pastiche_cli.games.artline.core.setup import new_game
from pastiche_cli.kernel.rulebook import book as rulebook_of

ROOT = pathlib.Path(__file__).resolve().parents[3]
GAME = ROOT / "pastiche_cli" / "games" / "artline"
# The rules text is the team's copy beside the repository (../shared), not part of it: a user's
# clone has none, so the copy check skips there; CI sets CI=true and must have it.
RULES_TEXT = ROOT.parent / "shared" / "rules" / "artline-rules-es.txt"
# A rule id cited in a string of code: the whole string ("artline.open") or in brackets ("[artline.place]").
RULE_ID = re.compile(r"""(?<=["'\[])artline(?:\.[a-z][a-z0-9_-]*)?(?=["'\]])""")


def book():
    return rulebook_of("artline")


def cited() -> dict[str, list[str]]:
    """Every rule id the Artline code names: through rule_ids (ARTLINE_*), or in a string."""
    named = {name: value for name, value in vars(rule_ids).items() if name.isupper()}
    found: dict[str, list[str]] = {}
    for path in sorted(GAME.rglob("*.py")):
        if path.name == "rule_ids.py":
            continue
        text = path.read_text("utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Name) and node.id in named:
                found.setdefault(named[node.id], []).append(f"{path.name}:{node.lineno}")
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.STRING:
                for match in RULE_ID.finditer(tok.string):
                    if not re.search(r"\.(py|json|ya?ml|txt|svg|md)$", match.group(0)):
                        found.setdefault(match.group(0), []).append(f"{path.name}:{tok.start[0]}")
    return found


def test_every_rule_id_the_code_cites_is_explained():
    unknown = {i: w for i, w in cited().items() if book().get(i) is None}
    assert not unknown, unknown


def test_every_entry_is_cited_or_a_group():
    uncited = [r.id for r in book().table.values() if not r.is_group and r.id not in cited()]
    assert not uncited, uncited


def test_rule_ids_names_every_entry_once():
    named = {name: value for name, value in vars(rule_ids).items() if name.isupper()}
    assert sorted(named.values()) == sorted(book().ids())
    assert all(name == value.upper().replace(".", "_") for name, value in named.items())


def test_the_ids_of_the_spec_are_all_here():
    spec = ["place", "open", "fit", "unclear", "exhibition", "discard", "draw", "win"]
    assert {f"artline.{s}" for s in spec} <= set(book().ids())


def test_code_cites_rules_by_name_not_by_string():
    written = []
    for path in sorted(GAME.rglob("*.py")):
        if path.name == "rule_ids.py":
            continue
        for tok in tokenize.generate_tokens(io.StringIO(path.read_text("utf-8")).readline):
            if tok.type == tokenize.STRING and re.search(r"[\"'\[]artline\.[a-z]", tok.string):
                written.append(f"{path.name}:{tok.start[0]}")
    assert not written


def test_every_entry_has_its_fields():
    raw = json.loads((ROOT / "data" / "artline" / "rules.json").read_text("utf-8"))
    assert raw["_source"]
    for entry in raw["rules"]:
        assert entry["title"] and entry["source"] and entry["summary"] and entry["example"], entry["id"]


def test_rules_command_json_and_lookup():
    out = json.loads(CliRunner().invoke(root, ["rules", "--game", "artline", "open", "--json"]).output)
    assert out["game"] == "artline" and out["rules"][0]["id"] == "artline.open"
    wrong = CliRunner().invoke(root, ["rules", "--game", "artline", "exhibiton"])
    assert wrong.exit_code == 2 and "Did you mean" in wrong.output


# --- our own words ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def rules_grams():
    return grams_of(RULES_TEXT, "rules text")


def test_no_entry_copies_six_words_of_the_rules_text(rules_grams):
    for rule in book().table.values():
        for own in (rule.title, rule.summary, rule.example):
            assert not copied(own, rules_grams), rule.id


@pytest.mark.parametrize("path", ["pastiche_cli/games/artline/README.md", "pastiche_cli/games/artline"])
def test_no_page_or_message_copies_six_words_of_the_rules_text(rules_grams, path):
    target = ROOT / path
    assert target.exists(), target
    files = [target] if target.is_file() else sorted(target.rglob("*.py"))
    for f in files:
        assert not copied(f.read_text("utf-8"), rules_grams), f


def test_the_copy_check_catches_a_copy(rules_grams):
    assert copied("as it says: una pintura inicial aleatoria adicional se coloca horizontalmente", rules_grams)


# --- the worked examples are what the tool answers ------------------------------------------------


def test_setup_example_numbers():
    assert new_game(["A", "B", "C"]).deck == 80
    assert "leaves 80 in the deck" in book().get("artline.setup").example
    assert 4 + 5 + 3 + 7 + 2 + 75 == 96 and "must hold 75" in book().get("artline.setup").example


def test_place_example_cells():
    start = table([(0, 0)])
    for cell in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        assert (
            judge(start, cell, "Ana", "x", "y").legal
            or judge(start, cell, "Ana", "x", None).legal
            or judge(start, cell, "Ana", None, "y").legal
        )
    assert not judge(start, (1, 1), "Ana").legal


def test_open_example():
    position = table([(0, 0), (0, 1)], [("column", 0, "Animals")])
    assert not judge(position, (1, 0), "Ana", feature_row="animals ").legal
    assert judge(position, (1, 0), "Ana", feature_row="Animals indoors").legal
    alike = judge(position, (1, 0), "Ana", feature_row="Animal")
    assert alike.legal and alike.warnings


def test_exhibition_example():
    verdict = judge(table([(0, 0), (1, 0), (0, 1)], [("row", 0, "a"), ("column", 0, "b")]), (1, 1), "Ana", "c", "d")
    assert verdict.exhibition and len(verdict.opens) == 2 and not verdict.draws


def test_unclear_example():
    four = (5, 5, 5, 5)
    assert not judge(table([(0, 0)], hands=four), (1, 0), "Ana", "melancholy light", unclear=2).legal
    assert judge(table([(0, 0)], hands=four), (1, 0), "Ana", "melancholy light", unclear=1).legal


def test_draw_and_win_examples():
    caro = table([(0, 0), (1, 0)], [("row", 0, "a")], hands=(5, 5, 4), turn="Caro")
    verdict = judge(caro, (2, 0), "Caro")
    assert verdict.draws and verdict.hand_after == 4
    empty = table([(0, 0), (1, 0)], [("row", 0, "a")], hands=(5, 5, 4), turn="Caro", deck=0)
    assert judge(empty, (2, 0), "Caro").hand_after == 3
    last = judge(table([(0, 0), (1, 0)], [("row", 0, "a")], hands=(1, 5)), (2, 0), "Ana")
    assert last.wins and not last.draws
