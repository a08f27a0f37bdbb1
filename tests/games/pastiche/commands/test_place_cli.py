"""`pastiche place`: every exit code, the JSON of SPEC 6.3, labels, and --apply that never loses data."""

import json
import shutil

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES
from hypothesis import given, settings
from hypothesis import strategies as st

from pastiche_cli.cli.root import root

MIDGAME = EXAMPLES / "board-midgame-4p.yaml"
LATE = EXAMPLES / "board-late-4p.yaml"


def run(*args):
    return CliRunner().invoke(root, ["place", *map(str, args)])


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "game.yaml"
    shutil.copy(MIDGAME, path)
    return path


def test_legal_placement_exits_0_with_the_spec_json():
    # hand-checked in test_board: (-2,4) notch: top BBB blue, lower left RY orange, upper left YYB olive
    result = run(MIDGAME, "BYBYRB/RB", "--at", "-2,4", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {"legal", "rule", "cards", "corners", "centre"} <= set(data)
    assert data["legal"] is True and data["rule"] == "place.adjacent"
    assert data["cards"] == ["blue", "orange", "olive"]
    assert [(c["corner"], c["dabs"], c["card"]) for c in data["corners"]] == [
        (0, "BBB", "blue"),
        (1, "YY", None),
        (2, "", None),
        (3, "", None),
        (4, "RY", "orange"),
        (5, "YYB", "olive"),
    ]
    assert data["centre"] == ["red", "blue"]
    assert data["at"] == [-2, 4] and data["hex"] == "BYBYRB/RB" and data["label"] == "aa"
    assert data["short"] == []


def test_human_output_names_the_rules_and_each_corner():
    result = run(MIDGAME, "BYBYRB/RB", "--at", "aa", "--format", "plain")
    assert result.exit_code == 0
    out = result.stdout
    assert "legal [place.adjacent]" in out
    assert "Mix [place.mix]: blue, orange, olive (7 points)" in out
    assert "Or the centre [place.centre]: red or blue" in out
    assert "BBB" in out and "olive" in out


@pytest.mark.parametrize("at", ["aa", "AA", "-2,4", "[-2, 4]"])
def test_cell_by_label_or_coordinates(at):
    result = run(MIDGAME, "BYBYRB/RB", "--at", at, "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["at"] == [-2, 4]


def test_at_with_equals_for_a_negative_q():
    result = CliRunner().invoke(root, ["place", str(MIDGAME), "BYBYRB/RB", "--at=-1,4", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["cards"] == ["violet", "green"]


@pytest.mark.parametrize("at, why", [("0,0", "occupied"), ("1,1", "occupied"), ("9,9", "not-adjacent")])
def test_illegal_placements_exit_1(at, why):
    result = run(MIDGAME, "BYBYRB/RB", "--at", at, "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert (data["legal"], data["rule"], data["why"]) == (False, "place.adjacent", why)
    assert data["cards"] == []


def test_bad_hex_is_a_usage_error_pointing_at_the_letter():
    result = run(MIDGAME, "RYBBYX/R", "--at", "0,3")
    assert result.exit_code == 2
    assert "corner letter 6 is 'X'" in result.stderr
    assert "  RYBBYX/R\n       ^" in result.stderr


@pytest.mark.parametrize("at", ["zz", "1;2", ""])
def test_unknown_cell_is_a_usage_error(at):
    result = run(MIDGAME, "RYBBYR/R", "--at", at)
    assert result.exit_code == 2
    assert "neither q,r" in result.stderr


def test_missing_at_and_unknown_player_are_usage_errors():
    assert run(MIDGAME, "RYBBYR/R").exit_code == 2
    result = run(MIDGAME, "RYBBYR/R", "--at", "0,3", "--player", "Carro")
    assert result.exit_code == 2 and "Caro" in result.output


def test_a_file_that_does_not_fit_the_format_exits_3(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "players:\n  - {name: Ana, palette: []}\n  - {name: Ben, palette: []}\n"
        "board:\n  start: [RYBBYR/R, RYBBYR/R, RYBBYX/R]\n"
    )
    result = run(bad, "RYBBYR/R", "--at", "0,-1")
    assert result.exit_code == 3
    # the column points at the X: "  start: [RYBBYR/R, RYBBYR/R, " is 30 characters
    assert f"{bad}:5:36: error" in result.stderr


def test_a_file_without_a_starting_piece_exits_3(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("players:\n  - {name: Ana, palette: []}\n  - {name: Ben, palette: []}\n")
    result = run(bad, "RYBBYR/R", "--at", "0,-1")
    assert result.exit_code == 3
    assert "board.start" in result.stderr


def test_a_file_that_breaks_the_rules_exits_4(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "players:\n  - {name: Ana, palette: []}\n  - {name: Ben, palette: []}\n"
        "board:\n  start: [RYBBYR/R, RYBBYR/R, RYBBYR/R]\n  placed:\n"
        "    - {at: [4, 4], hex: RYBBYR/R}\n"
    )
    result = run(bad, "RYBBYR/R", "--at", "0,-1")
    assert result.exit_code == 4
    assert "not connected" in result.stderr


STRICT = """players:
  - {name: Ana, palette: [], hexes: [RRRRRR/R]}
  - {name: Ben, palette: [], hexes: [YYYYYY/Y]}
house_rules: {strict_adjacency: true}
board:
  start: [RYBBYR/R, RYBBYR/R, RYBBYR/R]
  placed:
    - {at: [0, -1], hex: BBBBBB/B, by: Ana}
"""


def test_strict_adjacency_says_no_to_touching_only_your_own_hex(tmp_path):
    path = tmp_path / "strict.yaml"
    path.write_text(STRICT)
    result = run(path, "RRRRRR/R", "--at", "0,-2", "--player", "Ana", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["why"] == "strict-adjacency"
    assert run(path, "YYYYYY/Y", "--at", "0,-2", "--player", "Ben").exit_code == 0
    # without --player and without a turn there is no one to judge
    assert run(path, "RRRRRR/R", "--at", "0,-2").exit_code == 2
    path.write_text(STRICT + "turn: {player: Ana}\n")
    assert run(path, "RRRRRR/R", "--at", "0,-2").exit_code == 1


def test_place_bank_short_cards_are_named(tmp_path):
    # In the late game the bank has no red left and one violet.
    result = run(LATE, "RRRRRR/R", "--at", "o", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert "red" in data["centre_short"]
    violets = data["cards"].count("violet")
    reds = data["cards"].count("red")
    assert data["short"] == ["red"] * reds + ["violet"] * max(0, violets - 1)


# --- --apply ---------------------------------------------------------------------------------


def test_apply_records_the_placement_keeps_comments_and_takes_the_cards(game):
    before = game.read_text()
    result = run(game, "RRRBBR/RB", "--at", "aa", "--apply", "--json")  # Caro's turn; her hex
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["applied"] == {"take": "mix", "cards": ["orange", "green", "amber", "purple"], "by": "Caro"}
    after = game.read_text()
    for line in before.splitlines():
        if line.lstrip().startswith("#") or "#" in line and "purple: 1" not in line:
            assert line in after  # every comment survives
    assert "    - {at: [-2, 4], hex: RRRBBR/RB, by: Caro}\n" in after
    assert "      - RRRBBR/RB\n" not in after  # out of Caro's hand
    assert "      purple: 2\n" in after and "      amber: 1\n" in after  # mapping style kept
    check = CliRunner().invoke(root, ["check", str(game)])
    assert check.exit_code == 0, check.output


def test_apply_a_rotated_hex_and_the_centre_option_with_a_list_palette(game):
    # Ana holds BRYBRY/Y; laid turned one step clockwise it is YBRYBR/Y.
    game.write_text(
        game.read_text().replace("turn: {player: Caro, phase: mixing}", "turn: {player: Ana, phase: mixing}")
    )
    result = run(game, "YBRYBR/Y", "--at", "w", "--player", "Ana", "--apply", "--take", "centre:yellow")
    assert result.exit_code == 0, result.output
    text = game.read_text()
    assert "palette: [orange, green, teal, blue, scarlet, yellow]" in text
    assert "hexes: [YBYRBY/RY]" in text
    assert "{at: [0, 3], hex: YBRYBR/Y, by: Ana}" in text
    assert "took BRYBRY/Y out of Ana's hexes" in result.stdout


@pytest.mark.parametrize(
    "args, code",
    [
        (["RRRBBR/RB", "--at", "0,0"], 1),  # occupied
        (["RRRBBR/RB", "--at", "9,9"], 1),  # not adjacent
        (["RRRBBR/RB", "--at", "aa", "--take", "centre:yellow"], 1),  # not in the centre
        (["RRRBBR/RB", "--at", "aa", "--take", "palette"], 2),  # not an option
        (["RRRBBR/RB", "--at", "aa", "--player", "Zed"], 2),
        (["RRRBBX/RB", "--at", "aa"], 2),
    ],
)
def test_a_refused_apply_leaves_the_file_byte_identical(game, args, code):
    before = game.read_bytes()
    result = run(game, *args, "--apply")
    assert result.exit_code == code
    assert game.read_bytes() == before


def test_apply_refuses_a_centre_primary_the_bank_has_run_out_of(tmp_path):
    path = tmp_path / "late.yaml"
    shutil.copy(LATE, path)
    before = path.read_bytes()
    result = run(path, "RRRRRR/R", "--at", "o", "--player", "Dev", "--apply", "--take", "centre:red")
    assert result.exit_code == 1
    assert "[place.bank]" in result.stderr
    assert path.read_bytes() == before


def test_apply_without_a_player_or_turn_is_a_usage_error(tmp_path):
    path = tmp_path / "strict.yaml"
    path.write_text(STRICT.replace("house_rules: {strict_adjacency: true}\n", ""))
    before = path.read_bytes()
    assert run(path, "RRRRRR/R", "--at", "0,-2", "--apply").exit_code == 2
    assert path.read_bytes() == before


def test_apply_creates_placed_when_the_board_has_none(tmp_path):
    path = tmp_path / "fresh.yaml"
    path.write_text(
        "# a fresh game\nplayers:\n  - {name: Ana, palette: [], hexes: [RRRRRR/R]}  # Ana\n"
        "  - {name: Ben, palette: []}\nboard:\n  start: [RYBBYR/R, RYBBYR/R, RYBBYR/R]  # start\n"
    )
    result = run(path, "RRRRRR/R", "--at", "0,-1", "--player", "Ana", "--apply")
    assert result.exit_code == 0, result.output
    text = path.read_text()
    assert "# a fresh game" in text and "# Ana" in text and "# start" in text
    assert "placed:" in text and "{at: [0, -1], hex: RRRRRR/R, by: Ana}" in text
    assert CliRunner().invoke(root, ["check", str(path)]).exit_code == 0


def test_at_a_negative_q_after_a_space():
    result = run(MIDGAME, "BYBYRB/RB", "--at", "-2,4", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["at"] == [-2, 4]


def test_in_hand_says_whether_the_players_hexes_list_it_in_any_rotation():
    # Caro (whose turn it is) holds RRRBBR/RB; turned three steps it is BBRRRR/RB.
    assert json.loads(run(MIDGAME, "BBRRRR/RB", "--at", "aa", "--player", "Caro", "--json").stdout)["in_hand"] is True
    result = run(MIDGAME, "RRRRRR/R", "--at", "w", "--player", "Ana")
    assert result.exit_code == 0
    assert "note: Ana's hexes do not list RRRRRR/R in any rotation" in result.stdout
    assert json.loads(run(MIDGAME, "RRRRRR/R", "--at", "w", "--json").stdout)["in_hand"] is None


def test_apply_counts_a_card_under_the_name_the_file_already_uses(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text(
        "players:\n  - name: Ana\n    palette: {Orange: 1}   # mixed case\n    hexes: [yyyyyy/y]\n"
        "  - {name: Ben, palette: []}\nboard:\n  start: [RYBBYR/R, RYBBYR/R, RYBBYR/R]\n  placed: []\n"
    )
    # (0,-1) touches (0,0) only: its corners 2 and 3 meet (0,0)'s corners 0 and 5, both R: orange twice.
    result = run(path, "YYYYYY/Y", "--at", "0,-1", "--player", "Ana", "--apply", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["applied"]["cards"] == ["orange", "orange"]
    text = path.read_text()
    assert "palette: {Orange: 3}   # mixed case" in text
    assert "hexes: []" in text and "  placed:\n    - {at: [0, -1], hex: YYYYYY/Y, by: Ana}\n" in text


@settings(max_examples=40, deadline=None)
@given(st.text("RYBXrb/ ,-0123", max_size=12), st.text("abz-0123,[] ", min_size=1, max_size=6))
def test_no_hex_or_cell_text_gives_a_traceback(hex_text, at):
    result = CliRunner().invoke(root, ["place", str(MIDGAME), hex_text, f"--at={at}"])
    assert result.exit_code in (0, 1, 2)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception


# --- regressions from the board review ---------------------------------------------------------

COMMENTED = """# game
players:
  - name: Ana
    palette:
      orange: 1   # one orange
    # Ana's hexes next
    hexes:
      - RRRRRR/R  # the red one
      - BYBYRB/RB # last hex
    # Ana's commissions below
    commissions: []
  - name: Ben
    palette:
      - red
    # Ben's hexes
    hexes:
      - YYYYYY/Y
    # Ben has none left after this
    commissions: []
board:
  start: [RYBBYR/R, RYBBYR/R, RYBBYR/R]
  placed:
    - {at: [0, -1], hex: BBBBBB/B, by: Ben}  # Ben's first
# whose turn
turn: {player: Ana, phase: mixing}
"""


def pass_turn(path, before: str, after: str) -> None:
    """Play on: the placement ended `before`'s mixing phase; it is `after`'s turn now."""
    text = path.read_text()
    done = f"turn: {{player: {before}, phase: painting}}"
    assert done in text  # the apply moved the turn on to painting
    path.write_text(text.replace(done, f"turn: {{player: {after}, phase: mixing}}"))


def comment_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip().startswith("#")]


def test_apply_keeps_the_comment_lines_after_the_hex_taken_out_of_a_block_list(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(COMMENTED)
    assert run(path, "BYBYRB/RB", "--at", "1,-1", "--apply").exit_code == 0
    text = path.read_text()
    # the hex's own comment stays at its place, as a line (H3: a removed entry's comment is kept)
    assert (
        "      - RRRRRR/R  # the red one\n      # last hex\n    # Ana's commissions below\n    commissions: []\n"
        in text
    )
    # Ben's only hex: the list empties, the comment after it stays put
    pass_turn(path, "Ana", "Ben")
    result = run(path, "YYYYYY/Y", "--at", "-1,0", "--player", "Ben", "--apply")
    assert result.exit_code == 0, result.output
    text = path.read_text()
    assert "    hexes: []\n    # Ben has none left after this\n    commissions: []\n" in text
    assert comment_lines(COMMENTED.replace("- BYBYRB/RB # last hex", "# last hex")) == comment_lines(text)
    assert CliRunner().invoke(root, ["check", str(path)]).exit_code == 0


def test_apply_appends_the_hex_and_cards_before_the_comment_lines_that_follow_them(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(COMMENTED)
    result = run(path, "BYBYRB/RB", "--at", "1,-1", "--apply")
    assert result.exit_code == 0, result.output
    text = path.read_text()
    assert (
        "    - {at: [0, -1], hex: BBBBBB/B, by: Ben}  # Ben's first\n"
        "    - {at: [1, -1], hex: BYBYRB/RB, by: Ana}\n# whose turn\nturn:"
    ) in text
    assert (
        "      orange: 1   # one orange\n      violet: 1\n      amber: 1\n      magenta: 1\n    # Ana's hexes next\n"
        in text
    )
    pass_turn(path, "Ana", "Ben")
    result = run(path, "YYYYYY/Y", "--at", "-1,0", "--player", "Ben", "--apply")
    assert result.exit_code == 0, result.output
    text = path.read_text()
    assert "      - red\n      - green\n      - brown\n    # Ben's hexes\n" in text
    assert "BYBYRB/RB, by: Ana}\n    - {at: [-1, 0], hex: YYYYYY/Y, by: Ben}\n# whose turn\n" in text


def test_apply_that_cannot_write_the_file_exits_3_without_a_traceback(game, monkeypatch):
    import pastiche_cli.formats.yamlio as yamlio

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(yamlio, "atomic_write", refuse)
    before = game.read_bytes()
    result = run(game, "RRRBBR/RB", "--at", "aa", "--apply")
    assert result.exit_code == 3
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Permission denied" in result.stderr
    assert game.read_bytes() == before


def test_apply_to_an_empty_palette_keeps_it_on_one_line(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(
        "players:\n  - {name: Ana, hexes: [RRRRRR/R], palette: {}}\n  - name: Ben\n    palette: []\n"
        "    hexes: [RRRRRR/R]\nboard:\n  start: [RYBBYR/R, RYBBYR/R, RYBBYR/R]\n"
    )
    assert run(path, "RRRRRR/R", "--at", "1,-1", "--player", "Ana", "--apply").exit_code == 0
    assert run(path, "RRRRRR/R", "--at", "0,-1", "--player", "Ben", "--apply").exit_code == 0
    text = path.read_text()
    assert "{name: Ana, hexes: [], palette: {scarlet: 1}}" in text
    assert "    palette: [red]\n" in text  # (0,-1): R of (1,-1) and R of (0,0) at its corner 2


@pytest.mark.parametrize("at", ["0,0", "9,9"])
def test_place_json_has_all_six_corners_even_for_a_taken_or_unconnected_cell(at):
    # SPEC 6.3: `corners` gives each of the six corners; where nothing mixes, dabs "" and card null
    result = run(MIDGAME, "RYBBYR/R", "--at", at, "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert [(c["corner"], c["dabs"], c["card"]) for c in data["corners"]] == [(k, "", None) for k in range(6)]
    assert data["cards"] == []


def test_apply_whose_rewritten_text_would_not_parse_is_refused_without_a_traceback(game, monkeypatch):
    import pastiche_cli.formats.yamlio as yamlio

    monkeypatch.setattr(yamlio, "dump_roundtrip", lambda data: "players: [\n")
    before = game.read_bytes()
    result = run(game, "RRRBBR/RB", "--at", "aa", "--apply")
    assert result.exit_code == 4
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "unchanged" in result.stderr
    assert game.read_bytes() == before


def test_apply_is_refused_out_of_turn_or_out_of_the_mixing_phase(game):
    before = game.read_bytes()
    result = run(game, "BRYBRY/Y", "--at", "w", "--player", "Ana", "--apply")  # Caro's turn
    assert result.exit_code == 1
    assert "it is Caro's turn, not Ana's" in result.output and "[place]" in result.output
    assert game.read_bytes() == before
    game.write_text(game.read_text().replace("phase: mixing", "phase: painting"))
    before = game.read_bytes()
    result = run(game, "BYBYRB/RB", "--at", "aa", "--player", "Caro", "--apply")
    assert result.exit_code == 1
    assert "a hex is laid in the mixing phase" in result.output
    assert game.read_bytes() == before


@pytest.mark.parametrize(
    "args, said, rule",
    [
        (["BRYBRY/Y", "--at", "w", "--player", "Ana"], "not applied: it is Caro's turn, not Ana's", "place"),
        (["RRRBBB/RB", "--at", "2,-4"], "not applied: Caro does not hold RRRBBB/RB in any rotation", "place"),
        (["RRRBBR/RB", "--at", "aa", "--take", "centre:yellow"], "the centre of RRRBBR/RB shows", "place.centre"),
    ],
)
def test_a_refused_apply_is_the_records_verdict_in_words_and_in_json(game, args, said, rule):
    before = game.read_bytes()
    result = run(game, *args, "--apply")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith(f"pastiche: {said}") and result.stderr.endswith(f" [{rule}]\n")
    result = run(game, *args, "--apply", "--json")
    assert result.exit_code == 1 and result.stderr.startswith(f"pastiche: {said}")
    data = json.loads(result.stdout)  # was an empty stdout: the verdict refusing the write, over the placement's
    assert data["legal"] is False and data["rule"] == rule and data["applied"] is None
    assert data["reason"] in result.stderr and data["hex"] == args[0] and "corners" in data
    assert game.read_bytes() == before


def test_apply_moves_the_turn_on_to_the_painting_phase(game):
    result = run(game, "BYBYRB/RB", "--at", "aa", "--player", "Caro", "--apply")
    assert result.exit_code == 0, result.output
    assert "turn: {player: Caro, phase: painting}" in game.read_text()
