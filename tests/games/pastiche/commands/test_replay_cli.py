"""`pastiche replay`: every illegal move kind stops the replay at the move's own line and column (exit 1),
and every other command reading that record exits 4 with the same line; --to N, --json, syntax errors."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from record_example import PLAYED, RECORDS, SETUP

from pastiche_cli.cli.root import root


def run(*args: str):
    result = CliRunner().invoke(root, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def record(tmp_path, moves: list[str], name: str = "game.yaml") -> tuple[str, str]:
    path = tmp_path / name
    text = SETUP + "moves:\n" + "".join(f"  - {m}\n" for m in moves)
    path.write_text(text, encoding="utf-8")
    return str(path), text


def line_of(text: str, n: int) -> int:
    """The 1-based line of the record's move n."""
    lines = text.splitlines()
    start = lines.index("moves:")
    return start + 1 + n


# (the moves, the rule id that refuses the last, words of the reason)
ILLEGAL = {
    "wrong player": (["Ben place YYBBRR/B at 0,-1"], "place", "it is Ana's turn, not Ben's"),
    "wrong phase": (["Ana trade orange with Ben for green"], "trade", "painting phase"),
    "end before the turn's place": (["Ana end"], "place", "once the turn's hex is laid"),
    "occupied cell": (["Ana place RRYYBB/R at 1,0"], "place.adjacent", "1,0"),
    "trade not allowed": (PLAYED[:1] + ["Ana trade orange,green,violet for teal"], "trade.bank.three", "three"),
    "second swap": (PLAYED[:1] + ["Ana swap lantern for marsh", "Ana swap marsh for mill"], "commission.swap", "once"),
    "over the hand limit at the end": (
        PLAYED[:11] + ["Ana draw hex YBRYBR/R", "Ana end"],
        "cleanup.hand-limit",
        "9 palette cards",
    ),
    "completing a commission not held": (
        PLAYED[:1] + ["Ana complete ferry"],
        "commission.complete",
        "no commission 'ferry'",
    ),
    "a draw without a completion": (
        PLAYED[:1] + ["Ana draw commission bell"],
        "commission.complete",
        "none to replace",
    ),
    "a move before the replacement is drawn": (
        PLAYED[:1] + ["Ana complete lantern", "Ana end"],
        "commission.complete",
        "drawn from the deck first",
    ),
    "a commission already in play": (
        PLAYED[:1] + ["Ana complete lantern", "Ana draw commission road"],
        "commission.complete",
        "already in play",
    ),
    "ending without drawing back up": (PLAYED[:1] + ["Ana end"], "cleanup.draw", "draw back up"),
    "the bank is out": (["Ana place RYYBBR/R at -1,1 take blue"], "place.centre", "not blue"),
    "a move after the game is over": (PLAYED + ["Ana place YBRYBR/R at 2,-1"], "end.round", "the game is over"),
}


@pytest.mark.parametrize("kind", ILLEGAL)
def test_replay_stops_at_each_illegal_move_kind_located_exit_1(tmp_path, kind):
    moves, rule, words = ILLEGAL[kind]
    path, text = record(tmp_path, moves)
    result = run("replay", path)
    assert result.exit_code == 1, result.output
    n = len(moves)
    pattern = rf"{re.escape(path)}:{line_of(text, n)}:5: move {n}: (.+) \[{re.escape(rule)}\]"
    message = result.stderr.strip().splitlines()[-1]
    match = re.fullmatch(pattern, message)
    assert match, message
    assert words in match.group(1)
    # the playthrough still shows every move before it
    assert f"  {n - 1}. {moves[n - 2]}" in result.stdout if n > 1 else "Turn 1" not in result.stdout
    # every other command that reads the record: exit 4, the same one line
    for command in (["score"], ["end"], ["check"]):
        other = run(*command, path)
        assert other.exit_code == 4
    assert run("score", path).stderr.strip() == message
    assert run("board", path).stderr.strip() == message


def test_replay_json_on_an_illegal_move_lists_it_last_with_its_verdict(tmp_path):
    path, _ = record(tmp_path, PLAYED[:1] + ["Ana complete ferry"])
    result = run("replay", path, "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert [m["legal"] for m in data["moves"]] == [True, False]
    assert data["moves"][-1]["rule"] == "commission.complete" and data["scores"] is None


def test_a_move_not_in_the_notation_is_a_format_error_at_its_column(tmp_path):
    path, text = record(tmp_path, PLAYED[:1] + ["Ana trade teal,tael,teal for olive"])
    result = run("replay", path)
    assert result.exit_code == 3
    line = line_of(text, 2)
    # column: 5 where the move starts, + the place of 'tael' in the move's text
    assert f"{path}:{line}:{5 + len('Ana trade teal,')}: error: move 2: " in result.stderr
    assert run("score", path).exit_code == 3


def test_a_quoted_move_is_located_inside_its_quotes(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(SETUP + 'moves:\n  - "Ana plaec RYYBBR/R at -1,1"\n', encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 3
    assert f":{SETUP.count(chr(10)) + 2}:{5 + 1 + len('Ana ')}: error: move 1: 'plaec' is not a move" in result.stderr


def test_to_n_prints_a_position_file_that_every_command_reads(tmp_path):
    path, _ = record(tmp_path, PLAYED)
    for n in (0, 1, 9, 14, len(PLAYED)):
        result = run("replay", path, "--to", str(n))
        assert result.exit_code == 0
        plain = tmp_path / f"after-{n}.yaml"
        plain.write_text(result.stdout, encoding="utf-8")
        assert "setup:" not in result.stdout and "moves:" not in result.stdout
        assert run("check", str(plain)).exit_code == 0, run("check", str(plain)).stdout
        assert run("board", str(plain)).exit_code == 0
    # mid-turn: after move 9 (Ana's place) it is Ana's painting phase
    assert "turn: {player: Ana, phase: painting}" in (tmp_path / "after-9.yaml").read_text()
    # the last: scored as the record is
    assert (
        run("score", str(tmp_path / f"after-{len(PLAYED)}.yaml"), "--json").stdout
        == run("score", path, "--json").stdout
    )


def test_to_beyond_the_record_is_a_usage_error(tmp_path):
    path, _ = record(tmp_path, PLAYED[:3])
    assert run("replay", path, "--to", "4").exit_code == 2


def test_to_n_before_an_illegal_move_still_answers(tmp_path):
    path, _ = record(tmp_path, PLAYED[:1] + ["Ana complete ferry"])
    assert run("replay", path, "--to", "1").exit_code == 0
    assert run("replay", path, "--to", "2").exit_code == 1


def test_replay_of_an_unfinished_record_has_no_scores(tmp_path):
    path, _ = record(tmp_path, PLAYED[:20])
    result = run("replay", path, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["scores"] is None and data["over"] is False
    assert "The game is not over" in run("replay", path).stdout
    # score scores the position now, marked provisional
    assert "provisional" in run("score", path).stdout


def test_replay_refuses_a_plain_position(tmp_path):
    plain = RECORDS.parent / "positions" / "spec-example.yaml"
    result = run("replay", str(plain))
    assert result.exit_code == 2 and "not a game record" in result.stderr


def test_a_setup_that_breaks_the_rules_is_reported_like_a_position(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(
        SETUP.replace("palette: [orange, green, violet, brown]", "palette: {red: 9}", 1) + "moves: []\n",
        encoding="utf-8",
    )
    result = run("replay", str(path))
    assert result.exit_code == 4 and "red" in result.stderr


def test_unknown_keys_in_a_record_get_a_suggestion(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(SETUP + "moevs: []\n", encoding="utf-8")
    result = run("replay", str(path))
    assert result.exit_code == 3 and "did you mean 'moves'" in result.stderr


def test_to_n_just_after_a_completion_says_the_replacement_is_still_to_be_drawn(tmp_path):
    path, _ = record(tmp_path, PLAYED)
    n = PLAYED.index("Ana complete kettle") + 1
    result = run("replay", path, "--to", str(n))
    assert result.exit_code == 0
    assert "replacement commission is still to be drawn" in result.stderr
    assert "# Not written below: Ana has just completed a commission" in result.stdout
