"""A sheet's lines break at LF and CRLF only (issue 33, item 4): `str.splitlines()` also broke at
U+2028, U+2029, NEL, FF, VT, the separators and a lone CR, which `cat` and editors show inside the
line, so a player could hide in a comment (`Ben: 2  # Dee left early<U+2028>Dee: 0` made Dee the
winner) and every later error was located a line low. Each is now a located error; a byte-order
mark inside a name is shown escaped."""

import subprocess
import sys

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root

BREAKS = {
    "line separator": "\u2028",
    "paragraph separator": "\u2029",
    "next line": "\x85",
    "form feed": "\x0c",
    "vertical tab": "\x0b",
    "lone carriage return": "\r",
    "record separator": "\x1e",
}


@pytest.mark.parametrize("char", BREAKS.values(), ids=BREAKS.keys())
def test_a_player_hidden_behind_a_line_break_in_a_comment_is_a_located_error(tmp_path, char):
    sheet = tmp_path / "s.sheet"
    sheet.write_text(f"game: artline\nAna: 1\nBen: 2   # Dee left early{char}Dee: 0\nCaro: x\n", encoding="utf-8")
    result = CliRunner().invoke(root, ["score", str(sheet)])
    assert result.exit_code == 3, result.output
    column = len("Ben: 2   # Dee left early") + 1
    assert f"{sheet}:3:{column}: error: U+{ord(char):04X} breaks this line" in result.stderr, result.stderr
    assert f"{sheet}:4:7: error: Caro:" in result.stderr  # the next line's error, on its own line
    assert "Dee" not in result.stdout


def test_crlf_lines_are_lines(tmp_path):
    sheet = tmp_path / "s.sheet"
    sheet.write_bytes(b"game: artline\r\nAna: 1\r\nBen: 2\r\n")
    result = CliRunner().invoke(root, ["score", str(sheet), "--json"])
    assert result.exit_code == 0, result.output
    assert '"Ana"' in result.stdout and '"Ben"' in result.stdout


def test_a_byte_order_mark_inside_a_name_is_shown_escaped(tmp_path):
    """As a process: main() guards stdout, so the prose is escaped as the table is."""
    sheet = tmp_path / "s.sheet"
    sheet.write_text("\ufeffgame: artline\nA\ufeffna: 1\nBen: 2\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pastiche_cli", "score", str(sheet)], capture_output=True, text=True, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("A\\ufeffna") >= 2 and "\ufeff" not in done.stdout, done.stdout
