"""The example records replay to their golden playthroughs and to the scores worked out by hand in their headers."""

from __future__ import annotations

import json
import pathlib

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root

RECORDS = pathlib.Path(__file__).resolve().parents[4] / "examples" / "records"
COMPLETE = ("two-player-game", "three-player-short")  # played to their end
BROKEN = "two-player-game-broken"


# The totals in each example's header comments, worked out by hand (name: (commissions, palette, bonus, total)).
BY_HAND = {
    "two-player-game": {"Ana": (28, 0, 4, 32), "Ben": (20, 3, 0, 23)},
    "three-player-short": {"Ben": (10, 6, 0, 16), "Caro": (9, 6, 0, 15), "Ana": (0, 3, 0, 3)},
}
WINNERS = {"two-player-game": ["Ana"], "three-player-short": ["Ben"]}


@pytest.mark.parametrize("name", COMPLETE)
def test_the_final_scores_are_those_worked_out_by_hand(name):
    data = json.loads((RECORDS / f"{name}.score.json").read_text(encoding="utf-8"))
    got = {
        p["name"]: (p["commission_points"], p["palette_points"], p["artist_bonus"], p["total"]) for p in data["players"]
    }
    assert got == BY_HAND[name]
    assert data["winners"] == WINNERS[name] and data["decided_by"] == "total"
    header = (RECORDS / f"{name}.yaml").read_text(encoding="utf-8")
    for _player, (_, _, _, total) in BY_HAND[name].items():
        assert f"Total {total}." in header


@pytest.mark.parametrize("name", COMPLETE)
def test_replay_json_gives_the_same_scores_once_the_end_round_is_over(name):
    result = CliRunner().invoke(root, ["replay", str(RECORDS / f"{name}.yaml"), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["scores"] == json.loads((RECORDS / f"{name}.score.json").read_text(encoding="utf-8"))
    assert data["moves"][-1]["game_over"] is True
    assert [m["n"] for m in data["moves"]] == list(range(1, len(data["moves"]) + 1))
    assert all(set(m) >= {"n", "move", "player", "legal", "rule", "effects"} and m["legal"] for m in data["moves"])


def test_the_two_player_example_has_every_kind_of_move_the_issue_asks_for():
    data = json.loads(CliRunner().invoke(root, ["replay", str(RECORDS / "two-player-game.yaml"), "--json"]).stdout)
    moves = [m["move"] for m in data["moves"]]
    assert any(" take " in m for m in moves)  # the centre option
    assert any(" swap " in m for m in moves)  # a gallery swap
    assert any(" with " in m for m in moves)  # a player trade
    assert any(" discard " in m for m in moves)  # a hand-limit discard
    gallery_completion = [
        m
        for m in data["moves"]
        if "completed from the gallery" in m["reason"] or any("drawn to the gallery" in e for e in m["effects"])
    ]
    assert gallery_completion
    assert any(m.get("end_triggered") for m in data["moves"])
    phases = {m["turn_after"]["phase"] for m in data["moves"]}
    assert phases == {"mixing", "painting", "cleanup"}


def test_the_broken_example_stops_at_its_move_for_replay_and_every_other_command(monkeypatch):
    monkeypatch.chdir(RECORDS)
    runner = CliRunner()
    replay = runner.invoke(root, ["replay", f"{BROKEN}.yaml"])
    others = [runner.invoke(root, [command, f"{BROKEN}.yaml"]) for command in ("score", "board", "end", "check")]
    line = (
        f"{BROKEN}.yaml:47:5: move 5: players trade only in the painting phase, and Ben's turn is in the "
        "mixing phase [trade]"
    )
    assert replay.exit_code == 1 and replay.stderr.strip() == line
    for result in others[:-1]:
        assert result.exit_code == 4 and result.stderr.strip() == line
    check = others[-1]  # check lists every problem on stdout, its own form: the same place and words
    assert check.exit_code == 4 and line.replace(":47:5: ", ":47:5: error: ") in check.stdout
    lines = (RECORDS / f"{BROKEN}.yaml").read_text(encoding="utf-8").splitlines()
    assert lines[46][4:].startswith("Ben trade green with Ana for orange")  # line 47, column 5
