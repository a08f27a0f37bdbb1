"""The readings the referees found unnamed (issue 22) are listed by each game's `rules house`, each saying what the
tool does, where the rules text is silent or ambiguous, and what a group might choose; and the tool does what
each entry says."""

import json
import pathlib
from collections import Counter

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.kernel.rulebook import book

ROOT = pathlib.Path(__file__).resolve().parents[2]

READINGS = {
    "pastiche": ["house.primary_penalty", "house.commission_deck"],
    "canvas": ["canvas.house.tone_word"],
    "masterpiece": [
        "masterpiece.house.flag_cited",
        "masterpiece.house.flag_at_once",
        "masterpiece.house.research_turns",
    ],
    "artline": ["artline.house.last_discard"],
}


def run(*args):
    return CliRunner().invoke(root, [str(a) for a in args], catch_exceptions=False)


@pytest.mark.parametrize("game", sorted(READINGS))
def test_rules_house_lists_every_named_reading(game):
    args = ["rules", "house", "--json"] if game == "pastiche" else ["rules", "--game", game, "house", "--json"]
    result = run(*args)
    assert result.exit_code == 0, result.output
    listed = [r["id"] for r in json.loads(result.stdout)["rules"]]
    assert set(READINGS[game]) <= set(listed), listed
    for rid in READINGS[game]:
        rule = book(game).get(rid)
        assert rule.summary.startswith("What the tool does:"), rid
        assert "silent" in rule.summary or "ambiguous" in rule.summary or "hidden" in rule.summary, rid
        assert "group" in rule.summary or "by hand" in rule.summary, rid
        assert rule.source and "/" not in rule.source and "spec" not in rule.source.lower(), rid


def test_primary_penalty_that_is_a_primary_is_a_legal_primary_trade():
    from pastiche_cli.games.pastiche.core.trading import bank_shape

    legal, rule, _ = bank_shape(Counter(["red", "yellow"]), "blue")
    assert legal and rule == "trade.bank.primary"


def test_the_tone_word_reading_space_pairs_hues_with_shapes_as_the_example_says():
    from pastiche_cli.games.canvas.core.scoring import score_painting

    result = score_painting(("Delicate", "Revolution", "Masked"), ("space",))
    assert [r.count for r in result.ribbons] == [3]
    assert "3 Space ribbons" in book("canvas").get("canvas.house.tone_word").example


FLAG_CITED = """\
game: masterpiece
theses:
  - {id: big, requirement: kind 2, points: 9, copies: 3}
  - {id: bigger, requirement: kind 3, points: 8, copies: 3}
  - {id: triple, requirement: kind 3, points: 2, copies: 3}
  - {id: end-flag, requirement: flag, points: 1}
players:
  - name: Ana
    hand: [pink 3, orange 9, blue 9, green 12]
  - name: Ben
    hand: [pink 4]
    accepted:
      - {thesis: big, card: purple 8}
      - {thesis: bigger, card: orange 8}
      - {thesis: end-flag, card: yellow 9}
  - name: Caro
    hand: [green 10]
end: {triggered_by: Ben}
turn: {player: Ana}
"""


def test_the_flag_s_card_may_be_cited(tmp_path):
    path = tmp_path / "flag.yaml"
    path.write_text(FLAG_CITED)
    result = run(
        "masterpiece",
        "present",
        path,
        "--player",
        "Ana",
        "--thesis",
        "triple",
        "--cards",
        "orange 9,blue 9",
        "--cite",
        "Ben:yellow 9",
        "--json",
    )
    answer = json.loads(result.stdout)
    assert result.exit_code == 0 and answer["legal"] is True, result.output
    assert [o["to"] for o in answer["owed"]] == ["Ben"]


def test_a_discard_of_the_last_painting_with_the_deck_empty_wins_and_says_whose_reading(tmp_path):
    text = (ROOT / "examples" / "positions" / "artline" / "midgame.yaml").read_text()
    import re

    text = re.sub(r"(?m)^deck: \d+", "deck: 0", text)
    text = re.sub(r"(?m)^discard: \d+", "discard: 79", text)  # 96 = 1 + 5 + 4 in hands + 7 laid + 79
    text = re.sub(r"(?m)^(  - \{?name: Ana, hand: )\d+", r"\g<1>1", text)
    path = tmp_path / "last.yaml"
    path.write_text(text)
    result = run("artline", "discard", path, "--player", "Ana", "--json")
    answer = json.loads(result.stdout)
    assert result.exit_code == 0 and answer.get("wins") is True, result.output
    assert "artline.house.last_discard" in json.dumps(answer)


def test_a_completion_with_the_commission_deck_used_up_asks_for_no_draw():
    """house.commission_deck: 34 commissions in play (5 on the table, 29 completed): nothing to draw."""
    from pastiche_cli.games.pastiche.core.moves import Complete, apply, judge, parse_move
    from pastiche_cli.games.pastiche.formats.loader import parse_position

    core_tests = ROOT / "tests" / "games" / "pastiche" / "core"
    text = (core_tests / "test_moves.py").read_text("utf-8").split('POSITION = """\\\n', 1)[1].split('"""', 1)[0]
    done_29 = "".join(
        f"      - {{title: Done {i}, artist: Z{i // 2}, points: 10, palette: [red, blue]}}\n" for i in range(29)
    )
    used_up = text.replace(
        "    completed: []\n    hexes: [BBBBBB/B]", "    completed:\n" + done_29 + "    hexes: [BBBBBB/B]"
    )
    for deck_left, source in ((True, text), (False, used_up)):
        position, problems, _ = parse_position("deck.yaml", source)
        assert position is not None and not [p for p in problems if p.kind != "warning"], problems
        done = apply(position, Complete("Ana", "harbour"))
        verdict = judge(done, parse_move("Ana end", done))
        assert verdict.legal is not deck_left, verdict  # with cards in the deck the draw comes first
        if deck_left:
            assert "drawn from the deck first" in verdict.reason
    assert "no `draw commission` is asked for" in book("pastiche").get("house.commission_deck").summary
