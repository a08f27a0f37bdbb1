"""`--apply` on a position is judged by the judge that judges the same move in a record (cli/apply.py).

Each test is a move a record refuses that `--apply` on a position once wrote: the refusal must be
`play`'s (exit 1, the rule cited) and the file byte-identical.
"""

import shutil

from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli.root import root

MIDGAME = EXAMPLES / "board-midgame-4p.yaml"  # Caro to play, holding BYBYRB/RB and RRRBBR/RB


def run(*args):
    return CliRunner().invoke(root, [str(a) for a in args], prog_name="pastiche")


def copied(tmp_path, source, text=None):
    path = tmp_path / "game.yaml"
    if text is None:
        shutil.copy(source, path)
    else:
        path.write_text(text)
    return path


def test_place_apply_of_a_hex_not_held_is_refused_and_the_file_unchanged(tmp_path):
    path = copied(tmp_path, MIDGAME)
    before = path.read_bytes()
    # RRRBBB/RB: a typo for RRRBBR/RB, which Caro holds; the board alone would take it at 2,-4
    assert run("place", path, "RRRBBB/RB", "--at", "2,-4").exit_code == 0
    result = run("place", path, "RRRBBB/RB", "--at", "2,-4", "--apply")
    assert result.exit_code == 1, result.output
    assert "does not hold RRRBBB/RB" in result.output and "[place]" in result.output
    assert path.read_bytes() == before


def test_place_apply_of_a_hex_held_in_another_rotation_is_written(tmp_path):
    path = copied(tmp_path, MIDGAME)
    result = run("place", path, "RBBYBY/RB", "--at", "2,-4", "--apply")  # BYBYRB/RB turned
    assert result.exit_code == 0, result.output
    assert "Recorded in" in result.output


def test_masterpiece_review_apply_waits_for_the_end_flag_as_a_record_does(tmp_path):
    text = (EXAMPLES / "masterpiece" / "end-triggered.yaml").read_text()
    path = copied(tmp_path, None, text.replace("turn: {player: Caro}", "turn: {player: Ben}"))
    before = path.read_bytes()
    args = ["masterpiece", "review", path, "--player", "Ben", "--from", "Ana:five-run", "--take", "purple 3"]
    assert run(*args).exit_code == 0  # the review alone is legal
    result = run(*args, "--apply")
    assert result.exit_code == 1, result.output
    assert "[masterpiece.end.flag]" in result.output and "legal [" not in result.output
    assert path.read_bytes() == before
