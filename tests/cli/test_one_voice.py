"""Every game says places and winners the same way (issue 33, item 19, in part): Artline's table said
"1" where the others say "1st", in the terminal and on the page, and Pastiche's playthrough said
"winner: Ana (decided by: total)" where `score` and every other game say "Winner: Ana, decided by
... [rule]". Then the rest: the record page of Pastiche and Canvas placed "1", "2", every page said
"Winner: Ana (decided by: total)", and the playthroughs' final lines said "1. Ana" (Masterpiece's "1st
Ben"); now the page and the playthrough say the places and the winner line as `score` does."""

import html
import re

import every_game
import pytest
from click.testing import CliRunner
from conftest import ROOT

from pastiche_cli.cli.root import root

FINISHED = {game.name: every_game.finished(game)[0] for game in every_game.GAMES}
UNFINISHED = {game.name: every_game.under_way(game)[0] for game in every_game.GAMES}
RECORDS = sorted(p for p in (ROOT / "examples" / "records").rglob("*.yaml") if not p.stem.endswith("-broken"))
WINNER = re.compile(r"^ *Winners?: .+ \[[a-z.\-_]+\]$", re.M)
PLACE = re.compile(r"\d+(st|nd|rd|th)=?")


def _winner_line(path) -> str:
    result = CliRunner().invoke(root, ["score", str(path)])
    assert result.exit_code == 0, result.output
    return WINNER.search(result.stdout).group(0).strip()


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


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.parent.name + "/" + p.name)
def test_every_page_places_and_names_its_winner_as_score_does(record, tmp_path):
    out = tmp_path / "game.html"
    assert CliRunner().invoke(root, ["replay", str(record), "--html", str(out)]).exit_code == 0
    page = out.read_text(encoding="utf-8")
    table = page[page.index('<table id="scores">') : page.index("</table>", page.index('<table id="scores">'))]
    places = re.findall(r"<tr><td>([^<]*)</td>", table)
    assert places and all(PLACE.fullmatch(p) for p in places), places
    said = [html.unescape(re.sub(r"</?b>", "", p)) for p in re.findall(r"<p>(Winners?: .*?)</p>", page)]
    assert said == [_winner_line(record)], said
    assert "decided by:" not in page


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.parent.name + "/" + p.name)
def test_every_playthrough_places_its_players_as_score_does(record):
    result = CliRunner().invoke(root, ["replay", str(record)])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(("Final scores:", "Final standing")))
    placed = []
    for line in lines[start + 1 :]:
        if not line.startswith("  ") or WINNER.match(line):
            break
        placed.append(line.split()[0])
    assert placed and all(PLACE.fullmatch(p) for p in placed), placed
    assert lines[start + 1 + len(placed)].strip() == _winner_line(record)


@pytest.mark.parametrize("game", every_game.GAMES, ids=every_game.ids)
def test_every_games_score_table_is_headed_final_or_so_far_as_its_json_says(game):
    """Issue 33, items 11 and 19: Masterpiece's table was "Scores (3 players)", finished or not, where
    every other game's, its page and tally say "Final scores" or "Scores so far" (Artline's: "Hands")."""
    final, so_far = every_game.facts(game).SCORE_HEADINGS
    for path, heading in ((FINISHED[game.name], final), (UNFINISHED[game.name], so_far)):
        result = CliRunner().invoke(root, ["score", str(path), "--format", "plain"])
        assert result.exit_code == 0, result.output
        assert result.stdout.startswith(heading + " ("), (path, result.stdout[:80])
