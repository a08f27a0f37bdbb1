"""Every bundled example answers --json byte for byte as the goldens hold (tests/goldens/)."""

import json

import pytest

from goldens.cases import GOLDEN, cases, run

ANSWERS = json.loads(GOLDEN.read_text())


def test_the_goldens_cover_every_case():
    assert sorted(ANSWERS) == sorted(" ".join(args) for args in cases())


@pytest.mark.parametrize("args", cases(), ids=" ".join)
def test_json_answer_is_unchanged(args):
    assert run(args) == ANSWERS[" ".join(args)]
