"""Issue 33's closing sweep (tests/hostile/sweep.py), small and seeded, in the suite.

Sixty mutants of the bundled examples, sheets, tally's answers and catalogues of every game, six
commands each, in process and a few as processes: no exit 70, no traceback, no hang, no write on a
failed command, every write read back. The sweep's own judge is tested too: what it must call a
failure, it does. The big sweep is `python tests/hostile/sweep.py --seed S --mutants N`.
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import sweep  # noqa: E402

SEED = 33


def test_a_small_sweep_of_every_game_finds_nothing(tmp_path, monkeypatch):
    # A hang here is an answer that never comes: 2 s is the script's bar on a quiet machine (its counts
    # are the issue's), but in the suite, on two busy cores, a slow answer is not a failure of the code.
    monkeypatch.setattr(sweep, "LIMIT", 30.0)
    tally = sweep.Sweep(SEED, quick=True, processes=0.02, out=tmp_path).run(60)
    assert not tally.failures, sweep.summary(tally, SEED)
    assert tally.runs >= 300 and tally.processes >= 3
    assert set(tally.by_game) == set(sweep.GAMES)
    assert set(tally.by_source) == {"position", "record", "sheet", "answers", "catalogue", "theses"}
    # both sides are reached: files read and refused, writes made and read back, failed runs compared
    assert tally.exits[0] and tally.exits[3] and tally.writes_checked and tally.failed_checked


def case(*argv: str, writes: bool = False) -> sweep.Case:
    return sweep.Case(list(argv), writes=writes)


def test_the_judge_calls_an_internal_error_a_traceback_and_an_odd_exit_failures():
    kinds = lambda outcome: [k for k, _ in sweep.complaints(case("score", "x"), outcome, {}, {})]  # noqa: E731
    assert kinds(sweep.Outcome(70, "pastiche: internal error (KeyError: 'x')", 0.1)) == ["exit 70"]
    assert kinds(sweep.Outcome(3, "Traceback (most recent call last):\n  ...", 0.1)) == ["traceback"]
    assert kinds(sweep.Outcome(1, "ValueError: embedded null byte", 0.1)) == ["traceback"]
    assert kinds(sweep.Outcome(139, "", 0.1)) == ["exit 139"]
    assert kinds(sweep.Outcome(None, "", 2.0)) == ["hang"]
    assert kinds(sweep.Outcome(3, "x.yaml:1:1: error: Error: it said so", 0.1)) == []


def test_the_judge_calls_any_change_by_a_failed_or_reading_command_a_failure():
    before = {"game.yaml": b"a", "xdg/": None}
    kinds = lambda c, code, after: [k for k, _ in sweep.complaints(c, sweep.Outcome(code, "", 0.1), before, after)]  # noqa: E731
    writer = case("play", "game.yaml", "Ana end", writes=True)
    assert kinds(writer, 1, {**before, "game.yaml": b"b"}) == ["write on failure"]
    assert kinds(writer, 3, {**before, ".game.yaml.tmp": b"a"}) == ["write on failure"]  # a leftover
    assert kinds(writer, 3, {"game.yaml": b"a"}) == ["write on failure"]  # a folder gone
    assert kinds(writer, 0, {**before, "game.yaml": b"b"}) == []
    assert kinds(case("score", "game.yaml"), 0, {**before, "out.yaml": b"x"}) == ["write by a reader"]


def test_a_run_over_its_time_is_a_hang(tmp_path):
    (tmp_path / "game.yaml").write_bytes((sweep.EXAMPLES / "positions" / "board-late-4p.yaml").read_bytes())
    assert sweep.in_process(["moves", "game.yaml"], None, tmp_path, 0.001).code is None
    assert sweep.in_process(["moves", "game.yaml"], None, tmp_path, 30).code == 0


def test_a_written_file_check_refuses_is_a_failure(tmp_path):
    (tmp_path / "game.yaml").write_text("players: [\n")
    wrong = sweep.reads_back(case("undo", "game.yaml", writes=True), "game.yaml", tmp_path, 0)
    assert wrong and "cannot read what was written" in wrong
    (tmp_path / "game.yaml").write_bytes((sweep.EXAMPLES / "positions" / "spec-example.yaml").read_bytes())
    assert sweep.reads_back(case("undo", "game.yaml", writes=True), "game.yaml", tmp_path, 0) is None


def test_every_mutation_changes_what_it_is_given():
    import random

    rng = random.Random(SEED)
    for source in sweep.sources():
        vocabulary = sweep.Vocabulary.of(source)
        for name, op in sweep.structure_for(source).items():
            changed = any(op(source.text, rng, vocabulary) != source.text for _ in range(20))
            assert changed, (name, source.label)
        for name, op in sweep.BYTE_OPS.items():
            data = sweep.as_bytes(source.text)
            assert any(op(data, rng, vocabulary) != data for _ in range(20)), (name, source.label)
