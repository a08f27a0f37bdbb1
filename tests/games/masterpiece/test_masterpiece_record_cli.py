"""Masterpiece records through the shared shell: replay (--json, --html, --to N), play, undo, new --record,
every --apply on a record, every reading command on a record, and the golden playthrough."""

from __future__ import annotations

import json
import pathlib
import re
import shutil

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root
from pastiche_cli.formats.record import read_record
from pastiche_cli.games.masterpiece.core.record import RULES, flag_due
from pastiche_cli.games.masterpiece.core.scoring import score
from pastiche_cli.games.masterpiece.formats.record import reading
from pastiche_cli.games.masterpiece.render.scores import score_json

RECORDS = pathlib.Path(__file__).resolve().parents[3] / "examples" / "records" / "masterpiece"

RECORD = RECORDS / "three-player-game.yaml"
TEXT = RECORD.read_text(encoding="utf-8")
_, FILE, _ = read_record(RECORD.name, TEXT, reading(RECORD.name))
PLAYED = [m.text for m in FILE.moves]
REPLAYED = RULES.replay(FILE.setup, PLAYED)
SETUP = TEXT[: TEXT.index("moves:")]


def run(*args):
    return CliRunner().invoke(root, [str(a) for a in args])


def upto(n: int) -> str:
    """The record's text with its first n moves only."""
    return SETUP + "moves:\n" + "".join(f"  - {m}\n" for m in PLAYED[:n])


@pytest.fixture
def copy(tmp_path):
    path = tmp_path / RECORD.name
    shutil.copyfile(RECORD, path)
    return path


def test_replay_json_replays_every_move_legal_to_the_end_and_scores_as_score_does():
    data = json.loads(run("replay", RECORD, "--json").stdout)
    assert data["over"] is True and len(data["moves"]) == len(PLAYED) == 36
    assert all(m["legal"] and m["rule"].startswith("masterpiece.") for m in data["moves"])
    assert [m["move"] for m in data["moves"]] == PLAYED
    assert data["moves"][-1]["game_over"] is True and data["moves"][-1]["rule"] == "masterpiece.end.turns"
    trigger = data["moves"][29]
    assert trigger["end_triggered"] is True and trigger["flag_due"] == "Ben" and trigger["turn_after"] == "Ana"
    assert data["scores"] == json.loads(run("score", RECORD, "--json").stdout)
    assert data["scores"]["winners"] == ["Ben"] and data["scores"]["provisional"] is False
    assert data["position_after"]["deck"] == 21 and data["position_after"]["end"]["triggered_by"] == "Ben"


def test_replay_html_writes_one_offline_page_naming_the_game(tmp_path):
    out = tmp_path / "game.html"
    result = run("replay", RECORD, "--html", out)
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "Pastiche: The Birth of a Masterpiece" in page and 'id="scores"' in page
    assert "Ben flag lightblue-8" in page
    page = re.sub(r'<p id="bgstats">.*?</p>', "", page)  # the one link out: to BG Stats (a link, not a fetch)
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "") and "https://" not in page


@pytest.mark.parametrize("n", range(len(PLAYED) + 1))
def test_replay_to_n_is_a_position_check_accepts_and_score_scores_as_the_replay(n, tmp_path):
    result = run("replay", RECORD, "--to", n)
    assert result.exit_code == 0, result.output
    path = tmp_path / f"after-{n}.yaml"
    path.write_text(result.stdout, encoding="utf-8")
    checked = run("check", path)
    assert checked.exit_code == 0, (result.stdout, checked.output)
    position = REPLAYED.position_after(n)
    final = n == len(PLAYED)  # the last move ends the game
    assert json.loads(run("score", path, "--json").stdout) == score_json(score(position)) | {"provisional": not final}
    assert json.loads(run("end", path, "--json").stdout)["over"] is (n == len(PLAYED))


def test_replay_to_n_round_trips_through_the_loader_and_the_rest_replays_from_it():
    from pastiche_cli.games.masterpiece.game import GAME

    for n in range(len(PLAYED) + 1):
        position = REPLAYED.position_after(n)
        read, problems, _ = GAME.reader.read_position("x.yaml", GAME.writer.position_text(position, ("heading",)), {})
        assert problems == [] and GAME.writer.difference(read, position) is None, n
        assert [t[:4] for t in read.theses] == [t[:4] for t in position.theses]
        assert read.house == position.house and flag_due(read) == flag_due(position)
        rest = RULES.replay(read, PLAYED[n:])
        assert rest.stop is None and rest.over is (n < len(PLAYED))  # (no move is left after the last)
        assert GAME.writer.difference(rest.final, REPLAYED.final) is None


def test_undo_then_play_of_the_last_move_gives_the_file_back(copy):
    before = copy.read_bytes()
    undone = run("undo", copy)
    assert undone.exit_code == 0 and undone.stdout == f"Took back move 36: {PLAYED[-1]}\nIt is Caro's turn again.\n"
    played = run("play", copy, PLAYED[-1])
    assert played.exit_code == 0, played.output
    assert copy.read_bytes() == before


def test_undo_of_the_flag_says_it_is_next(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(upto(31), encoding="utf-8")
    undone = run("undo", path)
    assert undone.stdout == (
        "Took back move 31: Ben flag lightblue-8\nBen has triggered the end and lays the end flag next.\n"
    )


def illegal_instead(i: int) -> tuple[str, str]:
    """A move that cannot be made where move i stands, and its rule: research by a player whose turn it is not
    (while the end flag is owed, any move but the flag)."""
    position = REPLAYED.position_after(i - 1)
    due = flag_due(position)
    other = next(p.name for p in position.players if p.name not in (position.turn.player, due))
    return f"{other} research take pink-1", "masterpiece.end.flag" if due else "masterpiece.turn"


@pytest.mark.parametrize("i", range(1, len(PLAYED) + 1))
def test_an_illegal_move_anywhere_is_reported_at_its_line_by_every_command(i, tmp_path):
    path = tmp_path / "broken.yaml"
    bad, rule = illegal_instead(i)
    lines = TEXT.splitlines(keepends=True)
    m = FILE.moves[i - 1]
    lines[m.line - 1] = lines[m.line - 1][: m.column - 1] + bad + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    replayed = run("replay", path)
    assert replayed.exit_code == 1
    last = replayed.stderr.splitlines()[-1]
    assert last.startswith(f"{path}:{m.line}:{m.column}: move {i}: ") and last.endswith(f"[{rule}]"), last
    for verb in ("score", "end"):
        result = run(verb, path)
        assert result.exit_code == 4 and result.stderr.splitlines()[-1] == last, (verb, result.output)
    checked = run("check", path)
    assert checked.exit_code == 4 and f"{path}:{m.line}:{m.column}:" in checked.stdout
    assert f"move {i}: " in checked.stdout and f"[{rule}]" in checked.stdout


def test_play_of_an_illegal_move_exits_1_and_leaves_the_file(copy, tmp_path):
    before = copy.read_bytes()
    result = run("play", copy, "Ana research take yellow-8")
    assert result.exit_code == 1 and "the game is over" in result.output and "[masterpiece.end.turns]" in result.output
    assert copy.read_bytes() == before
    path = tmp_path / "game.yaml"
    path.write_text(upto(30), encoding="utf-8")
    text = path.read_bytes()
    result = run("play", path, "Ana review Ana five-run take green-10")
    assert result.exit_code == 1 and "[masterpiece.end.flag]" in result.output
    result = run("play", path, "Ana reveiw Ana five-run take green-10")
    assert result.exit_code == 2 and "did you mean 'review'" in result.output
    assert path.read_bytes() == text


def test_new_record_then_fill_in_play_and_undo(tmp_path):
    path = tmp_path / "game.yaml"
    made = run("new", "--game", "masterpiece", "--players", "Ana,Ben,Caro", "--record", "-o", path)
    assert made.exit_code == 0, made.output
    text = path.read_text(encoding="utf-8")
    assert "\nsetup:" in text and "\nmoves:" in text and "game: masterpiece" in text
    assert run("check", path).exit_code == 3  # FILL-IN left to do
    filled = SETUP + text[text.index("\nmoves:") + 1 :]
    path.write_text(filled, encoding="utf-8")
    assert run("check", path).exit_code == 0
    for move in PLAYED[:3]:
        played = run("play", path, move)
        assert played.exit_code == 0, played.output
    assert [m["move"] for m in json.loads(run("replay", path, "--json").stdout)["moves"]] == PLAYED[:3]
    for _ in range(3):
        assert run("undo", path).exit_code == 0
    assert path.read_text(encoding="utf-8") == filled


@pytest.mark.parametrize(
    "n, args, line",
    [
        (
            7,
            [
                "present",
                "--player",
                "Ben",
                "--thesis",
                "five-alike",
                "--cards",
                "pink-7,yellow-7,lightblue-7,blue-7",
                "--cite",
                "Ana:orange-7",
                "--give",
                "Ana:blue-9",
            ],
            PLAYED[7],
        ),
        (
            11,
            [
                "present",
                "--player",
                "Caro",
                "--thesis",
                "triple",
                "--cards",
                "green-7",
                "--cite",
                "Ben:pink-7",
                "--cite",
                "Ana:orange-7",
                "--give",
                "Ben:yellow-9",
                "--give",
                "Ana:orange-9",
            ],
            PLAYED[11],
        ),
        (29, ["review", "--player", "Caro", "--from", "Ben:three-pairs", "--take", "green-9"], PLAYED[29]),
        (30, ["present", "--player", "Ben", "--thesis", "end-flag", "--cards", "lightblue-8"], "Ben flag lightblue-8"),
        (35, ["review", "--player", "Caro", "--from", "Caro:five-run", "--take", "lightblue-9"], PLAYED[35]),
    ],
)
def test_every_apply_on_a_record_appends_its_move_and_nothing_else(tmp_path, n, args, line):
    path = tmp_path / "game.yaml"
    text = upto(n)
    path.write_text(text, encoding="utf-8")
    result = run("masterpiece", args[0], path, *args[1:], "--apply")
    assert result.exit_code == 0, result.output
    assert path.read_text(encoding="utf-8") == text + f"  - {line}\n"
    assert run("replay", path).exit_code == 0


def test_apply_on_a_record_that_holds_a_player_back_is_refused_and_leaves_it(tmp_path, copy):
    # after move 30 the flag is owed: Ana's review is legal in the position, not in the record
    path = tmp_path / "game.yaml"
    path.write_text(upto(30), encoding="utf-8")
    before = path.read_bytes()
    result = run(
        "masterpiece",
        "review",
        path,
        "--player",
        "Ana",
        "--from",
        "Ana:five-run",
        "--take",
        "green-10",
        "--apply",
        "--json",
    )
    assert result.exit_code == 1 and json.loads(result.stdout)["applied"] is False
    assert "lays the end flag first" in result.stderr and "[masterpiece.end.flag]" in result.stderr
    assert path.read_bytes() == before
    before = copy.read_bytes()
    result = run(
        "masterpiece", "review", copy, "--player", "Caro", "--from", "Caro:five-run", "--take", "purple-7", "--apply"
    )
    assert result.exit_code == 1 and copy.read_bytes() == before


def test_score_on_an_unfinished_record_is_provisional(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(upto(20), encoding="utf-8")
    data = json.loads(run("score", path, "--json").stdout)
    assert data["provisional"] is True and data["winners"] == ["Ben"]
    assert "so these scores are provisional" in run("score", path).stdout
    assert json.loads(run("replay", path, "--json").stdout)["scores"] is None
    assert "there are no final scores yet [masterpiece.end]" in run("replay", path).stdout
    path.write_text(upto(33), encoding="utf-8")
    assert "turns are still to come (Ana 1, Caro 2)" in run("replay", path).stdout


def test_the_reading_commands_read_a_record_at_its_end():
    end = json.loads(run("end", RECORD, "--json").stdout)
    assert end["over"] is True and end["triggered_by"] == "Ben" and end["flag"] == "published"
    options = json.loads(run("masterpiece", "options", RECORD, "--player", "Ana", "--json").stdout)
    assert options["player"] == "Ana"
    assert run("check", RECORD, "--json").exit_code == 0


def test_a_record_whose_setup_has_no_theses_reads_them_from_theses_file(tmp_path):
    table = SETUP[SETUP.index("  theses:\n") : SETUP.index("  players:\n")]
    catalogue = tmp_path / "theses.yaml"
    catalogue.write_text("theses:\n" + "".join(line[2:] + "\n" for line in table.splitlines()[1:]), encoding="utf-8")
    path = tmp_path / "game.yaml"
    path.write_text(TEXT.replace(table, ""), encoding="utf-8")
    assert run("replay", path).exit_code == 3  # no thesis 'triple' anywhere
    result = run("replay", path, "--json", "--theses", catalogue)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["scores"] == json.loads(run("score", RECORD, "--json").stdout)
    assert run("score", path, "--theses", catalogue, "--json").exit_code == 0


def test_research_applied_to_a_position_file_edits_the_hand_the_pile_and_the_deck(tmp_path):
    """The edits a research makes (no command writes one to a position file today; apply_moves can)."""
    from pastiche_cli.cli.apply import apply_moves
    from pastiche_cli.cli.game import load
    from pastiche_cli.games.masterpiece.core.moves import parse_move
    from pastiche_cli.games.masterpiece.game import GAME

    path = tmp_path / "after.yaml"
    path.write_text(
        run("replay", RECORD, "--to", 12).stdout.replace("deck: 31", "deck: 31   # face down"), encoding="utf-8"
    )
    for text in ("Ana research keep orange-8 discard green-9", "Ben research take green-9"):
        loaded = load(GAME, str(path))
        after, _ = apply_moves(GAME, str(path), loaded, parse_move(text, loaded.position))
        read, problems, _ = GAME.reader.read_position(str(path), path.read_text(encoding="utf-8"), {})
        assert problems == [] and GAME.writer.difference(read, after) is None
    written = path.read_text(encoding="utf-8")
    assert "deck: 29   # face down" in written and "turn: {player: Caro}" in written
    assert GAME.writer.difference(load(GAME, str(path)).position, REPLAYED.position_after(14)) is None
