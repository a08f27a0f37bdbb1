"""The small pieces: features compared as written, the grid, the terminal picture, the SVG, the edits."""

from __future__ import annotations

import pathlib
import random
import xml.etree.ElementTree as ET

import pytest
from artline_play import play
from artline_tables import table
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pastiche_cli.cli.root import root
from pastiche_cli.games.artline.core.features import alike, feature_key, in_use, looks_alike, same_feature
from pastiche_cli.games.artline.core.grid import extent, frontier, neighbours
from pastiche_cli.games.artline.core.placement import misuses, spots
from pastiche_cli.games.artline.render.svg import board_svg
from pastiche_cli.games.artline.render.text import picture

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.mark.parametrize(
    "a, b, same",
    [
        ("Red clothing", "red clothing", True),
        ("red  clothing", " Red Clothing ", True),
        ("RedClothing", "red clothing", True),
        ("dogs", "dog", False),
        ("animals", "animals indoors", False),
        ("a child", "children", False),
    ],
)
def test_same_feature_ignores_case_and_spacing_only(a, b, same):
    assert same_feature(a, b) is same
    assert (feature_key(a) == feature_key(b)) is same


@pytest.mark.parametrize(
    "a, b, similar",
    [
        ("dogs", "dog", True),
        ("Dogs", "dogs ", False),
        ("red clothing", "red clotihng", True),
        ("animals", "animals indoors", False),
        ("boats", "snow", False),
        ("a bridge", "bridges", True),
        ("a hat", "a cat", False),
    ],
)
def test_looks_alike(a, b, similar):
    assert looks_alike(a, b) is similar


def test_in_use_and_alike_name_the_feature_as_written():
    assert in_use("DOGS", ["boats", "dogs"]) == "dogs" and in_use("cats", ["dogs"]) is None
    assert alike("dog", ["dogs", "boats"]) == ("dogs",)


def test_neighbours_and_frontier():
    assert set(neighbours((0, 0))) == {(1, 0), (-1, 0), (0, 1), (0, -1)}
    assert frontier(frozenset({(0, 0), (1, 0)})) == [(0, -1), (1, -1), (-1, 0), (2, 0), (0, 1), (1, 1)]
    assert extent([(0, 0), (2, -1)]) == (3, 2)


def test_a_feature_of_a_thousand_characters_is_bad_usage():
    assert [m.option for m in misuses(table([(0, 0)]), (1, 0), "x" * 1000, None, 0)] == ["--feature-row"]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60), st.integers(20, 200))
def test_the_picture_never_passes_the_width(seed, turns, width):
    position = play(random.Random(seed), ["Ana", "Ben", "Caro"], turns)
    _, found = spots(position)
    drawn = picture(position, [s.at for s in found], width)
    assert drawn.fits is (drawn.width <= width)
    assert all(len(line) <= width for line in drawn.lines)
    if drawn.fits:
        text = "\n".join(drawn.lines)
        assert text.count("[") + text.count("|") // 2 == len(position.table)
        assert text.count("+") == len(found)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40))
def test_the_svg_is_well_formed_and_names_every_gallery(seed, turns):
    position = play(random.Random(seed), ["Ana", "Ben"], turns)
    svg = board_svg(position, [s.at for s in spots(position)[1]], "a <title> & more")
    tree = ET.fromstring(svg)
    # a label is one text of lines (tspans) fitting its room: its words, read in order
    texts = " ".join(" ".join(t.itertext()) for t in tree.iter("{http://www.w3.org/2000/svg}text"))
    for g in position.galleries:
        assert f"{g.line.axis} {g.line.index}: {g.feature}" in texts


BLOCK = """\
# a game written out long-hand
game: artline
players:
  - name: Ana   # first
    hand: 5
  - name: Ben
    hand: 5
table:
  - at: [0, 0]
    orientation: landscape
galleries: []
deck: 85
# no discard key yet
turn:
  player: Ana
"""


def test_apply_on_a_block_style_file_keeps_every_comment(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text(BLOCK, encoding="utf-8")
    runner = CliRunner()
    placed = runner.invoke(root, ["artline", "place", str(path), "--at", "1,0", "--feature-row", "dogs", "--apply"])
    assert placed.exit_code == 0, placed.output
    discarded = runner.invoke(root, ["artline", "discard", str(path), "--apply"])
    assert discarded.exit_code == 0, discarded.output
    text = path.read_text(encoding="utf-8")
    for comment in ("# a game written out long-hand", "# first", "# no discard key yet"):
        assert comment in text
    assert "player: Ana" in text and "discard: 1" in text and "deck: 83" in text
    assert runner.invoke(root, ["check", str(path)]).exit_code == 0
