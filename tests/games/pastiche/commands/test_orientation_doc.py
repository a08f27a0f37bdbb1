"""docs/position-format.md, "Describing a board already on the table": what it says of the axes, the compact
drawing's letters and the labels is what the drawing does."""

import pathlib

from pastiche_cli.games.pastiche.core.board import board_from, cell_labels
from pastiche_cli.games.pastiche.render.text import fit_picture

ROOT = pathlib.Path(__file__).resolve().parents[4]
DOC = (ROOT / "docs" / "position-format.md").read_text("utf-8")
START = ["RBBRYB/RY", "BBRBRY/B", "BRRBYB/RB"]


def board(*placed):
    return board_from(START, [(cell, h, None) for cell, h in placed])


def test_q_points_right_and_r_down_right_in_the_drawing():
    picture = fit_picture(board(((-1, 1), "RYYBBY/Y"), ((1, -1), "YBBYRY/R")), 40)
    assert picture.layout == "compact"
    line = {cell: box[0] for cell, box in picture.boxes.items()}
    col = {cell: (box[1] + box[2]) / 2 for cell, box in picture.boxes.items()}
    assert line[(1, 0)] == line[(0, 0)] and col[(1, 0)] > col[(0, 0)]  # +q: right, same row
    assert line[(0, 1)] > line[(0, 0)] and col[(0, 1)] > col[(0, 0)]  # +r: down and right
    assert line[(-1, 1)] > line[(0, 0)] and col[(-1, 1)] < col[(0, 0)]  # below-left
    assert line[(1, -1)] < line[(0, 0)] and col[(1, -1)] > col[(0, 0)]  # above-right
    assert "`+q` points right" in DOC and "`+r` points down and to the right" in DOC


def test_the_compact_drawing_s_letters_are_read_as_the_doc_says():
    picture = fit_picture(board(), 30)
    line, first, last = picture.boxes[(0, 0)]
    above, below = picture.lines[line - 1][first : last + 1], picture.lines[line + 1][first : last + 1]
    assert (above, below) == ("B R B", "Y R B")
    # the doc's reading order: middle of the upper line, its right, right of the lower, middle, left, upper left
    read = above[2] + above[4] + below[4] + below[2] + below[0] + above[0]
    assert read == "RBBRYB" and "  B R B\n  [RY]\n  Y R B\n" in DOC and "`RBBRYB/RY`" in DOC


def test_labels_are_renumbered_after_a_placement():
    before = cell_labels(board())
    cell_a = before["a"]
    after = cell_labels(board((cell_a, "RYYBBY/Y")))
    assert after["a"] != cell_a  # the label read off the old board names another cell now
    assert list(before) == sorted(before, key=lambda k: (len(k), k))
    ordered = list(before.values())
    assert ordered == sorted(ordered, key=lambda c: (c[1], c[0]))  # top row first, left to right
    assert "Labels are renumbered after every placement" in DOC
