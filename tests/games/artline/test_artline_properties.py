"""Properties of the Artline core over games played at random: spots and place agree, --apply then
check is clean, and the 96 paintings are always all accounted for."""

from __future__ import annotations

import random

from artline_play import feature, play, to_yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pastiche_cli.cli.root import root
from pastiche_cli.games.artline.core.grid import frontier, neighbours
from pastiche_cli.games.artline.core.placement import OPEN, judge, line_effects, spots
from pastiche_cli.games.artline.core.position import ROW
from pastiche_cli.games.artline.core.turns import after_discard, after_placement, judge_discard
from pastiche_cli.games.artline.core.validate import counts, rule_problems
from pastiche_cli.kernel.problems import WARNING

games = st.builds(
    lambda seed, n, turns, greedy, discards: play(
        random.Random(seed), ["Ana", "Ben", "Caro", "Dee", "Eve"][:n], turns, greedy=greedy, discard_every=discards
    ),
    st.integers(0, 10_000),
    st.integers(2, 5),
    st.integers(0, 40),
    st.booleans(),
    st.sampled_from([0, 0, 3, 7]),
)


def fresh_features(position, cell):
    """New features for every line the cell would open, none for the others."""
    names = {ROW: None, "column": None}
    n = len(position.galleries) + 100
    for axis, (kind, _, _) in line_effects(position, cell).items():
        if kind == OPEN:
            names[axis] = feature(n)
            n += 1
    return names[ROW], names["column"]


@settings(max_examples=60, deadline=None)
@given(games)
def test_spots_are_exactly_the_cells_place_accepts(position):
    _, found = spots(position)
    listed = {s.at for s in found}
    cells = position.cells()
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    empty = [
        (x, y) for x in range(min(xs) - 2, max(xs) + 3) for y in range(min(ys) - 2, max(ys) + 3) if (x, y) not in cells
    ]
    for cell in empty:
        row, column = fresh_features(position, cell)
        verdict = judge(position, cell, None, row, column)
        assert verdict.legal is (cell in listed), (cell, verdict.reason)
    assert listed <= set(frontier(cells))
    for spot in found:  # what spots says of a cell is what place says
        row, column = fresh_features(position, spot.at)
        verdict = judge(position, spot.at, None, row, column)
        assert (spot.exhibition, spot.draws, spot.wins) == (verdict.exhibition, verdict.draws, verdict.wins)
        assert [e.line for e in spot.joins + spot.opens] == [e.line for e in verdict.joins + verdict.opens]


@settings(max_examples=60, deadline=None)
@given(games)
def test_the_paintings_always_add_up_to_96_and_the_table_stays_valid(position):
    assert counts(position)["total"] == 96
    assert [p for p in rule_problems(position) if p.kind != WARNING] == []
    assert all(any(n in position.cells() for n in neighbours(p.at)) for p in position.table) or len(position.table) == 1


@settings(max_examples=40, deadline=None)
@given(games, st.integers(0, 10_000))
def test_one_more_move_keeps_the_count(position, seed):
    rng = random.Random(seed)
    refused, found = spots(position)
    if refused is not None:
        return
    if found and rng.random() < 0.8:
        cell = rng.choice(found).at
        verdict = judge(position, cell, None, *fresh_features(position, cell))
        after = after_placement(position, verdict)
        mover = position.player(position.turn)
        assert after.player(mover.name).hand == mover.hand - 1 + (1 if verdict.draws else 0)
        assert after.deck == position.deck - (1 if verdict.draws else 0)
        assert len(after.galleries) == len(position.galleries) + len(verdict.opens)
    else:
        after = after_discard(position, judge_discard(position))
        assert after.discard == position.discard + 1
    assert counts(after)["total"] == 96
    assert [p for p in rule_problems(after) if p.kind != WARNING] == []


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(games, st.integers(0, 10_000))
def test_place_apply_then_check_is_always_clean(tmp_path, position, seed):
    refused, found = spots(position)
    if refused is not None or not found:
        return
    path = tmp_path / f"game-{seed}.yaml"
    path.write_text("# kept through the edit\n" + to_yaml(position), encoding="utf-8")
    cell = random.Random(seed).choice(found).at
    row, column = fresh_features(position, cell)
    args = ["artline", "place", str(path), f"--at={cell[0]},{cell[1]}", "--apply"]
    args += (["--feature-row", row] if row else []) + (["--feature-column", column] if column else [])
    runner = CliRunner()
    placed = runner.invoke(root, args)
    assert placed.exit_code == 0, placed.output
    checked = runner.invoke(root, ["check", str(path)])
    assert checked.exit_code == 0, checked.output
    assert path.read_text(encoding="utf-8").startswith("# kept through the edit\n")
    listed = runner.invoke(root, ["artline", "spots", str(path), "--json"])
    assert listed.exit_code in (0, 1), listed.output
