"""Artline records through the shared shell: replay (--json, --html, --to N), play, undo, new --record,
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
from pastiche_cli.games.artline.core.position import DRAW
from pastiche_cli.games.artline.core.record import RULES
from pastiche_cli.games.artline.core.standing import standing
from pastiche_cli.games.artline.formats.record import reading
from pastiche_cli.games.artline.render.scores import score_json

RECORDS = pathlib.Path(__file__).resolve().parents[3] / "examples" / "records" / "artline"

RECORD = RECORDS / "three-player-game.yaml"
TEXT = RECORD.read_text(encoding="utf-8")
_, FILE, _ = read_record(RECORD.name, TEXT, reading(RECORD.name))
PLAYED = [m.text for m in FILE.moves]
REPLAYED = RULES.replay(FILE.setup, PLAYED)


def run(*args):
    return CliRunner().invoke(root, [str(a) for a in args])


@pytest.fixture
def copy(tmp_path):
    path = tmp_path / RECORD.name
    shutil.copyfile(RECORD, path)
    return path


def test_replay_json_replays_every_move_legal_to_the_end_and_scores_as_score_does():
    data = json.loads(run("replay", RECORD, "--json").stdout)
    assert data["over"] is True and len(data["moves"]) == len(PLAYED) == 26
    assert all(m["legal"] and m["rule"].startswith("artline.") for m in data["moves"])
    assert [m["move"] for m in data["moves"]] == PLAYED
    assert data["moves"][-1]["game_over"] is True and data["moves"][-1]["end_triggered"] is True
    assert data["scores"] == json.loads(run("score", RECORD, "--json").stdout)
    assert data["scores"]["winners"] == ["Ana"] and data["scores"]["provisional"] is False
    assert data["moves"][0]["turn_after"] == {"player": "Ana", "phase": DRAW}
    assert data["moves"][6]["exhibition"] is True and data["position_after"]["deck"] == 70


def test_replay_html_writes_one_offline_page_naming_the_game(tmp_path):
    out = tmp_path / "game.html"
    result = run("replay", RECORD, "--html", out)
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "Artline" in page and "<svg" in page and 'id="scores"' in page
    page = re.sub(r'<p id="bgstats">.*?</p>', "", page)  # the one link out: to BG Stats (a link, not a fetch)
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "") and "https://" not in page


@pytest.mark.parametrize("n", range(len(PLAYED) + 1))
def test_replay_to_n_is_a_position_check_accepts_and_score_scores_as_the_replay(n, tmp_path):
    result = run("replay", RECORD, "--to", n)
    assert result.exit_code == 0, result.output
    path = tmp_path / f"after-{n}.yaml"
    path.write_text(result.stdout, encoding="utf-8")
    assert run("check", path).exit_code == 0, (result.stdout, run("check", path).output)
    position = REPLAYED.position_after(n)
    over = n == len(PLAYED)
    assert json.loads(run("score", path, "--json").stdout) == score_json(standing(position))
    assert standing(position).over is over
    owed = position.phase == DRAW
    assert ("phase: draw" in result.stdout) is owed


def test_replay_to_n_round_trips_through_the_loader():
    from pastiche_cli.games.artline.formats.loader import problems_of_text
    from pastiche_cli.games.artline.game import GAME

    for n in range(len(PLAYED) + 1):
        position = REPLAYED.position_after(n)
        read, problems, _ = problems_of_text("x.yaml", GAME.writer.position_text(position, ("heading",)))
        assert problems == [] and GAME.writer.difference(read, position) is None
        assert [(p.at, p.orientation, p.by, p.title) for p in read.table] == [
            (p.at, p.orientation, p.by, p.title) for p in position.table
        ]
        assert [(g.line, g.feature, g.opened_by) for g in read.galleries] == [
            (g.line, g.feature, g.opened_by) for g in position.galleries
        ]


def test_undo_then_play_of_the_last_move_gives_the_file_back(copy):
    before = copy.read_bytes()
    undone = run("undo", copy)
    assert undone.exit_code == 0 and undone.stdout.startswith(f"Took back move 26: {PLAYED[-1]}")
    assert "It is Ana's turn again." in undone.stdout
    played = run("play", copy, PLAYED[-1])
    assert played.exit_code == 0, played.output
    assert copy.read_bytes() == before


def test_undo_of_a_draw_says_the_draw_is_next(copy):
    assert run("undo", copy).exit_code == 0  # move 26, Ana's last painting
    undone = run("undo", copy)  # move 25, Caro's draw
    assert undone.stdout == (
        "Took back move 25: Caro draw\nIt is Caro's turn again: the painting is played, "
        "the draw that ends the turn is next.\n"
    )


def illegal_instead(i: int) -> str:
    """A move that cannot be made where move i stands: another player's draw."""
    position = REPLAYED.position_after(i - 1)
    return next(f"{p.name} draw" for p in position.players if p.name != position.turn)


def move_line(i: int) -> tuple[int, int]:
    m = FILE.moves[i - 1]
    return m.line, m.column


@pytest.mark.parametrize("i", range(1, len(PLAYED) + 1))
def test_an_illegal_move_anywhere_is_reported_at_its_line_by_every_command(i, tmp_path):
    path = tmp_path / "broken.yaml"
    bad = illegal_instead(i)
    lines = TEXT.splitlines(keepends=True)
    line, column = move_line(i)
    old = lines[line - 1]
    lines[line - 1] = old[: column - 1] + bad + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    replayed = run("replay", path)
    assert replayed.exit_code == 1
    want = f"{path}:{line}:{column}: move {i}: it is "
    assert replayed.stderr.splitlines()[-1].startswith(want), replayed.stderr
    assert replayed.stderr.splitlines()[-1].endswith("[artline.turn]")
    for verb in ("score", "end", "board"):
        result = run(verb, path)
        assert result.exit_code == 4 and result.stderr.splitlines()[-1].startswith(want), (verb, result.output)
    checked = run("check", path)
    assert checked.exit_code == 4 and f"{path}:{line}:{column}:" in checked.stdout
    assert f"move {i}: it is " in checked.stdout


def test_play_of_an_illegal_move_exits_1_and_leaves_the_file(copy):
    before = copy.read_bytes()
    result = run("play", copy, "Ben place 3,1")
    assert result.exit_code == 1 and "[artline.win]" in result.output
    assert copy.read_bytes() == before
    result = run("play", copy, "Ben plaec 3,1")
    assert result.exit_code == 2 and "did you mean 'place'" in result.output
    assert copy.read_bytes() == before


def test_new_record_then_play_and_apply(tmp_path):
    path = tmp_path / "game.yaml"
    made = run("new", "--game", "artline", "--players", "Ana,Ben", "--record", "-o", path)
    assert made.exit_code == 0, made.output
    assert run("check", path).exit_code == 0
    fresh = path.read_bytes()
    played = run("play", path, "Ana place 1,0 row dogs")
    assert played.exit_code == 0, played.output
    assert run("play", path, "Ana draw").exit_code == 0
    assert run("artline", "discard", path, "--apply").exit_code == 0  # Ben's discard and his draw
    assert [m["move"] for m in json.loads(run("replay", path, "--json").stdout)["moves"]] == [
        "Ana place 1,0 row dogs",
        "Ana draw",
        "Ben discard",
        "Ben draw",
    ]
    for _ in range(4):
        assert run("undo", path).exit_code == 0
    assert path.read_bytes() == fresh


@pytest.mark.parametrize(
    "args, lines",
    [
        (["artline", "place", "--at", "4,0"], ["Ben place 4,0", "Ben draw"]),  # joins row 0: the draw follows
        (
            ["artline", "place", "--at", "-2,1", "--feature-column", "a lamp"],
            ['Ben place -2,1 column "a lamp"'],
        ),  # an exhibition: no draw
        (["artline", "discard"], ["Ben discard", "Ben draw"]),
    ],
)
def test_every_apply_on_a_record_appends_the_turns_lines_and_nothing_else(tmp_path, args, lines):
    """--apply records the whole turn, as on a position file: the move, and its draw when one is owed."""
    path = tmp_path / "game.yaml"
    upto = TEXT.index("  - Ana place 2,1 column flowers\n")  # the record before Ana's last turn ...
    text = TEXT[:upto] + "  - Ana discard\n  - Ana draw\n"  # ... in which she discards instead
    path.write_text(text, encoding="utf-8")
    assert run("check", path).exit_code == 0
    result = run(args[0], args[1], path, *args[2:], "--apply")
    assert result.exit_code == 0, result.output
    assert path.read_text(encoding="utf-8") == text + "".join(f"  - {line}\n" for line in lines)
    assert json.loads(run("replay", path, "--json").stdout)["moves"][-1]["turn_after"]["player"] == "Caro"


def test_apply_on_a_finished_record_is_refused_and_leaves_it(copy):
    before = copy.read_bytes()
    result = run("artline", "discard", copy, "--player", "Ben", "--apply")
    assert result.exit_code == 1 and "the game is over" in result.output
    assert copy.read_bytes() == before


def test_score_on_an_unfinished_record_is_provisional(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(TEXT.replace("  - Ana place 2,1 column flowers\n", ""), encoding="utf-8")
    data = json.loads(run("score", path, "--json").stdout)
    assert data["provisional"] is True and data["over"] is False and data["closest"] == ["Ana"]
    assert "provisional [artline.win]" in run("score", path).stdout
    assert json.loads(run("replay", path, "--json").stdout)["scores"] is None
    assert json.loads(run("score", RECORD, "--json").stdout)["provisional"] is False


def test_the_reading_commands_read_a_record_at_its_end():
    board = json.loads(run("board", RECORD, "--json").stdout)
    assert len(board["paintings"]) == 15 and board["deck"] == 70 and board["discard"] == 2
    end = json.loads(run("end", RECORD, "--json").stdout)
    assert end["over"] is True and end["winner"] == "Ana"
    assert run("artline", "spots", RECORD).exit_code == 1  # the game is won
