"""What every game's records share, held for every bundled record of every game.

A command reads a record's file once and replays it once (`score` used to open it three times and
replay it twice), and every record verb of the shared shell serves it.
"""

from __future__ import annotations

import json
import pathlib
import re
import shutil

import every_game
import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.formats import yamlio
from pastiche_cli.kernel.replay import Rules

ROOT = pathlib.Path(__file__).resolve().parents[2]
RECORDS = sorted(p for p in (ROOT / "examples" / "records").rglob("*.yaml") if not p.stem.endswith("-broken"))


@pytest.mark.parametrize("game", every_game.GAMES, ids=every_game.ids)
def test_every_game_has_a_bundled_record(game):
    assert set(every_game.records(game)) & set(RECORDS)


@pytest.fixture
def counted(monkeypatch):
    """How often each command run reads a file and replays a record."""
    seen = {"read": [], "replay": 0}
    read_text, replay = yamlio.read_text, Rules.replay

    def counting_read(path):
        seen["read"].append(str(path))
        return read_text(path)

    def counting_replay(self, setup, texts):
        seen["replay"] += 1
        return replay(self, setup, texts)

    monkeypatch.setattr(yamlio, "read_text", counting_read)
    monkeypatch.setattr(Rules, "replay", counting_replay)
    return seen


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: str(p.relative_to(ROOT / "examples" / "records")))
@pytest.mark.parametrize("verb", ["score", "end", "check", "replay"])
def test_a_command_reads_and_replays_a_record_once(record, verb, counted):
    result = CliRunner().invoke(root, [verb, str(record), "--json"])
    assert result.exit_code == 0, result.output
    assert counted["read"].count(str(record)) == 1
    assert counted["replay"] == 1


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: str(p.relative_to(ROOT / "examples" / "records")))
def test_a_finished_record_replays_legal_and_scores_as_score_does(record):
    runner = CliRunner()
    replayed = runner.invoke(root, ["replay", str(record), "--json"])
    assert replayed.exit_code == 0, replayed.output
    data = json.loads(replayed.stdout)
    assert data["over"] is True and data["moves"] and all(m["legal"] for m in data["moves"])
    scored = runner.invoke(root, ["score", str(record), "--json"])
    assert scored.exit_code == 0 and json.loads(scored.stdout) == data["scores"]


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: str(p.relative_to(ROOT / "examples" / "records")))
def test_undo_then_play_of_the_last_move_gives_the_file_back(record, tmp_path):
    copy = tmp_path / record.name
    shutil.copyfile(record, copy)
    before = copy.read_bytes()
    moves = json.loads(CliRunner().invoke(root, ["replay", str(copy), "--json"]).stdout)["moves"]
    undone = CliRunner().invoke(root, ["undo", str(copy)])
    assert undone.exit_code == 0, undone.output
    assert undone.stdout.startswith(f"Took back move {len(moves)}: {moves[-1]['move']}")
    assert copy.read_bytes() != before
    played = CliRunner().invoke(root, ["play", str(copy), moves[-1]["move"]])
    assert played.exit_code == 0, played.output
    assert copy.read_bytes() == before


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: str(p.relative_to(ROOT / "examples" / "records")))
def test_replay_html_reports_the_game(record, tmp_path):
    out = tmp_path / "game.html"
    result = CliRunner().invoke(root, ["replay", str(record), "--html", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "game record: " + record.name in page and 'id="scores"' in page
    page = re.sub(r'<p id="bgstats">.*?</p>', "", page)  # the one link out: to BG Stats (a link, not a fetch)
    assert 'src="http' not in page and 'href="http' not in page and "url(http" not in page


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: str(p.relative_to(ROOT / "examples" / "records")))
def test_play_of_the_game_ending_move_says_what_replay_says(record, tmp_path):
    """The last move ends the game: `play` gives it the verdict the record's replay gives (its end rule)."""
    copy = tmp_path / record.name
    shutil.copyfile(record, copy)
    last = json.loads(CliRunner().invoke(root, ["replay", str(copy), "--json"]).stdout)["moves"][-1]
    assert CliRunner().invoke(root, ["undo", str(copy)]).exit_code == 0
    played = CliRunner().invoke(root, ["play", str(copy), last["move"], "--json"])
    assert played.exit_code == 0, played.output
    said = json.loads(played.stdout)
    assert (said["rule"], said["reason"], said["effects"]) == (last["rule"], last["reason"], last["effects"])


def test_a_declaration_without_the_hooks_only_its_game_knows_cannot_be_made():
    from pastiche_cli.kernel.game import Reader

    class Half(Reader):
        def read_position(self, path, text, opts):
            return None, []

    with pytest.raises(TypeError, match="record_reading"):
        Half()
