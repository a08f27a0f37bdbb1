"""Did you mean …: one nearest-word guess for every message that offers one."""

import pytest

from pastiche_cli.kernel.suggest import Budget, hint, suggest


@pytest.mark.parametrize(
    "text, choices, near",
    [
        ("ana", ["Ana", "Ben"], "Ana"),  # case is ignored, the choice's spelling kept
        ("zzzz", ["Ana", "Ben"], None),  # nothing close enough
        ("palete", ["name", "palette", "hexes"], "palette"),
        ("PURPEL", ["purple", "red"], "purple"),
        ("scroe", ["score", "swap", "check"], "score"),
        ("teal teal", ["teal", "blue"], "teal"),  # ratio 8/13 > 0.6
        ("x", [], None),
    ],
)
def test_suggest_table(text, choices, near):
    assert suggest(text, choices) == near


@pytest.mark.parametrize(
    "near, otherwise, style, words",
    [
        ("Ben", "", "clause", "; did you mean 'Ben'?"),
        ("Ben", " Players: Ana, Ben.", "sentence", " Did you mean 'Ben'?"),
        (None, " Players: Ana, Ben.", "sentence", " Players: Ana, Ben."),
        ("red", "", "aside", " (did you mean 'red'?)"),
        (None, "", "aside", ""),
    ],
)
def test_hint_words_the_suggestion_for_its_message(near, otherwise, style, words):
    assert hint(near, otherwise, style) == words


def test_a_budget_suggests_like_suggest_until_it_is_spent():
    budget = Budget(comparisons=5)
    assert budget.suggest("ana", ["Ana", "Ben"]) == "Ana"  # 2 spent
    assert budget.suggest("ben", ["Ana", "Ben", "Caro"]) == "Ben"  # 5 spent
    assert budget.suggest("ana", ["Ana"]) is None  # nothing left: no guess, however close
    assert budget.left == 0


def test_a_budget_refuses_a_search_larger_than_what_is_left():
    budget = Budget(comparisons=3)
    assert budget.suggest("ana", ["Ana", "Ben", "Caro", "Dev"]) is None
    assert budget.suggest("ana", ["Ana"]) is None
