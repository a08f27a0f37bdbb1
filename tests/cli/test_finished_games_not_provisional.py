"""Finished games called provisional (issue 33, item 11): a finished Masterpiece sheet said "these scores
are provisional" and `end` listed turns to come, since a sheet had no way to say the game is over; now a
position says `end: {over: true}` and a sheet `over: yes`/`over: no`, over by default once someone has
reached the end threshold. A finished Masterpiece record's page marked a player "(to play)"."""

import json
import re
import shutil
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT

from pastiche_cli.cli.root import root
from pastiche_cli.render.layers import shown_at

QUICK = ROOT / "examples" / "quick"
MASTERPIECE_SHEET = QUICK / "masterpiece-finished-tiebreak.sheet"
MASTERPIECE_RECORD = ROOT / "examples" / "records" / "masterpiece" / "three-player-game.yaml"
FINISHED_TIEBREAK = EXAMPLES / "masterpiece" / "finished-tiebreak.yaml"
NOTE = re.compile(r"^Note: .*provisional.*\[[a-z.\-_]+\]$", re.M)


def run(*args):
    return CliRunner().invoke(root, [str(a) for a in args])


def sheet(tmp_path, text: str):
    """A Masterpiece sheet beside a copy of the bundled thesis table."""
    shutil.copy(QUICK / "theses.yaml", tmp_path / "theses.yaml")
    path = tmp_path / "game.sheet"
    path.write_text("game: masterpiece\ntheses: theses.yaml\n" + text, encoding="utf-8")
    return path


FINISHED_LINES = """Ana: nine:y10 five-a:pu7 end:pi2
Ben: four:lightb11 seven:b8 five-r:g9 triple:o3
Caro: three:pi1 full:g13 triple:y6
"""
SHORT_LINES = """Ana: nine:y10
Ben: four:lightb11
Caro: three:pi1
"""


def test_the_bundled_finished_masterpiece_sheet_scores_with_no_provisional_note():
    result = run("score", MASTERPIECE_SHEET)
    assert result.exit_code == 0, result.output
    assert "provisional" not in result.stdout and not NOTE.search(result.stdout)
    assert "Winner: Ana, decided by fewer accepted theses [masterpiece.score.tiebreak]" in result.stdout


def test_end_on_the_bundled_finished_sheet_says_the_game_is_over_and_lists_no_turns():
    result = run("end", MASTERPIECE_SHEET)
    assert result.exit_code == 0, result.output
    assert "the game is over; score it [masterpiece.end.turns]" in result.stdout
    assert "Turns still to come" not in result.stdout and "turns left are known" not in result.stdout
    assert "Whose turn: nobody's, the game is over." in result.stdout


def test_a_sheet_over_yes_with_the_threshold_reached_is_final(tmp_path):
    path = sheet(tmp_path, "over: yes\n" + FINISHED_LINES)
    result = run("score", path)
    assert result.exit_code == 0, result.output
    assert "provisional" not in result.stdout


def test_a_sheet_over_no_with_the_threshold_reached_is_provisional(tmp_path):
    path = sheet(tmp_path, "over: no\n" + FINISHED_LINES)
    result = run("score", path)
    assert result.exit_code == 0, result.output
    assert "the end is triggered but turns remain, so these scores are provisional" in result.stdout
    assert "[masterpiece.end]" in NOTE.search(result.stdout).group()
    assert "the game is over" not in run("end", path).stdout


def test_a_sheet_nobody_has_reached_the_threshold_on_is_provisional(tmp_path):
    path = sheet(tmp_path, SHORT_LINES)
    result = run("score", path)
    assert result.exit_code == 0, result.output
    assert "nobody has reached the end threshold yet, so these scores are provisional" in result.stdout
    assert "The end is not triggered [masterpiece.end]." in run("end", path).stdout


def test_a_sheet_over_yes_before_anyone_reached_the_threshold_is_a_located_error(tmp_path):
    path = sheet(tmp_path, "over: yes\n" + SHORT_LINES)
    result = run("score", path)
    assert result.exit_code == 4, result.output
    assert f"{path}:3:1: error: the game cannot be over: nobody has reached 15 accepted points" in result.stderr
    assert "[masterpiece.end]" in result.stderr and "Traceback" not in result.output


def test_a_sheet_over_takes_yes_or_no(tmp_path):
    path = sheet(tmp_path, "over: maybe\n" + FINISHED_LINES)
    result = run("score", path)
    assert result.exit_code == 3, result.output
    assert f"{path}:3:7: error: over: 'maybe'; write yes (the game is over) or no (turns remain)" in result.stderr


def test_the_position_a_finished_sheet_writes_says_over_and_scores_final(tmp_path):
    written = tmp_path / "game.yaml"
    result = run("score", MASTERPIECE_SHEET, "--to-position", written)
    assert result.exit_code == 0, result.output
    assert re.search(r"^end: \{over: true\}", written.read_text(encoding="utf-8"), re.M)
    scored = run("score", written)
    assert scored.exit_code == 0 and "provisional" not in scored.stdout
    assert "the game is over; score it" in run("end", written).stdout


def _with_end(tmp_path, end: str):
    text = FINISHED_TIEBREAK.read_text(encoding="utf-8")
    text = re.sub(r"^end: .*$", end, text, flags=re.M) + "turn: {player: Ben}\n"
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_position_that_says_over_refuses_every_move(tmp_path):
    review = ("masterpiece", "review", "--player", "Ben", "--from", "Caro:colour-run", "--take", "orange-4")
    counted = _with_end(tmp_path, "end: {triggered_by: Ana}")  # Ben still has his two turns
    assert run(*review[:2], counted, *review[2:]).exit_code == 0
    over = _with_end(tmp_path, "end: {triggered_by: Ana, over: true}")
    refused = run(*review[:2], over, *review[2:])
    assert refused.exit_code == 1, refused.output
    assert "the game is over" in refused.stdout and "[masterpiece.end.turns]" in refused.stdout


def test_the_last_turn_owed_applied_to_a_position_saying_not_over_makes_it_over(tmp_path):
    path = _with_end(tmp_path, "end: {triggered_by: Ana, turns_taken: {Ana: 1, Ben: 2, Caro: 1}, over: false}")
    path.write_text(path.read_text(encoding="utf-8").replace("turn: {player: Ben}", "turn: {player: Caro}"))
    assert "provisional" in run("score", path).stdout
    review = ("masterpiece", "review", path, "--player", "Caro", "--from", "Caro:colour-run", "--take", "orange-4")
    assert run(*review, "--apply").exit_code == 0
    assert "end: {triggered_by: Ana, turns_taken: {Ana: 1, Ben: 2, Caro: 2}, over: true}" in path.read_text()
    assert "provisional" not in run("score", path).stdout


def test_a_position_over_against_its_turns_taken_is_a_located_error(tmp_path):
    path = _with_end(tmp_path, "end: {triggered_by: Ana, turns_taken: {Ana: 1, Ben: 1}, over: true}")
    result = run("check", path)
    assert result.exit_code == 4, result.output
    assert "end.turns_taken leaves turns to come: Ben 1, Caro 2 [masterpiece.end.turns]" in result.output


def _final_step_texts(page: str) -> list[str]:
    """The table picture's texts shown at the page's last step."""
    pictures = re.findall(r"<svg.*?</svg>", page, re.S)
    root_ = ET.fromstring(next(svg for svg in pictures if "data-s=" in svg))
    marks = [e.get("data-s") for e in root_.iter() if e.get("data-s")]
    last = max(int(part.split("-")[1]) for mark in marks for part in mark.split())
    shown = []
    for element in root_.iter():
        mark = element.get("data-s")
        if element.text and (mark is None or shown_at(mark, last)):
            shown.append(element.text)
    return shown


def test_the_page_of_a_finished_masterpiece_record_shows_nobody_to_play(tmp_path):
    out = tmp_path / "game.html"
    assert run("replay", MASTERPIECE_RECORD, "--html", out).exit_code == 0
    page = out.read_text(encoding="utf-8")
    assert "(to play)" in page  # the turns before the end have their player
    assert not [t for t in _final_step_texts(page) if "(to play)" in t]


def test_the_playthrough_of_a_finished_masterpiece_record_names_no_turn_after_it():
    result = run("replay", MASTERPIECE_RECORD)
    after = result.stdout.split("\nAfter move ")[-1].split("\n\n")[0]
    assert "(the game is over)" in after and "turn:" not in after


@pytest.mark.parametrize("answer", ["no", "yes"])
def test_a_sheet_over_answer_is_carried_into_the_position_it_writes(tmp_path, answer):
    path = sheet(tmp_path, f"over: {answer}\n" + FINISHED_LINES)
    written = tmp_path / "game.yaml"
    assert run("score", path, "--to-position", written).exit_code == 0
    said = "true" if answer == "yes" else "false"
    assert re.search(rf"^end: \{{over: {said}\}}", written.read_text(encoding="utf-8"), re.M)
    assert ("provisional" in run("score", written).stdout) == (answer == "no")


# --- every game: `provisional` in every `score --json`, the same fact as the text's note --------------------

RECORDS = ROOT / "examples" / "records"
FINISHED = {
    "pastiche": (
        EXAMPLES / "four-player-finish.yaml",
        QUICK / "four-player-finish.sheet",
        RECORDS / "two-player-game.yaml",
    ),
    "canvas": (
        EXAMPLES / "canvas" / "four-player-bonus.yaml",
        QUICK / "canvas-four-player-bonus.sheet",
        RECORDS / "canvas" / "two-player-game.yaml",
    ),
    "masterpiece": (FINISHED_TIEBREAK, MASTERPIECE_SHEET, MASTERPIECE_RECORD),
    "artline": (
        EXAMPLES / "artline" / "finished.yaml",
        QUICK / "artline-finished.sheet",
        RECORDS / "artline" / "three-player-game.yaml",
    ),
}
UNFINISHED_POSITIONS = {
    "pastiche": EXAMPLES / "spec-example.yaml",
    "canvas": EXAMPLES / "canvas" / "midgame.yaml",
    "masterpiece": EXAMPLES / "masterpiece" / "midgame.yaml",
    "artline": EXAMPLES / "artline" / "midgame.yaml",
}
UNFINISHED_SHEETS = {  # (the file the sheet names, its lines): nobody at the end yet
    "pastiche": ("box.yaml", "catalogue: box.yaml\nAna: red | lantern | teal\nBen: quiet | night | purple\n"),
    "canvas": (
        None,
        "game: canvas\nscoring: consistency hierarchy movement variety\n"
        "Ana: curio peace forbi | trap nature immin | 1\nBen: view preci compl | mess anxie game | 2\n",
    ),
    "masterpiece": ("theses.yaml", "game: masterpiece\ntheses: theses.yaml\n" + SHORT_LINES),
    "artline": (None, "game: artline\nAna: 1\nBen: 2\nCaro: 3\n"),
}
# What the text says of scores that are final, and of scores that are not.
FINAL_WORDS = {"pastiche": "Final scores (", "canvas": "Final scores (", "masterpiece": "Winner", "artline": "Winner"}
SO_FAR_WORDS = {
    "pastiche": "Ahead so far: ",
    "canvas": "Ahead so far: ",
    "masterpiece": "Ahead so far: ",
    "artline": "No winner yet",
}


def unfinished_sheet(tmp_path, game):
    named, text = UNFINISHED_SHEETS[game]
    if named:
        shutil.copy(QUICK / named, tmp_path / named)
    path = tmp_path / "game.sheet"
    path.write_text(text, encoding="utf-8")
    return path


def cut_record(tmp_path, record):
    """The record with its second half of moves taken off: a game not over."""
    lines = record.read_text(encoding="utf-8").splitlines(keepends=True)
    moves = [i for i, line in enumerate(lines) if line.startswith("  - ")]
    path = tmp_path / f"half-{record.name}"
    path.write_text("".join(lines[: moves[len(moves) // 2]]), encoding="utf-8")
    return path


def says(path, provisional: bool, game: str):
    """`score` on the file: --json's `provisional` and the text's note, final words and lead agree."""
    answer = run("score", path, "--json")
    assert answer.exit_code == 0, answer.output
    assert json.loads(answer.stdout)["provisional"] is provisional
    text = run("score", path)
    assert text.exit_code == 0, text.output
    assert bool(NOTE.search(text.stdout)) is provisional, text.stdout
    assert (FINAL_WORDS[game] in text.stdout) is not provisional, text.stdout
    assert (SO_FAR_WORDS[game] in text.stdout) is provisional, text.stdout
    assert "Winner" not in text.stdout if provisional else "Scores so far" not in text.stdout


@pytest.mark.parametrize("game", FINISHED)
@pytest.mark.parametrize("kind", range(3), ids=["position", "sheet", "record"])
def test_a_finished_game_says_provisional_false_and_no_note(game, kind):
    says(FINISHED[game][kind], False, game)


@pytest.mark.parametrize("game", FINISHED)
def test_a_position_of_a_game_not_over_says_provisional_true_and_the_note(game):
    says(UNFINISHED_POSITIONS[game], True, game)


@pytest.mark.parametrize("game", FINISHED)
def test_a_sheet_of_a_game_not_over_says_provisional_true_and_the_note(game, tmp_path):
    says(unfinished_sheet(tmp_path, game), True, game)


@pytest.mark.parametrize("game", FINISHED)
def test_a_record_of_a_game_not_over_says_provisional_true_and_the_note(game, tmp_path):
    says(cut_record(tmp_path, FINISHED[game][2]), True, game)


@pytest.mark.parametrize("game", FINISHED)
def test_replay_json_scores_a_finished_record_as_score_json_does_provisional_false(game):
    data = json.loads(run("replay", FINISHED[game][2], "--json").stdout)
    assert data["over"] is True and data["scores"]["provisional"] is False
    assert data["scores"] == json.loads(run("score", FINISHED[game][2], "--json").stdout)


@pytest.mark.parametrize("game", FINISHED)
def test_the_record_page_says_final_or_so_far_as_score_json_says_provisional(game, tmp_path):
    for record in (FINISHED[game][2], cut_record(tmp_path, FINISHED[game][2])):
        provisional = json.loads(run("score", record, "--json").stdout)["provisional"]
        out = tmp_path / "game.html"
        assert run("replay", record, "--html", out, "--force").exit_code == 0
        page = out.read_text(encoding="utf-8")
        assert ("<h2>Final scores</h2>" in page) is not provisional
        assert ('Standings so far<span class="badge">provisional</span>' in page) is provisional


# --- tally says what `score` says on the sheet it writes ----------------------------------------------------

TALLY_UNFINISHED = {
    "pastiche": ["box.yaml", "Ana Ben", "red", "lantern", "teal", "quiet", "night", "purple"],
    "canvas": [
        "consistency hierarchy movement variety",
        "Ana Ben",
        "curio peace forbi | trap nature immin",
        "1",
        "view preci compl | mess anxie game",
        "2",
    ],
    "masterpiece": ["theses.yaml", "Ana Ben Caro", "nine:y10", "four:lightb11", "three:pi1"],
    "artline": ["Ana Ben Caro", "1", "2", "3"],
}


@pytest.mark.parametrize("game", TALLY_UNFINISHED)
def test_tally_of_a_game_not_over_says_no_final_scores_nor_winner_but_scores_note(game, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for named in ("box.yaml", "theses.yaml"):
        shutil.copy(QUICK / named, tmp_path / named)
    out = tmp_path / "friday.sheet"
    flag = [] if game == "pastiche" else ["--game", game]
    answers = "".join(a + "\n" for a in TALLY_UNFINISHED[game])
    result = CliRunner().invoke(root, ["tally", "-o", str(out), *flag], input=answers)
    assert result.exit_code == 0, result.output
    told = result.stdout
    assert "Final scores" not in told and "Final standing" not in told and "Winner" not in told, told
    scored = run("score", out)
    note = NOTE.search(scored.stdout).group()
    note = re.sub(r" \(`pastiche end [^`]*`\)", "", note)  # score names the file to ask `end` of
    assert told.rstrip("\n").splitlines()[-1] == note
    as_json = CliRunner().invoke(root, ["tally", "--json", *flag], input=answers)
    assert as_json.exit_code == 0, as_json.output
    assert json.loads(as_json.stdout)["scores"] == json.loads(run("score", out, "--json").stdout)
    assert json.loads(as_json.stdout)["scores"]["provisional"] is True
