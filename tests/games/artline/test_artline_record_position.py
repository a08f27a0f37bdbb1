"""The one fact a record needs that a position file held nowhere: a draw still owed (`turn: {player,
phase: draw}`), read with located errors, checked, honoured by the commands, and written by the edits.
A file without `phase` reads and behaves exactly as before."""

from __future__ import annotations

import json
import textwrap

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.formats.yamlio import dump_roundtrip, load_roundtrip
from pastiche_cli.games.artline.core.moves import Discard, Draw, Place, apply
from pastiche_cli.games.artline.core.position import DRAW, PLAY
from pastiche_cli.games.artline.formats import edits
from pastiche_cli.games.artline.formats.loader import parse_position, problems_of_text

OWING = textwrap.dedent("""\
    game: artline
    players:
      - {name: Ana, hand: 4}      # laid one, draws one to end the turn
      - {name: Ben, hand: 5}
    table:
      - {at: [0, 0], orientation: landscape, title: Start}
      - {at: [1, 0], orientation: landscape, by: Ana}
    galleries:
      - {row: 0, feature: dogs, opened_by: Ana}
    deck: 85
    discard: 0
    turn: {player: Ana, phase: draw}
    """)


def run(tmp_path, text, *args):
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(root, [args[0], str(path), *args[1:]])
    return result.exit_code, result.stdout, path


@pytest.mark.parametrize(
    "turn, phase",
    [
        ("turn: {player: Ana, phase: draw}", DRAW),
        ("turn: {player: Ana, phase: Draw}", DRAW),
        ("turn: {player: Ana, phase: play}", PLAY),
        ("turn: {player: Ana}", PLAY),
    ],
)
def test_the_phase_is_read(turn, phase):
    position, problems, _ = parse_position("game.yaml", OWING.replace("turn: {player: Ana, phase: draw}", turn))
    assert problems == [] and (position.turn, position.phase) == ("Ana", phase)


def test_a_file_without_a_turn_is_in_no_phase_of_anyones():
    position, problems, _ = parse_position("game.yaml", OWING.replace("turn: {player: Ana, phase: draw}\n", ""))
    assert problems == [] and (position.turn, position.phase) == (None, PLAY)


@pytest.mark.parametrize(
    "turn, code, column, words",
    [
        ("turn: {player: Ana, phase: drwa}", "unknown-phase", 28, "unknown turn phase 'drwa'; did you mean 'draw'?"),
        ("turn: {player: Ana, phase: later}", "unknown-phase", 28, "(write play or draw"),
        ("turn: {player: Ana, phase: [draw]}", "type", 28, "turn.phase should be text"),
        ("turn: {player: Ana, phse: draw}", "unknown-key", 21, "did you mean 'phase'"),
    ],
)
def test_a_bad_phase_is_a_located_format_problem(tmp_path, turn, code, column, words):
    text = OWING.replace("turn: {player: Ana, phase: draw}", turn)
    exit_code, out, _ = run(tmp_path, text, "check", "--json")
    problems = json.loads(out)["problems"]
    assert exit_code == 3, problems
    assert [(p["code"], p["line"], p["column"]) for p in problems] == [(code, 12, column)], problems
    assert words in problems[0]["message"]


def test_a_draw_owed_with_the_deck_empty_breaks_the_rules(tmp_path):
    text = OWING.replace("deck: 85", "deck: 0").replace("discard: 0", "discard: 85")
    exit_code, out, _ = run(tmp_path, text, "check", "--json")
    problems = json.loads(out)["problems"]
    assert exit_code == 4 and [p["code"] for p in problems] == ["draw-owed"]
    assert "[artline.draw]" in problems[0]["message"] and problems[0]["line"] == 10


def test_a_draw_owed_after_the_game_is_won_breaks_the_rules(tmp_path):
    text = OWING.replace("{name: Ben, hand: 5}", "{name: Ben, hand: 0}").replace("deck: 85", "deck: 90")
    exit_code, out, _ = run(tmp_path, text, "check", "--json")
    problems = json.loads(out)["problems"]
    assert exit_code == 4 and [(p["code"], p["line"]) for p in problems] == [("draw-owed", 4)]
    assert "Ben has no paintings in hand" in problems[0]["message"] and "[artline.win]" in problems[0]["message"]


def test_a_draw_owed_checks_clean(tmp_path):
    assert run(tmp_path, OWING, "check")[0] == 0


@pytest.mark.parametrize(
    "args",
    [
        ["artline", "place", "--at", "2,0", "--json"],
        ["artline", "discard", "--json"],
        ["artline", "spots", "--json"],
    ],
)
def test_the_commands_refuse_a_second_painting_before_the_draw(tmp_path, args):
    path = tmp_path / "game.yaml"
    path.write_text(OWING, encoding="utf-8")
    result = CliRunner().invoke(root, [*args[:2], str(path), *args[2:]])
    assert result.exit_code == 1 and json.loads(result.stdout)["rule"] == "artline.draw"


DEALT = textwrap.dedent("""\
    game: artline
    players:
      - {name: Ana, hand: 5}
      - {name: Ben, hand: 5}
    table:
      - {at: [0, 0], orientation: landscape, title: Start}
    galleries: []
    deck: 85
    discard: 0
    turn: {player: Ana}      # Ana starts
    """)


def test_the_edits_write_a_draw_owed_and_take_it_off_with_the_draw():
    text = DEALT
    before, _, _ = parse_position("game.yaml", text)
    seen = []
    for move, edit in (
        (Place("Ana", (1, 0), "dogs"), edits.place),
        (Draw("Ana"), edits.draw),
        (Discard("Ben"), edits.discard),
        (Draw("Ben"), edits.draw),
    ):
        after = apply(before, move)
        data = load_roundtrip(text)
        edit(data, before, after)
        text = dump_roundtrip(data)
        written, problems, _ = problems_of_text("game.yaml", text)
        assert [p for p in problems if p.kind != "warning"] == [], (move, problems)
        assert edits.difference(written, after) is None, (move, text)
        seen.append(" ".join(text[text.index("turn:") :].splitlines()[0].split()))  # (ruamel may respace)
        before = after
    assert seen == [
        "turn: {player: Ana, phase: draw} # Ana starts",
        "turn: {player: Ben} # Ana starts",
        "turn: {player: Ben, phase: draw} # Ana starts",
        "turn: {player: Ana} # Ana starts",
    ]
    assert "deck: 83" in text and "discard: 1" in text
