"""`pastiche keep`, `history` and `stats` through click's runner, on a history in the test's data folder
($PASTICHE_DATA, tests/conftest.py), every option; two keeps at once as real processes."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT

from pastiche_cli.cli.root import root
from pastiche_cli.kernel.bgstats import LINK, decoded

RECORD = ROOT / "examples" / "records" / "two-player-game.yaml"
SHEET = ROOT / "examples" / "quick" / "four-player-finish.sheet"
FINISH = EXAMPLES / "four-player-finish.yaml"
ARTLINE = EXAMPLES / "artline" / "finished.yaml"
UNFINISHED = EXAMPLES / "painting-midgame.yaml"


def run(*args, input=None):
    result = CliRunner().invoke(root, [str(a) for a in args], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


def history_file() -> str:
    return os.path.join(os.environ["PASTICHE_DATA"], "history.sqlite3")


@pytest.fixture
def kept():
    """Three Pastiche plays and an Artline one, on four days."""
    for path, day in (
        (RECORD, "2025-01-03"),
        (SHEET, "2025-01-10 21:15"),
        (FINISH, "2025-01-17"),
        (ARTLINE, "2025-01-24"),
    ):
        done = run("keep", path, "--date", day)
        assert done.exit_code == 0, done.output


def test_keep_keeps_records_sheets_and_positions_and_says_each(kept):
    listed = json.loads(run("history", "--json").stdout)
    assert [(p["id"], p["game"], p["date"]) for p in listed] == [
        (4, "artline", "2025-01-24 12:00:00"),
        (3, "pastiche", "2025-01-17 12:00:00"),
        (2, "pastiche", "2025-01-10 21:15:00"),
        (1, "pastiche", "2025-01-03 12:00:00"),
    ]
    assert set(listed[0]) == {"id", "game", "date", "file", "decided_by", "players"}
    assert [p["name"] for p in listed[1]["players"]] == ["Ana", "Ben", "Caro", "Dan"]  # turn order
    assert listed[1]["players"][0] == {"name": "Ana", "points": 50, "place": 1, "winner": True}
    assert listed[0]["decided_by"] == "hand" and listed[0]["players"][0]["points"] == 0  # Artline: cards in hand


def test_keep_says_what_it_kept_in_text_and_json(tmp_path):
    said = run("keep", RECORD, "--date", "2025-02-01 19:00")
    assert said.exit_code == 0 and said.stdout.startswith("Kept play 1: ") and "; winner Ana, decided" in said.stdout
    assert "Winner" not in said.stdout  # the line goes on after the date: no capital mid-line
    answer = json.loads(run("keep", SHEET, "--json").stdout)
    assert [p["id"] for p in answer["kept"]] == [2] and answer["refused"] == [] and answer["history"] == history_file()


def test_a_file_kept_before_is_refused_unless_again(kept):
    again = run("keep", FINISH)
    assert again.exit_code == 1 and "already kept as play 3" in again.stderr and "--again" in again.stderr
    assert len(json.loads(run("history", "--json").stdout)) == 4
    assert run("keep", FINISH, "--again").exit_code == 0
    assert len(json.loads(run("history", "--json").stdout)) == 5


def test_a_game_not_over_is_refused_with_score_s_reason_and_nothing_is_kept():
    refused = run("keep", RECORD, UNFINISHED)
    assert refused.exit_code == 1, refused.output
    note = json.loads(run("score", UNFINISHED, "--json").stdout)
    assert note["provisional"] is True
    said = f"{UNFINISHED}: not kept: the end has not been triggered (nobody has 40 completed commission points yet)"
    assert said in refused.stderr and "[end.trigger]" in refused.stderr  # score's note
    assert "nothing kept: 1 of 2 files could be kept" in refused.stderr
    assert not os.path.exists(history_file())
    answer = json.loads(run("keep", UNFINISHED, "--json").stdout)
    assert answer["kept"] == [] and answer["refused"][0]["file"] == str(UNFINISHED)


def test_a_file_that_cannot_be_read_keeps_nothing_and_every_problem_is_said(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: artlin\nplayers: []\n")
    result = run("keep", RECORD, broken, tmp_path / "none.sheet")
    assert result.exit_code == 3
    assert f"{broken}:1:7: error: unknown game 'artlin'" in result.stderr and "none.sheet" in result.stderr
    assert not os.path.exists(history_file())


@pytest.mark.parametrize("date", ["14/03/2025", "2025-13-01", "yesterday"])
def test_a_date_that_is_no_date_is_a_usage_error(date):
    result = run("keep", RECORD, "--date", date)
    assert result.exit_code == 2 and "is not a date" in result.stderr


def test_history_filters_by_game_and_player_in_any_case(kept):
    assert [p["id"] for p in json.loads(run("history", "--game", "ARTLINE", "--json").stdout)] == [4]
    assert [p["id"] for p in json.loads(run("history", "--player", "dan", "--json").stdout)] == [3, 2]
    wrong = run("history", "--game", "pastich")
    assert wrong.exit_code == 2 and "did you mean 'pastiche'" in wrong.stderr.lower()


def test_history_as_a_table_markdown_and_csv(kept):
    plain = run("history").stdout
    assert plain.startswith("Plays kept (4, newest first)") and "Ana 50, Ben 48, Dan 40, Caro 35" in plain
    markdown = run("history", "--format", "markdown").stdout
    assert markdown.startswith("## Plays kept") and "| id |" in markdown.replace("   ", " ").replace("  ", " ")
    rows = run("history", "--csv").stdout.splitlines()
    assert rows[0] == "id,date,game,file,decided_by,seat,name,points,place,winner"
    assert len(rows) == 1 + 4 + 2 + 4 + 4  # a row per player of each play
    assert run("history", "--csv", "--json").exit_code == 2


def test_history_with_nothing_kept_says_so_and_makes_no_file():
    said = run("history")
    assert said.exit_code == 0 and "No plays kept at all yet" in said.stdout
    assert json.loads(run("history", "--json").stdout) == [] and not os.path.exists(history_file())


def test_show_gives_a_play_s_full_score_again(kept):
    shown = run("history", "--show", "2")
    assert shown.exit_code == 0
    assert shown.stdout.startswith(f"Play 2: Pastiche, played 2025-01-10 21:15:00; the sheet {SHEET}, kept ")
    told = run("score", SHEET).stdout  # score's own words: the scores, the derivation, the rule ids
    for line in ("Winner: Ana, decided by highest total [score.total]", "Ana above Ben: highest total, 50 to 48"):
        assert line in told and line in shown.stdout
    assert "artist bonus 5 [score.bonus]: Q. Example" in shown.stdout  # the derivation, from box.yaml as kept
    assert "commission_points" not in shown.stdout and "decided by total" not in shown.stdout
    artline = run("history", "--show", "4").stdout
    assert "Winner: Ana, the first player with no paintings in hand; the game is over [artline.win]" in artline
    full = json.loads(run("history", "--show", "2", "--json").stdout)
    assert full["text"] == SHEET.read_text(encoding="utf-8")
    assert full["used"] == [{"name": "box.yaml", "text": (SHEET.parent / "box.yaml").read_text(encoding="utf-8")}]
    assert full["scores"] == json.loads(run("score", SHEET, "--json").stdout)
    missing = run("history", "--show", "9")
    assert missing.exit_code == 2 and "no play 9" in missing.stderr and "the ids are 1-4" in missing.stderr


def test_forget_removes_one_play_asking_first_in_a_terminal(kept, monkeypatch):
    from pastiche_cli.cli.verbs import history

    monkeypatch.setattr(history, "_in_terminal", lambda: True)
    kept_it = run("history", "--forget", "2", input="n\n")
    assert kept_it.exit_code == 1 and "nothing forgotten" in kept_it.stderr
    forgot = run("history", "--forget", "2", input="y\n")
    assert forgot.exit_code == 0 and "Forgot play 2" in forgot.stdout
    assert [p["id"] for p in json.loads(run("history", "--json").stdout)] == [4, 3, 1]
    monkeypatch.setattr(history, "_in_terminal", lambda: False)  # a script: no question
    assert json.loads(run("history", "--forget", "1", "--json").stdout) == {"forgotten": 1}
    assert run("history", "--forget", "3", "--show", "3").exit_code == 2


def test_bgstats_prints_the_play_s_link_and_its_qr_code(kept, tmp_path):
    link = run("history", "--bgstats", "2")
    assert link.exit_code == 0 and link.stdout.startswith(LINK)
    play = decoded(link.stdout.strip())
    assert play["playDate"] == "2025-01-10 21:15:00" and "four-player-finish.sheet" in play["comments"]
    assert json.loads(run("history", "--bgstats", "2", "--json").stdout)["play"] == play
    svg = tmp_path / "qr.svg"
    assert run("history", "--bgstats", "2", "--qr", svg).exit_code == 0
    assert svg.read_text().lstrip().startswith("<svg")
    assert run("history", "--qr", svg).exit_code == 2


def test_bgstats_draws_the_qr_code_in_a_terminal_wide_enough(kept, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    wide = run("history", "--bgstats", "4")
    assert "▀" in wide.stdout
    monkeypatch.setenv("COLUMNS", "40")
    narrow = run("history", "--bgstats", "4")
    assert "▀" not in narrow.stdout and "the terminal has 40" in narrow.stderr


@pytest.mark.parametrize(
    "args, said",
    [
        (["--show", "2", "--yes"], "--yes goes only with --forget ID"),
        (["--bgstats", "2", "--yes"], "--yes goes only with --forget ID"),
        (["--yes"], "--yes goes only with --forget ID"),
        (["--bgstats", "2", "--force"], "--force goes only with --qr OUT"),
        (["--force"], "--force goes only with --qr OUT"),
        (["--show", "2", "--game", "pastiche"], "--game goes only with the list, not with --show"),
        (["--bgstats", "2", "--player", "Ana"], "--player goes only with the list, not with --bgstats"),
        (["--forget", "2", "--game", "pastiche", "--player", "Ana"], "--game and --player go only with the list"),
        (["--show", "2", "--csv"], "--csv goes only with the list, not with --show"),
    ],
)
def test_options_that_do_not_go_together_are_a_usage_error_saying_which(kept, args, said):
    before = open(history_file(), "rb").read()
    refused = run("history", *args)
    assert refused.exit_code == 2 and said in refused.stderr, refused.output
    assert refused.stdout == "" and open(history_file(), "rb").read() == before  # nothing shown, nothing forgotten


def test_every_option_that_does_not_go_is_said_at_once(kept):
    refused = run("history", "--show", "2", "--yes", "--force", "--player", "Ana")
    assert refused.exit_code == 2
    assert all(s in refused.stderr for s in ("--yes goes", "--force goes", "--player goes")), refused.stderr


def test_forget_with_yes_does_not_ask_in_a_terminal(kept, monkeypatch):
    from pastiche_cli.cli.verbs import history

    monkeypatch.setattr(history, "_in_terminal", lambda: True)
    forgot = run("history", "--forget", "2", "--yes", input="")  # no answer to read: it must not ask
    assert forgot.exit_code == 0 and "Forgot play 2" in forgot.stdout and "?" not in forgot.stderr, forgot.output
    assert [p["id"] for p in json.loads(run("history", "--json").stdout)] == [4, 3, 1]


def test_qr_refuses_to_overwrite_a_file_unless_force(kept, tmp_path):
    svg = tmp_path / "qr.svg"
    svg.write_text("my drawing\n")
    refused = run("history", "--bgstats", "2", "--qr", svg)
    assert refused.exit_code != 0 and "--force" in refused.stderr and str(svg) in refused.stderr
    assert svg.read_text() == "my drawing\n"
    forced = run("history", "--bgstats", "2", "--qr", svg, "--force")
    assert forced.exit_code == 0, forced.output
    assert svg.read_text().lstrip().startswith("<svg")


def test_stats_per_player_per_game_and_head_to_head(kept):
    answer = json.loads(run("stats", "--json").stdout)
    ana = next(p for p in answer["players"] if p["name"] == "Ana" and p["game"] == "pastiche")
    assert (ana["plays"], ana["wins"], ana["win_rate"], ana["best"], ana["worst"]) == (3, 3, 1.0, 50, 32)
    pastiche = next(g for g in answer["games"] if g["game"] == "pastiche")
    assert pastiche["decided_by"] == {"total": 3} and (pastiche["winning_low"], pastiche["winning_high"]) == (32, 50)
    duel = json.loads(run("stats", "--player", "ana", "--player", "BEN", "--json").stdout)
    assert {p["name"] for p in duel["players"]} == {"Ana", "Ben"}
    assert [(h["game"], h["first_ahead"], h["second_ahead"]) for h in duel["head_to_head"]] == [
        ("artline", 1, 0),
        ("pastiche", 3, 0),
    ]
    text = run("stats", "--game", "pastiche").stdout
    assert text.startswith("Players") and "Games" in text and "total 100%" in text
    assert run("stats", "--player", "a", "--player", "b", "--player", "c").exit_code == 2


def test_stats_draws_bars_in_a_terminal(kept, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "200")
    assert "██████████ 100%" in run("stats", "--player", "Ana", "--player", "Ben").stdout


def test_stats_shares_of_a_game_s_plays_add_up_to_100_percent():
    import re

    from pastiche_cli.formats.history import History
    from pastiche_cli.kernel.plays import Play, Seat

    steps = ["total", "completed", "palette_points"] * 2 + ["total", "completed"]  # 3, 3 and 2 of 8
    plays = [
        Play("pastiche", f"2025-02-{n:02d} 20:00:00", f"game-{n}.yaml", "position", step,
             (Seat("Ana", 40, 1, True), Seat("Ben", 30, 2, False)), {}, f"# made-up game {n}\n",
             digest=f"{n:064x}", source_id=f"{n:024x}")
        for n, step in enumerate(steps, 1)
    ]  # fmt: skip
    with History.open(history_file(), create=True) as history:
        history.keep(plays)
    games = run("stats", "--format", "plain").stdout.split("Games", 1)[1]
    shares = [int(n) for n in re.findall(r"(\d+)%", games)]
    assert len(shares) == 3 and sum(shares) == 100, games  # 37.5, 37.5, 25: not 38, 38, 25 nor 37, 37, 25


def test_stats_says_artline_s_winning_score_is_the_fewest_paintings_in_hand(kept):
    games = run("stats", "--format", "plain").stdout.split("Games", 1)[1]
    artline = next(line for line in games.splitlines() if line.startswith("artline"))
    assert "0 (fewest win)" in artline and "artline: the paintings left in hand, the fewest win" in games
    pastiche = next(line for line in games.splitlines() if line.startswith("pastiche"))
    assert "fewest" not in pastiche


def test_stats_format_markdown_plain_and_rich_say_the_same_numbers(kept, monkeypatch):
    monkeypatch.setenv("COLUMNS", "250")
    markdown = run("stats", "--format", "markdown", "--player", "Ana", "--player", "Ben").stdout
    assert markdown.startswith("## Players") and "## Games" in markdown and "## Ana against Ben" in markdown
    assert "| Ana      | pastiche |       3 |      3 | 100%" in markdown
    plain = run("stats", "--format", "plain", "--player", "Ana", "--player", "Ben").stdout
    assert "|" not in plain and "█" not in plain and "Ana against Ben" in plain
    rich = run("stats", "--format", "rich", "--player", "Ana", "--player", "Ben").stdout
    assert "██████████ 100%" in rich and "░░░░░░░░░░ 0%" in rich
    for text in (markdown, plain, rich):
        assert "44" in text and "32-50" in text and "39.7" in text
    assert run("stats", "--format", "html").exit_code == 2


def test_stats_with_nothing_kept():
    assert "No plays kept yet" in run("stats").stdout
    assert json.loads(run("stats", "--json").stdout) == {"plays": 0, "players": [], "games": [], "head_to_head": []}


@pytest.mark.parametrize(
    "content", [b"SQLite format 3\x00" + b"\xff" * 200, b"my notes, not a database\n"], ids=["damaged", "text"]
)
@pytest.mark.parametrize("command", [["keep", RECORD], ["history"], ["stats"], ["history", "--show", "1"]])
def test_a_file_that_is_no_history_is_named_and_never_written(content, command):
    os.makedirs(os.environ["PASTICHE_DATA"], exist_ok=True)
    with open(history_file(), "wb") as handle:
        handle.write(content)
    result = run(*command)
    assert result.exit_code == 3 and f"the play history {history_file()}" in result.stderr, result.output
    assert open(history_file(), "rb").read() == content


def _junk(handle, at: int, size: int) -> None:
    handle.seek(at)
    handle.write(bytes((k * 37 + 11) % 256 for k in range(size)))


DAMAGES = {
    "junk inside a page": lambda handle: _junk(handle, 4096 * 5, 1500),
    "a page's header": lambda handle: _junk(handle, 4096 * 8, 1500),
    "cut short": lambda handle: handle.truncate(4096 * 10 + 2000),
}


@pytest.mark.parametrize("damage", DAMAGES)
@pytest.mark.parametrize(
    "command",
    [["keep", RECORD], ["history"], ["history", "--json"], ["stats"], ["history", "--show", "1"]],
    ids=lambda c: " ".join(map(str, c))[-24:],
)
def test_damage_inside_the_history_is_named_exit_3_and_the_file_left_as_it_was(damage, command):
    """SQLite's own check (quick_check) before reading or writing: no play kept over damage, none made up."""
    assert run("keep", *sorted((ROOT / "examples" / "quick").glob("*.sheet"))).exit_code == 0
    assert os.path.getsize(history_file()) > 4096 * 10 + 2000
    with open(history_file(), "r+b") as handle:
        DAMAGES[damage](handle)
    before = open(history_file(), "rb").read()
    result = run(*command)
    assert result.exit_code == 3, result.output
    assert f"the play history {history_file()} is damaged" in result.stderr
    assert result.stdout == ""  # no made-up play, no half an answer
    assert open(history_file(), "rb").read() == before


def test_another_program_s_database_and_a_newer_history_are_left_as_they_were(kept):
    db = sqlite3.connect(history_file(), isolation_level=None)
    db.execute("PRAGMA user_version = 7")
    db.close()
    before = open(history_file(), "rb").read()
    for command in (["keep", SHEET, "--again"], ["history"], ["stats"]):
        result = run(*command)
        assert result.exit_code == 3 and "newer pastiche" in result.stderr
    assert open(history_file(), "rb").read() == before
    os.unlink(history_file())
    sqlite3.connect(history_file()).execute("CREATE TABLE plays (x)").connection.commit()
    result = run("keep", RECORD)
    assert result.exit_code == 3 and "another program's SQLite database" in result.stderr


def test_two_keeps_at_once_both_land(tmp_path):
    """Processes, each keeping its own file into the same history at the same moment."""
    files = []
    for n in range(6):
        path = tmp_path / f"game-{n}.sheet"
        path.write_text(f"# game {n}\ngame: artline\nAna: 0\nBen: {n + 1}\n")
        files.append(path)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    starts = [
        subprocess.Popen(
            [sys.executable, "-m", "pastiche_cli", "keep", str(path)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for path in files
    ]
    done = [(p.wait(timeout=120), p.stderr.read().decode()) for p in starts]
    assert all(code == 0 for code, _ in done), done
    listed = json.loads(run("history", "--json").stdout)
    assert sorted(p["file"] for p in listed) == sorted(map(str, files))


# Runs pastiche's main() and prints which of these modules it imported.
PROBE = (
    "import sys\nfrom pastiche_cli.cli.root import main\nsys.argv = ['pastiche', *sys.argv[1:]]\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\nsys.stdout.flush()\n"
    "watched = {'sqlite3', 'platformdirs', 'segno', 'rich', 'tabulate'}\n"
    "found = sorted({m.split('.')[0] for m in sys.modules} & watched)\n"
    "sys.stderr.write('IMPORTED ' + ' '.join(found) + '\\n')\n"
)


def imported(*argv: str, env: dict | None = None) -> set[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *map(str, argv)],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env={**clean, "PYTHONPATH": str(ROOT), **(env or {})},
    )
    line = next(x for x in done.stderr.splitlines() if x.startswith("IMPORTED"))
    return set(line.split()[1:])


def test_sqlite_platformdirs_and_segno_are_imported_only_where_they_are_used(kept):
    assert imported("score", FINISH, "--json") == set()  # no other command pays for the history
    assert imported("history", "--json") == {"sqlite3"}  # $PASTICHE_DATA: the platform is never asked
    assert imported("stats", "--json", env={"PASTICHE_DATA": ""}) == {"sqlite3", "platformdirs"}
    assert imported("history", "--bgstats", "1") == {"sqlite3"}  # piped: no QR code, no segno
    assert "segno" in imported("history", "--bgstats", "1", env={"FORCE_COLOR": "1", "COLUMNS": "200"})


def test_a_file_name_that_is_not_utf8_is_kept_shown_escaped(tmp_path):
    name = tmp_path / os.fsdecode(b"r\xff.yaml")
    name.write_bytes(ARTLINE.read_bytes())
    kept = run("keep", name)
    assert kept.exit_code == 0, kept.output
    assert json.loads(run("history", "--json").stdout)[0]["file"].endswith("r\\xff.yaml")
    assert "r\\xff.yaml" in decoded(run("history", "--bgstats", "1").stdout.strip())["comments"]


BUNDLED = sorted((ROOT / "examples" / "positions").rglob("*.yaml")) + sorted(
    (ROOT / "examples" / "quick").glob("*.sheet")
)
BUNDLED += [p for p in sorted((ROOT / "examples" / "records").rglob("*.yaml")) if "broken" not in p.name]


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: str(p.relative_to(ROOT / "examples")))
def test_keep_keeps_what_score_json_says_and_refuses_with_score_s_note(path):
    """Every bundled file: a game score calls final is kept with score --json's answer; one it calls
    provisional is refused with its note's reason and rule; one it cannot score is refused as score refuses it."""
    scored = run("score", path, "--json")
    kept = run("keep", path)
    if scored.exit_code != 0:
        assert kept.exit_code == scored.exit_code and not os.path.exists(history_file())
        return
    answer = json.loads(scored.stdout)
    if answer["provisional"]:
        note = next(line for line in run("score", path).stdout.splitlines() if line.startswith("Note: "))
        reason = note.removeprefix("Note: ").replace(f" (`pastiche end {path}`)", "")
        assert kept.exit_code == 1 and f"{path}: not kept: {reason}" in kept.stderr, (kept.stderr, note)
        return
    assert kept.exit_code == 0, kept.output
    assert json.loads(run("history", "--show", "1", "--json").stdout)["scores"] == answer


def test_keep_reads_each_file_with_its_own_game_s_catalogue_option(tmp_path):
    quick = ROOT / "examples" / "quick"
    pastiche = tmp_path / "friday.sheet"
    pastiche.write_text((quick / "four-player-finish.sheet").read_text().replace("catalogue: box.yaml\n", ""))
    masterpiece = tmp_path / "saturday.sheet"
    masterpiece.write_text(
        (quick / "masterpiece-finished-tiebreak.sheet").read_text().replace("theses: theses.yaml\n", "")
    )
    without = run("keep", pastiche, masterpiece)
    assert without.exit_code == 3 and "red" in without.stderr, without.output  # neither can be read alone
    assert run("history", "--json").stdout.strip() == "[]"
    box, theses = quick / "box.yaml", quick / "theses.yaml"
    kept = run("keep", pastiche, masterpiece, "--catalogue", box, "--theses", theses, "--json")
    assert kept.exit_code == 0, kept.output
    assert [p["game"] for p in json.loads(kept.stdout)["kept"]] == ["pastiche", "masterpiece"]
    for pid, read_with in ((1, box), (2, theses)):
        used = json.loads(run("history", "--show", pid, "--json").stdout)["used"]
        assert [u["text"] for u in used] == [read_with.read_text()], used  # the file it was read with, kept


def test_the_deciding_step_is_said_in_the_game_s_words_and_kept_as_its_id_in_json(kept):
    listed = run("history", "--format", "plain").stdout
    assert "highest total" in listed and "the first player with no paintings in hand" in listed
    assert "  total  " not in listed and "  hand  " not in listed
    games = run("stats", "--format", "plain").stdout.split("Games", 1)[1]
    assert "highest total 100%" in games and "the first player with no paintings in hand 100%" in games
    said = run("keep", FINISH, "--again").stdout
    assert said.rstrip().endswith("decided by highest total"), said
    assert decoded(run("history", "--bgstats", "4").stdout.strip())["comments"].endswith(
        "(decided by the first player with no paintings in hand)."
    )
    assert [p["decided_by"] for p in json.loads(run("history", "--json").stdout)][:2] == ["total", "hand"]
    assert {g["game"]: g["decided_by"] for g in json.loads(run("stats", "--json").stdout)["games"]} == {
        "artline": {"hand": 1},
        "pastiche": {"total": 4},
    }


@pytest.mark.parametrize(
    "game, step, words",
    [
        ("pastiche", "palette_points", "most usable-palette points"),
        ("masterpiece", "fewer_theses", "fewer accepted theses"),
        ("canvas", "inspiration", "more inspiration tokens left"),
        ("artline", "hand", "the first player with no paintings in hand"),
        ("pastiche", "a-step-of-a-later-version", "a-step-of-a-later-version"),
        ("no-such-game", "total", "total"),
    ],
)
def test_each_game_says_its_steps_as_its_score_does(game, step, words):
    from pastiche_cli.cli.keeping import step_words

    assert step_words(game, step) == words


@pytest.mark.parametrize(
    "sheet, said",
    [
        ("masterpiece-finished-tiebreak.sheet", "decided by fewer accepted theses [masterpiece.score.tiebreak]"),
        ("canvas-four-player-bonus.sheet", "[canvas."),
    ],
)
def test_show_tells_each_game_s_play_as_its_score_does(sheet, said):
    path = ROOT / "examples" / "quick" / sheet
    assert run("keep", path).exit_code == 0
    shown = run("history", "--show", "1").stdout
    assert said in shown, shown
    told = run("score", path).stdout
    winner = next(line.strip() for line in told.splitlines() if line.startswith(("Winner", "Winners")))
    assert winner in shown


def test_show_scores_again_with_the_catalogue_the_play_was_kept_with_not_today_s(tmp_path):
    quick = ROOT / "examples" / "quick"
    sheet = tmp_path / "friday.sheet"
    sheet.write_text((quick / "four-player-finish.sheet").read_text().replace("catalogue: box.yaml\n", ""))
    box = tmp_path / "box.yaml"
    box.write_text((quick / "box.yaml").read_text())
    assert run("keep", sheet, "--catalogue", box).exit_code == 0
    box.write_text("catalogue: {}\n")  # the box file changed since: the play keeps its own copy
    shown = run("history", "--show", "1")
    assert shown.exit_code == 0 and "Winner: Ana, decided by highest total [score.total]" in shown.stdout, shown.output
    assert "Red Mill 14" in shown.stdout


def test_show_says_why_a_play_cannot_be_scored_again_and_gives_the_scores_as_kept():
    from pastiche_cli.formats.history import History
    from pastiche_cli.kernel.plays import Play, Seat

    answer = {"players": [{"name": "Ana", "total": 40, "rank": 1}, {"name": "Ben", "total": 30, "rank": 2}]}
    seats = (Seat("Ana", 40, 1, True), Seat("Ben", 30, 2, False))
    text = "# made-up: a file an older pastiche read\nplayers: twelve\n"
    with History.open(history_file(), create=True) as history:
        history.keep([Play("pastiche", "2025-02-01 20:00:00", "old.yaml", "position", "total", seats, answer, text,
                           digest="a" * 64, source_id="a" * 24)])  # fmt: skip
    shown = run("history", "--show", "1")
    assert shown.exit_code == 0 and "It cannot be scored again (this pastiche cannot read its kept text" in shown.stdout
    assert "The scores as kept" in shown.stdout and "Winner: Ana, decided by highest total" in shown.stdout


def test_show_notes_a_play_this_pastiche_decides_otherwise_than_when_kept():
    from pastiche_cli.formats.history import History
    from pastiche_cli.kernel.plays import Play, Seat

    text = FINISH.read_text(encoding="utf-8")
    answer = json.loads(run("score", FINISH, "--json").stdout)
    seats = (Seat("Ben", 48, 1, True), Seat("Ana", 50, 2, False))  # as a pastiche with another rule said
    with History.open(history_file(), create=True) as history:
        history.keep([Play("pastiche", "2025-02-01 20:00:00", "finish.yaml", "position", "completed", seats, answer,
                           text, digest="b" * 64, source_id="b" * 24)])  # fmt: skip
    shown = run("history", "--show", "1").stdout
    assert "Winner: Ana, decided by highest total [score.total]" in shown
    assert "Note: when kept, this pastiche said Ben, decided by most commissions completed" in shown
