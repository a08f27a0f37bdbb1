"""`pastiche board`: the layout in the terminal (letters, colour when allowed) and as SVG."""

import json
import re
import xml.etree.ElementTree as ET

from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli.root import root
from pastiche_cli.games.pastiche.core.board import board_from, cell_labels
from pastiche_cli.games.pastiche.render.text import text_picture

MIDGAME = EXAMPLES / "board-midgame-4p.yaml"
SVG_NS = "{http://www.w3.org/2000/svg}"


def run(*args, **kw):
    return CliRunner().invoke(root, ["board", *map(str, args)], **kw)


def test_the_picture_shows_every_dab_and_labels_every_open_cell():
    board = board_from(("RRYYBB/R", "YYBBRR/Y", "BBRRYY/B"))
    lines = text_picture(board)
    text = "\n".join(lines)
    for label in cell_labels(board):
        assert label in text
    assert text.count("[R]") == 1 and text.count("[Y]") == 1 and text.count("[B]") == 1
    # 18 corner dabs and 3 centres
    letters = sum(text.count(ch) for ch in "RYB")
    assert letters == 18 + 3
    # (0,0) RRYYBB: its top dab R sits two lines above its centre, straight up
    row = next(i for i, line in enumerate(lines) if "[R]" in line)
    col = lines[row].index("[R]") + 1
    assert lines[row - 2][col] == "R"
    assert lines[row + 2][col] == "Y"  # corner 3, at the bottom


def test_board_command_plain_output_has_no_colour_codes_under_no_color():
    result = run(MIDGAME, env={"NO_COLOR": "1"})
    assert result.exit_code == 0
    assert "\x1b[" not in result.stdout
    assert "34 hexes placed" in result.stdout and "30 open cells" in result.stdout
    assert "aa = -2,4" in result.stdout


def test_board_colour_can_be_forced():
    result = run(MIDGAME, "--colour", color=True)
    # The red dab, drawn by rich into a pipe: the nearest of the terminal's colours to #eb0800 (rich
    # keeps a style's escape from the first console that drew it: another test's may be true colour).
    assert re.search(r"\x1b\[1;(?:31|38;5;\d+|38;2;235;8;0)mR\x1b\[0m", result.stdout), result.stdout


def test_board_json_lists_hexes_and_open_cells():
    data = json.loads(run(MIDGAME, "--json").stdout)
    assert len(data["hexes"]) == 37 and sum(h["start"] for h in data["hexes"]) == 3
    assert data["open"][0] == {"label": "a", "at": [1, -5]}


def test_board_svg_is_valid_xml_with_every_hex_dab_and_label(tmp_path):
    out = tmp_path / "board.svg"
    result = run(MIDGAME, "--svg", out)
    assert result.exit_code == 0
    root_node = ET.parse(out).getroot()
    assert root_node.tag == SVG_NS + "svg"
    hexes = root_node.find(f"{SVG_NS}g[@id='hexes']")
    assert len(hexes.findall(f"{SVG_NS}g")) == 37
    one = root_node.find(f".//{SVG_NS}g[@id='hex-0,3']")
    assert one is None  # (0,3) is open
    start = root_node.find(f".//{SVG_NS}g[@id='hex-0,0']")
    dabs = [t.text for t in start.iter(SVG_NS + "text")]
    assert dabs == list("YRYBRR") + ["R", "B"]  # six corners, then the two-colour centre
    opens = root_node.find(f"{SVG_NS}g[@id='open-cells']")
    labels = [t.text for t in opens.iter(SVG_NS + "text")]
    assert "aa" in labels and "-2,4" in labels


def test_board_svg_to_an_unwritable_place_is_a_usage_error(tmp_path):
    result = run(MIDGAME, "--svg", tmp_path / "no" / "such" / "dir.svg")
    assert result.exit_code == 2


def test_board_needs_a_starting_piece(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text("players:\n  - {name: Ana, palette: []}\n  - {name: Ben, palette: []}\n")
    result = run(path)
    assert result.exit_code == 3 and "board.start" in result.stderr


def test_board_and_moves_refuse_a_position_that_breaks_the_rules(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text(
        "players:\n  - {name: Ana, palette: [], hexes: [RRRRRR/R]}\n  - {name: Ben, palette: []}\n"
        "board:\n  start: [RYBBYR/R, RYBBYR/R, RYBBYR/R]\n  placed:\n"
        "    - {at: [0, 0], hex: RYBBYR/R, by: Ana}\n"
    )
    for command in (["board", str(path)], ["moves", str(path), "--player", "Ana"]):
        result = CliRunner().invoke(root, command)
        assert result.exit_code == 4
        assert f"{path}:7:7: error: this hex is placed at 0,0, which already holds the starting piece" in result.stderr
