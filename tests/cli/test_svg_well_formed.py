"""Every SVG a command writes is well-formed XML whatever the names in the file hold (issue 20): a name
with a control character (XML 1.0 cannot hold one, even as a character reference) is written with
the character shown as an escape, as the terminal shows it; and `--svg FILE` refuses to overwrite an
existing file without --force, as every command that writes a file does."""

from __future__ import annotations

import pathlib
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.render.svgxml import xml_safe

ROOT = pathlib.Path(__file__).resolve().parents[2]
POSITIONS = ROOT / "examples" / "positions"

# (example, what the file says, what it says instead: a name with a BEL, escaped the YAML way, and how
# the SVG shows it). Pastiche draws who laid each hex; Artline each painting's title.
CASES = [
    ("board-midgame-4p.yaml", ("name: Ana", "by: Ana"), ('name: "An\\x07a"', 'by: "An\\x07a"'), "An\\x07a"),
    ("artline/midgame.yaml", ("title: Terrier with a Ball",), ('title: "Terr\\x07ier"',), "Terr\\x07ier"),
]


@pytest.mark.parametrize(("example", "says", "instead", "shown"), CASES, ids=[c[0] for c in CASES])
def test_board_svg_is_well_formed_with_a_control_character_in_a_name(tmp_path, example, says, instead, shown):
    text = (POSITIONS / example).read_text(encoding="utf-8")
    for old, new in zip(says, instead):
        assert old in text
        text = text.replace(old, new)
    position = tmp_path / "game.yaml"
    position.write_text(text, encoding="utf-8")
    svg = tmp_path / "board.svg"
    result = CliRunner().invoke(root, ["board", str(position), "--svg", str(svg)])
    assert result.exit_code == 0, result.output
    written = svg.read_text(encoding="utf-8")
    ET.fromstring(written.encode("utf-8"))  # well-formed
    assert shown in written and "\x07" not in written
    again = CliRunner().invoke(root, ["board", str(position), "--svg", str(svg)])
    assert again.exit_code == 2 and "exists; pass --force" in again.stderr
    assert CliRunner().invoke(root, ["board", str(position), "--svg", str(svg), "--force"]).exit_code == 0


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("plain", "plain"),
        ("tab\tand\nnewline", "tab\tand\nnewline"),
        ("bell\x07", "bell\\x07"),
        ("nul\x00", "nul\\x00"),
        ("esc\x1b[31m", "esc\\x1b[31m"),
        ("c1\x85", "c1\\x85"),
        ("\ufffe", "\\ufffe"),
        ("Аna (Cyrillic A)", "Аna (Cyrillic A)"),
        ("café ☕", "café ☕"),
    ],
)
def test_xml_safe_shows_what_xml_cannot_hold_and_keeps_the_rest(raw, shown):
    assert xml_safe(raw) == shown
    ET.fromstring(f"<t a='{xml_safe(raw).replace(chr(39), '')}'>{xml_safe(raw)}</t>".encode())
