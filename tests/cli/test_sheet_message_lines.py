"""Every message about a sheet points into the sheet (issue 33, item 12): a card named twice in a
5-line sheet was reported "(line 18)", a line of the position file built from the sheet, not of the
sheet the player wrote."""

import re
import shutil

import pytest
from click.testing import CliRunner
from conftest import ROOT

from pastiche_cli.cli.root import root

QUICK = ROOT / "examples" / "quick"


@pytest.mark.parametrize(
    "sheet, change, first, second",
    [
        ("masterpiece-finished-tiebreak.sheet", ("Ben: four:lightb11", "Ben: four:y10"), 5, 4),
        ("canvas-four-player-bonus.sheet", ("Ben: view preci compl", "Ben: curio preci compl"), 5, 4),
    ],
    ids=["masterpiece card twice", "canvas card twice"],
)
def test_a_card_named_twice_is_located_at_both_sheet_lines(tmp_path, sheet, change, first, second):
    for name in ("theses.yaml", sheet):
        shutil.copy(QUICK / name, tmp_path / name)
    path = tmp_path / sheet
    text = path.read_text(encoding="utf-8")
    assert change[0] in text
    path.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    result = CliRunner().invoke(root, ["score", str(path)])
    assert result.exit_code == 4, result.output  # the rules' problem (a card in two places), located
    lines = len(path.read_text(encoding="utf-8").splitlines())
    error = next(line for line in result.stderr.splitlines() if ": error: " in line)
    assert error.startswith(f"{path}:{first}:"), error
    named = [int(n) for n in re.findall(r"\bline (\d+)", error.split(": error: ", 1)[1])]
    assert named == [second] and all(n <= lines for n in named), error
