"""Canvas records through the command line: replay (--json, --html, --to N), play, undo, new --record,
`take --apply` on a record and on a position, and every command stopped at an illegal move's own line."""

from __future__ import annotations

import json
import pathlib
import re
import shutil

import pytest
from click.testing import CliRunner
from test_canvas_record_moves import MIDGAME, illegal_instead, read_record

from pastiche_cli.cli.root import root
from pastiche_cli.games.canvas.core import moves
from pastiche_cli.games.canvas.core.record import RULES
from pastiche_cli.games.canvas.core.scoring import score
from pastiche_cli.games.canvas.formats import edits
from pastiche_cli.games.canvas.formats.loader import parse_position
from pastiche_cli.games.canvas.formats.record import position_text
from pastiche_cli.games.canvas.render.scores import score_json

RECORDS = pathlib.Path(__file__).resolve().parents[3] / "examples" / "records" / "canvas"

RECORD = RECORDS / "two-player-game.yaml"
TEXT = RECORD.read_text(encoding="utf-8")


def run(*args):
    return CliRunner().invoke(root, [str(a) for a in args])


def as_json(*args):
    result = run(*args, "--json")
    return result.exit_code, json.loads(result.stdout)


@pytest.fixture
def record(tmp_path) -> pathlib.Path:
    copy = tmp_path / RECORD.name
    shutil.copyfile(RECORD, copy)
    return copy


def move_lines(text: str) -> list[tuple[int, str]]:
    """(1-based line, the move's text) for every move of the record's text."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("moves:"))
    return [
        (i + 1, line.split("#")[0].strip()[2:])
        for i, line in enumerate(lines)
        if i > start and line.strip().startswith("- ")
    ]


def with_moves(texts: list[str]) -> str:
    """The record's text with `moves:` holding these moves (the setup and its comments as they are)."""
    return TEXT[: TEXT.index("\nmoves:") + 1] + "moves:\n" + "".join(f"  - {t}\n" for t in texts)


# --- the golden playthrough ------------------------------------------------------------------------


def test_replay_json_replays_every_move_legal_and_scores_as_score_does():
    code, data = as_json("replay", RECORD)
    assert code == 0 and data["over"] is True and len(data["moves"]) == 26
    assert all(m["legal"] for m in data["moves"]) and data["moves"][-1]["game_over"] is True
    assert data["moves"][-1]["rule"] == "canvas.end" and data["moves"][-1]["end_triggered"] is True
    assert data["moves"][3]["cost"] == 1 and data["moves"][5]["tokens_gained"] == 2
    assert data["moves"][22]["ribbons"] == {"variety": 1, "repetition": 1, "emphasis": 1, "composition": 1}
    assert [m["turn_after"] for m in data["moves"][-4:]] == ["Ben", "Ben", "Ben", None]
    code, scored = as_json("score", RECORD)
    assert code == 0 and scored == data["scores"] and scored["provisional"] is False
    assert data["position_after"]["turn"] is None and data["position_after"]["market"][0] == {
        "card": "Ominous",
        "tokens": 0,
    }


def test_replay_html_writes_one_page_for_the_game(tmp_path):
    out = tmp_path / "game.html"
    result = run("replay", RECORD, "--html", out)
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert "Canvas" in page and "game record: two-player-game.yaml" in page and 'id="scores"' in page
    assert page.count("<svg") == 2  # the table, drawn once for every move, and the score race
    page = re.sub(r'<p id="bgstats">.*?</p>', "", page)  # the one link out: to BG Stats (a link, not a fetch)
    assert "http://www.w3.org/2000/svg" in page and 'src="http' not in page and 'href="http' not in page


def test_replay_to_n_gives_a_position_check_accepts_and_score_reads_the_same(tmp_path):
    setup, texts = read_record()
    replay = RULES.replay(setup, texts)
    for n in range(len(texts) + 1):
        result = run("replay", RECORD, "--to", n)
        assert result.exit_code == 0, result.output
        path = tmp_path / f"after-{n}.yaml"
        path.write_text(result.stdout, encoding="utf-8")
        assert run("check", path).exit_code == 0, (n, run("check", path).output)
        code, data = as_json("score", path)
        at = replay.position_after(n)
        final = n == len(texts)  # the last move ends the game
        assert code == 0 and data == score_json(score(at), at.house) | {"provisional": not final}, n


def test_position_text_round_trips_every_position_of_the_record():
    setup, texts = read_record()
    replay = RULES.replay(setup, texts)
    for n in range(len(texts) + 1):
        at = replay.position_after(n)
        read, problems, _ = parse_position("p.yaml", position_text(at, ("heading",)))
        assert problems == [] and edits.difference(read, at) is None, n


# --- play and undo -----------------------------------------------------------------------------------


def test_undo_then_play_gives_the_record_back_byte_for_byte(record):
    before = record.read_bytes()
    undone = run("undo", record)
    assert undone.exit_code == 0 and undone.stdout == (
        "Took back move 26: Ben paint Bait Melancholy Darkness\nIt is Ben's turn again.\n"
    )
    assert run("play", record, "Ben paint Bait Melancholy Darkness").exit_code == 0
    assert record.read_bytes() == before


@pytest.mark.parametrize(
    "move, rule",
    [
        ("Ben take 1 refill Trap", "canvas.end"),  # the game is over
        ("Ana take 1 refill Trap", "canvas.end"),
    ],
)
def test_play_after_the_end_is_refused_and_the_file_untouched(record, move, rule):
    before = record.read_bytes()
    result = run("play", record, move)
    assert result.exit_code == 1 and f"[{rule}]" in result.stderr and "the game is over" in result.stderr
    assert record.read_bytes() == before


@pytest.mark.parametrize(
    "n, move, rule",
    [
        (10, "Ben take 1 refill Bait", "canvas.turn"),  # after Ben's painting it is Ana's turn
        (10, "Ana take 1 refill Bait", "canvas.take"),  # 5 cards: she must paint
        (11, "Ben take 1 refill Nature", "canvas.take"),  # Nature is the card taken
        (11, "Ben take 1 refill Heavy", "canvas.take"),  # Heavy is in the market
        (11, "Ben take 1", "canvas.take"),  # the card drawn is part of the take
        (11, "Ben paint Sudden Nature Vast", "canvas.paint"),  # Ben holds 1 card
    ],
)
def test_play_of_an_illegal_move_is_refused_and_the_file_untouched(tmp_path, n, move, rule):
    path = tmp_path / "game.yaml"
    path.write_text(with_moves([t for _, t in move_lines(TEXT)][:n]), encoding="utf-8")
    before = path.read_bytes()
    result = run("play", path, move)
    assert result.exit_code == 1 and result.stderr.rstrip().endswith(f"[{rule}]"), result.output
    assert path.read_bytes() == before


def test_play_of_text_not_in_the_notation_is_bad_usage_pointing_at_it(record):
    run("undo", record)
    result = run("play", record, "Ben paint Bait Melancholy Darknes")
    assert result.exit_code == 2 and "did you mean 'Darkness'?" in result.output and " " * 26 + "^" in result.output


def test_a_record_played_from_new_record(tmp_path):
    path = tmp_path / "game.yaml"
    made = run("new", "--game", "canvas", "--players", "Ana,Ben", "--scenario", "first-game", "--record", "-o", path)
    assert made.exit_code == 0, made.output
    text = path.read_text(encoding="utf-8")
    assert "\nsetup:" in text and text.rstrip().endswith(
        "moves:                                        # one move a line, in order"
    )
    assert run("check", path).exit_code == 3  # the market is FILL-IN
    filled = text
    for word in ("Unashamed", "Adventure", "Chosen", "Sudden", "Deep"):
        filled = filled.replace("- FILL-IN", f"- {word}", 1)
    path.write_text(filled, encoding="utf-8")
    assert run("check", path).exit_code == 0
    played = run("play", path, "ana take 1 refill truth")
    assert played.exit_code == 0, played.output
    assert path.read_text(encoding="utf-8").endswith("  - Ana take 1 refill Truth\n")
    assert run("undo", path).exit_code == 0
    assert path.read_text(encoding="utf-8") == filled


# --- an illegal move anywhere: every command stops at its line ------------------------------------


def test_an_illegal_move_anywhere_stops_every_command_at_its_own_line(tmp_path):
    setup, texts = read_record()
    steps = RULES.replay(setup, texts).steps
    located = move_lines(TEXT)
    for i, step in enumerate(steps):
        bad, rule = illegal_instead(step)
        path = tmp_path / f"broken-{i + 1}.yaml"
        lines = TEXT.splitlines(keepends=True)
        number, text = located[i]
        lines[number - 1] = lines[number - 1].replace(text, bad, 1)
        path.write_text("".join(lines), encoding="utf-8")
        column = lines[number - 1].index(bad) + 1
        replay = run("replay", path)
        assert replay.exit_code == 1, (i, replay.output)
        line = replay.stderr.strip().splitlines()[-1]
        assert line.startswith(f"{path}:{number}:{column}: move {i + 1}: ") and line.endswith(f"[{rule}]"), line
        if i % 5 == 0:  # every other command, on a sample of the places (each reads the file the same way)
            for verb in ("score", "end"):
                other = run(verb, path)
                assert other.exit_code == 4 and other.stderr.strip() == line, (verb, i, other.output)
            check = run("check", path)
            assert check.exit_code == 4 and line.replace(f":{column}: ", f":{column}: error: ") in check.stdout


# --- --apply: one line on a record, the file edit on a position -----------------------------------


def test_take_apply_on_a_record_appends_exactly_one_line(tmp_path):
    path = tmp_path / "game.yaml"
    played = [t for _, t in move_lines(TEXT)]
    path.write_text(with_moves(played[:11]), encoding="utf-8")
    before = path.read_text(encoding="utf-8")
    result = run("canvas", "take", path, "--player", "ben", "--slot", "1", "--apply", "--draw", "bait")
    assert result.exit_code == 0, result.output
    assert "move 12 added to the record: Ben take 1 refill Bait" in result.output
    assert path.read_text(encoding="utf-8") == before + "  - Ben take 1 refill Bait\n"
    code, data = as_json("canvas", "take", path, "--player", "Ana", "--slot", "1")
    assert code == 0 and data["card"] == "Extreme"  # read at the record's new end


def test_take_apply_on_a_record_needs_the_card_drawn(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(with_moves([t for _, t in move_lines(TEXT)][:11]), encoding="utf-8")
    before = path.read_bytes()
    result = run("canvas", "take", path, "--player", "Ben", "--slot", "1", "--apply")
    assert result.exit_code == 1 and "the deck still holds" in result.stderr and "[canvas.take]" in result.stderr
    assert path.read_bytes() == before


def test_take_on_a_finished_record_says_the_player_is_done(record):
    code, data = as_json("canvas", "take", record, "--player", "Ben", "--slot", "1")
    assert code == 1 and data["rule"] == "canvas.end"


def test_take_apply_on_a_position_with_turn_passes_the_turn(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(MIDGAME + "turn: Ben   # whose turn\n", encoding="utf-8")
    assert run("canvas", "take", path, "--player", "Ana", "--slot", "1").exit_code == 1  # not Ana's turn
    code, data = as_json("canvas", "take", path, "--player", "Ana", "--slot", "1")
    assert code == 1 and data["rule"] == "canvas.turn" and data["card"] is None
    result = run("canvas", "take", path, "--player", "Ben", "--slot", "2", "--apply", "--draw", "Trap")
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert "turn: Ana   # whose turn\n" in text and "hand: [Truth, Mess, Beauty]" in text
    assert run("check", path).exit_code == 0


def test_a_painting_applied_to_a_position_file_is_written_and_read_back(tmp_path):
    """The edit of a paint (no command makes one on a position file yet; the driver can)."""
    from pastiche_cli.cli.apply import apply_moves
    from pastiche_cli.cli.game import load
    from pastiche_cli.games.canvas.game import GAME

    path = tmp_path / "game.yaml"
    path.write_text(
        MIDGAME.replace(
            "hand: [Delicate, Revolution, Masked, Precious, Chosen]",
            "hand:\n      - Delicate   # bottom\n      - Revolution\n      - Masked\n"
            "      - Precious   # kept\n      - Chosen",
        )
        + "turn: Ana\n",
        encoding="utf-8",
    )
    loaded = load(GAME, str(path))
    after, notes = apply_moves(GAME, str(path), loaded, moves.Paint("Ana", ("Delicate", "Revolution", "Masked")))
    read = load(GAME, str(path)).position
    assert edits.difference(read, after) is None and read.turn == "Ben" and notes == []
    text = path.read_text(encoding="utf-8")
    assert "      - Precious   # kept\n      - Chosen\n" in text and "- [Delicate, Revolution, Masked]" in text
    assert "# bottom" in text  # a removed entry's comment stays
