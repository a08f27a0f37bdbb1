"""One test per bug found and fixed, named after the bug."""

import json

from click.testing import CliRunner
from conftest import EXAMPLES, ROOT

from pastiche_cli.cli.root import root
from pastiche_cli.formats.yamlio import edit_file
from pastiche_cli.games.pastiche.core.endgame import end_verdict
from pastiche_cli.games.pastiche.core.position import Position

SPEC_EXAMPLE = str(EXAMPLES / "spec-example.yaml")
BONUS_OFF_TABLE = str(ROOT / "tests" / "games" / "pastiche" / "fixtures" / "bonus-off-table.yaml")


def run(*argv):
    return CliRunner().invoke(root, list(argv))


def test_catalogue_file_problems_are_located_in_the_catalogue_file(tmp_path):
    catalogue = tmp_path / "box.yaml"
    catalogue.write_text(
        "catalogue:\n  harbour: {title: Harbour, artist: P. Example, points: 11, palette: [teel, blue]}\n"
    )
    result = run("check", SPEC_EXAMPLE, "--catalogue", str(catalogue))
    assert result.exit_code == 3
    assert f"{catalogue}:2:" in result.output
    assert "did you mean 'teal'?" in result.output
    assert f"{SPEC_EXAMPLE}:2:" not in result.output
    problems = json.loads(run("check", SPEC_EXAMPLE, "--catalogue", str(catalogue), "--json").stdout)["problems"]
    assert problems[0]["file"] == str(catalogue)


def test_missing_catalogue_file_given_on_the_command_line_is_an_error(tmp_path):
    missing = tmp_path / "nope.yaml"
    result = run("score", SPEC_EXAMPLE, "--catalogue", str(missing))
    assert result.exit_code == 3
    assert f"{missing}:1:1: error: cannot read the file" in result.output


def test_player_without_a_usable_name_still_has_every_problem_reported(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text("players:\n  - name: [1]\n    palette: [purpel]\n  - name: Ben\n")
    result = run("check", str(path))
    assert result.exit_code == 3
    assert f"{path}:2:11: error: a player's name should be text" in result.output
    assert f"{path}:3:15: error: unknown palette card 'purpel'; did you mean 'purple'?" in result.output


def test_pair_off_the_bonus_table_warns_in_check_and_end_but_stops_score():
    check = run("check", BONUS_OFF_TABLE)
    assert check.exit_code == 0
    assert "warning: Ana's pair by Z. Example sums to 32 points" in check.output
    assert run("end", BONUS_OFF_TABLE).exit_code == 0
    score = run("score", BONUS_OFF_TABLE)
    assert score.exit_code == 3
    assert "add the 'artist_bonus' printed on the cards" in score.output


def test_apply_keeps_crlf_line_endings(tmp_path):
    path = tmp_path / "crlf.yaml"
    path.write_bytes((EXAMPLES / "spec-example.yaml").read_bytes().replace(b"\n", b"\r\n"))

    def change(data):
        data["players"][1]["palette"]["red"] = 2

    edit_file(path, change, lambda text: None)
    raw = path.read_bytes()
    assert raw.count(b"\r\n") == raw.count(b"\n")
    assert b"palette: {red: 2, bisque: 1}\r\n" in raw
    assert b"# Finished 3-player game" in raw


def test_end_verdict_with_no_players_does_not_crash():
    verdict = end_verdict(Position(()))
    assert verdict.triggered is False
    assert verdict.triggered_by == ()


def test_score_says_1_point_not_1_points(tmp_path):
    path = tmp_path / "one.yaml"
    path.write_text(
        (EXAMPLES / "spec-example.yaml")
        .read_text()
        .replace(
            "palette: {red: 1, bisque: 1}\n    commissions: []",
            "palette: {orange: 1}\n    commissions:\n      - {title: Dusk Kite, artist: K. Sample, points: 9, "
            "palette: [orange, red]}",
        )
    )
    result = run("score", str(path), "--format", "plain")
    assert result.exit_code == 0, result.output
    assert "\nBen: 1 point\n" in result.output


def test_palette_with_an_unreadable_card_is_not_also_judged_too_short(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text(
        "players:\n  - name: Ana\n    palette: []\n    commissions:\n"
        "      - {title: T, artist: Q. Example, points: 10, palette: [FILL-IN]}\n"
        "    completed: []\n  - name: Ben\n"
    )
    result = run("check", str(path))
    assert result.exit_code == 3
    assert "replace the FILL-IN left by `pastiche new`" in result.output
    assert "needs 0 colours" not in result.output


def test_strict_adjacency_refusal_cites_the_house_rule():
    strict = str(EXAMPLES / "board-strict-2p.yaml")
    result = run("place", strict, "RYYYRY/RY", "--at", "3,-2", "--player", "Ana", "--json")
    assert result.exit_code == 1
    verdict = json.loads(result.stdout)
    assert verdict["legal"] is False
    assert verdict["rule"] == "house.strict_adjacency"
    explained = run("rules", "house.strict_adjacency")
    assert explained.exit_code == 0


BLOCK_PALETTE = """\
players:
  - name: Ana
    palette:
      - teal
      - teal
      - teal
    # Ana's commissions below
    commissions: []
    completed: []
  - name: Ben
    palette:
      teal: 3
    # Ben's commissions below
    commissions: []
    completed: []
turn: {player: Ana, phase: painting}
"""


def test_trade_apply_keeps_the_comment_after_a_block_palette(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(BLOCK_PALETTE)
    result = run("trade", str(path), "--player", "Ana", "--give", "teal,teal,teal", "--get", "green", "--apply")
    assert result.exit_code == 0, result.output
    text = path.read_text()
    assert "    # Ana's commissions below\n    commissions: []" in text
    assert "teal" not in text.split("- name: Ben")[0]
    assert "green" in text.split("- name: Ben")[0]


def test_trade_apply_keeps_the_comment_after_a_block_palette_mapping(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(BLOCK_PALETTE.replace("{player: Ana,", "{player: Ben,"))
    result = run("trade", str(path), "--player", "Ben", "--give", "teal,teal,teal", "--get", "olive", "--apply")
    assert result.exit_code == 0, result.output
    text = path.read_text()
    assert "    # Ben's commissions below\n    commissions: []" in text
    assert "olive: 1" in text


def test_complete_apply_keeps_the_comments_after_the_commission_lists(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text("""\
players:
  - name: Ana
    palette: [teal, blue, black]
    commissions:
      - {title: Harbour at Dusk, artist: P. Example, points: 11, palette: [teal, blue, black]}
    # completed below
    completed:
      - {title: Red Mill, artist: Q. Example, points: 14}
    # that was Ana
  - name: Ben
    palette: []
    commissions: []
    completed: []
turn: {player: Ana, phase: painting}
""")
    result = run("complete", str(path), "--player", "Ana", "--apply", "Harbour at Dusk")
    assert result.exit_code == 0, result.output
    text = path.read_text()
    assert "    # completed below\n    completed:" in text
    assert "Harbour at Dusk" in text.split("# completed below")[1].split("# that was Ana")[0]
    assert "    # that was Ana\n  - name: Ben" in text


def test_place_take_an_unknown_colour_is_bad_usage(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text((EXAMPLES / "board-midgame-4p.yaml").read_text())
    before = path.read_bytes()
    result = run("place", str(path), "BYBYRB/RB", "--at", "aa", "--player", "Caro", "--apply", "--take", "centre:pink")
    assert result.exit_code == 2
    assert "unknown palette card 'pink'" in result.output
    assert path.read_bytes() == before
    # a real colour the centre does not show is the rules saying no
    result = run(
        "place", str(path), "BYBYRB/RB", "--at", "aa", "--player", "Caro", "--apply", "--take", "centre:yellow"
    )
    assert result.exit_code == 1
    assert path.read_bytes() == before


def test_catalogue_id_from_a_title_keeps_letters_of_any_script():
    from pastiche_cli.games.pastiche.core.catalogue import slug

    assert slug("Ünïcode 李 Garden") == "ünïcode-李-garden"
    assert slug("Harbour at Dusk") == "harbour-at-dusk"
    assert slug("!!!") == "card"


def test_score_reports_a_pair_off_the_bonus_table_once():
    result = run("score", BONUS_OFF_TABLE)
    assert result.exit_code == 3
    assert result.output.count("outside the bonus table") == 1
    assert "error:" in result.output and "warning:" not in result.output


def test_a_refused_artist_bonus_is_not_also_compared_with_the_table(tmp_path):
    catalogue = tmp_path / "box.yaml"
    env = {"PASTICHE_CATALOGUE": str(catalogue)}
    first = CliRunner().invoke(
        root,
        [
            "catalogue",
            "add",
            "--title",
            "Kite Hill",
            "--artist",
            "K. Pretend",
            "--points",
            "14",
            "--palette",
            "teal,blue",
        ],
        env=env,
    )
    assert first.exit_code == 0, first.output
    second = CliRunner().invoke(
        root,
        [
            "catalogue",
            "add",
            "--title",
            "Kite Shore",
            "--artist",
            "K. Pretend",
            "--points",
            "12",
            "--palette",
            "teal,red",
            "--artist-bonus",
            "-3",
        ],
        env=env,
    )
    assert second.exit_code == 4
    assert "should be a positive number" in second.output
    assert "differs from the table" not in second.output


def test_shared_win_example_is_a_finished_game():
    result = run("end", str(EXAMPLES / "three-player-shared-win.yaml"), "--json")
    assert json.loads(result.stdout)["triggered"] is True
