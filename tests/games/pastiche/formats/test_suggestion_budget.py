"""A file of thousands of unknown ids against a large catalogue still loads fast: the guesses are bounded."""

import time

from pastiche_cli.games.pastiche.formats.loader import parse_position
from pastiche_cli.formats.yamlio import MAX_BYTES


def test_thousands_of_unknown_ids_against_a_large_catalogue_load_within_a_second():
    lines = ["catalogue:"]
    lines += [f"  c{n:04d}: {{title: Piece {n}, artist: Box{n // 2} X, points: 10, palette: [teal, blue]}}"
              for n in range(700)]
    lines.append("players:\n  - name: Ana\n    commissions: [c0001x, " + ", ".join(f"zz{i}" for i in range(3500)) + "]")
    text = "\n".join(lines) + "\n"
    assert len(text.encode()) <= MAX_BYTES
    start = time.perf_counter()
    _, problems = parse_position("big.yaml", text)
    elapsed = time.perf_counter() - start
    unknown = [p for p in problems if p.code == "unknown-commission"]
    assert len(unknown) == 3501
    assert unknown[0].message.endswith("did you mean 'c0001'?")     # the first ones still get their guess
    assert elapsed < 1.0, f"took {elapsed:.2f} s"
