"""Hex notation (SPEC 2): `RYBBYR/R`; a bad hex is a located error pointing at the wrong letter."""

import pytest

from pastiche_cli.games.pastiche.core.notation import HexTile, NotationError, parse_hex


@pytest.mark.parametrize(
    "text, tile",
    [
        ("RYBBYR/R", HexTile("RYBBYR", "R")),
        ("ryybbr/by", HexTile("RYYBBR", "YB")),  # any case; a two-colour centre in R-Y-B order
        ("  RRYYBB/RB ", HexTile("RRYYBB", "RB")),
    ],
)
def test_parse_hex(text, tile):
    assert parse_hex(text) == tile
    assert str(parse_hex(str(tile))) == str(tile)  # round-trips


@pytest.mark.parametrize(
    "text, index",
    [
        ("RYBBYX/R", 5),  # the sixth corner letter
        ("XYBBYR/R", 0),
        ("RYBBYR/X", 7),  # the centre
        ("RYBBY/R", 5),  # too few corners: where the sixth should be
        ("RYBBYRR/R", 6),  # too many
        ("RYBBYR", 6),  # no '/'
        ("RYBBYR/RR", 8),  # a two-colour centre of one colour
        ("RYBBYR/RYB", 9),
        ("  RYBBYX/R", 7),  # leading spaces are counted
    ],
)
def test_bad_notation_points_at_the_wrong_character(text, index):
    with pytest.raises(NotationError) as caught:
        parse_hex(text)
    assert caught.value.index == index
