"""`pastiche play` and `pastiche undo` on a record, `--apply` on a record, `pastiche new --record`:
a move is added as one line of the notation and taken back byte for byte; a refused move leaves
the file untouched; comments and everything else in the file stay."""

from __future__ import annotations

import json
import pathlib

import pytest
from click.testing import CliRunner
from record_example import EXAMPLE, PLAYED, RECORDS, SETUP

from pastiche_cli.cli.root import root


def run(*args: str):
    result = CliRunner().invoke(root, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def write(tmp_path, text: str) -> pathlib.Path:
    path = tmp_path / "game.yaml"
    path.write_bytes(text.encode("utf-8"))
    return path


def moves_of(path) -> list[str]:
    from pastiche_cli.games.pastiche.formats.record import read_record

    record, _ = read_record(str(path), path.read_text(encoding="utf-8"))
    return [m.text for m in record.moves]


# The shapes `moves:` can be written in, each with comments around it.
SHAPES = {
    "block": SETUP + "moves:   # the game so far\n  # turn 1\n  - Ana place RYYBBR/R at -1,1   # three cards\n"
    "# after the moves\n",
    "null": SETUP + "moves:                 # none yet\n# the end of the file\n",
    "empty flow": SETUP + "moves: []\n",
    "flow": SETUP + 'moves: ["Ana place RYYBBR/R at -1,1"]   # one\n',
    "absent, no newline at the end": SETUP.rstrip("\n"),
    "quoted and indented by four": SETUP + 'moves:\n    - "Ana place RYYBBR/R at -1,1"\n',
    "block, no newline at the end": SETUP + "moves:\n  - Ana place RYYBBR/R at -1,1   # laid",
}


@pytest.mark.parametrize("shape", SHAPES)
def test_play_adds_one_line_and_keeps_every_other_byte(tmp_path, shape):
    path = write(tmp_path, SHAPES[shape])
    before = moves_of(path)
    move = PLAYED[len(before)]
    result = run("play", str(path), move)
    assert result.exit_code == 0, result.output
    assert f"Move {len(before) + 1} played: {move}" in result.stdout
    assert moves_of(path) == before + [move]
    text = path.read_text(encoding="utf-8")
    for line in SHAPES[shape].splitlines():
        if "#" in line:  # every comment is still there
            assert line.split("#", 1)[1] in text
    assert text.startswith(SHAPES[shape][: len(SETUP) - 1])


@pytest.mark.parametrize("shape", [s for s in SHAPES if s not in ("empty flow", "absent, no newline at the end")])
def test_undo_after_play_gives_the_file_back_byte_for_byte(tmp_path, shape):
    path = write(tmp_path, SHAPES[shape])
    original = path.read_bytes()
    move = PLAYED[len(moves_of(path))]
    assert run("play", str(path), move).exit_code == 0
    result = run("undo", str(path))
    assert result.exit_code == 0
    assert result.stdout.startswith(f"Took back move {len(moves_of(path)) + 1}: {move}")
    assert path.read_bytes() == original


def test_undo_after_play_keeps_crlf_line_endings_and_a_bom(tmp_path):
    path = tmp_path / "game.yaml"
    original = b"\xef\xbb\xbf" + SHAPES["block"].replace("\n", "\r\n").encode("utf-8")
    path.write_bytes(original)
    assert run("play", str(path), PLAYED[1]).exit_code == 0
    assert b"\r\n  - Ana trade olive with Ben for orange,brown\r\n" in path.read_bytes()
    assert run("undo", str(path)).exit_code == 0
    assert path.read_bytes() == original


@pytest.mark.parametrize(
    "record, move",
    [
        ("two-player-game.yaml", "Ana place RYBBYR/R at 9,9"),
        ("canvas/two-player-game.yaml", "Ana take 1 refill Nature"),
        ("masterpiece/three-player-game.yaml", "Ana research keep pink-3 discard blue-9"),
        ("artline/three-player-game.yaml", "Ana place 1,0 row dogs"),
    ],
)
def test_a_refused_play_names_the_move_it_refused(tmp_path, record, move):
    """Issue 33, item 17: the reason and the rule, and which move: its number and its text."""
    path = tmp_path / "game.yaml"
    path.write_bytes((RECORDS / record).read_bytes())
    n = len(json.loads(run("replay", str(path), "--json").stdout)["moves"]) + 1
    result = run("play", str(path), move)
    assert result.exit_code == 1, result.output
    assert f"not played: move {n}, `{move}`: " in result.stderr, result.stderr


def test_undo_says_again_only_when_the_turn_came_back_and_still_mid_turn(tmp_path):
    """Issue 33, item 10: "It is Ana's turn again" after taking back a move in the middle of her turn
    was untrue. Taking back `X end` gives the turn back to X (again), and so does taking back the
    move that ended the game (`Ben end` here); any other move leaves it X's (still)."""
    path = tmp_path / "game.yaml"
    path.write_bytes((RECORDS / "two-player-game.yaml").read_bytes())
    moves = json.loads(run("replay", str(path), "--json").stdout)["moves"]
    assert len(moves) == 31
    for n in range(len(moves), 0, -1):
        taken = moves[n - 1]["move"]
        result = run("undo", str(path))
        assert result.exit_code == 0, result.output
        player = taken.split()[0]
        if taken.endswith(" end"):
            assert f"It is {player}'s turn again, in the cleanup phase." in result.stdout, (taken, result.stdout)
        else:
            assert f"It is still {player}'s turn, in the " in result.stdout, (taken, result.stdout)


def test_a_refused_move_leaves_the_file_untouched_exit_1(tmp_path):
    path = write(tmp_path, SHAPES["block"])
    original = path.read_bytes()
    result = run("play", str(path), "Ana trade orange,green,violet for teal")
    assert result.exit_code == 1
    assert "not played" in result.stderr and "[trade.bank.three]" in result.stderr
    assert path.read_bytes() == original
    as_json = run("play", str(path), "Ben end", "--json")
    assert as_json.exit_code == 1
    data = json.loads(as_json.stdout)
    assert data["legal"] is False and data["played"] is False and data["rule"] == "cleanup"
    assert path.read_bytes() == original


def test_a_move_not_in_the_notation_is_a_usage_error_pointing_at_it(tmp_path):
    path = write(tmp_path, SHAPES["block"])
    original = path.read_bytes()
    result = run("play", str(path), "Ana trade olive wiht Ben for orange")
    assert result.exit_code == 2 and "^" in result.output
    assert path.read_bytes() == original


def test_play_on_a_broken_record_exits_4_with_the_located_move(tmp_path):
    path = write(tmp_path, SETUP + "moves:\n  - Ana end\n")
    original = path.read_bytes()
    result = run("play", str(path), "Ana place RYYBBR/R at -1,1")
    assert result.exit_code == 4
    assert (
        result.stderr.strip() == f"{path}:{SETUP.count(chr(10)) + 2}:5: move 1: Ana ends the turn only once "
        "the turn's hex is laid, and Ana's turn is still in the mixing phase [place]"
    )
    assert path.read_bytes() == original
    # ... and undo takes the bad move back
    assert run("undo", str(path)).exit_code == 0 and moves_of(path) == []


def test_play_after_the_game_is_over_is_refused_by_end_round(tmp_path):
    path = write(tmp_path, SETUP + "moves:\n" + "".join(f"  - {m}\n" for m in PLAYED))
    result = run("play", str(path), "Ana place YBRYBR/R at 2,-1")
    assert result.exit_code == 1 and "[end.round]" in result.stderr


def test_undo_with_no_moves_says_so(tmp_path):
    path = write(tmp_path, SHAPES["null"])
    result = run("undo", str(path))
    assert result.exit_code == 1 and "no moves" in result.stderr


def test_play_refuses_a_file_changed_since_it_was_read(tmp_path, monkeypatch):
    path = write(tmp_path, SHAPES["block"])
    from pastiche_cli.formats import yamlio

    real_read = yamlio.read_text

    def read_then_change(p):
        text = real_read(p)
        if str(p) == str(path):
            path.write_text(SHAPES["block"] + "# someone else wrote here\n", encoding="utf-8")
        return text

    monkeypatch.setattr(yamlio, "read_text", read_then_change)
    result = run("play", str(path), PLAYED[1])
    assert result.exit_code == 3 and "changed since it was read" in result.stderr
    assert path.read_text(encoding="utf-8").endswith("# someone else wrote here\n")
    assert moves_of(path) == PLAYED[:1]


# --- --apply on a record: the move is added, the setup stays ------------------------------------


@pytest.mark.parametrize(
    "args, move",
    [
        (["place", "RYYBBR/R", "--at", "-1,1", "--player", "Ana", "--apply"], "Ana place RYYBBR/R at -1,1"),
    ],
)
def test_apply_on_a_record_appends_its_move(tmp_path, args, move):
    path = write(tmp_path, SHAPES["null"])
    setup_before = path.read_text(encoding="utf-8")[: len(SETUP)]
    result = run(args[0], str(path), *args[1:])
    assert result.exit_code == 0, result.output
    assert moves_of(path) == [move]
    assert path.read_text(encoding="utf-8")[: len(SETUP)] == setup_before


def test_trade_apply_on_a_record_appends_the_trade_in_the_notation(tmp_path):
    path = write(tmp_path, SETUP + "moves:\n" + "".join(f"  - {m}\n" for m in PLAYED[:9]))
    result = run("trade", str(path), "--player", "Ana", "--give", "orange,orange,orange", "--get", "teal", "--apply")
    assert result.exit_code == 0, result.output
    assert moves_of(path)[-1] == "Ana trade orange,orange,orange for teal"
    # the record still replays, and the new move is judged like any other
    assert run("replay", str(path)).exit_code == 0


def test_apply_refused_on_a_record_leaves_it_untouched(tmp_path):
    path = write(tmp_path, SHAPES["null"])
    original = path.read_bytes()
    result = run("trade", str(path), "--player", "Ana", "--give", "orange,orange,orange", "--get", "teal", "--apply")
    assert result.exit_code == 1
    assert path.read_bytes() == original


# --- new --record ------------------------------------------------------------------------------


def test_new_record_starts_a_record_that_check_reads_and_play_fills(tmp_path):
    out = tmp_path / "game.yaml"
    result = run("new", "--players", "Ana,Ben", "--record", "-o", str(out))
    assert result.exit_code == 0
    text = out.read_text(encoding="utf-8")
    assert "\nsetup:" in text and "\nmoves:" in text and text.startswith("# A new 2-player game")
    check = run("check", str(out))
    assert check.exit_code == 3 and "FILL-IN" in check.stdout
    # Filled in with the example's table, the first move plays and undoes byte for byte.
    filled = SETUP + text[text.index("\nmoves:") + 1 :]
    out.write_text(filled, encoding="utf-8")
    assert run("check", str(out)).exit_code == 0
    assert run("play", str(out), PLAYED[0]).exit_code == 0
    assert run("undo", str(out)).exit_code == 0
    assert out.read_text(encoding="utf-8") == filled


def test_new_without_record_is_unchanged():
    plain = run("new", "--players", "Ana,Ben")
    assert "setup:" not in plain.stdout and "moves:" not in plain.stdout


def test_the_last_player_cannot_end_again_once_the_game_is_over(tmp_path):
    path = write(tmp_path, SETUP + "moves:\n" + "".join(f"  - {m}\n" for m in PLAYED))
    original = path.read_bytes()
    # the core alone would let Ben end his turn (it is his, in clean-up); the record says the game is over
    result = run("play", str(path), "Ben end")
    assert result.exit_code == 1 and "the game is over" in result.stderr and "[end.round]" in result.stderr
    assert path.read_bytes() == original


def test_a_discard_takes_only_the_cards_over_the_limit(tmp_path):
    path = write(tmp_path, SETUP + "moves:\n" + "".join(f"  - {m}\n" for m in PLAYED[:11]))
    assert run("play", str(path), "Ana discard violet,brown").exit_code == 1  # 9 cards: one to go
    assert run("play", str(path), "Ana discard violet").exit_code == 0


def test_discard_apply_on_a_record_is_the_first_clean_up_move(tmp_path):
    # After her painting moves Ana is still in the painting phase; the notation lets a discard end it,
    # and `discard --apply` appends the same move `play` would (before, it refused: "not yet enforced").
    path = write(tmp_path, SETUP + "moves:\n" + "".join(f"  - {m}\n" for m in PLAYED[:11]))
    result = run("discard", str(path), "--player", "Ana", "--apply")
    assert result.exit_code == 0, result.output
    assert moves_of(path)[-1] == "Ana discard violet"
    assert run("replay", str(path)).exit_code == 0


def test_end_on_a_finished_record_says_the_game_is_over(tmp_path):
    finished = write(tmp_path, EXAMPLE)
    result = run("end", str(finished))
    assert result.exit_code == 0
    assert "The game is over: Ben's turn, the last of the game, has ended [end.round]" in result.stdout
    assert "the last turn was Ben's" in result.stdout and "score after it" not in result.stdout
    assert json.loads(run("end", str(finished), "--json").stdout)["game_over"] is True
    # one move earlier, Ben's last turn is still to end
    unfinished = tmp_path / "unfinished.yaml"
    unfinished.write_text(SETUP + "moves:\n" + "".join(f"  - {m}\n" for m in PLAYED[:-1]), encoding="utf-8")
    answer = json.loads(run("end", str(unfinished), "--json").stdout)
    assert answer["game_over"] is False and answer["turns_left"] == 0
    assert "It is Ben's turn, the last of the game" in run("end", str(unfinished)).stdout
    # a plain position file has no key for it
    assert "game_over" not in json.loads(
        run("end", str(RECORDS.parent / "positions" / "four-player-finish.yaml"), "--json").stdout
    )


def _alias_last(text: str, keep: int) -> str:
    """The record cut after move `keep`, its last move (`Ana end` or `Ben end`) written as an alias of the
    first move of that text, anchored `&e`."""
    lines = text.splitlines(keepends=True)
    moves = [i for i, line in enumerate(lines) if line.startswith("  - ")]
    last = moves[keep - 1]
    said = lines[last].split("#")[0].strip()[2:]
    first = next(i for i in moves if lines[i].split("#")[0].strip()[2:] == said)
    assert first < last, said
    lines[first] = lines[first].replace("  - ", "  - &e ", 1)
    lines[last] = "  - *e\n"
    return "".join(line for i, line in enumerate(lines) if not (i in moves and i > last))


@pytest.mark.parametrize(
    "keep, verb",
    [(31, ["undo"]), (14, ["undo"]), (14, ["play", "Ben place YBRYBR/RY at 0,2"])],
    ids=["undo at the end", "undo mid-game", "play mid-game"],
)
def test_an_alias_as_the_last_move_is_refused_before_any_write(tmp_path, keep, verb):
    """Issue 33, item 9: play and undo acted on the anchor's line, then refused the record they wrote."""
    path = tmp_path / "game.yaml"
    path.write_text(_alias_last((RECORDS / "two-player-game.yaml").read_text(encoding="utf-8"), keep))
    assert len(json.loads(run("replay", str(path), "--json").stdout)["moves"]) == keep
    before = path.read_bytes()
    result = run(verb[0], str(path), *verb[1:])
    assert result.exit_code == 3, result.output
    assert "the last move is an alias (*e)" in result.stderr and "write it out in full" in result.stderr
    assert path.read_bytes() == before
