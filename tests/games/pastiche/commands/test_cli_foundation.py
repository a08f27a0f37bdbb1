"""The foundation's commands through click (score, check, end, chart, mix): every exit code of SPEC 6.1,
the JSON of SPEC 6.2 / 6.4, --format plain|markdown, data on stdout and messages on stderr."""

from __future__ import annotations

import json
import pathlib

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli.root import root

HERE = pathlib.Path(__file__).resolve().parent
FIXTURES = HERE.parent / "fixtures"
SPEC_EXAMPLE = str(EXAMPLES / "spec-example.yaml")
NINE_REDS = str(FIXTURES / "nine-reds.yaml")
BONUS_OFF_TABLE = str(FIXTURES / "bonus-off-table.yaml")
END_4P = str(FIXTURES / "end-triggered-4p.yaml")


def run(*args: str):
    result = CliRunner().invoke(root, list(args))
    # A deliberate exit is a SystemExit; anything else would be a traceback for a user.
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def write(tmp_path, text: str, name: str = "game.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


# --- exit 2: bad usage, for every command -------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["score"],
        ["check"],
        ["end"],
        ["mix"],
        ["score", SPEC_EXAMPLE, "--no-such-option"],
        ["check", SPEC_EXAMPLE, "--format", "plain"],
        ["score", SPEC_EXAMPLE, "--format", "html"],
        ["chart", "--format", "pdf"],
        ["chart", "extra"],
        ["end", SPEC_EXAMPLE, SPEC_EXAMPLE],
        ["mix", "RX"],
        ["mix", "R"],
        ["mix", "RYBR"],
        ["mix", "RY", "Q"],
    ],
)
def test_cli_bad_usage_exits_2(args):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Usage:" in result.output or "Error" in result.output


def test_cli_unknown_command_suggests_the_near_one():
    result = run("scor", SPEC_EXAMPLE)
    assert result.exit_code == 2
    assert "Did you mean 'score'?" in result.output


def _every_command() -> list[list[str]]:
    """Every command and subcommand the CLI has, as argv paths."""
    import click

    ctx = click.Context(root)
    paths = []
    for name in root.list_commands(ctx):
        cmd = root.get_command(ctx, name)
        paths.append([name])
        if isinstance(cmd, click.Group):
            paths += [[name, sub] for sub in cmd.list_commands(ctx)]
    return paths


@pytest.mark.parametrize("command", _every_command(), ids=" ".join)
def test_cli_every_command_has_help_with_an_example(command):
    result = run(*command, "--help")
    assert result.exit_code == 0
    assert "Example" in result.output, f"pastiche {' '.join(command)} --help shows no example"


def test_cli_every_command_is_covered():
    names = {path[0] for path in _every_command()}
    assert {
        "score",
        "check",
        "end",
        "chart",
        "mix",
        "place",
        "moves",
        "board",
        "trade",
        "complete",
        "swap",
        "discard",
        "plan",
        "rules",
        "catalogue",
        "new",
        "completion",
    } <= names


# --- score --------------------------------------------------------------------------------------------


def test_cli_score_json_is_spec_6_2():
    result = run("score", SPEC_EXAMPLE, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["winners"] == ["Ana"] and data["decided_by"] == "total"
    assert [tuple(p) for p in data["players"]] == [
        ("name", "commission_points", "palette_points", "artist_bonus", "total", "completed", "rank")
    ] * 3
    assert [(p["name"], p["total"], p["rank"]) for p in data["players"]] == [
        ("Ana", 34, 1),
        ("Ben", 0, 2),
        ("Caro", 0, 2),
    ]
    assert result.stderr == ""


def test_cli_score_json_detail_adds_the_derivation_only_when_asked():
    plain = json.loads(run("score", SPEC_EXAMPLE, "--json").stdout)
    detail = json.loads(run("score", SPEC_EXAMPLE, "--json", "--detail").stdout)
    assert "detail" not in plain["players"][0]
    ana = detail["players"][0]["detail"]
    assert {u["card"]: u["usable"] for u in ana["usable"]} == {"teal": 1, "blue": 1, "black": 0}
    assert [(p["artist"], p["summed_points"], p["bonus"]) for p in ana["pairs"]] == [("Q. Example", 23, 5)]


@pytest.mark.parametrize("fmt, marker", [("plain", "-------"), ("markdown", "|---")])
def test_cli_score_formats_for_pasting(fmt, marker):
    result = run("score", SPEC_EXAMPLE, "--format", fmt)
    assert result.exit_code == 0
    out = result.stdout
    assert marker in out
    table = [line for line in out.splitlines() if "Ana" in line and "34" in line]
    assert table, out
    if fmt == "markdown":
        assert table[0].startswith("|") and table[0].rstrip().endswith("|")
        assert "\x1b[" not in out
    else:
        assert "|" not in table[0]
    assert "Ahead so far: Ana" in out and "Winner" not in out  # the spec example's end is not triggered
    assert "[score.total]" in out
    # The breakdown names the cards that counted and the pair that earned the bonus.
    assert "1 teal x 2 = 2" in out and "1 blue x 4 = 4" in out
    assert "Red Mill + Blue Mill = 23 points" in out


def test_cli_score_ranks_shared_places_in_the_table():
    out = run("score", SPEC_EXAMPLE, "--format", "plain").stdout
    rows = {
        line.split()[1]: line.split()[0]
        for line in out.splitlines()
        if line.split() and line.split()[0][:1].isdigit() and len(line.split()) >= 7
    }
    assert rows["Ana"].startswith("1st")
    assert rows["Ben"].startswith("2nd") and rows["Caro"].startswith("2nd")
    assert rows["Ben"] == rows["Caro"] != "2nd"  # marked as shared
    assert "share 2nd place [score.tiebreak]" in out


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.score.json")))
def test_cli_score_examples_say_which_step_decided_in_words(example):
    expected = json.loads((EXAMPLES / example).read_text())
    position = str(EXAMPLES / example.replace(".score.json", ".yaml"))
    out = run("score", position, "--format", "plain").stdout
    words = {
        "total": "decided by highest total [score.total]",
        "completed": "decided by most commissions completed [score.tiebreak]",
        "palette_points": "decided by most usable-palette points [score.tiebreak]",
        "artist_bonus": "decided by most artist-bonus points [score.tiebreak]",
        "shared": "sharing first place",
    }
    assert words[expected["decided_by"]] in out
    assert json.loads(run("score", position, "--json").stdout) == expected


def test_cli_score_breaks_the_rules_exits_4_on_stderr():
    result = run("score", NINE_REDS)
    assert result.exit_code == 4
    assert f"{NINE_REDS}:7:5: error: 9 red cards" in result.stderr
    assert result.stdout == ""


def test_cli_score_breaks_the_rules_json_lists_problems():
    result = run("score", NINE_REDS, "--json")
    assert result.exit_code == 4
    (problem,) = json.loads(result.stdout)["problems"]
    assert problem == {
        "severity": "error",
        "code": "too-many-copies",
        "line": 7,
        "column": 5,
        "message": problem["message"],
    }


def test_cli_score_bad_file_exits_3(tmp_path):
    path = write(tmp_path, "players:\n  - name: Ana\n    palette: [purpel]\n")
    result = run("score", path)
    assert result.exit_code == 3
    assert f"{path}:3:15: error: unknown palette card 'purpel'; did you mean 'purple'?" in result.stderr
    assert result.stdout == ""


def test_cli_score_needs_palette_commissions_completed_for_every_player(tmp_path):
    path = write(
        tmp_path,
        "players:\n  - name: Ana\n    palette: []\n    commissions: []\n    completed: []\n"
        "  - name: Ben\n    palette: []\n",
    )
    result = run("score", path)
    assert result.exit_code == 3
    assert f"{path}:6:5: error: Ben has no 'commissions'" in result.stderr
    assert f"{path}:6:5: error: Ben has no 'completed'" in result.stderr
    assert "Ana has no" not in result.stderr


def test_cli_score_pair_off_the_table_without_printed_bonus_exits_3_located():
    result = run("score", BONUS_OFF_TABLE)
    assert result.exit_code == 3
    assert f"{BONUS_OFF_TABLE}:8:9: error:" in result.stderr
    assert "32" in result.stderr and "artist_bonus" in result.stderr
    data = json.loads(run("score", BONUS_OFF_TABLE, "--json").stdout)
    assert [(p["line"], p["column"]) for p in data["problems"]] == [(8, 9)]


def test_cli_score_warnings_go_to_stderr_and_do_not_change_the_exit_code():
    result = run("score", END_4P, "--json")
    assert result.exit_code == 0
    assert "warning: Ana holds 9 palette cards" in result.stderr
    data = json.loads(result.stdout)
    assert [(p["name"], p["total"]) for p in data["players"]] == [("Caro", 40), ("Ben", 32), ("Ana", 12), ("Dev", 0)]


def test_cli_score_catalogue_option(tmp_path):
    catalogue = write(
        tmp_path,
        "catalogue:\n  rm: {title: Red Mill, artist: Q. Example, points: 14, palette: [red, red]}\n"
        "  bm: {title: Blue Mill, artist: Q. Example, points: 9, palette: [blue, blue]}\n",
        "box.yaml",
    )
    path = write(
        tmp_path,
        "players:\n  - {name: Ana, palette: [], commissions: [], completed: [rm, bm]}\n"
        "  - {name: Ben, palette: [], commissions: [], completed: []}\n",
    )
    assert run("score", path).exit_code == 3
    result = run("score", path, "--catalogue", catalogue, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["players"][0]["total"] == 14 + 9 + 5


# --- check --------------------------------------------------------------------------------------------


def test_cli_check_valid_exits_0():
    result = run("check", SPEC_EXAMPLE)
    assert result.exit_code == 0
    assert "OK" in result.output


def test_cli_check_json_shape_spec_6_4(tmp_path):
    path = write(tmp_path, "players:\n  - name: Ana\n    palete: []\n  - name: Ben\n    palette: [purpel]\n")
    result = run("check", path, "--json")
    assert result.exit_code == 3
    problems = json.loads(result.stdout)["problems"]
    assert [tuple(sorted(p)) for p in problems] == [("code", "column", "line", "message", "severity")] * 2
    assert [(p["severity"], p["code"], p["line"], p["column"]) for p in problems] == [
        ("error", "unknown-key", 3, 5),
        ("error", "unknown-card", 5, 15),
    ]


def test_cli_check_json_valid_position_has_no_problems():
    data = json.loads(run("check", SPEC_EXAMPLE, "--json").stdout)
    assert data["problems"] == []


def test_cli_check_rules_broken_exits_4_and_lists_them():
    result = run("check", NINE_REDS, "--json")
    assert result.exit_code == 4
    assert [p["code"] for p in json.loads(result.stdout)["problems"]] == ["too-many-copies"]


def test_cli_check_warnings_are_separate_and_exit_0():
    result = run("check", END_4P, "--json")
    assert result.exit_code == 0
    problems = json.loads(result.stdout)["problems"]
    assert [(p["severity"], p["code"], p["line"], p["column"]) for p in problems] == [
        ("warning", "over-hand-limit", 3, 5)
    ]
    human = run("check", END_4P)
    assert f"{END_4P}:3:5: warning:" in human.output and human.exit_code == 0


def test_cli_check_reports_format_and_rule_problems_in_one_pass(tmp_path):
    path = write(tmp_path, "players:\n  - name: Ana\n    palette: {red: 9}\n  - name: Ben\n    palete: []\n")
    result = run("check", path, "--json")
    assert result.exit_code == 3
    assert sorted(p["code"] for p in json.loads(result.stdout)["problems"]) == [
        "over-hand-limit",
        "too-many-copies",
        "unknown-key",
    ]


def test_cli_check_broken_example_shows_off_several_errors():
    result = run("check", str(EXAMPLES / "broken-for-error-demo.yaml"))
    assert result.exit_code in (3, 4)
    assert result.output.count(": error: ") >= 3
    assert "did you mean" in result.output


# --- end ----------------------------------------------------------------------------------------------


def test_cli_end_json_triggered_with_turns_left():
    result = run("end", END_4P, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert (data["triggered"], data["threshold"], data["triggered_by"], data["turns_left"], data["rule"]) == (
        True,
        35,
        ["Caro"],
        1,
        "end.round",
    )


def test_cli_end_json_not_triggered():
    data = json.loads(run("end", SPEC_EXAMPLE, "--json").stdout)
    assert (data["triggered"], data["threshold"], data["triggered_by"], data["turns_left"], data["rule"]) == (
        False,
        40,
        [],
        None,
        "end.trigger",
    )


def test_cli_end_json_triggered_without_a_turn_has_null_turns_left(tmp_path):
    text = pathlib.Path(END_4P).read_text().replace("turn: {player: Caro, phase: painting}\n", "")
    data = json.loads(run("end", write(tmp_path, text), "--json").stdout)
    assert (data["triggered"], data["turns_left"]) == (True, None)


def test_cli_end_json_last_player_in_turn_order_has_zero_turns_left(tmp_path):
    text = pathlib.Path(END_4P).read_text().replace("player: Caro,", "player: Dev,")
    assert json.loads(run("end", write(tmp_path, text), "--json").stdout)["turns_left"] == 0


def test_cli_end_house_rule_threshold(tmp_path):
    text = pathlib.Path(END_4P).read_text() + "house_rules: {end_threshold: 30}\n"
    data = json.loads(run("end", write(tmp_path, text), "--json").stdout)
    assert (data["threshold"], data["triggered_by"]) == (30, ["Ben", "Caro"])


def test_cli_end_human_output_names_rules_and_turns():
    result = run("end", END_4P)
    assert result.exit_code == 0
    out = result.stdout
    assert "[end.trigger]" in out and "[end.round]" in out
    assert "Caro" in out and "Dev" in out
    assert "1 more turn after it: Dev." in out


def test_cli_end_refuses_to_count_turns_in_a_game_that_ended_a_round_ago(tmp_path):
    # Caro, after Ben in turn order, has 35: she reached it in the round before, which ended the game.
    path = write(tmp_path, pathlib.Path(END_4P).read_text().replace("player: Caro,", "player: Ben,"))
    line = pathlib.Path(path).read_text().splitlines().index("turn: {player: Ben, phase: painting}") + 1
    result = run("end", path)
    assert result.exit_code == 4
    assert (
        f"{path}:{line}:16: error: it cannot be Ben's turn: Caro, later in turn order, already has 35 "
        "completed commission points"
    ) in result.output
    assert "[end.round]" in result.output and "more turn" not in result.output
    checked = json.loads(run("check", path, "--json").stdout)["problems"]
    assert ("error", "ended-a-round-ago", line) in [(p["severity"], p["code"], p["line"]) for p in checked]


def test_cli_end_the_current_player_and_those_before_may_have_reached_it(tmp_path):
    text = (
        pathlib.Path(END_4P).read_text().replace("player: Caro,", "player: Dev,") + "house_rules: {end_threshold: 12}\n"
    )
    assert run("check", write(tmp_path, text)).exit_code == 0  # Ana, Ben, Caro before Dev; Dev has 0


def test_cli_end_exit_3_and_4():
    assert run("end", NINE_REDS).exit_code == 4
    assert run("end", str(FIXTURES / "does-not-exist.yaml")).exit_code == 3


def test_cli_end_needs_completed(tmp_path):
    path = write(tmp_path, "players:\n  - {name: Ana}\n  - {name: Ben, completed: []}\n")
    result = run("end", path)
    assert result.exit_code == 3
    assert "Ana has no 'completed'" in result.stderr


# --- chart and mix ------------------------------------------------------------------------------------


def test_cli_chart_json_has_every_mix_and_card():
    result = run("chart", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    mixes = {m["dabs"]: m["card"] for m in data["mixes"]}
    assert len(mixes) == 16
    assert (mixes["RY"], mixes["RR"], mixes["RYB"], mixes["YBB"]) == ("orange", None, "brown", "teal")
    cards = {c["name"]: (c["value"], c["copies"]) for c in data["cards"]}
    assert cards["gray"] == (6, 6) and cards["bisque"] == (5, 5) and cards["red"] == (4, 8)
    assert sum(copies for _, copies in cards.values()) == 131


@pytest.mark.parametrize("fmt, marker", [("plain", "-----"), ("markdown", "|---")])
def test_cli_chart_formats(fmt, marker):
    result = run("chart", "--format", fmt)
    assert result.exit_code == 0
    assert marker in result.stdout
    assert "bisque" in result.stdout and "teal" in result.stdout and "nothing" in result.stdout


def test_cli_mix_spec_example():
    result = run("mix", "RY", "YYB", "RR")
    assert result.exit_code == 0
    lines = [line for line in result.stdout.splitlines() if "->" in line]
    assert [line.split("->")[1].split()[0] for line in lines] == ["orange", "olive", "nothing"]


def test_cli_mix_json_spec_6_4_any_order_of_letters():
    result = run("mix", "yr", "BYY", "BRB", "bb", "YBR", "--json")
    assert result.exit_code == 0
    mixes = json.loads(result.stdout)["mixes"]
    assert [(m["dabs"], m["card"]) for m in mixes] == [
        ("RY", "orange"),
        ("YYB", "olive"),
        ("RBB", "purple"),
        ("BB", None),
        ("RYB", "brown"),
    ]


def test_cli_mix_with_spaces_around_the_letters():
    result = run("mix", " RY", "YBB ", "--json")
    assert result.exit_code == 0
    assert [m["card"] for m in json.loads(result.stdout)["mixes"]] == ["orange", "teal"]


def test_cli_mix_bad_dabs_name_the_letter():
    result = run("mix", "RY", "RQ")
    assert result.exit_code == 2
    assert "'Q'" in result.output
