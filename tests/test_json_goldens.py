"""Every bundled example of every game answers --json byte for byte as the goldens hold (tests/goldens/)."""

import json

import pytest

from goldens.cases import GOLDEN, RECORDS_NOT_REPLAYED_YET, ROOT, game_of, cases, example_files, run

ANSWERS = json.loads(GOLDEN.read_text())


def test_the_goldens_cover_every_case():
    assert sorted(ANSWERS) == sorted(" ".join(args) for args in cases())


def test_every_bundled_example_is_asked_score_check_and_end():
    asked = {}
    for args in cases():
        for word in args:
            if word.startswith("examples/"):
                asked.setdefault(word, set()).add(" ".join(args[:args.index(word)]))
    files = example_files()
    assert {"canvas", "masterpiece", "artline"} <= {path.parent.name for path, _ in files}
    for path, record in files:
        rel = str(path.relative_to(ROOT))
        if record and game_of(path).name in RECORDS_NOT_REPLAYED_YET:
            assert rel not in asked
            continue
        assert {"score", "check", "end"} | ({"replay"} if record else set()) <= asked.get(rel, set()), rel


@pytest.mark.parametrize("args", cases(), ids=" ".join)
def test_json_answer_is_unchanged(args):
    assert run(args) == ANSWERS[" ".join(args)]
