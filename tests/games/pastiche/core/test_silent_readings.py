"""Readings the tool takes with no switch are said, in verdicts and in `pastiche rules house` (issue 13)."""

from collections import Counter

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.games.pastiche.core.trading import bank_shape


@pytest.mark.parametrize(
    "give, get, legal, says",
    [
        (["red", "red"], "blue", True, "any card may be the penalty, a second red too"),
        (["red", "blue"], "blue", True, "only the red is really spent"),
        (["red", "orange"], "blue", True, "red plus orange as the penalty"),
        (["teal", "teal", "teal"], "teal", True, "only costs you two cards"),
        (["blue", "blue"], "blue", False, "cannot be traded for itself"),
    ],
)
def test_odd_but_legal_trades_say_why_trade_bank_primary(give, get, legal, says):
    ok, rule, reason = bank_shape(Counter(give), get)
    assert ok is legal and says in reason


def test_rules_house_lists_the_readings_taken_without_a_switch():
    r = CliRunner().invoke(root, ["rules", "house"])
    assert r.exit_code == 0
    text = " ".join(r.stdout.split())
    assert "the bank runs short while mixing" in text and "[place.bank]" in text
    assert "red + red for blue" in text and "red + blue for blue" in text
    assert "[trade.bank.primary]" in text and "[trade.bank.three]" in text


POSITION = """\
players:
  - name: Ana
    palette: [red, red, blue]
    commissions: []
    completed: []
  - name: Ben
    palette: []
    commissions: []
    completed: []
turn: {player: Ana, phase: painting}
"""


def test_the_trade_command_says_it_of_red_and_blue_for_blue(game):
    game.write_text(POSITION)
    r = CliRunner().invoke(root, ["trade", str(game), "--player", "Ana", "--give", "red,blue", "--get", "blue"])
    assert r.exit_code == 0, r.output
    assert "only the red is really spent" in r.stdout and "[trade.bank.primary]" in r.stdout
