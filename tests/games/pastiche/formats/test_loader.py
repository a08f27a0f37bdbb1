"""Loading a position (SPEC 3, 3.1, 3.2): every format problem at once, located as FILE:LINE:COL;
rule-consistency errors (exit 4) and warnings from validate.py.

Line and column numbers below were counted by hand on the inline YAML (both 1-based).
"""

from __future__ import annotations

import textwrap
from collections import Counter

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.games.pastiche.core.validate import consistency_problems
from pastiche_cli.games.pastiche.formats.record import load_position
from pastiche_cli.kernel.problems import FORMAT, RULES, WARNING, PositionError

D = textwrap.dedent


def write(tmp_path, text: str, name: str = "game.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def format_problems(tmp_path, text: str, catalogue=None) -> list[tuple[int, int, str, str]]:
    path = write(tmp_path, text)
    with pytest.raises(PositionError) as caught:
        load_position(path, str(catalogue) if catalogue else None)
    assert caught.value.exit_code == 3
    return [(p.line, p.column, p.code, p.message) for p in caught.value.problems if p.kind == FORMAT]


def load(tmp_path, text: str, catalogue=None):
    position, warnings = load_position(write(tmp_path, text), str(catalogue) if catalogue else None)
    return position, warnings


TWO_PLAYERS_TAIL = """\
  - name: Ben
    palette: []
    commissions: []
    completed: []
"""


# --- every problem at once, located -------------------------------------------------------------------


def test_loader_reports_every_problem_at_once_with_exact_locations(tmp_path):
    found = format_problems(
        tmp_path,
        """\
        players:
          - name: Ana
            palete: [teal]
            palette: [purpel, teal]
            commissions:
              - {title: Mill, artist: Q. Example, points: ten, palette: [teal, blue]}
          - name: Ben
            colour: 3
        turn: {player: Bne, phase: paintng}
        """,
    )
    assert [(line, col, code) for line, col, code, _ in found] == [
        (3, 5, "unknown-key"),  # palete
        (4, 15, "unknown-card"),  # purpel
        (6, 51, "type"),  # ten
        (8, 5, "unknown-key"),  # colour
        (9, 16, "unknown-player"),  # Bne
        (9, 28, "unknown-phase"),  # paintng
    ]
    messages = [m for *_, m in found]
    assert "did you mean 'palette'?" in messages[0]
    assert "did you mean 'purple'?" in messages[1]
    assert "'ten'" in messages[2]
    assert "did you mean 'Ben'?" in messages[4]
    assert "did you mean 'painting'?" in messages[5]


def test_loader_cli_prints_file_line_col_for_each_problem(tmp_path):
    path = write(
        tmp_path,
        """\
        players:
          - name: Ana
            palette: [purpel]
          - name: Ben
            palete: []
        """,
    )
    result = CliRunner().invoke(root, ["check", str(path)])
    assert result.exit_code == 3
    out = result.output
    assert f"{path}:3:15: error: unknown palette card 'purpel'; did you mean 'purple'?" in out
    assert f"{path}:5:5: error: unknown key 'palete' in players[1]; did you mean 'palette'?" in out
    assert "Traceback" not in out


def test_loader_unknown_key_far_from_any_lists_the_known_keys(tmp_path):
    (found,) = format_problems(tmp_path, "players: []\nzzzzqqq: 1\n")
    line, col, code, message = found
    assert (line, col, code) == (2, 1, "unknown-key")
    assert "players" in message and "house_rules" in message and "did you mean" not in message


@pytest.mark.parametrize(
    "typo, meant", [("palete", "palette"), ("comissions", "commissions"), ("complted", "completed"), ("nmae", "name")]
)
def test_loader_did_you_mean_for_player_keys(tmp_path, typo, meant):
    found = format_problems(tmp_path, f"players:\n  - name: Ana\n    {typo}: []\n")
    assert (3, 5, "unknown-key") in [f[:3] for f in found]
    assert any(f"did you mean '{meant}'?" in m for *_, m in found)


@pytest.mark.parametrize(
    "typo, meant",
    [
        ("purpel", "purple"),
        ("tael", "teal"),
        ("viollet", "violet"),
        ("gery", "grey"),
        ("bisqe", "bisque"),
        ("magneta", "magenta"),
    ],
)
def test_loader_did_you_mean_for_cards(tmp_path, typo, meant):
    ((line, col, code, message),) = format_problems(tmp_path, f"players:\n  - name: Ana\n    palette: [{typo}]\n")
    assert (line, col, code) == (3, 15, "unknown-card")
    assert f"did you mean '{meant}'?" in message


def test_loader_unknown_card_far_from_any_lists_the_cards(tmp_path):
    ((_, _, _, message),) = format_problems(tmp_path, "players:\n  - name: Ana\n    palette: [xqzw]\n")
    assert "bisque" in message and "did you mean" not in message


def test_loader_top_level_key_typo(tmp_path):
    ((line, col, code, message),) = format_problems(tmp_path, "players: []\ngalery: []\n")
    assert (line, col, code) == (2, 1, "unknown-key")
    assert "did you mean 'gallery'?" in message


def test_loader_card_problem_inside_a_mapping_palette_is_located_at_the_key(tmp_path):
    found = format_problems(tmp_path, "players:\n  - name: Ana\n    palette: {teal: 2, purpel: 1, red: x}\n")
    assert [f[:3] for f in found] == [(3, 24, "unknown-card"), (3, 40, "type")]


def test_loader_negative_count_is_a_format_error(tmp_path):
    ((line, col, code, _),) = format_problems(tmp_path, "players:\n  - name: Ana\n    palette: {teal: -1}\n")
    assert (line, col, code) == (3, 21, "negative")


def test_loader_same_card_twice_in_a_mapping(tmp_path):
    found = format_problems(tmp_path, "players:\n  - name: Ana\n    palette: {teal: 1, Teal: 2}\n")
    assert [f[:3] for f in found] == [(3, 24, "duplicate-key")]


def test_loader_hex_notation_error_points_at_the_letter(tmp_path):
    found = format_problems(tmp_path, "players:\n  - name: Ana\n    hexes: [RYBRYB/R, RYBRYX/R]\n")
    # "    hexes: [RYBRYB/R, " is 22 characters; the bad X is the sixth letter of the second hex.
    assert [f[:3] for f in found] == [(3, 28, "hex-notation")]


def test_loader_missing_commission_keys_are_named(tmp_path):
    found = format_problems(
        tmp_path,
        """\
        players:
          - name: Ana
            commissions:
              - {title: Mill, points: 10}
        """,
    )
    ((line, col, code, message),) = found
    assert (line, col, code) == (4, 9, "missing-key")
    assert "'artist'" in message and "'palette'" in message and "'title'" not in message


def test_loader_completed_commissions_need_no_palette(tmp_path):
    position, _ = load(
        tmp_path,
        D("""\
        players:
          - name: Ana
            completed: [{title: Red Mill, artist: Q. Example, points: 14}]
        """)
        + TWO_PLAYERS_TAIL,
    )
    (mill,) = position.players[0].completed
    assert (mill.title, mill.points, mill.palette, mill.has_palette) == ("Red Mill", 14, (), False)


def test_loader_missing_players_is_named(tmp_path):
    ((line, col, code, message),) = format_problems(tmp_path, "gallery: []\n")
    assert code == "missing-key" and "'players'" in message


def test_loader_player_without_name(tmp_path):
    ((line, col, code, message),) = format_problems(tmp_path, "players:\n  - palette: [red]\n")
    assert (line, col, code) == (2, 5, "missing-key")
    assert "'name'" in message


def test_loader_wrong_types_everywhere_all_reported(tmp_path):
    found = format_problems(
        tmp_path,
        """\
        players:
          - name: Ana
            palette: 5
            commissions: {a: 1}
            completed: 7
            hexes: RYB
          - name: Ben
        gallery: {a: 1}
        board: {start: [RYBRYB/R]}
        turn: {phase: mixing}
        house_rules: {end_threshold: 0, strict_adjacency: yes}
        """,
    )
    assert [f[:2] for f in found] == [(3, 14), (4, 18), (5, 16), (6, 12), (8, 10), (9, 16), (10, 7), (11, 30), (11, 51)]


def test_loader_commands_needing_a_key_name_it(tmp_path):
    path = write(tmp_path, "players:\n  - name: Ana\n    palette: []\n    commissions: []\n  - name: Ben\n")
    result = CliRunner().invoke(root, ["score", str(path)])
    assert result.exit_code == 3
    assert "'palette'" in result.output and "'commissions'" in result.output and "'completed'" in result.output
    assert "Ben" in result.output


# --- palette: list or mapping, names case-insensitive, grey, R/Y/B -------------------------------------


@pytest.mark.parametrize(
    "palette",
    [
        "[teal, teal, blue, gray, red]",
        "{teal: 2, blue: 1, gray: 1, red: 1}",
        "[TEAL, Teal, BLUE, Grey, R]",
        "{Teal: 2, b: 1, GREY: 1, r: 1}",
        "[teal, teal, B, gray, red, ]",
        "{teal: 2, blue: 1, grey: 1, red: 1, bisque: 0}",
    ],
)
def test_loader_palette_spellings_all_mean_the_same_hand(tmp_path, palette):
    position, warnings = load(tmp_path, f"players:\n  - name: Ana\n    palette: {palette}\n" + TWO_PLAYERS_TAIL)
    assert +position.players[0].palette == Counter({"teal": 2, "blue": 1, "gray": 1, "red": 1})
    assert warnings == []


@pytest.mark.parametrize("letter, card", [("R", "red"), ("Y", "yellow"), ("B", "blue"), ("y", "yellow")])
def test_loader_dab_letters_are_primaries(tmp_path, letter, card):
    position, _ = load(tmp_path, f"players:\n  - name: Ana\n    palette: [{letter}]\n" + TWO_PLAYERS_TAIL)
    assert position.players[0].palette == Counter({card: 1})


def test_loader_empty_palette_forms(tmp_path):
    position, _ = load(tmp_path, "players:\n  - name: Ana\n    palette:\n  - name: Ben\n    palette: {}\n")
    assert [sum(p.palette.values()) for p in position.players] == [0, 0]


def test_loader_commission_palette_as_mapping_with_repeats(tmp_path):
    position, _ = load(
        tmp_path,
        D("""\
        players:
          - name: Ana
            commissions:
              - {title: Harbour, artist: P. Example, points: 11, palette: {Teal: 2, b: 1}}
        """)
        + TWO_PLAYERS_TAIL,
    )
    assert Counter(position.players[0].commissions[0].palette) == Counter({"teal": 2, "blue": 1})


# --- commissions inline or by id: the file's catalogue, --catalogue FILE -------------------------------

CATALOGUE_ENTRY = "hd: {title: Harbour at Dusk, artist: P. Example, points: 11, palette: [teal, blue, black]}"


def test_loader_commission_by_id_from_the_files_catalogue(tmp_path):
    position, _ = load(
        tmp_path,
        D(f"""\
        catalogue:
          {CATALOGUE_ENTRY}
        players:
          - name: Ana
            commissions: [hd]
        """)
        + TWO_PLAYERS_TAIL,
    )
    (c,) = position.players[0].commissions
    assert (c.id, c.title, c.artist, c.points, Counter(c.palette)) == (
        "hd",
        "Harbour at Dusk",
        "P. Example",
        11,
        Counter({"teal": 1, "blue": 1, "black": 1}),
    )


def test_loader_catalogue_after_players_still_resolves(tmp_path):
    position, _ = load(
        tmp_path,
        D("""\
        players:
          - name: Ana
            commissions: [hd]
        """)
        + TWO_PLAYERS_TAIL
        + f"catalogue:\n  {CATALOGUE_ENTRY}\n",
    )
    assert position.players[0].commissions[0].title == "Harbour at Dusk"


def test_loader_commission_by_id_from_a_catalogue_file(tmp_path):
    catalogue = tmp_path / "box.yaml"
    catalogue.write_text(
        f"catalogue:\n  {CATALOGUE_ENTRY}\n  rm: {{title: Red Mill, artist: Q. Example, points: 14, "
        "palette: [red, red]}\n"
    )
    position, _ = load(
        tmp_path,
        "players:\n  - name: Ana\n    commissions: [hd]\n    completed: [rm]\n" + TWO_PLAYERS_TAIL,
        catalogue=catalogue,
    )
    assert [c.title for c in position.players[0].commissions] == ["Harbour at Dusk"]
    assert [c.points for c in position.players[0].completed] == [14]


def test_loader_catalogue_file_may_be_a_bare_mapping(tmp_path):
    catalogue = tmp_path / "box.yaml"
    catalogue.write_text(CATALOGUE_ENTRY + "\n")
    position, _ = load(
        tmp_path, "players:\n  - name: Ana\n    commissions: [hd]\n" + TWO_PLAYERS_TAIL, catalogue=catalogue
    )
    assert position.players[0].commissions[0].points == 11


def test_loader_unknown_id_suggests_a_near_one(tmp_path):
    found = format_problems(
        tmp_path, f"catalogue:\n  {CATALOGUE_ENTRY}\nplayers:\n  - name: Ana\n    commissions: [hdd]\n"
    )
    assert [f[:3] for f in found] == [(5, 19, "unknown-commission")]
    assert "did you mean 'hd'?" in found[0][3]


def test_loader_unknown_id_without_any_catalogue_says_how_to_give_one(tmp_path):
    ((_, _, code, message),) = format_problems(tmp_path, "players:\n  - name: Ana\n    commissions: [hd]\n")
    assert code == "unknown-commission"
    assert "--catalogue" in message


def test_loader_catalogue_entries_are_checked_like_commissions(tmp_path):
    found = format_problems(
        tmp_path, "catalogue:\n  x: {title: T, artist: A. Example, points: 9, palette: [purpel]}\nplayers: []\n"
    )
    assert [f[:3] for f in found] == [(2, 58, "unknown-card")]


# --- validate.py: rule-consistency errors (exit 4) and warnings ----------------------------------------


def rule_codes(tmp_path, text: str) -> tuple[list[str], list[str]]:
    position, load_warnings = load(tmp_path, text)
    problems = consistency_problems(position)
    errors = [p.code for p in problems if p.kind == RULES]
    warnings = [p.code for p in problems if p.kind == WARNING] + [p.code for p in load_warnings]
    return errors, warnings


def check_exit(tmp_path, text: str) -> tuple[int, str]:
    result = CliRunner().invoke(root, ["check", str(write(tmp_path, text, "check.yaml"))])
    return result.exit_code, result.output


def test_validate_nine_reds_in_hands(tmp_path):
    text = "players:\n  - name: Ana\n    palette: {red: 5}\n  - name: Ben\n    palette: {red: 4}\n"
    errors, _ = rule_codes(tmp_path, text)
    assert errors == ["too-many-copies"]
    code, out = check_exit(tmp_path, text)
    assert code == 4
    assert "9 red" in out and "8" in out


def test_validate_eight_reds_in_hands_is_fine(tmp_path):
    text = "players:\n  - name: Ana\n    palette: {red: 4}\n  - name: Ben\n    palette: {red: 4}\n"
    assert rule_codes(tmp_path, text) == ([], [])
    assert check_exit(tmp_path, text)[0] == 0


@pytest.mark.parametrize("card, copies", [("bisque", 5), ("gray", 6), ("teal", 6), ("green", 12)])
def test_validate_copies_limit_per_card(tmp_path, card, copies):
    ok = f"players:\n  - name: Ana\n    palette: {{{card}: {copies}}}\n  - name: Ben\n"
    bad = f"players:\n  - name: Ana\n    palette: {{{card}: {copies}}}\n  - name: Ben\n    palette: [{card}]\n"
    assert "too-many-copies" not in rule_codes(tmp_path, ok)[0]
    assert "too-many-copies" in rule_codes(tmp_path, bad)[0]


def _commission(i: int) -> str:
    return f"{{title: Study {i}, artist: A{i}. Example, points: 10, palette: [red, blue]}}"


def test_validate_three_commissions_in_hand(tmp_path):
    two = f"players:\n  - name: Ana\n    commissions: [{_commission(1)}, {_commission(2)}]\n  - name: Ben\n"
    three = (
        f"players:\n  - name: Ana\n    commissions: [{_commission(1)}, {_commission(2)}, {_commission(3)}]\n"
        "  - name: Ben\n"
    )
    assert rule_codes(tmp_path, two)[0] == []
    assert rule_codes(tmp_path, three)[0] == ["too-many-commissions"]
    assert check_exit(tmp_path, three)[0] == 4


def test_validate_gallery_of_five(tmp_path):
    four = "gallery: [" + ", ".join(_commission(i) for i in range(4)) + "]\nplayers: [{name: Ana}, {name: Ben}]\n"
    five = "gallery: [" + ", ".join(_commission(i) for i in range(5)) + "]\nplayers: [{name: Ana}, {name: Ben}]\n"
    assert rule_codes(tmp_path, four)[0] == []
    assert rule_codes(tmp_path, five)[0] == ["gallery-size"]
    code, out = check_exit(tmp_path, five)
    assert code == 4 and "check.yaml:1:1:" in out


@pytest.mark.parametrize("second", ["Ana", "ana", "ANA"])
def test_validate_duplicate_names(tmp_path, second):
    text = f"players:\n  - name: Ana\n  - name: {second}\n"
    assert rule_codes(tmp_path, text)[0] == ["duplicate-player"]
    code, out = check_exit(tmp_path, text)
    assert code == 4 and "check.yaml:3:5:" in out


@pytest.mark.parametrize("n, bad", [(0, True), (1, True), (2, False), (4, False), (5, True)])
def test_validate_player_count(tmp_path, n, bad):
    names = ["Ana", "Ben", "Caro", "Dev", "Eli"][:n]
    text = "players:" + ("".join(f"\n  - name: {name}" for name in names) if names else " []") + "\n"
    errors, _ = rule_codes(tmp_path, text)
    assert errors == (["player-count"] if bad else [])
    assert check_exit(tmp_path, text)[0] == (4 if bad else 0)


def test_validate_all_rule_problems_reported_at_once(tmp_path):
    text = (
        "players:\n  - name: Ana\n    palette: {red: 9}\n"
        f"    commissions: [{_commission(1)}, {_commission(2)}, {_commission(3)}]\n  - name: Ana\n"
    )
    errors, _ = rule_codes(tmp_path, text)
    assert sorted(errors) == ["duplicate-player", "too-many-commissions", "too-many-copies"]


def test_validate_hand_over_eight_outside_own_turn_is_a_warning(tmp_path):
    text = "players:\n  - name: Ana\n    palette: {teal: 5, blue: 4}\n  - name: Ben\nturn: {player: Ben}\n"
    errors, warnings = rule_codes(tmp_path, text)
    assert (errors, warnings) == ([], ["over-hand-limit"])
    code, out = check_exit(tmp_path, text)
    assert code == 0
    assert "check.yaml:2:5: warning:" in out


def test_validate_hand_over_eight_on_own_turn_is_fine(tmp_path):
    text = "players:\n  - name: Ana\n    palette: {teal: 5, blue: 4}\n  - name: Ben\nturn: {player: Ana}\n"
    assert rule_codes(tmp_path, text) == ([], [])


def test_validate_hand_of_exactly_eight_is_fine(tmp_path):
    text = "players:\n  - name: Ana\n    palette: {teal: 4, blue: 4}\n  - name: Ben\n"
    assert rule_codes(tmp_path, text) == ([], [])


def test_validate_format_errors_win_over_rule_errors_for_the_exit_code(tmp_path):
    text = "players:\n  - name: Ana\n    palette: {red: 9, purpel: 1}\n  - name: Ben\n"
    code, out = check_exit(tmp_path, text)
    assert code == 3
    assert "purple" in out
