"""Every finished record of every game replays to its golden playthrough and `score --json`
(tests/goldens/playthroughs.py)."""

from __future__ import annotations

import every_game
import pytest
from goldens.playthroughs import RECORDS, finished, outputs


@pytest.mark.parametrize("game", every_game.GAMES, ids=every_game.ids)
def test_every_game_has_a_finished_record_with_goldens(game):
    assert every_game.records(game)
    for record in every_game.records(game):
        assert record in finished()
        assert record.with_suffix(".playthrough.txt").is_file() and record.with_suffix(".score.json").is_file()


@pytest.mark.parametrize("record", finished(), ids=lambda p: str(p.relative_to(RECORDS)))
def test_the_record_reproduces_its_golden_playthrough_and_score(record):
    for path, text in outputs(record).items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.name} differs from what the code prints now; if that is meant, run "
            "`python tests/goldens/playthroughs.py` and read the diff"
        )
