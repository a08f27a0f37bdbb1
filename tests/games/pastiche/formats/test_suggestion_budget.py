"""A file of thousands of unknown ids against a large catalogue still loads fast: the guesses are bounded.

Bounded is measured in work, not seconds: every choice compared goes through kernel.suggest.suggest,
so counting what it is handed counts the work (benchmarks/ time it; tests only count).
"""

from pastiche_cli.formats.yamlio import MAX_BYTES
from pastiche_cli.games.pastiche.formats.loader import parse_position
from pastiche_cli.kernel import suggest as suggest_module
from pastiche_cli.kernel.suggest import Budget


def test_thousands_of_unknown_ids_against_a_large_catalogue_make_a_bounded_number_of_comparisons(monkeypatch):
    lines = ["catalogue:"]
    lines += [
        f"  c{n:04d}: {{title: Piece {n}, artist: Box{n // 2} X, points: 10, palette: [teal, blue]}}"
        for n in range(700)
    ]
    lines.append("players:\n  - name: Ana\n    commissions: [c0001x, " + ", ".join(f"zz{i}" for i in range(3500)) + "]")
    text = "\n".join(lines) + "\n"
    assert len(text.encode()) <= MAX_BYTES
    compared = []
    real = suggest_module.suggest
    monkeypatch.setattr(
        suggest_module, "suggest", lambda word, choices: compared.append(len(list(choices))) or real(word, choices)
    )
    _, problems, _ = parse_position("big.yaml", text)
    unknown = [p for p in problems if p.code == "unknown-commission"]
    assert len(unknown) == 3501
    assert unknown[0].message.endswith("did you mean 'c0001'?")  # the first ones still get their guess
    # Without the budget every one of the 3501 unknown ids is compared with all 700 ids (2.45 million).
    assert compared and sum(compared) <= Budget().left
