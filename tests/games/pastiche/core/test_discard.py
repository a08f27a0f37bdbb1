"""The hand limit (SPEC 4.4 [cleanup.hand-limit]; rulebook "Clean-up Phase")."""

import itertools
import json
from collections import Counter

import pytest
from click.testing import CliRunner
from discard_oracle import sub_multisets
from hypothesis import given, settings
from hypothesis import strategies as st

from pastiche_cli.cli.root import root
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.discard import advise
from pastiche_cli.games.pastiche.core.position import Commission


def commission(*palette):
    return Commission("T", "A", 10, tuple(colours.as_list(Counter(palette))))


HARBOUR = commission("teal", "blue", "black")


@pytest.mark.parametrize(
    "hand, commissions, gallery, best",
    [
        # nothing matched: lose the cheapest face value
        (
            ["gray", "orange", "green", "teal", "teal", "bisque", "white", "black", "amber"],
            [],
            [],
            [["orange"], ["green"]],
        ),
        # keep what the commission needs, even a cheap card, over a costly unneeded one
        (["teal", "blue", "black", "gray", "gray", "bisque", "white", "white", "orange"], [HARBOUR], [], [["orange"]]),
        # an unneeded white (3) goes before an unneeded red (4)
        (["teal", "blue", "black", "gray", "gray", "bisque", "white", "white", "red"], [HARBOUR], [], [["white"]]),
        # a second teal counts for nothing (each card once): discarding it loses no point
        (["teal", "teal", "blue", "black", "gray", "gray", "bisque", "white", "white"], [HARBOUR], [], [["teal"]]),
        # two over; a gallery need breaks the tie between two unneeded cards of equal value
        (
            ["teal", "blue", "black", "green", "orange", "violet", "red", "red", "red", "red"],
            [HARBOUR],
            [commission("green", "teal")],
            [["orange", "violet"]],
        ),
    ],
)
def test_cleanup_hand_limit_table(hand, commissions, gallery, best):
    advice = advise(Counter(hand), commissions, gallery)
    assert advice.rule == "cleanup.hand-limit"
    assert sorted(sorted(o.discard) for o in advice.best) == sorted(sorted(b) for b in best)
    assert advice.best[0].palette_points_lost == 0


def test_within_the_limit_nothing_to_discard():
    advice = advise(Counter({"teal": 8}), [HARBOUR])
    assert advice.over == 0 and advice.options == ()


def test_needed_cards_lost_when_unavoidable():
    hand = Counter({"blue": 5, "teal": 5})
    advice = advise(
        hand,
        [
            commission("blue", "blue", "blue", "blue", "blue", "teal"),
            commission("teal", "teal", "teal", "teal", "blue"),
        ],
    )
    # required: blue 6, teal 5 -> every card is usable; lose the two cheapest (teal, 2 points each)
    assert advice.best[0].discard == ("teal", "teal") and advice.best[0].palette_points_lost == 4


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(colours.card_names()), min_size=9, max_size=12),
    st.lists(st.lists(st.sampled_from(colours.card_names()), min_size=2, max_size=5), max_size=2),
)
def test_best_discard_is_best_by_brute_force(hand, palettes):
    commissions = [commission(*p) for p in palettes]
    advice = advise(Counter(hand), commissions)
    over = len(hand) - 8
    required = Counter()
    for c in commissions:
        required.update(c.needs)

    def points(cards):
        return sum(min(cards[c], n) * colours.value(c) for c, n in required.items())

    best_loss = min(
        points(Counter(hand)) - points(Counter(hand) - Counter(d)) for d in itertools.combinations(hand, over)
    )
    assert advice.best[0].palette_points_lost == best_loss
    distinct = {tuple(sorted(d)) for d in itertools.combinations(hand, over)}
    assert len(advice.options) == len(distinct)


def test_sub_multisets_are_distinct_and_complete():
    hand = Counter({"teal": 3, "red": 1, "gray": 2})
    subs = [tuple(colours.as_list(s)) for s in sub_multisets(hand, 2)]
    assert len(subs) == len(set(subs)) == 5  # tt, tr, tg, rg, gg


POSITION = """\
players:
  - name: Ana
    palette: [teal, blue, black, gray, gray, bisque, white, white, orange, violet]
    commissions:
      - {title: Harbour at Dusk, artist: P. Example, points: 11, palette: [teal, blue, black]}
    completed: []
  - name: Ben
    palette: [red]
    commissions: []
    completed: []
turn: {player: Ana, phase: cleanup}
"""


def test_cli_discard_json(game):
    r = CliRunner().invoke(root, ["discard", str(game), "--player", "Ana", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["rule"] == "cleanup.hand-limit" and data["over"] == 2 and data["must_discard_now"]
    assert [o["discard"] for o in data["best"]] == [["orange", "violet"]]


def test_cli_discard_text_and_other_players_turn(game):
    r = CliRunner().invoke(root, ["discard", str(game), "--player", "Ana"])
    assert r.exit_code == 0 and "Discard orange, violet [cleanup.hand-limit]" in r.stdout
    r = CliRunner().invoke(root, ["discard", str(game), "--player", "Ben"])
    assert r.exit_code == 0 and "within the limit" in r.stdout
    r = CliRunner().invoke(root, ["discard", str(game), "--player", "Bn"])
    assert r.exit_code == 2


def test_cli_discard_apply_best_keeps_comments(game):
    game.write_text("# cleanup time\n" + POSITION)
    r = CliRunner().invoke(root, ["discard", str(game), "--player", "Ana", "--apply", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["applied"] and data["chosen"]["discard"] == ["orange", "violet"]
    text = game.read_text()
    assert text.startswith("# cleanup time\n")
    assert "palette: [teal, blue, black, gray, gray, bisque, white, white]" in text


def test_cli_discard_apply_chosen_cards_and_refusals(game):
    r = CliRunner().invoke(root, ["discard", str(game), "--player", "Ana", "--cards", "gray,bisque", "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["chosen"]["rank"] > 1
    before = game.read_bytes()
    for args, code in ((["--cards", "gray"], 2), (["--cards", "red,red"], 1), (["--cards", "gray,gren"], 2)):
        r = CliRunner().invoke(root, ["discard", str(game), "--player", "Ana", *args, "--apply"])
        assert r.exit_code == code, (args, r.output)
        assert game.read_bytes() == before
    # not Ana's turn: the limit is not enforced now, nothing is recorded
    game.write_text(POSITION.replace("player: Ana, phase", "player: Ben, phase"))
    before = game.read_bytes()
    r = CliRunner().invoke(root, ["discard", str(game), "--player", "Ana", "--apply"])
    assert r.exit_code == 1 and game.read_bytes() == before
    r = CliRunner().invoke(root, ["discard", str(game), "--player", "Ana", "--cards", "gray,bisque", "--apply"])
    assert r.exit_code == 1 and game.read_bytes() == before


REFUSAL_KEYS = ["player", "legal", "rule", "reason", "hand_size", "limit", "over", "discard", "applied"]


@pytest.mark.parametrize(
    "args, said, discard",
    [
        # within the limit, a discard named: nothing to discard
        (
            ["--player", "Ben", "--cards", "red"],
            "Ben holds 1 cards, within the limit of 8: nothing to discard",
            ["red"],
        ),
        # cards the player does not hold
        (["--player", "Ana", "--cards", "red,red"], "Ana does not hold 2 red", ["red", "red"]),
        # --apply within the limit: the best discard is none
        (["--player", "Ben", "--apply"], "nothing recorded: the hand is within the limit", None),
    ],
)
def test_cli_discard_refusal_is_a_verdict_in_words_and_in_json(game, args, said, discard):
    before = game.read_bytes()
    r = CliRunner().invoke(root, ["discard", str(game), *args])
    assert r.exit_code == 1 and r.stdout == ""
    assert r.stderr == f"pastiche: {said} [cleanup.hand-limit]\n"
    r = CliRunner().invoke(root, ["discard", str(game), *args, "--json"])
    assert r.exit_code == 1 and r.stderr == f"pastiche: {said} [cleanup.hand-limit]\n"
    data = json.loads(r.stdout)  # was an empty stdout: a refusal is a JSON verdict, as `trade --json` gives one
    assert list(data) == REFUSAL_KEYS
    assert data["legal"] is False and data["rule"] == "cleanup.hand-limit" and data["applied"] is False
    assert said.endswith(data["reason"]) and data["discard"] == discard
    assert game.read_bytes() == before


# --- regressions from the review --------------------------------------------------------------------


def test_gallery_needs_count_only_cards_the_hand_commissions_leave_over():
    # Harbour keeps one teal; the gallery's Mint Shutters (green, teal) can count only on the second.
    # Discarding that second teal loses a gallery card as surely as discarding the green does.
    hand = Counter(["teal", "teal", "blue", "black", "green", "gray", "gray", "bisque", "white"])
    advice = advise(hand, [HARBOUR], [commission("green", "teal")])
    teal = next(o for o in advice.options if o.discard == ("teal",))
    assert teal.gallery_cards_lost == 1
    assert [o.discard for o in advice.best] == [("white",)]


def test_a_discard_in_the_painting_phase_is_advice_until_applied_and_then_ends_it(game):
    # The limit holds at the end of the turn: in the painting phase trades and completions may still
    # bring the hand down, so nothing must be discarded yet. But a discard is the first clean-up move,
    # which ends the painting phase (SPEC 8), so --apply records it, as `play` does in a record.
    game.write_text(POSITION.replace("phase: cleanup", "phase: painting"))
    r = CliRunner().invoke(root, ["discard", str(game), "--player", "Ana", "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["must_discard_now"] is False
    assert "clean-up phase" in json.loads(r.stdout)["notes"][0]
    r = CliRunner().invoke(root, ["discard", str(game), "--player", "Ana", "--cards", "orange,violet", "--apply"])
    assert r.exit_code == 0, r.output
    assert "phase: cleanup" in game.read_text() and "phase: painting" not in game.read_text()
    assert "Note: the discard ended Ana's painting phase" in r.stdout and "may still bring" not in r.stdout
    # On another player's turn the move's own rule refuses it, and the file is left as it was.
    game.write_text(POSITION.replace("player: Ana, phase: cleanup", "player: Ben, phase: painting"))
    before = game.read_bytes()
    r = CliRunner().invoke(root, ["discard", str(game), "--player", "Ana", "--cards", "orange,violet", "--apply"])
    assert r.exit_code == 1 and game.read_bytes() == before and "[cleanup.hand-limit]" in r.output
    game.write_text(POSITION.replace(", phase: cleanup", ""))  # phase unknown: the end of the turn is assumed
    r = CliRunner().invoke(root, ["discard", str(game), "--player", "Ana", "--apply", "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["applied"]


def test_discard_on_a_huge_hand_weighs_every_distinct_discard():
    # 51 cards (three of every colour), 43 over: 653,242 distinct discards, every one weighed (on the
    # colour counts, not card list by card list, which took about 20 s). How long it takes is
    # measured in benchmarks/bench_hand_sizes.py, not here.
    hand = Counter({c: min(3, colours.copies(c)) for c in colours.card_names()})
    advice = advise(hand, [HARBOUR], [commission("green", "teal")])
    assert advice.over == 43 and len(advice.options) == 653_242
    assert advice.best[0].palette_points_lost == 0 and advice.options.index(advice.best[0]) == 0
