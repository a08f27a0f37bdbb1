"""SPEC 2 geometry: pointy-top axial cells, corners clockwise from the top, one corner key from every side."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pastiche_cli.games.pastiche.core.geometry import (
    DIRECTIONS,
    START_CELLS,
    centre_point,
    corner_key,
    corner_point,
    corner_sharers,
    distance,
    neighbour,
    neighbours,
    parse_cell,
)
from pastiche_cli.games.pastiche.core.notation import HexTile, parse_hex

cells = st.tuples(st.integers(-20, 20), st.integers(-20, 20))
corners = st.integers(0, 5)
tiles = st.builds(HexTile, st.text("RYB", min_size=6, max_size=6), st.sampled_from(["R", "Y", "B", "RY", "RB", "YB"]))


def close(a, b):
    return math.isclose(a[0], b[0], abs_tol=1e-9) and math.isclose(a[1], b[1], abs_tol=1e-9)


def test_neighbours_are_the_six_of_spec_2_in_clockwise_order_from_ne():
    assert DIRECTIONS == ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
    assert neighbours((0, 0)) == ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))


def test_corner_0_is_corner_4_of_the_ne_neighbour_and_corner_2_of_the_nw_neighbour():
    assert set(corner_sharers((0, 0), 0)) == {((0, -1), 2), ((1, -1), 4)}


@pytest.mark.parametrize(
    "corner, expected",
    [
        (0, {((0, -1), 2), ((1, -1), 4)}),  # top: NW and NE
        (1, {((1, -1), 3), ((1, 0), 5)}),  # 2 o'clock: NE and E
        (2, {((1, 0), 4), ((0, 1), 0)}),  # 4 o'clock: E and SE
        (3, {((0, 1), 5), ((-1, 1), 1)}),  # bottom: SE and SW
        (4, {((-1, 1), 0), ((-1, 0), 2)}),  # 8 o'clock: SW and W
        (5, {((-1, 0), 1), ((0, -1), 3)}),  # 10 o'clock: W and NW
    ],
)
def test_every_corner_of_the_origin_checked_by_hand(corner, expected):
    assert set(corner_sharers((0, 0), corner)) == expected


def test_corners_are_numbered_clockwise_from_twelve_o_clock():
    # y grows downwards: corner 0 straight up, corner 1 up and right, corner 3 straight down.
    x0, y0 = corner_point((0, 0), 0)
    x1, y1 = corner_point((0, 0), 1)
    x3, y3 = corner_point((0, 0), 3)
    assert math.isclose(x0, 0, abs_tol=1e-9) and y0 < 0
    assert x1 > 0 and y1 < 0
    assert math.isclose(x3, 0, abs_tol=1e-9) and y3 > 0


def test_the_starting_piece_meets_at_corner_2_of_the_origin():
    assert START_CELLS == ((0, 0), (1, 0), (0, 1))
    assert {c for c, _ in corner_sharers((0, 0), 2)} == {(1, 0), (0, 1)}
    assert corner_key((0, 0), 2) == corner_key((1, 0), 4) == corner_key((0, 1), 0)


@given(cells, corners)
def test_the_three_cells_at_a_corner_agree_on_it_from_each_side(cell, corner):
    here = corner_point(cell, corner)
    members = {(cell, corner)} | set(corner_sharers(cell, corner))
    assert len({c for c, _ in members}) == 3
    for other, index in members:
        # the same point in the plane, the same key, and the same three cells seen from there
        assert close(corner_point(other, index), here)
        assert corner_key(other, index) == corner_key(cell, corner)
        assert {(other, index)} | set(corner_sharers(other, index)) == members


@given(cells, corners)
def test_the_cells_at_a_corner_are_pairwise_neighbours(cell, corner):
    members = [cell] + [c for c, _ in corner_sharers(cell, corner)]
    for a in members:
        for b in members:
            assert a == b or distance(a, b) == 1


@given(cells)
def test_the_six_corners_of_a_cell_have_six_different_keys(cell):
    assert len({corner_key(cell, k) for k in range(6)}) == 6


def test_different_corner_points_have_different_keys():
    seen = {}
    for q in range(-4, 5):
        for r in range(-4, 5):
            for k in range(6):
                x, y = corner_point((q, r), k)
                point = (round(x, 6), round(y, 6))
                key = corner_key((q, r), k)
                assert seen.setdefault(key, point) == point


@given(cells, st.integers(0, 5))
def test_a_neighbour_is_one_step_away_and_its_centre_touches_ours(cell, side):
    n = neighbour(cell, side)
    assert distance(cell, n) == 1
    (x1, y1), (x2, y2) = centre_point(cell), centre_point(n)
    assert math.isclose(math.hypot(x2 - x1, y2 - y1), math.sqrt(3))


@given(tiles)
def test_six_rotations_are_the_identity(tile):
    assert tile.rotated(6) == tile
    turned = tile
    for _ in range(6):
        turned = turned.rotated()
    assert turned == tile


@given(tiles, st.integers(-12, 12), st.integers(-12, 12))
def test_rotations_add_up(tile, a, b):
    assert tile.rotated(a).rotated(b) == tile.rotated(a + b)


def test_rotating_clockwise_moves_the_last_letter_to_the_front():
    assert parse_hex("RYBBYR/R").rotated().corners == "RRYBBY"


@pytest.mark.parametrize("notation, distinct", [("RYBBYR/R", 6), ("RYBRYB/R", 3), ("RYRYRY/RB", 2), ("RRRRRR/Y", 1)])
def test_distinct_rotations(notation, distinct):
    assert len(parse_hex(notation).rotations()) == distinct


@pytest.mark.parametrize(
    "text, cell",
    [
        ("2,-1", (2, -1)),
        (" -1 , 3 ", (-1, 3)),
        ("[0, 2]", (0, 2)),
        ("(4,-4)", (4, -4)),
        ("a", None),
        ("1,2,3", None),
        ("x,1", None),
    ],
)
def test_parse_cell(text, cell):
    assert parse_cell(text) == cell
