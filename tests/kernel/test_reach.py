"""Cells joined through their neighbours (kernel/reach.py), on a square grid and a hex one."""

from pastiche_cli.kernel.reach import reachable


def square(cell):
    x, y = cell
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]


def test_only_cells_joined_neighbour_to_neighbour_are_reached():
    cells = {(0, 0), (1, 0), (1, 1), (3, 3)}
    assert reachable([(0, 0)], square, cells) == {(0, 0), (1, 0), (1, 1)}


def test_the_starts_count_whether_or_not_they_are_inside():
    assert reachable([(5, 5)], square, set()) == {(5, 5)}
    assert reachable([(0, 0), (3, 3)], square, {(1, 0)}) == {(0, 0), (1, 0), (3, 3)}


def test_a_diagonal_is_not_a_neighbour_on_a_square_grid():
    assert reachable([(0, 0)], square, {(1, 1)}) == {(0, 0)}
