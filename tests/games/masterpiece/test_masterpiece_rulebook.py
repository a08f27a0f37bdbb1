"""The rules reference agrees with the code: every id cited is explained, every rule explained is cited,
the house rules match the loader's keys, and no text of ours copies the source."""

import ast
import pathlib
import re

import pytest
from copycheck import copied, grams_of, words

from pastiche_cli.games.masterpiece.core import rule_ids
from pastiche_cli.games.masterpiece.formats.loader import HOUSE_RULE_KEYS
from pastiche_cli.kernel.rulebook import book as rulebook_of

ROOT = pathlib.Path(__file__).resolve().parents[3]
GAME = ROOT / "pastiche_cli" / "games" / "masterpiece"


def _beside_the_repository() -> pathlib.Path:
    """The folder the team's shared/ sits in: beside the repository, or beside the main checkout when this
    is a git worktree (whose .git file names `MAIN/.git/worktrees/NAME`)."""
    git = ROOT / ".git"
    if git.is_file():
        text = git.read_text("utf-8").strip()
        if text.startswith("gitdir:") and "/worktrees/" in text:
            main = pathlib.Path(text.split(":", 1)[1].strip().split("/worktrees/")[0]).parent
            if (main.parent / "shared").is_dir():
                return main.parent
    return ROOT.parent


# The source text is the team's copy beside the repository (../shared), not part of it: a user's clone has
# none, so the copy checks skip there; CI sets CI=true and must have it.
SOURCE = _beside_the_repository() / "shared" / "rules" / "masterpiece-description-ru.txt"


def book():
    return rulebook_of("masterpiece")


NAMED = {name: value for name, value in vars(rule_ids).items() if name.isupper() and isinstance(value, str)}


def test_rule_ids_are_exactly_the_reference_s_ids():
    assert sorted(NAMED.values()) == sorted(book().ids())
    assert all(
        name == value.removeprefix("masterpiece.").upper().replace(".", "_").replace("-", "_")
        for name, value in NAMED.items()
    )


def _names_used_outside_rule_ids() -> set[str]:
    used = set()
    for path in GAME.rglob("*.py"):
        if path.name == "rule_ids.py":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Name):
                used.add(node.id)
            elif isinstance(node, ast.alias):
                used.add(node.asname or node.name)
            elif isinstance(node, ast.Attribute):
                used.add(node.attr)
    return used


def test_every_rule_of_the_reference_is_cited_by_the_code_unless_a_group_or_house_entry():
    used = _names_used_outside_rule_ids() | {n for n, v in NAMED.items() if v in rule_ids.KIND_RULE.values()}
    for name, value in NAMED.items():
        rule = book().get(value)
        if rule.is_group or rule.group.endswith("house"):
            continue
        assert name in used, f"{value} is explained but never cited"


def test_no_rule_id_is_written_as_a_string_outside_rule_ids():
    """Code cites rule_ids' names; a docstring may still mention an id."""
    pattern = re.compile(r"masterpiece\.[a-z][a-z0-9_.-]*")
    for path in GAME.rglob("*.py"):
        if path.name == "rule_ids.py":
            continue
        tree = ast.parse(path.read_text("utf-8"))
        docstrings = {
            id(n.body[0].value)
            for n in ast.walk(tree)
            if isinstance(getattr(n, "body", None), list) and n.body and isinstance(n.body[0], ast.Expr)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                found = [m for m in pattern.findall(node.value) if m.rstrip(".") in book().ids()]
                assert not found, f"{path.name}: {found}"


def test_house_rules_are_the_loader_s_keys():
    keys = {r.key for r in book().table.values() if r.key}
    assert keys == set(HOUSE_RULE_KEYS)
    for rule in book().table.values():
        if rule.open_question:
            assert [r.default for r in rule.readings].count(True) == 1


def test_every_entry_has_a_source_and_an_example():
    for rule in book().table.values():
        assert rule.title and rule.source and rule.summary and rule.example


@pytest.fixture(scope="module")
def source_grams():
    # The game's own name is six words; naming the game is not copying the text.
    return grams_of(SOURCE, "source text", ignore=("Pastiche: The Birth of a Masterpiece",))


def test_no_rules_text_copies_six_words_of_the_source(source_grams):
    for rule in book().table.values():
        for own in [rule.title, rule.summary, rule.example] + [r.reading for r in rule.readings]:
            assert not copied(own, source_grams), rule.id


@pytest.mark.parametrize(
    "path",
    ["pastiche_cli/games/masterpiece/README.md"]
    + sorted(str(p.relative_to(ROOT)) for p in (ROOT / "examples" / "positions" / "masterpiece").glob("*.yaml")),
)
def test_no_page_copies_six_words_of_the_source(source_grams, path):
    assert not copied((ROOT / path).read_text("utf-8"), source_grams)


def test_the_copy_check_catches_a_copy(source_grams):
    run = words(SOURCE.read_text("utf-8"))[60:67]
    assert copied(" ".join(run), source_grams)


def test_the_rules_reference_as_markdown_names_every_id():
    text = book().as_markdown("t", "g", "s")
    assert all(f"`{rid}`" in text for rid in book().ids())
