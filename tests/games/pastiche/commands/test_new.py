"""`pastiche new`: a starting position as the rulebook sets the game up, FILL-IN left for the group."""

import re

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.formats.yamledit import plain_or_quoted as yaml_name
from pastiche_cli.games.pastiche.formats.loader import parse_position
from pastiche_cli.games.pastiche.formats.setup import COMMISSION, starting_position

HEX = "RYBBYR/R"
CARD = "{title: Harbour at Dusk %d, artist: P. Example %d, points: 11, palette: [teal, blue]}"


def run(*args):
    return CliRunner().invoke(root, list(args), prog_name="pastiche")


def filled(text: str) -> str:
    """The template with every placeholder replaced as a group would, from a made-up table."""
    counter = iter(range(1, 100))
    text = re.sub(re.escape(COMMISSION), lambda _: CARD % ((n := next(counter)), n), text)
    return text.replace("FILL-IN", HEX)


def test_stdout_has_the_rulebook_setup():
    result = run("new", "--players", "Ana,Ben,Caro")
    assert result.exit_code == 0
    text = result.output
    assert text.count("palette: [orange, green, violet, brown]") == 3
    assert text.count(COMMISSION) == 3 * 2 + 4
    assert text.count("hexes: [FILL-IN, FILL-IN]") == 3
    assert "start: [FILL-IN, FILL-IN, FILL-IN]" in text
    assert "turn: {player: Ana, phase: mixing}" in text
    assert "end_threshold: 40" in text  # the printed threshold for 3 players, commented out


@pytest.mark.parametrize("names", [["Ana", "Ben"], ["Ana", "Ben", "Caro"], ["Ana", "Ben", "Caro", "Dev"]])
def test_every_placeholder_is_a_located_error_until_filled(tmp_path, names):
    path = tmp_path / "game.yaml"
    assert run("new", "--players", ",".join(names), "-o", str(path)).exit_code == 0
    result = run("check", str(path))
    assert result.exit_code == 3
    located = [line for line in result.output.splitlines() if "FILL-IN" in line and line.startswith(str(path))]
    # every FILL-IN is its own error: each commission's title, artist, points and palette (two in
    # each hand, four in the gallery); each player's two hexes; the starting piece's three hexes
    assert len(located) == 4 * (2 * len(names) + 4) + 2 * len(names) + 3
    assert all("replace the FILL-IN left by `pastiche new`" in line for line in located)
    path.write_text(filled(path.read_text()))
    checked = run("check", str(path))
    assert checked.exit_code == 0, checked.output
    position, problems, _ = parse_position(str(path), path.read_text())
    assert [p.name for p in position.players] == names
    assert all(p.palette == {"orange": 1, "green": 1, "violet": 1, "brown": 1} for p in position.players)
    assert all(len(p.commissions) == 2 and len(p.hexes) == 2 for p in position.players)
    assert len(position.gallery) == 4 and position.start == (HEX, HEX, HEX)
    assert position.turn.player == names[0] and position.turn.phase == "mixing"


def test_the_filled_template_scores(tmp_path):
    path = tmp_path / "game.yaml"
    run("new", "--players", "Ana,Ben", "-o", str(path))
    path.write_text(filled(path.read_text()))
    assert run("score", str(path)).exit_code == 0


def test_refuses_to_overwrite_without_force(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text("# ours\n")
    result = run("new", "--players", "Ana,Ben", "-o", str(path))
    assert result.exit_code == 2
    assert "--force" in result.output
    assert path.read_text() == "# ours\n"
    assert run("new", "--players", "Ana,Ben", "-o", str(path), "--force").exit_code == 0
    assert "players:" in path.read_text()


def test_unwritable_output_exits_3(tmp_path):
    result = run("new", "--players", "Ana,Ben", "-o", str(tmp_path / "no-such-folder" / "game.yaml"))
    assert result.exit_code == 3
    assert "cannot write" in result.output


@pytest.mark.parametrize(
    "players, message",
    [
        ("Ana", "2 to 4 players, not 1"),
        ("A,B,C,D,E", "2 to 4 players, not 5"),
        ("Ana,,Ben", "empty"),
        ("Ana,Ben,ana", "named twice"),
    ],
)
def test_bad_player_lists_are_bad_usage(players, message):
    result = run("new", "--players", players)
    assert result.exit_code == 2
    assert message in result.output


def test_players_are_required():
    assert run("new").exit_code == 2


def test_start_keeps_the_seating_and_puts_the_start_player_first():
    result = run("new", "--players", "Ana,Ben,Caro", "--start", "ben")
    assert result.exit_code == 0
    names = re.findall(r"- name: (\w+)", result.output)
    assert names == ["Ben", "Caro", "Ana"]
    assert "turn: {player: Ben, phase: mixing}" in result.output


def test_start_unknown_suggests():
    result = run("new", "--players", "Ana,Ben,Caro", "--start", "Carl")
    assert result.exit_code == 2
    assert "Did you mean 'Caro'?" in result.output


def test_random_start(monkeypatch):
    monkeypatch.setattr("random.choice", lambda names: names[-1])
    result = run("new", "--players", "Ana,Ben,Caro", "--random-start")
    assert re.findall(r"- name: (\w+)", result.output) == ["Caro", "Ana", "Ben"]
    assert run("new", "--players", "Ana,Ben", "--random-start", "--start", "Ana").exit_code == 2


@pytest.mark.parametrize("name", ["Yes", "no", "Ana: the second", "#1", "Zoë", "O'Neil", "null", "12"])
def test_awkward_names_survive_yaml(name):
    text = filled(starting_position([name, "Ben"]))
    position, problems, _ = parse_position("game.yaml", text)
    assert not problems
    assert position.players[0].name == name
    assert position.turn.player == name
    assert yaml_name("Ana") == "Ana"


def test_new_file_comments_line_up_whatever_the_names(tmp_path):
    path = tmp_path / "game.yaml"
    assert run("new", "--players", "Ana,Bartholomew Longname", "-o", str(path)).exit_code == 0
    columns = {
        line.index(" # ")
        for line in path.read_text().splitlines()
        if " # " in line and not line.lstrip().startswith("#") and "name:" not in line
    }
    columns |= {line.index(" # ") for line in path.read_text().splitlines() if "name: Ana " in line}
    assert len(columns) == 1, columns


def test_new_file_house_rules_uncomment_into_valid_settings(tmp_path):
    from pastiche_cli.games.pastiche.formats.loader import HOUSE_RULE_KEYS

    path = tmp_path / "game.yaml"
    assert run("new", "--players", "Ana,Ben,Caro", "-o", str(path)).exit_code == 0
    text = path.read_text()
    block = [line for line in text.splitlines() if line.startswith("#   ")]
    assert {line.split(":")[0].strip("# ") for line in block} == set(HOUSE_RULE_KEYS)
    assert "#   end_threshold: 40" in text
    uncommented = text.replace("# house_rules:", "house_rules:").replace("\n#   ", "\n  ")
    path.write_text(uncommented)
    result = run("check", str(path), "--json")
    problems = __import__("json").loads(result.output)["problems"]
    assert problems and not [p for p in problems if "house" in p["message"]], problems
