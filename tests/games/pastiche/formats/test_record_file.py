"""formats/record.py: a record read with every move located, and the text edits of play and undo."""

from __future__ import annotations

import pytest
from record_example import EXAMPLE, RECORDS, SETUP

from pastiche_cli.formats.record import append_move, is_record_text, move_scalar, remove_last_move
from pastiche_cli.games.pastiche.formats.record import load_text, read_record


def test_a_record_is_told_from_a_position_by_its_top_level_setup():
    assert is_record_text(EXAMPLE)
    assert not is_record_text((RECORDS.parent / "positions" / "spec-example.yaml").read_text(encoding="utf-8"))
    assert not is_record_text("players:\n  - name: Ana\n    # setup: in a comment\n")


def test_every_move_is_located_at_its_own_line_and_column():
    record, problems = read_record("r.yaml", SETUP + "moves:\n  - Ana end   # a comment\n\n  -   'Ben end'\n")
    assert not [p for p in problems if p.kind != "warning"]
    first, second = record.moves
    lines = SETUP.count("\n")
    assert (first.n, first.text, first.line, first.column, first.quoted) == (1, "Ana end", lines + 2, 5, False)
    assert (second.n, second.text, second.line, second.column, second.quoted) == (2, "Ben end", lines + 4, 7, True)


def test_a_move_that_is_not_text_is_a_located_format_error():
    _, problems = read_record("r.yaml", SETUP + "moves:\n  - {Ana: end}\n")
    assert [(p.code, p.line, p.column) for p in problems] == [("move-syntax", SETUP.count("\n") + 2, 5)]


def test_the_game_is_named_at_the_top_not_in_the_setup():
    text = SETUP.replace("setup:                        # the table as set up\n", "setup:\n  game: pastiche\n", 1)
    _, problems = read_record("r.yaml", text + "moves: []\n")
    assert any(p.code == "unknown-key" and "at the top" in p.message for p in problems)


def test_a_record_without_setup_says_so():
    _, problems = read_record("r.yaml", "game: pastiche\nmoves: []\n")
    assert [p.code for p in problems] == ["missing-key"]


@pytest.mark.parametrize(
    "before, after",
    [
        ("moves:\n  - Ana end\n", "moves:\n  - Ana end\n  - Ben end\n"),
        ("moves:\n  - Ana end", "moves:\n  - Ana end\n  - Ben end"),  # no newline at the end: still none
        ("moves:\n  - Ana end  # hers\n# the end\n", "moves:\n  - Ana end  # hers\n  - Ben end\n# the end\n"),
        ("moves:\n    -   Ana end\n", "moves:\n    -   Ana end\n    -   Ben end\n"),  # indented as the last
        ("moves:   # none yet\n", "moves:   # none yet\n  - Ben end\n"),
        ("moves: ~\n", "moves:\n  - Ben end\n"),  # no line left ending in a space (issue 23)
        ("moves: []\n", 'moves: ["Ben end"]\n'),  # played into: undo gives `moves: []` back (issue 23)
        ('moves: ["Ana end"]\n', 'moves: ["Ana end", "Ben end"]\n'),
    ],
)
def test_append_adds_one_line_and_changes_nothing_else(before, after):
    assert append_move("setup: {}\n" + before, "Ben end") == "setup: {}\n" + after


def test_append_to_a_record_without_moves_adds_the_key():
    assert append_move("setup: {}", "Ben end") == "setup: {}\nmoves:\n  - Ben end\n"


@pytest.mark.parametrize(
    "text",
    [
        "moves:\n  - Ana end\n  - Ben end\n",
        "moves:\n  - Ana end  # hers\n  - Ben end\n# after\n",
        'moves: ["Ana end", "Ben end"]\n',
    ],
)
def test_remove_is_the_inverse_of_append(text):
    shorter = remove_last_move("setup: {}\n" + text)
    assert append_move(shorter, "Ben end") == "setup: {}\n" + text


def test_remove_takes_the_last_move_line_with_its_own_comment_and_nothing_else():
    text = "setup: {}\nmoves:\n  # turn 1\n  - Ana end  # hers\n  - Ben end   # his\n\n# after\n"
    assert remove_last_move(text) == "setup: {}\nmoves:\n  # turn 1\n  - Ana end  # hers\n\n# after\n"


def test_remove_with_no_moves_refuses():
    with pytest.raises(ValueError):
        remove_last_move("setup: {}\nmoves: []\n")


@pytest.mark.parametrize(
    "notation, written",
    [
        ("Ana end", "Ana end"),
        ('Ana complete "Salt Marsh"', 'Ana complete "Salt Marsh"'),
        ('"Mary Ann" end', '"\\"Mary Ann\\" end"'),  # starts with a quote: YAML would eat it
        ('Ana swap "a: b" for marsh', '"Ana swap \\"a: b\\" for marsh"'),  # ': ' would make a mapping
        ('Ana complete "No #1"', '"Ana complete \\"No #1\\""'),
    ],
)
def test_a_move_is_written_plain_only_when_it_reads_back_as_itself(notation, written):
    assert move_scalar(notation) == written
    record, _ = read_record("r.yaml", SETUP + f"moves:\n  - {written}\n")
    assert record.moves[0].text == notation


def test_load_stops_at_the_first_illegal_move_with_a_rules_problem():
    loaded = load_text("r.yaml", SETUP + "moves:\n  - Ben end\n  - Ana end\n")
    stop = [p for p in loaded.problems if p.code == "illegal-move"]
    assert len(stop) == 1 and stop[0].kind == "rules" and stop[0].message.startswith("move 1: ")
    assert loaded.replay.steps == () and loaded.position == loaded.replay.setup
