"""The hostile corpus through every command that reads a position (issue 13).

tests/hostile/corpus/ holds at least 60 files (built by build_corpus.py, which says how each is made).
Each goes through every such command, in process: no traceback, never exit 70 (an internal
error), and every error located as FILE:LINE:COL. How fast each answer comes is
benchmarks/bench_hostile.py's to measure (a test that times itself fails at random on a shared machine).
"""

from __future__ import annotations

import json
import pathlib
import re

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root

CORPUS = pathlib.Path(__file__).resolve().parent / "corpus"
FILES = sorted(CORPUS.glob("*.yaml"))

# Every command that reads a position, with arguments that make it do real work on a good file.
COMMANDS = (
    ("check",),
    ("score",),
    ("end",),
    ("board",),
    ("moves", "--player", "Ana"),
    ("complete", "--player", "Ana"),
    ("plan", "--player", "Ana"),
    ("discard", "--player", "Ana"),
    ("place", "RYBBYR/R", "--at", "1,-1", "--player", "Ana"),
    ("trade", "--player", "Ana", "--give", "red,teal", "--get", "blue"),
    ("swap", "--player", "Ana", "--give", "Harbour at Dusk", "--take", "Salt Marsh"),
)


def test_the_corpus_is_large_enough():
    assert len(FILES) >= 60


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_command_answers_each_hostile_file_located(path):
    runner = CliRunner()
    for command in COMMANDS:
        for extra in ((), ("--json",)):
            if command[0] in ("trade", "swap") and extra:
                continue
            args = [command[0], str(path), *command[1:], *extra]
            result = runner.invoke(root, args)
            assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
            assert result.exit_code in (0, 1, 2, 3, 4), (args, result.exit_code, result.output)
            if result.exit_code in (3, 4):
                assert_located(args, result)


def assert_located(args, result) -> None:
    """Every error has a line and column: in the JSON's problems, or as FILE:LINE:COL in the text."""
    errors = [line for line in result.output.splitlines() if ": error:" in line]
    if "--json" in args and result.stdout.lstrip().startswith("{"):
        problems = json.loads(result.stdout).get("problems", [])
        errors_json = [p for p in problems if p.get("severity", p.get("kind")) not in ("warning",)]
        if errors_json:
            for p in errors_json:
                assert p["line"] >= 1 and p["column"] >= 1, (args, p)
            return
    assert errors, (args, result.output)
    for line in errors:
        assert re.match(r"^.+:\d+:\d+: error: ", line), (args, line)


def test_the_corpus_is_what_the_builder_writes():
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_corpus", CORPUS.parent / "build_corpus.py")
    builder = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(builder)
    assert {p.stem: p.read_bytes() for p in FILES} == builder.files()
