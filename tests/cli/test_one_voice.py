"""Every game says places and winners the same way (issue 33, item 19, in part): Artline's table said
"1" where the others say "1st", in the terminal and on the page, and Pastiche's playthrough said
"winner: Ana (decided by: total)" where `score` and every other game say "Winner: Ana, decided by
... [rule]"."""

import re

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT

from pastiche_cli.cli.root import root

FINISHED = {
    "pastiche": EXAMPLES / "four-player-finish.yaml",
    "canvas": EXAMPLES / "canvas" / "three-player-capped.yaml",
    "masterpiece": EXAMPLES / "masterpiece" / "finished-tiebreak.yaml",
    "artline": EXAMPLES / "artline" / "finished.yaml",
}
RECORDS = sorted(p for p in (ROOT / "examples" / "records").rglob("*.yaml") if not p.stem.endswith("-broken"))
WINNER = re.compile(r"^ *Winners?: .+ \[[a-z.\-_]+\]$", re.M)


@pytest.mark.parametrize("game", FINISHED)
def test_every_games_score_table_gives_places_as_ordinals(game):
    result = CliRunner().invoke(root, ["score", str(FINISHED[game]), "--format", "plain"])
    assert result.exit_code == 0, result.output
    rows = [line.split()[0] for line in result.stdout.splitlines()[3:] if line[:1].isdigit()]
    assert rows and all(re.fullmatch(r"\d+(st|nd|rd|th)=?", r) for r in rows), rows
    assert WINNER.search(result.stdout), result.stdout


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.parent.name + "/" + p.name)
def test_every_playthrough_names_its_winner_as_score_does(record):
    result = CliRunner().invoke(root, ["replay", str(record)])
    assert result.exit_code == 0, result.output
    assert WINNER.search(result.stdout), result.stdout[-600:]
    assert "winner:" not in result.stdout and "decided by:" not in result.stdout


def test_the_artline_page_gives_places_as_ordinals(tmp_path):
    out = tmp_path / "game.html"
    record = ROOT / "examples" / "records" / "artline" / "three-player-game.yaml"
    assert CliRunner().invoke(root, ["replay", str(record), "--html", str(out)]).exit_code == 0
    assert "<td>1st</td>" in out.read_text(encoding="utf-8")
