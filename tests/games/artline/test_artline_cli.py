"""Every Artline command on the command line, and every exit code each can give (SPEC 6.1)."""

from __future__ import annotations

import json
import pathlib

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root

ROOT = pathlib.Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "positions" / "artline"
OPENING, MIDGAME, FINISHED = (str(EXAMPLES / f"{n}.yaml") for n in ("opening", "midgame", "finished"))
BROKEN_RULES = (
    "game: artline\nplayers:\n  - {name: Ana, hand: 5}\n  - {name: Ben, hand: 5}\n"
    "table:\n  - {at: [0, 0], orientation: landscape}\ndeck: 10\n"
)  # adds up to 21
BAD_FORMAT = "game: artline\nplayers: 3\n"


def run(*args):
    return CliRunner().invoke(root, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture
def files(tmp_path):
    out = {}
    for name, text in (("rules", BROKEN_RULES), ("format", BAD_FORMAT)):
        out[name] = tmp_path / f"{name}.yaml"
        out[name].write_text(text, encoding="utf-8")
    out["game"] = tmp_path / "game.yaml"
    out["game"].write_text(pathlib.Path(MIDGAME).read_text(encoding="utf-8"), encoding="utf-8")
    return out


# --- the shared verbs reach Artline through the file's game: and --game ------------------------------------


@pytest.mark.parametrize(
    "args, code",
    [
        (["check", OPENING], 0),
        (["score", MIDGAME], 0),
        (["end", FINISHED], 0),
        (["board", MIDGAME], 0),
        (["rules", "--game", "artline"], 0),
        (["rules", "--game", "artline", "exhibition"], 0),
        (["rules", "--game", "artline", "nothing-like-it"], 2),
        (["new", "--game", "artline", "--players", "Ana,Ben"], 0),
        (["new", "--game", "artline", "--players", "Ana"], 2),
        (["new", "--game", "artline", "--players", "A,B,C,D,E,F"], 2),
        (["new", "--game", "artline", "--players", "Ana,ana"], 2),
        (["new", "--game", "artline", "--players", "Ana,,Ben"], 2),
        (["new", "--game", "artline", "--players", "Ana,Ben", "--start", "Bne"], 2),
    ],
)
def test_shared_verbs(args, code):
    result = run(*args)
    assert result.exit_code == code, result.output


@pytest.mark.parametrize("verb", ["check", "score", "end", "board"])
def test_shared_verbs_exit_3_and_4(files, verb):
    assert run(verb, files["format"]).exit_code == 3
    result = run(verb, files["rules"])
    assert result.exit_code == 4 and "add up to 21, not 96" in result.output


def test_check_exit_codes(files):
    assert run("check", files["game"]).exit_code == 0
    assert run("check", files["game"], "--json").exit_code == 0


def test_score_json_is_the_spec_shape():
    out = json.loads(run("score", FINISHED, "--json").output)
    assert set(out) >= {"players", "winners", "decided_by"}
    assert all(set(p) == {"name", "hand", "rank"} for p in out["players"])
    assert out["winners"] == ["Ana"] and out["decided_by"] == "hand" and out["over"] is True
    hands = [p["hand"] for p in out["players"]]
    assert hands == sorted(hands)


def test_score_before_the_end_names_who_is_closest():
    result = run("score", MIDGAME)
    assert "No winner yet" in result.output and "Closest: Caro, with 4 paintings in hand" in result.output
    out = json.loads(run("score", MIDGAME, "--json").output)
    assert out["winners"] == [] and out["closest"] == ["Caro"] and out["over"] is False
    shared = json.loads(run("score", OPENING, "--json").output)
    assert shared["decided_by"] == "shared" and [p["rank"] for p in shared["players"]] == [1, 1, 1]


def test_end():
    assert "Winner: Ana" in run("end", FINISHED).output
    out = json.loads(run("end", MIDGAME, "--json").output)
    assert out["over"] is False and out["winner"] is None and out["rule"] == "artline.win"


def test_new_writes_a_valid_game(tmp_path):
    path = tmp_path / "new.yaml"
    result = run("new", "--game", "artline", "--players", "Ana,Ben,Caro", "--start", "caro", "-o", path)
    assert result.exit_code == 0, result.output
    assert run("check", path).exit_code == 0
    out = json.loads(run("score", path, "--json").output)
    assert [p["name"] for p in out["players"]] == ["Caro", "Ana", "Ben"]
    assert json.loads(run("end", path, "--json").output)["deck"] == 96 - 15 - 1
    assert run("new", "--game", "artline", "--players", "Ana,Ben", "-o", path).exit_code == 2  # exists
    assert run("new", "--game", "artline", "--players", "Ana,Ben", "-o", path, "--force").exit_code == 0


def test_board_svg(tmp_path):
    svg = tmp_path / "t.svg"
    result = run("board", MIDGAME, "--svg", svg)
    assert result.exit_code == 0 and svg.read_text().startswith("<svg")
    assert "<tspan" in svg.read_text() and ">column 1:</tspan>" in svg.read_text()
    assert ">three people</tspan>" in svg.read_text()  # under its column, on a line of its own
    assert run("board", MIDGAME, "--svg", svg).exit_code == 2  # exists
    assert run("board", MIDGAME, "--svg", svg, "--force").exit_code == 0
    assert run("board", MIDGAME, "--svg", MIDGAME, "--force").exit_code == 2  # the input


def test_board_says_when_it_does_not_fit(monkeypatch):
    monkeypatch.setenv("COLUMNS", "40")
    result = run("board", FINISHED)
    assert result.exit_code == 0
    assert "too wide to draw here" in result.output and "--svg" in result.output
    monkeypatch.setenv("COLUMNS", "100")
    wide = run("board", MIDGAME)
    assert all(len(line) <= 100 for line in wide.output.splitlines())
    assert "row 1: 'a window'" in wide.output and "three ~" in wide.output


# --- pastiche artline place ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, code, words",
    [
        (["--at", "1,2"], 0, "joins column 1 'three people'"),
        (["--at", "1,2", "--player", "ana"], 0, "Ana at [1, 2]"),
        (["--at", "-1,0", "--feature-column", "boats"], 0, "an exhibition"),
        (["--at", "-1,0"], 1, "its feature must be named (--feature-column TEXT)"),
        (["--at", "0,0"], 1, "already holds a painting"),
        (["--at", "5,5"], 1, "not next to any painting"),
        (["--at", "1,2", "--player", "Ben"], 1, "it is Ana's turn, not Ben's"),
        (["--at", "-1,0", "--feature-column", "Red Clothing"], 1, "already the feature of the column 0 gallery"),
        (["--at", "-1,0", "--feature-column", "boats", "--unclear", "2"], 1, "2 of the 3 players"),
        (["--at", "1,2", "--feature-row", "boats"], 2, "opens none on row 2"),
        (["--at", "2,0", "--feature-row", "boats"], 2, "whose feature is 'dogs' already"),
        (["--at", "1,2", "--unclear", "1"], 2, "--unclear counts"),
        (["--at", "1,2", "--unclear", "9"], 2, "from 0 to 3"),
        (["--at", "x"], 2, "is not a cell"),
        (["--at", "1,2", "--player", "Bne"], 2, "Did you mean 'Ben'?"),
        (["--at", "99999999999,2"], 2, "is not a cell"),
    ],
)
def test_place(files, args, code, words):
    result = run("artline", "place", files["game"], *args)
    assert result.exit_code == code, result.output
    assert words in result.output


def test_place_exit_3_and_4(files):
    assert run("artline", "place", files["format"], "--at", "1,0").exit_code == 3
    assert run("artline", "place", files["rules"], "--at", "1,0").exit_code == 4


def test_place_json_is_the_spec_shape(files):
    out = json.loads(
        run("artline", "place", files["game"], "--at", "-1,0", "--feature-column", "boats", "--json").output
    )
    assert {"legal", "rule", "reason", "joins", "opens", "exhibition", "draws"} <= set(out)
    assert out["legal"] and out["exhibition"] and not out["draws"]
    assert out["joins"] == [
        {
            "row": 0,
            "feature": "dogs",
            "opened_by": "Ana",
            "paintings": [[-2, 0], [0, 0], [1, 0]],
            "players_decide": True,
        }
    ]
    assert out["opens"] == [{"column": -1, "feature": "boats", "paintings": [[-1, 1]], "players_decide": True}]


def test_place_apply_records_the_move_and_keeps_comments(files):
    path = files["game"]
    before = path.read_text(encoding="utf-8")
    result = run("artline", "place", path, "--at", "-1,0", "--feature-column", "boats", "--apply")
    assert result.exit_code == 0, result.output
    after = path.read_text(encoding="utf-8")
    assert "# Ana discarded once" in after and after.startswith(before.splitlines()[0])
    assert "  - {at: [-1, 0], orientation: landscape, by: Ana}" in after
    assert "  - {column: -1, feature: boats, opened_by: Ana}" in after
    assert "{name: Ana, hand: 4}" in after and "deck: 74" in after and "turn: {player: Ben}" in after
    assert run("check", path).exit_code == 0
    again = run("artline", "place", path, "--at", "-1,0", "--player", "Ben", "--apply")
    assert again.exit_code == 1 and "unchanged" in again.output
    assert path.read_text(encoding="utf-8") == after


def test_place_apply_needs_a_player_when_the_file_names_no_turn(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text(pathlib.Path(OPENING).read_text().replace("turn: {player: Ben}\n", ""), encoding="utf-8")
    assert run("artline", "place", path, "--at", "2,0", "--apply").exit_code == 2
    assert run("artline", "place", path, "--at", "2,0").exit_code == 0
    assert run("artline", "place", path, "--at", "2,0", "--player", "Caro", "--apply").exit_code == 0
    assert "{name: Caro, hand: 5}" in path.read_text() and "turn:" not in path.read_text()


def test_place_apply_a_feature_yaml_would_misread(files):
    path = files["game"]
    result = run("artline", "place", path, "--at", "-1,0", "--feature-column", "yes: #1 [no]", "--apply")
    assert result.exit_code == 0, result.output
    out = json.loads(run("board", path, "--json").output)
    assert {"column": -1, "feature": "yes: #1 [no]", "opened_by": "Ana"} in out["galleries"]


def test_place_apply_on_a_read_only_file_leaves_it(files):
    import os

    path = files["game"]
    before = path.read_text()
    os.chmod(path, 0o444)
    try:
        result = run("artline", "place", path, "--at", "1,2", "--apply")
        if os.geteuid() != 0:
            assert result.exit_code == 3 and "unchanged" in result.output
            assert path.read_text() == before
    finally:
        os.chmod(path, 0o644)


def test_the_winning_placement_and_after(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text(
        pathlib.Path(MIDGAME)
        .read_text()
        .replace("{name: Ana, hand: 5}", "{name: Ana, hand: 1}")
        .replace("deck: 74", "deck: 78"),
        encoding="utf-8",
    )
    result = run("artline", "place", path, "--at", "1,2", "--apply")
    assert result.exit_code == 0 and "it is Ana's last painting" in result.output, result.output
    assert "{name: Ana, hand: 0}" in path.read_text() and "deck: 78" in path.read_text()
    assert "Winner: Ana" in run("score", path).output
    later = run("artline", "place", path, "--at", "2,0")
    assert later.exit_code == 1 and "the game is over" in later.output


# --- pastiche artline spots -----------------------------------------------------------------------------


def test_spots(files):
    result = run("artline", "spots", files["game"])
    assert result.exit_code == 0 and "cells a painting may go for Ana" in result.output
    out = json.loads(run("artline", "spots", files["game"], "--json").output)
    cells = [tuple(s["at"]) for s in out["spots"]]
    assert (-1, 0) in cells and (0, 0) not in cells
    gap = next(s for s in out["spots"] if s["at"] == [-1, 0])
    assert gap["exhibition"] and not gap["draws"]
    assert run("artline", "spots", FINISHED).exit_code == 1  # the game is won
    assert run("artline", "spots", files["game"], "--player", "Ben").exit_code == 1  # not his turn
    assert run("artline", "spots", files["game"], "--player", "Zed").exit_code == 2
    assert run("artline", "spots", files["format"]).exit_code == 3
    assert run("artline", "spots", files["rules"]).exit_code == 4


# --- pastiche artline discard ---------------------------------------------------------------------------


def test_discard(files):
    path = files["game"]
    assert run("artline", "discard", path).exit_code == 0
    assert run("artline", "discard", path, "--player", "Ben").exit_code == 1
    assert run("artline", "discard", path, "--player", "Bne").exit_code == 2
    assert run("artline", "discard", files["format"]).exit_code == 3
    assert run("artline", "discard", files["rules"], "--player", "Ana").exit_code == 4
    result = run("artline", "discard", path, "--apply")
    assert result.exit_code == 0 and "discard pile 1 to 2" in result.output
    text = path.read_text()
    assert "discard: 2" in text and "deck: 73" in text and "{name: Ana, hand: 5}" in text
    assert run("check", path).exit_code == 0


def test_discard_with_an_empty_deck_keeps_no_draw(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text(
        pathlib.Path(MIDGAME).read_text().replace("deck: 74", "deck: 0").replace("discard: 1 ", "discard: 75"),
        encoding="utf-8",
    )
    assert run("check", path).exit_code == 0
    out = json.loads(run("artline", "discard", path, "--json").output)
    assert out["legal"] and not out["draws"] and out["hand_after"] == 4


def test_discard_without_a_turn_needs_a_player(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text(pathlib.Path(OPENING).read_text().replace("turn: {player: Ben}\n", ""), encoding="utf-8")
    assert run("artline", "discard", path).exit_code == 2


def test_the_game_group_lists_its_own_commands():
    listing = run("artline", "--help").output
    for name in ("place", "spots", "discard"):
        assert name in listing
    assert "score" not in listing.split("Commands:")[1]
