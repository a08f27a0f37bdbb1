"""The short sheet's shared reading (formats/sheet.py): lines, fields, names and counts, every problem located."""

import pathlib

import pytest

from pastiche_cli.formats.gamekey import is_sheet
from pastiche_cli.formats.sheet import Emitter, Names, Token, counted, parse, yaml_scalar
from pastiche_cli.kernel.problems import FORMAT, Problem


def test_a_sheet_is_named_dot_sheet_or_starts_with_the_word_sheet():
    assert is_sheet("game.sheet", "Ana: 0\n")
    assert is_sheet("GAME.SHEET", "")
    assert is_sheet("-", "# scores of Friday\n\nsheet\ngame: artline\nAna: 0\n")
    assert not is_sheet("game.yaml", "players: []\n")
    assert not is_sheet("-", "# sheet\nplayers: []\n")  # a comment is not the mark
    assert not is_sheet("-", "players: []\nsheet\n")  # the mark is the first real line only


def test_lines_are_keys_or_players_with_fields_and_located_words():
    sheet, problems = parse(
        "s.sheet", "sheet\ncatalogue: box.yaml  # ours\nAna: red, blue | lantern |  2 teal\n", ["catalogue"]
    )
    assert problems == []
    assert sheet.keys["catalogue"][1] == (Token("box.yaml", 2, 12),)
    (ana,) = sheet.players
    assert ana.name == Token("Ana", 3, 1)
    assert ana.fields == (
        (Token("red", 3, 6), Token("blue", 3, 11)),
        (Token("lantern", 3, 18),),
        (Token("2", 3, 29), Token("teal", 3, 31)),
    )
    assert ana.field(5) == ()


def test_every_bad_line_is_reported_at_once():
    _, problems = parse("s.sheet", "Ana 0\ncatalogue: a\ncatalogue: b\n  : 3\n", ["catalogue"])
    assert [(p.code, p.line, p.column) for p in problems] == [
        ("sheet-line", 1, 1),
        ("duplicate-key", 3, 1),
        ("sheet-line", 4, 3),
    ]


NAMES = Names(
    "commission", {"Salt Flats I": "sf1", "Salt Flats II": "sf2", "sf1": "sf1", "sf2": "sf2", "Red Mill": "rm"}
)


@pytest.mark.parametrize(
    "written, meant",
    [("salt-flats-i", "sf1"), ("SALT_FLATS_II", "sf2"), ("red", "rm"), ("Red-Mill", "rm"), ("sf2", "sf2")],
)
def test_a_name_is_exact_first_then_a_unique_start(written, meant):
    problems: list[Problem] = []
    assert NAMES.pick(Token(written, 1, 1), problems) == meant and problems == []


def test_a_start_of_two_names_and_a_typo_are_located_problems():
    problems: list[Problem] = []
    assert NAMES.pick(Token("salt", 2, 7), problems) is None
    assert NAMES.pick(Token("red-mil1", 3, 9), problems) is None
    assert [(p.kind, p.code, p.line, p.column) for p in problems] == [
        (FORMAT, "ambiguous-name", 2, 7),
        (FORMAT, "unknown-name", 3, 9),
    ]
    assert "salt-flats-i, salt-flats-ii" in problems[0].message
    assert "did you mean 'Red Mill'?" in problems[1].message


def test_counts_go_before_a_word_or_are_glued_to_it():
    problems: list[Problem] = []
    tokens = [Token(t, 1, i) for i, t in enumerate(["2", "orange", "teal", "3gray", "blue*2"], 1)]
    assert [(t.text, n) for t, n in counted(tokens, problems)] == [("orange", 2), ("teal", 1), ("gray", 3), ("blue", 2)]
    assert problems == []
    counted([Token("2", 1, 1), Token("3", 1, 3), Token("teal", 1, 5), Token("4", 1, 10)], problems)
    assert [(p.code, p.column) for p in problems] == [("count", 3), ("count", 10)]


def test_scalars_that_yaml_would_misread_are_quoted():
    assert yaml_scalar("Red Mill") == "Red Mill"
    assert yaml_scalar("yes") == '"yes"'
    assert yaml_scalar("Mill: red") == '"Mill: red"'
    assert yaml_scalar("#1") == '"#1"'
    assert yaml_scalar(14) == "14"


def test_the_positions_problems_are_moved_to_the_sheet_line_they_come_from():
    out = Emitter(["heading"])
    out.add("players:")
    out.add("  - name: Ana", Token("Ana", 4, 1))
    moved = out.relocate([Problem(FORMAT, "x", "m", 3, 5), Problem(FORMAT, "y", "m", 1, 1, file="box.yaml")])
    assert [(p.line, p.column, p.file) for p in moved] == [(4, 1, None), (1, 1, "box.yaml")]


def test_a_count_is_1_to_99_so_a_typo_never_makes_a_million_cards():
    problems: list[Problem] = []
    got = counted([Token("1000000000", 1, 1), Token("teal", 1, 12), Token("0blue", 1, 17), Token("3", 1, 23)], problems)
    assert [n for _, n in got] == [0, 0]
    assert [(p.code, p.column, p.message) for p in problems] == [
        ("count", 1, "a count is 1 to 99"),
        ("count", 17, "a count is 1 to 99"),
        ("count", 23, "a count with nothing after it"),
    ]


def test_a_thousand_typos_are_each_located_and_the_guessing_stays_bounded():
    names = Names("commission", {f"card-{i:03}": i for i in range(300)})
    problems: list[Problem] = []
    for i in range(1000):
        names.pick(Token(f"krad-{i:03}x", i + 1, 1), problems)
    assert len(problems) == 1000 and [p.line for p in problems] == list(range(1, 1001))
    assert "did you mean 'card-000'" in problems[0].message
    assert "did you mean" not in problems[-1].message  # the budget is spent long before the last


def test_a_position_or_record_is_read_without_the_sheets_grammar():
    """Telling a position or a record from a short sheet needs only its name and the word `sheet`
    (formats/gamekey.is_sheet): the sheet's grammar (1 ms to import) is imported for a file that
    may be one, not for every file a command reads (issue 33, item 22)."""
    import subprocess
    import sys

    examples = pathlib.Path(__file__).resolve().parents[2] / "examples"
    probe = (
        "import sys\nfrom pastiche_cli.cli.root import main\nsys.argv = ['pastiche', *sys.argv[1:]]\n"
        "code = 0\ntry:\n    main()\nexcept SystemExit as exc:\n    code = exc.code or 0\n"
        "print(code, 'pastiche_cli.formats.sheet' in sys.modules)\n"
    )
    for argv, sheet in [
        (["moves", examples / "positions" / "board-late-4p.yaml"], False),
        (["replay", examples / "records" / "two-player-game.yaml"], False),
        (["score", examples / "quick" / "four-player-finish.sheet"], True),
    ]:
        done = subprocess.run([sys.executable, "-c", probe, *map(str, argv)], capture_output=True, text=True)
        assert done.stdout.splitlines()[-1] == f"0 {sheet}", done.stdout[-300:] + done.stderr
    for path, text in [("x.SHEET", ""), ("x.yaml", "# a score sheet\nsheet\n"), ("-", "sheet\nAna: 1")]:
        assert is_sheet(path, text)
    assert not is_sheet("x.yaml", "players: []\n")
