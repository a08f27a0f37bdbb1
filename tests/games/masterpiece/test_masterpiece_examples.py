"""The bundled examples say what they claim, the docs' example output is what the tool prints, and
`options` stays exact on a 10-card hand with 12 theses (against brute force where that is quick)."""

import importlib.util
import json
import pathlib
import re

import pytest
from click.testing import CliRunner
from masterpiece_helpers import brute_force

from pastiche_cli.cli.root import root
from pastiche_cli.games.masterpiece.core.options import citable, options
from pastiche_cli.games.masterpiece.formats.loader import parse_position

ROOT = pathlib.Path(__file__).resolve().parents[3]
EXAMPLES = sorted((ROOT / "examples" / "positions" / "masterpiece").glob("*.yaml"))


def run(*args):
    return CliRunner().invoke(root, [str(a) for a in args], catch_exceptions=False)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_checks_and_says_its_table_is_made_up(path):
    assert run("check", path).exit_code == 0
    text = path.read_text()
    assert "a group's own table; the real cards' points are on your cards" in text
    assert "names are made up" in text


def test_the_finished_example_is_a_tie_broken_by_fewer_theses_with_a_flag():
    path = ROOT / "examples" / "positions" / "masterpiece" / "finished-tiebreak.yaml"
    data = json.loads(run("score", path, "--json", "--detail").stdout)
    assert data["decided_by"] == "fewer_theses"
    top, second = data["players"][:2]
    assert top["points"] == second["points"] and top["accepted"] < second["accepted"]
    assert any(t["end_flag"] for t in top["detail"]["theses"])
    assert json.loads(run("end", path, "--json").stdout)["over"] is True


def test_the_docs_show_what_present_prints():
    doc = (ROOT / "pastiche_cli" / "games" / "masterpiece" / "README.md").read_text()
    shown = re.search(r"```\n(Ana presents three-pairs.*?)```", doc, re.S).group(1)
    result = run(
        "masterpiece",
        "present",
        ROOT / "examples/positions/masterpiece/midgame.yaml",
        "--player",
        "Ana",
        "--thesis",
        "three-pairs",
        "--cards",
        "pink-3,orange-3,purple-8,orange-8",
        "--cite",
        "Ana:pink-6",
        "--cite",
        "Ben:blue-6",
    )
    assert result.stdout.startswith(shown)


def test_every_command_the_docs_name_exists():
    doc = (ROOT / "pastiche_cli" / "games" / "masterpiece" / "README.md").read_text()
    for name in ("present", "review", "options", "deck", "theses"):
        assert f"pastiche masterpiece {name}" in doc
        assert run("masterpiece", name, "--help").exit_code == 0


def _large():
    import sys

    benchmarks = str(ROOT / "benchmarks")
    if benchmarks not in sys.path:  # the script imports its harness from beside it
        sys.path.insert(0, benchmarks)
    spec = importlib.util.spec_from_file_location("bench_masterpiece", ROOT / "benchmarks" / "bench_masterpiece.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    pos, problems, _ = parse_position("large.yaml", module.LARGE)
    assert pos is not None and not problems
    return pos


def test_options_on_ten_cards_and_twelve_theses_is_exact():
    pos = _large()
    ana = pos.player("Ana")
    assert len(ana.hand) == 10 and len(pos.theses) == 12
    found = {o.thesis.id: o for o in options(pos, ana)}
    pool = citable(pos, ana)
    own = [c for c, _ in pool.own]
    other = [c for c, _ in pool.other]
    for tid in ("full-house", "colour-run", "three-pairs"):  # quick enough to try every subset
        req = found[tid].thesis.requirement
        count, least = brute_force(req, list(pool.hand), own, other)
        assert found[tid].ways == count > 0
        assert (found[tid].best.owed, found[tid].best.hand_used) == least
