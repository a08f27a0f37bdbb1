"""The tool never says a painting fits a feature; every verdict that depends on one says the players decide.

Every command is run on every example and on random games; no output, human or JSON, may claim a
painting shows, fits or matches a feature, and each placement that joins or opens a gallery must
name that decision as the players'.
"""

from __future__ import annotations

import json
import pathlib
import random
import re

import pytest
from artline_play import play, to_yaml
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.games.artline.core.placement import judge, spots

ROOT = pathlib.Path(__file__).resolve().parents[3]
EXAMPLES = sorted((ROOT / "examples" / "positions" / "artline").glob("*.yaml"))
# What a claim of a fit would look like: "shows 'dogs'", "fits the gallery", "matches", "it does show".
CLAIMS = re.compile(r"\b(it |painting |which )?(shows|fits|matches|does show|is a fit|has the feature)\b", re.I)
DECIDE = "the players' decision"


def run(*args):
    return CliRunner().invoke(root, [str(a) for a in args])


def outputs(path: pathlib.Path) -> list[str]:
    out = []
    for args in (
        ["check", path],
        ["score", path],
        ["end", path],
        ["board", path],
        ["artline", "spots", path],
        ["artline", "spots", path, "--json"],
        ["board", path, "--json"],
    ):
        out.append(run(*args).output)
    listed = json.loads(run("artline", "spots", path, "--json").output)["spots"]
    for spot in listed:
        x, y = spot["at"]
        args = ["artline", "place", path, f"--at={x},{y}"]
        n = 0
        for line in spot["opens"]:
            args += ["--feature-row" if "row" in line else "--feature-column", f"fresh feature {n}"]
            n += 1
        out.append(run(*args).output)
        out.append(run(*args, "--json").output)
    return out


def test_the_claim_pattern_catches_claims():
    for claim in ("The painting shows 'dogs'", "it fits the row 0 gallery", "matches its feature"):
        assert CLAIMS.search(claim)
    assert not CLAIMS.search("the painting must show 'dogs' to join the row 0 gallery: the players' decision")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_no_output_claims_a_fit(path):
    for text in outputs(path):
        assert not CLAIMS.search(text), text


def test_no_rules_entry_or_help_claims_a_fit():
    texts = [run("rules", "--game", "artline", "--all").output]
    for command in ("place", "spots", "discard"):
        texts.append(run("artline", command, "--help").output)
    for text in texts:
        for match in CLAIMS.finditer(text):
            window = text[max(0, match.start() - 60) : match.end() + 60]
            assert re.search(r"must|never|whether|players|for the players|decide", window), window


@pytest.mark.parametrize("seed", range(12))
def test_every_verdict_that_depends_on_a_feature_says_the_players_decide(seed):
    position = play(random.Random(seed), ["Ana", "Ben", "Caro"], seed * 3)
    refused, found = spots(position)
    for spot in found:
        names = {e.line.axis: f"new {e.line}" for e in spot.opens}
        verdict = judge(position, spot.at, None, names.get("row"), names.get("column"))
        assert verdict.legal
        decided = [d for d in verdict.players_decide if DECIDE in d]
        assert len(decided) == len(verdict.joins) + len(verdict.opens) >= 1
        for effect in verdict.joins + verdict.opens:
            assert any(f"'{effect.feature}'" in d for d in decided)
            assert effect.as_json()["players_decide"] is True


def test_the_human_place_output_names_the_players_decision(tmp_path):
    path = ROOT / "examples" / "positions" / "artline" / "midgame.yaml"
    text = run("artline", "place", path, "--at", "1,2").output
    assert "For the players to decide (the tool never judges a picture):" in text
    assert "must show 'three people' to join the column 1 gallery: the players' decision" in text
    game = tmp_path / "g.yaml"
    game.write_text(to_yaml(play(random.Random(1), ["Ana", "Ben"], 6)), encoding="utf-8")
    listed = run("artline", "spots", game).output
    assert "which the players decide" in listed
