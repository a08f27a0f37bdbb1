"""Did-you-mean bounded in work (issue 13): only plausible choices are compared, long words never."""

from pastiche_cli.kernel import suggest as suggest_module
from pastiche_cli.kernel.suggest import LONGEST, Budget, plausible, suggest, worth_comparing


def test_only_plausible_choices_reach_difflib():
    # difflib's ratio is at most 2 * shorter / (sum of lengths): 'ab' can never be 0.6 like a 10-letter id
    assert plausible("harbour", "harbor") and not plausible("ab", "abcdefghij")
    kept, spent = worth_comparing("harbor", ["Harbour", "H", "x" * 40, "harbour"])
    assert kept == ["Harbour"] and spent == 1 + 6 * 7
    assert suggest("harbor", ["Harbour", "Quiet Orchard"]) == "Harbour"


def test_long_words_and_long_choices_are_never_compared(monkeypatch):
    long = "a" * (LONGEST + 1)
    assert suggest(long, [long]) is None
    assert worth_comparing("abc", ["abcd" * 20]) == ([], 0)


def test_a_budget_stops_when_its_units_are_spent(monkeypatch):
    handed = []
    real = suggest_module.suggest
    monkeypatch.setattr(
        suggest_module, "suggest", lambda word, choices: handed.append(list(choices)) or real(word, choices)
    )
    ids = [f"commission-{i:04d}" for i in range(500)]
    budget = Budget(comparisons=10**9, units=5_000)
    asked = 0
    while budget.units > 0 and asked < 1000:
        budget.suggest("commission-00x1", ids)
        asked += 1
    units = sum(1 + len("commission-00x1") * len(c) for batch in handed for c in batch)
    assert units <= 5_000 and asked < 1000
    assert budget.suggest("commission-0001", ids) is None  # spent: no guess, however close
