"""What the Masterpiece referee found: no thesis offered once a player's last turn is taken, no second trigger
when the end is triggered already (though the file does not say by whom), and `end` saying so in words."""

import json
import pathlib

from click.testing import CliRunner

from pastiche_cli.cli.root import root

ROOT = pathlib.Path(__file__).resolve().parents[3]
TRIGGERED = ROOT / "examples" / "positions" / "masterpiece" / "end-triggered.yaml"


def run(*args):
    return CliRunner().invoke(root, [str(a) for a in args], catch_exceptions=False)


OVER = """\
game: masterpiece
theses:
  - {id: big, requirement: kind 2, points: 9, copies: 3}
  - {id: bigger, requirement: kind 3, points: 8, copies: 3}
  - {id: duo, requirement: kind 2, points: 1, copies: 3}
  - {id: end-flag, requirement: flag, points: 1}
players:
  - name: Ana
    hand: [pink 3]
    accepted:
      - {thesis: big, card: purple 8}
      - {thesis: bigger, card: orange 8}
      - {thesis: end-flag, card: pink 2}
  - name: Ben
    hand: [pink 4, purple 4, orange 4]
  - name: Caro
    hand: [blue 9]
end: {triggered_by: Ana, turns_taken: {Ana: 1, Ben: 2, Caro: 2}}
"""


def test_options_offers_no_thesis_after_the_player_s_last_turn(tmp_path):
    path = tmp_path / "over.yaml"
    path.write_text(OVER)
    assert json.loads(run("end", path, "--json").stdout)["over"] is True
    found = json.loads(run("masterpiece", "options", path, "--player", "Ben", "--json").stdout)["options"]
    assert [o["thesis"] for o in found if o["presentable"]] == []
    assert all(o["rule"] == "masterpiece.end.turns" for o in found if o["thesis"] != "end-flag")
    words = run("masterpiece", "options", path, "--player", "Ben").output
    assert words.startswith("Ben has no turn left, so no thesis to present: Ben has taken the 2 turns left")
    assert "research or review instead" not in words
    # and `present` agrees, with the same rule
    refused = run(
        "masterpiece", "present", path, "--player", "Ben", "--thesis", "duo", "--cards", "pink 4,purple 4", "--json"
    )
    assert refused.exit_code == 1 and json.loads(refused.stdout)["rule"] == "masterpiece.end.turns"


def test_options_still_offers_theses_to_a_player_with_turns_left(tmp_path):
    path = tmp_path / "late.yaml"
    path.write_text(OVER.replace("Ben: 2, Caro: 2", "Ben: 1, Caro: 2"))
    found = json.loads(run("masterpiece", "options", path, "--player", "Ben", "--json").stdout)["options"]
    assert sorted(o["thesis"] for o in found if o["presentable"]) == ["big", "bigger", "duo"]


TWO_PAST = """\
game: masterpiece
theses:
  - {id: big, requirement: kind 2, points: 9, copies: 3}
  - {id: bigger, requirement: kind 3, points: 8, copies: 3}
  - {id: run, requirement: run 3, points: 7, copies: 3}
players:
  - name: Ana
    hand: [pink 3]
    accepted:
      - {thesis: big, card: purple 8}
      - {thesis: bigger, card: orange 8}
  - name: Ben
    hand: [pink 4]
    accepted:
      - {thesis: big, card: yellow 8}
      - {thesis: bigger, card: lightblue 8}
  - name: Caro
    hand: [blue 9]
    accepted:
      - {thesis: big, card: blue 8}
    published:
      - {thesis: run, cards: [yellow 5, lightblue 6]}
turn: {player: Ana}
"""


def test_a_review_triggers_nothing_when_two_players_are_past_the_threshold_already(tmp_path):
    path = tmp_path / "two.yaml"
    path.write_text(TWO_PAST)
    result = run("masterpiece", "review", path, "--player", "Ana", "--from", "Caro:run", "--take", "yellow 5", "--json")
    answer = json.loads(result.stdout)
    assert result.exit_code == 0 and answer["accepted"] is True and answer["points"] == 7  # Caro 9 + 7 = 16
    assert answer["triggers_end"] is False and answer["rule"] == "masterpiece.accept"
    assert "reaches the end threshold" not in answer["reason"]


def test_end_names_no_trigger_it_does_not_know(tmp_path):
    path = tmp_path / "two.yaml"
    path.write_text(TWO_PAST)
    words = run("end", path).output
    assert "?" not in words
    assert "The end is triggered: Ana and Ben have reached the threshold, and the file does not say who" in words
    assert "End flag: it goes to whoever triggered the end [masterpiece.end.flag]." in words
    assert "add `end: {triggered_by: NAME}`" in words
    data = json.loads(run("end", path, "--json").stdout)
    assert data["triggered"] is True and data["triggered_by"] is None and data["reached"] == ["Ana", "Ben"]


def test_the_end_triggered_example_gives_ben_the_turn():
    """Ana has just reviewed Ben's thesis into acceptance on her turn: the next turn is Ben's, in turn order."""
    assert "turn: {player: Ben}" in TRIGGERED.read_text()
    flag = run("masterpiece", "present", TRIGGERED, "--player", "Ben", "--thesis", "end-flag", "--cards", "yellow 9")
    assert flag.exit_code == 0
    # Caro may review only after Ben's turn
    caro = run("masterpiece", "review", TRIGGERED, "--player", "Caro", "--from", "Ana:five-run", "--take", "purple 3")
    assert caro.exit_code == 1 and "it is Ben's turn, not Caro's" in caro.output
