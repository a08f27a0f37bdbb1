"""`complete` for a player who holds no commission while the gallery is empty (issue 33, item 7): it
was exit 70 (tabulate refused the alignments of a table of no rows); now it says so, exit 1, in
every format, and a table of no rows draws its headers."""

import json

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.cli.tables import table

EMPTY = (
    "players: [{name: Ana, palette: [red], commissions: [], completed: []},"
    " {name: Ben, palette: [blue], commissions: [], completed: []}]\n"
)


@pytest.mark.parametrize("fmt", ["plain", "markdown", "rich"])
def test_complete_with_no_commission_anywhere_says_so(tmp_path, fmt):
    game = tmp_path / "f.yaml"
    game.write_text(EMPTY)
    result = CliRunner().invoke(root, ["complete", str(game), "--player", "Ana", "--format", fmt])
    assert result.exit_code == 1, result.output
    assert "Ana holds 1 red, no commission card, and the gallery is empty" in result.stdout
    assert "No [commission.complete]" in result.stdout


def test_complete_with_no_commission_anywhere_as_json(tmp_path):
    game = tmp_path / "f.yaml"
    game.write_text(EMPTY)
    result = CliRunner().invoke(root, ["complete", str(game), "--player", "Ana", "--json"])
    assert result.exit_code == 1, result.output
    answer = json.loads(result.stdout)
    assert answer["legal"] is False and answer["commissions"] == []


@pytest.mark.parametrize("fmt", ["plain", "markdown"])
def test_a_table_of_no_rows_draws_its_headers(capsys, fmt):
    table(["player", "total"], [], fmt, align=["left", "right"])
    assert "player" in capsys.readouterr().out
