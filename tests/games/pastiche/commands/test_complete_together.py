"""`complete`: which commissions can be completed together this turn [commission.complete] (issue 13)."""

import itertools
import json
from collections import Counter

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pastiche_cli.cli.root import root
from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.commissions import (
    TOGETHER_LISTED,
    CommissionStatus,
    completable_together,
    missing_cards,
)
from pastiche_cli.games.pastiche.core.position import Commission

NAMES = colours.card_names()


def statuses(hand, palettes):
    out = []
    for i, palette in enumerate(palettes):
        c = Commission(f"C{i}", "A", 8 + i, tuple(colours.as_list(Counter(palette))))
        out.append(CommissionStatus(c, "hand" if i < 2 else "gallery", i, missing_cards(hand, c)))
    return out


def every_maximal_set(hand, candidates):
    """All subsets weighed: those the hand pays for at once, and that no other commission could join."""

    def fits(group):
        total = Counter()
        for s in group:
            total.update(s.commission.needs)
        return not total - hand

    feasible = [set(g) for r in range(1, len(candidates) + 1) for g in itertools.combinations(candidates, r) if fits(g)]
    return {frozenset(s.commission.title for s in g) for g in feasible if not any(g < h for h in feasible)}


POSITION = """\
players:
  - name: Ana
    palette: [teal, teal, blue, black, red, red, orange]
    commissions:
      - {title: Harbour at Dusk, artist: P. Example, points: 11, palette: [teal, blue, black]}
      - {title: Red Sails, artist: R. Sample, points: 9, palette: [red, red, teal]}
    completed: []
  - name: Ben
    palette: []
    commissions: []
    completed: []
gallery:
  - {title: Salt Marsh, artist: W. Fiction, points: 8, palette: [teal, blue]}
  - {title: Dawn, artist: W. Fiction, points: 10, palette: [orange, red]}
turn: {player: Ana, phase: painting}
"""

# Checked by hand: Harbour and Salt Marsh both want the one blue, Red Sails and Dawn the reds.
EXPECTED = [
    (["Harbour at Dusk", "Dawn"], 21, ["red", "blue", "orange", "teal", "black"], ["red", "teal"]),
    (["Harbour at Dusk", "Red Sails"], 20, ["red", "red", "blue", "teal", "teal", "black"], ["orange"]),
    (["Salt Marsh", "Dawn"], 18, ["red", "blue", "orange", "teal"], ["red", "teal", "black"]),
    (["Red Sails", "Salt Marsh"], 17, ["red", "red", "blue", "teal", "teal"], ["orange", "black"]),
]


def test_competing_commissions_give_every_maximal_set_with_its_cards(tmp_path):
    game = tmp_path / "game.yaml"
    game.write_text(POSITION)
    r = CliRunner().invoke(root, ["complete", str(game), "--player", "Ana", "--json"])
    assert r.exit_code == 0, r.output
    together = json.loads(r.stdout)["together"]
    assert together["rule"] == "commission.complete" and together["all_listed"]
    assert [(t["commissions"], t["points"], t["cards"], t["hand_after"]) for t in together["sets"]] == EXPECTED
    r = CliRunner().invoke(root, ["complete", str(game), "--player", "Ana"])
    assert "not all together" in r.stdout and "4 sets" in r.stdout
    for titles, points, cards, left in EXPECTED:
        assert (
            f"{' + '.join(repr(t) for t in titles)}: {points} points, using {', '.join(cards)}; "
            f"leaves {', '.join(left)}"
        ) in r.stdout


def test_commissions_that_fit_at_once_are_one_set(tmp_path):
    game = tmp_path / "game.yaml"
    game.write_text(
        POSITION.replace(
            "[teal, teal, blue, black, red, red, orange]",
            "[teal, teal, teal, teal, blue, blue, black, red, red, red, orange]",
        )
    )
    r = CliRunner().invoke(root, ["complete", str(game), "--player", "Ana", "--json"])
    data = json.loads(r.stdout)
    assert [t["commissions"] for t in data["together"]["sets"]] == [
        ["Harbour at Dusk", "Red Sails", "Salt Marsh", "Dawn"]
    ]
    assert "all together" in data["reason"]


def test_nothing_completable_means_no_set(tmp_path):
    game = tmp_path / "game.yaml"
    game.write_text(POSITION.replace("[teal, teal, blue, black, red, red, orange]", "[gray]"))
    r = CliRunner().invoke(root, ["complete", str(game), "--player", "Ana", "--json"])
    assert r.exit_code == 1 and json.loads(r.stdout)["together"]["sets"] == []


HANDS = st.lists(st.sampled_from(NAMES[:8]), min_size=2, max_size=12).map(Counter)
PALETTES = st.lists(st.lists(st.sampled_from(NAMES[:8]), min_size=2, max_size=4), min_size=1, max_size=7)


@settings(max_examples=200, deadline=None)
@given(HANDS, PALETTES)
def test_sets_are_exactly_the_maximal_ones_by_brute_force(hand, palettes):
    candidates = statuses(hand, palettes)
    together = completable_together(hand, candidates)
    assert together.whole
    got = [frozenset(m.commission.title for m in t.members) for t in together.sets]
    assert len(got) == len(set(got))
    assert set(got) == every_maximal_set(hand, candidates)
    for t in together.sets:
        used = Counter()
        for m in t.members:
            used.update(m.commission.needs)
        assert Counter(t.cards) == used and Counter(t.hand_after) == hand - used


def test_dozens_of_interchangeable_commissions_stop_at_the_stated_bound():
    # 30 commissions each wanting teal + blue, 15 of each held: C(30, 15) maximal sets. Listed: the
    # first TOGETHER_LISTED, and the answer says more may exist.
    hand = Counter({"teal": 15, "blue": 15})
    candidates = statuses(hand, [["teal", "blue"]] * 30)
    together = completable_together(hand, candidates)
    assert not together.whole and len(together.sets) == TOGETHER_LISTED
    assert all(len(t.members) == 15 for t in together.sets)
