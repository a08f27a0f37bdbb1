"""What the Canvas referee found: positions no game can reach are warned about (located, with the rule), the
bundled examples reach none of them, and `painting --player` prices no fourth painting."""

import json
import pathlib

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.games.canvas.core.validate import turns_taken

ROOT = pathlib.Path(__file__).resolve().parents[4]
EXAMPLES = sorted((ROOT / "examples" / "positions" / "canvas").glob("*.yaml")) + sorted(
    (ROOT / "examples" / "records" / "canvas").glob("*.yaml")
)

# Nine turns each (Ana 5 + 4 x 1, Ben 1 + 4 x 2); 1 + 3 + 4 = 8 tokens: nothing to warn about.
SOUND = """\
game: canvas
scoring: [composition, space, repetition, variety]
players:
  - name: Ana
    inspiration: 1
    hand: [Delicate, Revolution, Masked, Precious, Chosen]
    paintings:
      - [Heavy, Fragile, Melancholy]
  - name: Ben
    inspiration: 3
    hand: [Truth]
    paintings:
      - [Divine, Sanctuary, Complexity]
      - [Mess, Anxiety, Game]
market:
  - {card: Nature, tokens: 2}
  - {card: Beauty, tokens: 2}
  - Bait
  - Sudden
  - Pride
"""


def check(tmp_path, text):
    path = tmp_path / "game.yaml"
    path.write_text(text)
    result = CliRunner().invoke(root, ["check", str(path), "--json"])
    data = json.loads(result.stdout)
    return result.exit_code, [
        (p["line"], p["column"], p["severity"], p["code"], p["message"]) for p in data["problems"]
    ]


def test_turns_taken_counts_a_take_as_one_card_and_a_painting_as_three():
    assert turns_taken(0, 0) == 0 and turns_taken(5, 1) == 9 and turns_taken(1, 2) == 9 and turns_taken(2, 3) == 14


def test_a_sound_position_has_no_warning(tmp_path):
    assert check(tmp_path, SOUND) == (0, [])


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_bundled_canvas_example_is_reachable(path):
    result = CliRunner().invoke(root, ["check", str(path), "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["problems"] == [], result.output


def test_tokens_not_conserved_are_warned_at_the_market(tmp_path):
    code, found = check(tmp_path, SOUND.replace("{card: Beauty, tokens: 2}", "Beauty"))
    assert code == 0
    assert [(line, kind, c) for line, _, kind, c, _ in found] == [(15, "warning", "tokens-missing")]
    assert "6 inspiration tokens in play (players 4, market 2), not 8" in found[0][4]
    assert found[0][4].endswith("[canvas.take]")


def test_a_partial_market_is_not_held_to_the_total(tmp_path):
    text = SOUND.replace("  - Bait\n  - Sudden\n  - Pride\n", "").replace("{card: Beauty, tokens: 2}", "Beauty")
    assert check(tmp_path, text) == (0, [])


def test_tokens_on_slot_5_are_warned_where_they_lie(tmp_path):
    text = SOUND.replace("{card: Nature, tokens: 2}", "{card: Nature, tokens: 1}").replace(
        "  - Pride\n", "  - {card: Pride, tokens: 1}\n"
    )
    code, found = check(tmp_path, text)
    assert code == 0 and [(line, col, c) for line, col, _, c, _ in found] == [(20, 5, "tokens-on-slot-5")]
    assert "Pride in slot 5 has 1 token" in found[0][4] and "[canvas.take]" in found[0][4]


def test_a_finished_player_holding_three_cards_is_warned(tmp_path):
    text = """\
game: canvas
scoring: [space, style]
players:
  - name: Ana
    inspiration: 4
    hand: [Truth, Mess, Nature]
    paintings:
      - [Divine, Sanctuary, Complexity]
      - [Heavy, Fragile, Melancholy]
      - [Delicate, Revolution, Masked]
"""
    code, found = check(tmp_path, text)
    assert code == 0 and [(line, c) for line, _, _, c, _ in found] == [(6, "finished-hand")]
    assert "still holds 3 cards" in found[0][4] and "[canvas.end]" in found[0][4]


def test_turn_counts_too_far_apart_are_warned_at_the_player(tmp_path):
    # Ben as the old midgame example had him: 2 cards, no painting, 2 turns against Ana's 9
    text = SOUND.replace("    hand: [Truth]\n    paintings:\n      - [Divine, Sanctuary, Complexity]\n", "").replace(
        "      - [Mess, Anxiety, Game]\n", "    hand: [Truth, Mess]\n    paintings: []\n"
    )
    code, found = check(tmp_path, text)
    assert code == 0 and [(line, col, c) for line, col, _, c, _ in found] == [(9, 5, "turns-apart")]
    assert "Ben has had 2 turns" in found[0][4] and "Ana 9" in found[0][4] and "[canvas.turn]" in found[0][4]


def test_one_turn_apart_is_the_ordinary_middle_of_a_round(tmp_path):
    text = SOUND.replace("hand: [Truth]", "hand: []").replace("inspiration: 3", "inspiration: 3")
    assert check(tmp_path, text) == (0, [])


def test_a_finished_player_ahead_of_one_still_painting_is_warned(tmp_path):
    text = """\
game: canvas
scoring: [space, style]
players:
  - name: Ana
    inspiration: 4
    hand: []
    paintings: [[Divine, Sanctuary, Complexity], [Heavy, Fragile, Melancholy], [Delicate, Revolution, Masked]]
  - name: Ben
    inspiration: 4
    hand: [Truth]
    paintings: []
"""
    code, found = check(tmp_path, text)
    assert code == 0 and [c for *_, c, _ in found] == ["turns-apart"]
    assert "Ana has had 12 turns" in found[0][4] and "Ben 1" in found[0][4]


def test_painting_for_a_finished_player_is_refused_as_best_refuses_it():
    tie = str(ROOT / "examples" / "positions" / "canvas" / "two-player-tiebreak.yaml")
    runner = CliRunner()
    best = runner.invoke(root, ["canvas", "best", tie, "--player", "Ana", "--json"])
    priced = runner.invoke(root, ["canvas", "painting", "Fading", "Nature", "Bait", tie, "--player", "Ana", "--json"])
    assert best.exit_code == priced.exit_code == 1
    said, refused = json.loads(best.stdout), json.loads(priced.stdout)
    assert refused == {"legal": False, "rule": said["rule"], "reason": said["reason"], "player": "Ana"}
    human = runner.invoke(root, ["canvas", "painting", "Fading", "Nature", "Bait", tie, "--player", "ana"])
    assert human.exit_code == 1 and "+" not in human.output
    assert "Ana cannot complete another painting [canvas.paint]: Ana has completed all 3 paintings" in human.output
    # without --player the painting is still described, whoever holds what
    assert runner.invoke(root, ["canvas", "painting", "Fading", "Nature", "Bait", tie]).exit_code == 0


def test_the_docs_example_position_is_reachable(tmp_path):
    page = (ROOT / "pastiche_cli" / "games" / "canvas" / "README.md").read_text("utf-8")
    text = page.split("```yaml", 1)[1].split("```", 1)[0]
    assert check(tmp_path, text) == (0, [])
    assert "Ana has had 6 turns and Ben 5" in page
