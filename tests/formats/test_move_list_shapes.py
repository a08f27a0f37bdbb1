"""Every shape a record's `moves:` list can be written in round trips through `play` and `undo` byte for
byte, in every game (issue 23): block, flow on one line, flow over lines (a trailing comma included),
empty (`moves:` and `moves: []`), a file of lone CRs, and a comment line ended by a lone CR (which
`undo` used to take along with the move)."""

from __future__ import annotations

import json
import pathlib
import re

import pytest
from click.testing import CliRunner

from pastiche_cli.cli.root import root

ROOT = pathlib.Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "examples" / "records").rglob("*game.yaml"))


def parts(record: pathlib.Path) -> tuple[str, list[str]]:
    """The record's text before `moves:`, and its moves' texts."""
    text = record.read_text(encoding="utf-8")
    head, moves = re.split(r"^moves:.*\n", text, maxsplit=1, flags=re.M)
    texts = [re.sub(r"\s+#.*$", "", line.strip()[2:]) for line in moves.splitlines() if line.strip().startswith("- ")]
    return head, texts


def q(move: str) -> str:
    return json.dumps(move)


SHAPES = {
    "block": lambda ms: "moves:\n" + "".join(f"  - {m}\n" for m in ms),
    "block-comments": lambda ms: (
        "moves:   # in order\n" + "".join(f"  # before {i}\n  - {m}   # {i}\n" for i, m in enumerate(ms))
    ),
    "flow": lambda ms: "moves: [" + ", ".join(q(m) for m in ms) + "]\n",
    "flow-lines": lambda ms: "moves: [\n" + "".join(f"  {q(m)},\n" for m in ms) + "]\n",
    "flow-lines-no-comma": lambda ms: "moves: [\n" + ",\n".join(f"  {q(m)}" for m in ms) + "\n]\n",
    "lone-cr-comment": lambda ms: "moves:\n" + "".join(f"  # about {i}\r  - {m}\n" for i, m in enumerate(ms)),
    "no-final-newline": lambda ms: "moves:\n" + "\n".join(f"  - {m}" for m in ms),
}


def write(path: pathlib.Path, text: str) -> None:
    path.write_bytes(text.encode("utf-8"))


def invoke(*args: str) -> None:
    result = CliRunner().invoke(root, list(args))
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("shape", sorted(SHAPES))
@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.parent.name)
def test_play_then_undo_and_undo_then_play_give_the_file_back(record, shape, tmp_path):
    head, moves = parts(record)
    path = tmp_path / "r.yaml"
    text = head + SHAPES[shape](moves[:2])
    write(path, text)
    invoke("play", str(path), moves[2])
    assert path.read_bytes() != text.encode("utf-8")
    invoke("undo", str(path))
    assert path.read_bytes() == text.encode("utf-8")
    invoke("undo", str(path))
    if "comment" not in shape:  # an undone move's own comment is not the played move's to bring back
        invoke("play", str(path), moves[1])
        assert path.read_bytes() == text.encode("utf-8")
    else:  # the comment lines stay (one ended by a lone CR too); only the move's own end-of-line one goes
        taken = 1 if shape == "block-comments" else 0
        assert path.read_bytes().decode("utf-8").count("#") == text.count("#") - taken


@pytest.mark.parametrize("empty", ["moves:\n", "moves: []\n", "moves:   # one a line\n", "moves: []   # none yet\n"])
@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.parent.name)
def test_an_empty_list_comes_back_as_it_was(record, empty, tmp_path):
    head, moves = parts(record)
    path = tmp_path / "r.yaml"
    write(path, head + empty)
    invoke("play", str(path), moves[0])
    invoke("undo", str(path))
    assert path.read_text(encoding="utf-8") == head + empty


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.parent.name)
def test_a_file_of_lone_crs_stays_one(record, tmp_path):
    head, moves = parts(record)
    path = tmp_path / "r.yaml"
    text = (head + SHAPES["block"](moves[:2])).replace("\n", "\r")
    write(path, text)
    invoke("play", str(path), moves[2])
    assert b"\n" not in path.read_bytes()
    invoke("undo", str(path))
    assert path.read_bytes() == text.encode("utf-8")


def test_the_only_move_of_a_flow_list_over_lines_undoes_to_an_empty_list(tmp_path):
    head, moves = parts(RECORDS[0])
    path = tmp_path / "r.yaml"
    write(path, head + f"moves: [\n  {q(moves[0])},\n]\n")
    invoke("undo", str(path))
    assert path.read_text(encoding="utf-8") == head + "moves: []\n"
    invoke("check", str(path))


def test_undo_takes_a_record_down_to_its_last_legal_move(tmp_path):
    head, moves = parts(RECORDS[0])
    path = tmp_path / "r.yaml"
    bad = moves[1]  # a legal move played twice is refused the second time
    write(path, head + SHAPES["block"]([moves[0], bad, bad, moves[2]]))
    assert CliRunner().invoke(root, ["check", str(path)]).exit_code != 0
    invoke("undo", str(path))  # the move after the refused one
    invoke("undo", str(path))  # the refused one
    assert CliRunner().invoke(root, ["check", str(path)]).exit_code == 0
    assert path.read_text(encoding="utf-8") == head + SHAPES["block"](moves[:2])
