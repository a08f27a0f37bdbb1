"""Completing commissions (SPEC 4.3 [commission.complete]; rulebook "Complete Commission Cards")."""

import json
from collections import Counter

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pastiche_cli.cli.root import root
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.commissions import completion, judge_complete, missing_cards, statuses
from pastiche_cli.games.pastiche.core.position import Commission
from pastiche_cli.games.pastiche.formats.loader import parse_position

POSITION = """\
# Ana is painting; her hand holds what Harbour at Dusk needs.
catalogue:
  marsh: {title: Salt Marsh, artist: W. Fiction, points: 8, palette: [teal, green]}
players:
  - name: Ana
    palette: {teal: 2, blue: 1, black: 1, green: 1}   # mapping style
    commissions:
      - {title: Harbour at Dusk, artist: P. Example, points: 11, palette: [teal, blue, black]}
      - {title: Twin Pines, artist: R. Sample, points: 13, palette: [green, green, teal]}
    # nothing completed yet
  - name: Ben
    palette: [red, red]
    commissions: []
    completed: []
gallery:
  - marsh     # by catalogue id
  - {title: Night Ferry, artist: Z. Nobody, points: 12, palette: [blue, purple, black]}
turn: {player: Ana, phase: painting}
"""


def commission(palette):
    return Commission("T", "A", 10, tuple(colours.as_list(Counter(palette))))


@pytest.mark.parametrize(
    "hand, palette, missing",
    [
        (["teal", "blue", "black"], ["teal", "blue", "black"], []),
        (["teal", "blue"], ["teal", "blue", "black"], ["black"]),
        (["teal", "blue", "black"], ["teal", "teal", "blue"], ["teal"]),  # a palette is a multiset
        ([], ["gray", "gray"], ["gray", "gray"]),
        (["gray", "gray", "gray"], ["gray", "gray"], []),
        (["red", "yellow"], ["orange"], ["orange"]),  # cards are not mixed in hand
    ],
)
def test_commission_complete_missing_table(hand, palette, missing):
    assert list(missing_cards(Counter(hand), commission(palette))) == missing


def load_text(text):
    pos, problems, _ = parse_position("t.yaml", text)
    assert pos is not None and not [p for p in problems if p.kind != "warning"], problems
    return pos


def test_statuses_cover_hand_then_gallery():
    pos = load_text(POSITION)
    got = [(s.commission.title, s.source, s.completable, s.missing) for s in statuses(pos, pos.player("Ana"))]
    assert got == [
        ("Harbour at Dusk", "hand", True, ()),
        ("Twin Pines", "hand", False, ("green",)),
        ("Salt Marsh", "gallery", True, ()),
        ("Night Ferry", "gallery", False, ("purple",)),
    ]


def test_completion_of_every_commission_says_which_compete_for_cards():
    """Harbour at Dusk and Salt Marsh both need a teal: with two teals the hand completes both at once."""
    pos = load_text(POSITION)
    answer = completion(pos, pos.player("Ana"))
    assert (answer.legal, answer.rule, answer.verdict) == (True, "commission.complete", None)
    assert (
        answer.reason
        == "Ana can complete 'Harbour at Dusk', 'Salt Marsh', all together (the hand holds every palette at once)"
    )
    assert [[m.commission.title for m in t.members] for t in answer.together.sets] == [
        ["Harbour at Dusk", "Salt Marsh"]
    ]
    pos = load_text(POSITION.replace("{teal: 2,", "{teal: 1,"))
    answer = completion(pos, pos.player("Ana"))
    assert answer.legal and len(answer.together.sets) == 2
    assert answer.reason.endswith(
        "but not all together: they compete for cards, and 2 sets of them can be completed at once"
    )


def test_completion_refused_by_the_turn_or_by_no_palette_held():
    pos = load_text(POSITION.replace("phase: painting", "phase: mixing"))
    answer = completion(pos, pos.player("Ana"))
    assert not answer.legal and answer.rule == answer.turn.rule and answer.reason == answer.turn.reason
    pos = load_text(POSITION)
    answer = completion(pos, pos.player("Ben"))
    assert not answer.legal and answer.rule == "commission.complete" and "it is Ana's turn" in answer.reason
    pos = load_text(POSITION.replace("player: Ana, phase", "player: Ben, phase"))
    answer = completion(pos, pos.player("Ben"))
    assert answer.reason == "Ben holds the whole palette of no commission in hand or in the gallery"


def test_completion_of_one_commission_is_its_judgement():
    pos = load_text(POSITION)
    ana = pos.player("Ana")
    twin_pines = statuses(pos, ana)[1]
    answer = completion(pos, ana, twin_pines)
    assert answer.verdict == judge_complete(pos, ana, twin_pines) and answer.together is None
    assert (answer.legal, answer.rule, answer.reason) == answer.verdict[:3]


def test_complete_only_on_own_turn_painting_phase():
    pos = load_text(POSITION.replace("player: Ana, phase: painting", "player: Ben, phase: painting"))
    ana = pos.player("Ana")
    v = judge_complete(pos, ana, statuses(pos, ana)[0])
    assert not v.legal and v.rule == "commission.complete" and "it is Ben's turn" in v.reason
    pos = load_text(POSITION.replace("phase: painting", "phase: cleanup"))
    v = judge_complete(pos, pos.player("Ana"), statuses(pos, pos.player("Ana"))[0])
    assert not v.legal and "painting phase" in v.reason


@settings(max_examples=200)
@given(
    st.lists(st.sampled_from(colours.card_names()), max_size=10),
    st.lists(st.sampled_from(colours.card_names()), min_size=2, max_size=7),
)
def test_completed_cards_return_to_the_bank(hand, palette):
    text = POSITION.replace("palette: {teal: 2, blue: 1, black: 1, green: 1}", f"palette: [{', '.join(hand)}]").replace(
        "palette: [teal, blue, black]}", f"palette: [{', '.join(palette)}]}}"
    )
    pos = load_text(text)
    ana = pos.player("Ana")
    s = statuses(pos, ana)[0]
    v = judge_complete(pos, ana, s)
    assert v.legal == (not (Counter(palette) - Counter(hand)))
    if v.legal:
        after = Counter(v.hand_after)
        assert after == Counter(hand) - Counter(palette)
        bank_before, bank_after = pos.bank(), Counter({c: colours.copies(c) for c in colours.card_names()})
        bank_after.subtract(after)
        bank_after.subtract(pos.player("Ben").palette)
        assert bank_after - bank_before == Counter(palette)


# --- the command -----------------------------------------------------------------------------------


def run(*args):
    return CliRunner().invoke(root, ["complete", *map(str, args)])


def test_cli_json_lists_every_commission(game):
    r = run(game, "--player", "Ana", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["rule"] == "commission.complete" and data["legal"] is True
    assert [(c["title"], c["source"], c["completable"], c["missing"]) for c in data["commissions"]] == [
        ("Harbour at Dusk", "hand", True, []),
        ("Twin Pines", "hand", False, ["green"]),
        ("Salt Marsh", "gallery", True, []),
        ("Night Ferry", "gallery", False, ["purple"]),
    ]


def test_cli_one_commission_not_completable_exit_1(game):
    r = run(game, "--player", "Ana", "twin pines")
    assert r.exit_code == 1 and "[commission.complete]" in r.stdout and "lacks 1 green" in r.stdout


def test_cli_unknown_commission_did_you_mean(game):
    r = run(game, "--player", "Ana", "Harbor at Dusk")
    assert r.exit_code == 2 and "Did you mean 'Harbour at Dusk'?" in r.output


def test_cli_none_completable_exit_1(game):
    r = run(game, "--player", "Ben")
    assert r.exit_code == 1


def test_cli_apply_moves_commission_and_returns_cards(game):
    r = run(game, "--player", "Ana", "--apply", "Harbour at Dusk")
    assert r.exit_code == 0, r.output
    assert "draw a new commission card into Ana's hand" in r.stdout
    text = game.read_text()
    assert "# Ana is painting" in text and "# mapping style" in text
    assert "palette: {teal: 1, green: 1}" in text
    pos = load_text(text)
    ana = pos.player("Ana")
    assert [c.title for c in ana.completed] == ["Harbour at Dusk"]
    assert [c.title for c in ana.commissions] == ["Twin Pines"]


def test_cli_apply_gallery_by_catalogue_id(game):
    r = run(game, "--player", "Ana", "--apply", "marsh", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["applied"] and data["draw"] == "gallery" and data["completed"] == "Salt Marsh"
    pos = load_text(game.read_text())
    assert [c.title for c in pos.gallery] == ["Night Ferry"]
    assert pos.player("Ana").palette == Counter({"teal": 1, "blue": 1, "black": 1})
    assert "- marsh" in game.read_text()  # moved as written, still by id


def test_cli_refused_apply_leaves_file_byte_identical(game):
    before = game.read_bytes()
    r = run(game, "--player", "Ana", "--apply", "Night Ferry")
    assert r.exit_code == 1 and game.read_bytes() == before
    ben_turn = game.parent / "ben.yaml"
    ben_turn.write_text(POSITION.replace("player: Ana, phase", "player: Ben, phase"))
    before = ben_turn.read_bytes()
    r = run(ben_turn, "--player", "Ana", "--apply", "Harbour at Dusk")
    assert r.exit_code == 1 and ben_turn.read_bytes() == before


def test_cli_apply_needs_a_commission(game):
    assert run(game, "--player", "Ana", "--apply").exit_code == 2
