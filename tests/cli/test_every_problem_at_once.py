"""Format errors do not hide the rule problems that do not depend on the broken part (README: every
problem at once): Artline's deck total with a misspelt name, Canvas's hand limit with a misspelt card."""

import json

from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli.root import root

ARTLINE = (EXAMPLES / "artline" / "midgame.yaml").read_text()
CANVAS = (EXAMPLES / "canvas" / "midgame.yaml").read_text()


def codes(tmp_path, text):
    path = tmp_path / "game.yaml"
    path.write_text(text)
    result = CliRunner().invoke(root, ["check", str(path), "--json"], prog_name="pastiche")
    assert result.exit_code == 3, result.output  # a format error: exit 3 all the same
    return [p["code"] for p in json.loads(result.stdout)["problems"]]


def test_artline_deck_total_shows_beside_a_misspelt_name(tmp_path):
    text = ARTLINE.replace("The Red Coat, by: Ben", "The Red Coat, by: Bne").replace("deck: 74", "deck: 70")
    assert sorted(codes(tmp_path, text)) == ["count", "unknown-player"]


def test_artline_table_checks_run_beside_a_broken_hand_but_not_the_total(tmp_path):
    text = (
        ARTLINE.replace("{name: Caro, hand: 4}", "{name: Caro, hand: four}")
        .replace("deck: 74", "deck: 70")
        .replace("{at: [-2, 0], orientation: landscape", "{at: [-2, 0], orientation: portrait")
    )
    found = codes(tmp_path, text)
    assert "orientation" in found  # the table was read whole
    assert "count" not in found  # the total needs Caro's hand, which could not be read


def test_canvas_hand_limit_counts_an_unreadable_card(tmp_path):
    text = CANVAS.replace("hand: [Truth]", "hand: [Truth, Mesz, Nature, Bait, Pride, Sudden]")
    found = codes(tmp_path, text)
    assert "hand-too-large" in found and found.count("card-twice") == 4


def test_canvas_broken_inspiration_does_not_hide_the_players_hand(tmp_path):
    text = CANVAS.replace("inspiration: 1", "inspiration: one").replace(
        "hand: [Delicate, Revolution, Masked, Precious, Chosen]",
        "hand: [Delicate, Revolution, Masked, Precious, Chosen, Heavy]",
    )
    found = codes(tmp_path, text)
    assert "hand-too-large" in found  # Ana's six cards, whatever her tokens
    assert "card-twice" in found  # Heavy is also in her first painting
    assert "too-many-tokens" not in found  # the token total needs Ana's inspiration
