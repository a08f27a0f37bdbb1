"""A number on a short sheet is ASCII digits, its length checked before it is read (issue 33, item 1):
`str.isdigit()` took ², ① and ٣, which int() refused (exit 70) or read as 3, and int() refuses more
than 4,300 digits. Each is now a located error, exit 3, in every game's sheet."""

import re

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli.root import root

LONG = "9" * 5000
SHEETS = {
    "artline superscript": "game: artline\nAna: ²\nBen: 0\n",
    "artline circled": "game: artline\nAna: ①\nBen: 0\n",
    "artline arabic-indic three": "game: artline\nAna: ٣\nBen: 0\n",
    "artline 5000 digits": f"game: artline\nAna: {LONG}\nBen: 0\n",
    "canvas superscript": "game: canvas\nscoring: composition, space, style\nAna: ²\n",
    "canvas 5000 digits": f"game: canvas\nscoring: composition, space, style\nAna: {LONG}\n",
    "pastiche count": "game: pastiche\nAna: 2² red\n",
    "pastiche 5000-digit count": f"game: pastiche\nAna: {LONG} red\n",
}


@pytest.mark.parametrize("text", SHEETS.values(), ids=SHEETS.keys())
def test_sheet_numbers_are_ascii_digits_only_and_never_exit_70(tmp_path, text):
    sheet = tmp_path / "s.sheet"
    sheet.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(root, ["score", str(sheet)])
    assert result.exit_code == 3, (result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    ana = text.splitlines().index(next(line for line in text.splitlines() if line.startswith("Ana:"))) + 1
    assert re.search(rf"^{re.escape(str(sheet))}:{ana}:6: error: ", result.stderr, flags=re.M), result.stderr


def test_an_ascii_count_still_reads(tmp_path):
    sheet = tmp_path / "s.sheet"
    sheet.write_text("game: artline\nAna: 2\nBen: 0\n", encoding="utf-8")
    result = CliRunner().invoke(root, ["score", str(sheet), "--json"])
    assert result.exit_code == 0, result.output
    assert '"Ana"' in result.stdout


@pytest.mark.parametrize("slot", ["²", "٣", "①", "9" * 5000])
def test_a_market_slot_in_a_move_is_ascii_digits(slot):
    from pastiche_cli.games.canvas.core import moves
    from pastiche_cli.games.canvas.formats.loader import parse_position
    from pastiche_cli.kernel.moves import MoveSyntaxError

    path = EXAMPLES / "canvas" / "midgame.yaml"
    position, problems, _ = parse_position(str(path), path.read_text(encoding="utf-8"))
    assert position is not None, problems
    assert moves.parse_move("Ben take 1", position).slot == 1
    with pytest.raises(MoveSyntaxError):
        moves.parse_move(f"Ben take {slot}", position)
