"""[place.*] Placement verdicts and the board checks of `check`: worked examples checked by hand, and properties."""

import itertools
import random
from collections import Counter

import pytest
from conftest import EXAMPLES
from hypothesis import given, settings
from hypothesis import strategies as st

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.board import (
    board_from,
    board_problems,
    cell_labels,
    corner_mixes,
    hex_identity,
    judge_placement,
    label_name,
    open_cells,
    same_hex,
    short_of,
)
from pastiche_cli.games.pastiche.core.geometry import START_CELLS, corner_sharers, neighbour, neighbours
from pastiche_cli.games.pastiche.core.notation import HexTile, parse_hex
from pastiche_cli.games.pastiche.formats.loader import parse_position

# A starting piece whose corners are easy to follow by hand:
#   (0,0) RRYYBB: 0 R, 1 R, 2 Y, 3 Y, 4 B, 5 B
#   (1,0) YYBBRR: 0 Y, 1 Y, 2 B, 3 B, 4 R, 5 R
#   (0,1) BBRRYY: 0 B, 1 B, 2 R, 3 R, 4 Y, 5 Y
START = ("RRYYBB/R", "YYBBRR/Y", "BBRRYY/B")

tiles = st.builds(HexTile, st.text("RYB", min_size=6, max_size=6), st.sampled_from(["R", "Y", "B", "RY", "RB", "YB"]))


def start_board(*placed):
    return board_from(START, placed)


def cards_at(board, notation, cell):
    verdict = judge_placement(board, parse_hex(notation), cell)
    assert verdict.legal, verdict.reason
    return verdict


# --- hand-checked placements -------------------------------------------------------------------


def test_the_starting_piece_meets_at_its_3_dab_corner():
    # Corner 2 of (0,0): Y of (0,0), R (corner 4) of (1,0), B (corner 0) of (0,1).
    board = start_board()
    assert {c: board.tiles[c].corners[k] for c, k in corner_sharers((0, 0), 2)} == {(1, 0): "R", (0, 1): "B"}
    assert board.tiles[(0, 0)].corners[2] == "Y"


def test_place_mix_notch_of_the_starting_piece_gives_a_3_dab_corner():
    # (1,-1) sits in the notch above (0,0) and (1,0). Its corner 2 meets (1,0)'s corner 0 (Y); its
    # bottom corner 3 meets (0,0)'s corner 1 (R) and (1,0)'s corner 5 (R); its corner 4 meets
    # (0,0)'s corner 0 (R). Laid as RYBRYB: B+Y green, R+R+R red, Y+R orange.
    v = cards_at(start_board(), "RYBRYB/R", (1, -1))
    assert [(m.corner, m.dabs, m.card) for m in v.corners] == [
        (0, "", None),
        (1, "", None),
        (2, "YB", "green"),
        (3, "RRR", "red"),
        (4, "RY", "orange"),
        (5, "", None),
    ]
    assert v.cards == ["green", "red", "orange"]
    assert v.centre == ("red",)


def test_place_mix_two_identical_dabs_make_nothing_and_the_corner_still_counts():
    # Same cell, laid as YYRBBY: corner 2 R+Y orange, corner 3 B+R+R magenta, corner 4 B+R violet.
    v = cards_at(start_board(), "YYRBBY/YB", (1, -1))
    assert v.cards == ["orange", "magenta", "violet"]
    # and laid as BYYRRR: corner 2 Y+Y nothing, corner 3 R+R+R red, corner 4 R+R nothing
    v = cards_at(start_board(), "BYYRRR/B", (1, -1))
    assert [(m.dabs, m.card) for m in v.corners[2:5]] == [("YY", None), ("RRR", "red"), ("RR", None)]
    assert v.cards == ["red"]


def test_place_mix_touching_one_hex_mixes_at_two_corners():
    # (-1,0) touches only (0,0), across its E side: its corners 1 and 2 meet (0,0)'s corners 5 and 4
    # (both B); its SE neighbour is (-1,1), which is empty. R+B twice: violet, violet.
    v = cards_at(start_board(), "RRRRRR/R", (-1, 0))
    assert [(m.corner, m.dabs, m.card) for m in v.corners if m.dabs] == [(1, "RB", "violet"), (2, "RB", "violet")]
    # (0,-1) touches only (0,0), across its SE side: corner 2 meets (0,0)'s corner 0 (R), corner 3
    # meets (0,0)'s corner 5 (B).
    v = cards_at(start_board(), "YYYYYY/Y", (0, -1))
    assert [(m.corner, m.dabs, m.card) for m in v.corners if m.dabs] == [(2, "RY", "orange"), (3, "YB", "green")]


MIDGAME = EXAMPLES / "board-midgame-4p.yaml"


def midgame_board():
    position, problems, _ = parse_position(str(MIDGAME), MIDGAME.read_text())
    assert position is not None and not problems
    return board_from(position.start, ((p.at, p.hex, p.by) for p in position.placed)), position


@pytest.mark.parametrize(
    "notation, cell, expected, touching",
    [
        # a cell touching three hexes: (0,3) below (0,2) BRRBBB, (1,2) RRBYBY and beside (-1,3) YYRYBY.
        # top: own B + (0,2) corner 2 R + (1,2) corner 4 B = RBB purple; upper right: own Y + (1,2)
        # corner 3 Y = nothing; lower left: own R + (-1,3) corner 2 R = nothing; upper left: own B +
        # (-1,3) corner 1 Y + (0,2) corner 3 B = YBB teal.
        ("BYBYRB/RB", (0, 3), [(0, "RBB", "purple"), (1, "YY", None), (4, "RR", None), (5, "YBB", "teal")], 3),
        # a notch between two hexes: (-1,4) touches (-1,3) YYRYBY (NE) and (-2,4)? empty, so one hex:
        # top: own B + (-1,3) corner 2 R... and (-2,4) is empty: RB violet; upper right: own Y + (-1,3)
        # corner 3 Y... wait (0,3) is empty too, so corner 1 meets (-1,3) corner 3 (Y) and own Y: nothing.
        ("BYBYRB/RB", (-1, 4), [(0, "RB", "violet"), (5, "YB", "green")], 1),
        # the notch at (-2,4) between (-2,3) RRBYBY, (-1,3) YYRYBY and (-3,4) BYYBYY:
        # top: own B + (-2,3) corner 2 B + (-1,3) corner 4 B = BBB blue; upper right: own Y + (-1,3)
        # corner 3 Y = nothing; lower left: own R + (-3,4) corner 1 Y = orange; upper left: own B +
        # (-3,4) corner 2 Y + (-2,3) corner 3 Y = YYB olive.
        ("BYBYRB/RB", (-2, 4), [(0, "BBB", "blue"), (1, "YY", None), (4, "RY", "orange"), (5, "YYB", "olive")], 3),
    ],
)
def test_hand_checked_placements_on_the_midgame_board(notation, cell, expected, touching):
    board, _ = midgame_board()
    v = cards_at(board, notation, cell)
    assert [(m.corner, m.dabs, m.card) for m in v.corners if m.dabs] == expected
    assert len(v.touching) == touching
    assert v.cards == [card for _, _, card in expected if card]


def test_a_notch_between_two_placed_hexes_mixes_at_three_corners():
    # (1,-1) RYBRYB placed; (2,-1) then touches (1,-1) (W) and (1,0) (SW): a notch.
    board = start_board(((1, -1), "RYBRYB/R", "Ana"))
    v = cards_at(board, "BBBBBB/B", (2, -1))
    # corner 3 (bottom): (1,0) corner 1 Y; corner 4: (1,0) corner 0 Y + (1,-1) corner 2 B;
    # corner 5: (1,-1) corner 1 Y.
    assert [(m.corner, m.dabs, m.card) for m in v.corners if m.dabs] == [
        (3, "YB", "green"),
        (4, "YBB", "teal"),
        (5, "YB", "green"),
    ]


# --- legality ------------------------------------------------------------------------------------


def test_place_adjacent_an_occupied_cell_is_not_legal():
    for cell in START_CELLS:
        v = judge_placement(start_board(), parse_hex("RYBRYB/R"), cell)
        assert (v.legal, v.rule, v.why) == (False, "place.adjacent", "occupied")
        assert "starting piece" in v.reason


def test_place_adjacent_a_cell_touching_no_hex_is_not_legal():
    v = judge_placement(start_board(), parse_hex("RYBRYB/R"), (3, 3))
    assert (v.legal, v.rule, v.why) == (False, "place.adjacent", "not-adjacent")
    assert v.cards == []


def test_place_adjacent_strict_reading_needs_the_start_piece_or_another_players_hex():
    board = start_board(((0, -1), "RYBRYB/R", "Ana"))
    # (0,-2) touches only Ana's hex.
    assert not judge_placement(board, parse_hex("RRRRRR/R"), (0, -2), player="Ana", strict=True).legal
    assert judge_placement(board, parse_hex("RRRRRR/R"), (0, -2), player="Ben", strict=True).legal
    assert judge_placement(board, parse_hex("RRRRRR/R"), (0, -2), player="Ana", strict=False).legal
    # (1,-2) touches Ana's hex and nothing else either; (1,-1) touches the starting piece too.
    assert judge_placement(board, parse_hex("RRRRRR/R"), (1, -1), player="Ana", strict=True).legal
    assert judge_placement(board, parse_hex("RRRRRR/R"), (0, -2), player="ana", strict=True).why == "strict-adjacency"


def test_place_bank_counts_repeats_against_the_stock():
    assert short_of(["violet", "violet", "green"], {"violet": 1, "green": 5}) == ["violet"]
    assert short_of(["red", "red", "red"], {"red": 0}) == ["red", "red", "red"]
    assert short_of(["teal"], {"teal": 6}) == []


def test_place_bank_short_cards_are_named_and_cannot_be_taken():
    # (1,-1) laid as RYBRYB makes green, red, orange; the bank has no red and one orange left.
    bank = Counter({"green": 12, "red": 0, "orange": 1})
    v = judge_placement(start_board(), parse_hex("RYBRYB/R"), (1, -1), bank=bank)
    assert v.legal and v.short == ("red",)
    assert v.takeable == Counter({"green": 1, "orange": 1})
    assert v.centre_short == ("red",) and v.centre_available == ()


# --- properties ----------------------------------------------------------------------------------


@given(tiles, tiles, st.integers(0, 5))
def test_a_hex_touching_one_neighbour_mixes_at_exactly_two_corners(existing, new, side):
    board = board_from((), ())
    board = board.with_hex((0, 0), existing)
    cell = neighbour((0, 0), side)
    mixes = corner_mixes(board, cell, new)
    touched = [m for m in mixes if m.others]
    assert len(touched) == 2
    assert all(len(m.dabs) == 2 for m in touched)
    # the two corners are the ends of the shared side
    assert {m.corner for m in touched} == {(side + 3) % 6, (side + 4) % 6}


@settings(max_examples=60)
@given(st.lists(tiles, min_size=3, max_size=3), st.integers(0, 5), st.integers(0, 5))
def test_the_card_at_a_corner_does_not_depend_on_which_hex_came_last(three, corner, _):
    cells = [(0, 0)] + [c for c, _ in corner_sharers((0, 0), corner)]
    index = {(0, 0): corner} | dict(corner_sharers((0, 0), corner))
    made = set()
    for order in itertools.permutations(range(3)):
        board = board_from((), ())
        for i in order[:2]:
            board = board.with_hex(cells[i], three[i])
        last = order[2]
        mix = corner_mixes(board, cells[last], three[last])[index[cells[last]]]
        made.add((mix.dabs, mix.card))
    assert len(made) == 1


@settings(max_examples=30)
@given(st.randoms(use_true_random=False), tiles)
def test_mixing_does_not_depend_on_the_order_hexes_were_laid(rnd, new):
    board, position = midgame_board()
    placed = [(p.at, p.hex, p.by) for p in position.placed]
    shuffled = placed[:]
    rnd.shuffle(shuffled)
    other = board_from(position.start, shuffled)
    for cell in open_cells(board)[:10]:
        assert corner_mixes(board, cell, new) == corner_mixes(other, cell, new)


def _point(cell, corner):
    """Corner `corner` of `cell` in the plane, from SPEC 2 alone: pointy-top, corner 0 at 12 o'clock,
    clockwise (y grows downwards), rounded so that the same point from three cells compares equal."""
    import math

    q, r = cell
    angle = math.radians(-90 + 60 * corner)
    return (round(math.sqrt(3) * (q + r / 2) + math.cos(angle), 6), round(1.5 * r + math.sin(angle), 6))


@settings(max_examples=40, deadline=None)
@given(st.lists(tiles, min_size=3, max_size=3), st.lists(tiles, max_size=12), st.randoms(use_true_random=False), tiles)
def test_mixing_agrees_with_the_corner_points_drawn_in_the_plane(start, more, rnd, new):
    # Independent of corner_sharers: which dabs meet is decided by where corners fall in the plane.
    board = board_from([str(t) for t in start])
    for tile in more:
        board = board.with_hex(rnd.choice(open_cells(board)), tile)
    at_point: dict = {}
    for cell, tile in board.tiles.items():
        for k in range(6):
            at_point.setdefault(_point(cell, k), []).append(tile.corners[k])
    for cell in open_cells(board):
        verdict = judge_placement(board, new, cell)
        for k, mix in enumerate(verdict.corners):
            met = at_point.get(_point(cell, k), [])
            dabs = "".join(sorted(new.corners[k] + "".join(met), key="RYB".index)) if met else ""
            assert (mix.dabs, mix.card) == (dabs, colours.mix(dabs) if dabs else None), (cell, k)


@given(tiles)
def test_a_hex_is_the_same_hex_in_every_rotation(tile):
    assert all(same_hex(tile, r) for r in tile.rotations())
    assert {hex_identity(r) for r in tile.rotations()} == {hex_identity(tile)}


# --- open cells and labels -----------------------------------------------------------------------


def test_open_cells_of_the_starting_piece_in_reading_order():
    # the nine cells around the triangle, top row first, left to right
    assert open_cells(start_board()) == [(0, -1), (1, -1), (2, -1), (-1, 0), (2, 0), (-1, 1), (1, 1), (-1, 2), (0, 2)]


def test_labels_run_a_to_z_then_aa():
    assert [label_name(i) for i in (0, 1, 25, 26, 27, 51, 52)] == ["a", "b", "z", "aa", "ab", "az", "ba"]
    labels = cell_labels(start_board())
    assert list(labels) == list("abcdefghi")
    assert labels["a"] == (0, -1)


# --- what `check` reports --------------------------------------------------------------------------


def position_text(placed, hands="", rules=""):
    lines = ["players:", f"  - {{name: Ana, palette: [], hexes: [{hands}]}}", "  - {name: Ben, palette: []}"]
    if rules:
        lines.append(f"house_rules: {{{rules}}}")
    lines += ["board:", f"  start: [{', '.join(START)}]", "  placed:"]
    lines += [f"    - {{at: [{q}, {r}], hex: RYBRYB/R{', by: ' + by if by else ''}}}" for (q, r), by in placed]
    return "\n".join(lines) + "\n"


def problems_of(text):
    position, problems, _ = parse_position("t.yaml", text)
    assert position is not None and not problems, problems
    return [(p.code, p.line, p.kind) for p in board_problems(position)]


def test_check_a_valid_layout_has_no_board_problems():
    assert problems_of(position_text([((0, -1), "Ana"), ((1, -1), "Ben")])) == []


def test_check_two_hexes_on_one_cell():
    found = problems_of(position_text([((0, -1), "Ana"), ((1, 0), "Ben"), ((0, -1), "Ben")]))
    assert found == [("cell-taken", 8, "rules"), ("cell-taken", 9, "rules")]


def test_check_a_hex_not_connected_to_the_layout():
    found = problems_of(position_text([((0, -1), "Ana"), ((5, 5), "Ben"), ((5, 6), "Ana")]))
    assert found == [("not-connected", 8, "rules"), ("not-connected", 9, "rules")]


def test_check_a_hex_listed_before_the_hex_it_touches_is_a_warning():
    found = problems_of(position_text([((0, -2), "Ana"), ((0, -1), "Ben")]))
    assert found == [("laid-out-of-order", 7, "warning")]


def test_check_strict_adjacency_needs_another_players_hex():
    placed = [((0, -1), "Ana"), ((0, -2), "Ana"), ((0, -3), "Ben"), ((-1, -2), None)]
    assert problems_of(position_text(placed)) == []
    found = problems_of(position_text(placed, rules="strict_adjacency: true"))
    assert found == [("strict-adjacency", 9, "rules"), ("strict-adjacency-unknown", 11, "warning")]


def spiral(n):
    """n cells around the starting piece, each touching one laid before it."""
    taken, out = set(START_CELLS), []
    rnd = random.Random(5)
    while len(out) < n:
        cell = sorted({x for c in taken for x in neighbours(c) if x not in taken})[rnd.randrange(6)]
        taken.add(cell)
        out.append((cell, "Ana"))
    return out


def test_check_more_than_54_placed_hexes():
    assert problems_of(position_text(spiral(54))) == []
    assert [code for code, _, _ in problems_of(position_text(spiral(55)))] == ["too-many-placed"]


def test_check_hexes_in_hands_and_placed_beyond_54():
    assert [code for code, _, _ in problems_of(position_text(spiral(53), hands="RRRRRR/R, YYYYYY/Y"))] == [
        "too-many-hexes-in-game"
    ]
    assert problems_of(position_text(spiral(52), hands="RRRRRR/R, YYYYYY/Y")) == []
