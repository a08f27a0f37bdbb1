"""A feature named for a cell that already holds a painting: the answer is that the cell is taken (the rule),
not a usage error about the feature, which would send the player after the wrong mistake."""

import json
import pathlib

from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.games.artline.core.placement import misuses

ROOT = pathlib.Path(__file__).resolve().parents[3]
MIDGAME = ROOT / "examples" / "positions" / "artline" / "midgame.yaml"


def place(*extra):
    return CliRunner().invoke(root, ["artline", "place", str(MIDGAME), "--player", "Ana", "--at", "0,0", *extra])


def test_a_feature_for_a_taken_cell_is_refused_because_the_cell_is_taken():
    for extra in (["--feature-row", "cats"], ["--feature-column", "cats"], ["--unclear", "1"]):
        result = place(*extra)
        assert result.exit_code == 1, (extra, result.output)
        assert "[0, 0] already holds a painting; paintings never overlap" in result.output
        assert "[artline.place]" in result.output
    data = json.loads(place("--feature-row", "cats", "--json").stdout)
    assert data["legal"] is False and data["rule"] == "artline.place" and "already holds a painting" in data["reason"]


def test_a_feature_for_an_empty_cell_that_opens_nothing_is_still_a_usage_error():
    result = CliRunner().invoke(
        root, ["artline", "place", str(MIDGAME), "--player", "Ana", "--at", "-1,0", "--feature-row", "cats"]
    )
    assert result.exit_code == 2 and "--feature-row names a feature for a gallery being opened" in result.output


def test_misuses_say_nothing_of_a_taken_cell_s_lines():
    from pastiche_cli.games.artline.formats.loader import parse_position

    pos, _, _ = parse_position(str(MIDGAME), MIDGAME.read_text())
    assert misuses(pos, (0, 0), "cats", "dogs", 1) == []
    assert [m.option for m in misuses(pos, (0, 0), "x" * 500, None, 0)] == ["--feature-row"]  # too long, still
