"""Two rules of a placement in a record, by hand on the two-player example's setup (Ana holds
RRYYBB/R and YYBBRR/Y; the starting piece covers 0,0, 1,0 and 0,1)."""

from __future__ import annotations

from conftest import ROOT

from pastiche_cli.games.pastiche.core import moves
from pastiche_cli.games.pastiche.core.record import RULES
from pastiche_cli.games.pastiche.formats.record import load_text

EXAMPLE = ROOT / "examples" / "records" / "two-player-game.yaml"


def setup():
    loaded = load_text(str(EXAMPLE), EXAMPLE.read_text(encoding="utf-8"))
    return loaded.replay.setup


def test_a_hex_the_player_does_not_hold_cannot_be_laid():
    position = setup()
    assert list(position.players[0].hexes) == ["RRYYBB/R", "YYBBRR/Y"]
    refused = RULES.judge_next(position, False, moves.parse_move("Ana place RRRRRR/R at -1,1", position))
    assert (refused.legal, refused.rule) == (False, "place")
    assert "Ana does not hold RRRRRR/R in any rotation (holds RRYYBB/R, YYBBRR/Y)" in refused.reason
    # the same hex turned is still hers
    assert RULES.judge_next(position, False, moves.parse_move("Ana place YYBBRR/R at -1,1", position)).legal


def test_whose_turn_is_judged_before_where_the_hex_goes():
    position = setup()
    # Ben, on Ana's turn, on an occupied cell: the turn decides, as it does for every other move
    verdict = moves.judge(position, moves.parse_move("Ben place BBRRYY/B at 0,0", position))
    assert not verdict.legal
    assert verdict.rule == "place" and "Ana" in verdict.reason
