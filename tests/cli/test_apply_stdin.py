"""A move read from stdin has no file to be recorded in: --apply, play and undo on '-' are usage
errors (exit 2) saying so, before anything is judged, for every game (a note from issue 13: they
used to fail late, with exit 3 and "- can no longer be read")."""

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES

from pastiche_cli.cli.root import root

RECORD = EXAMPLES.parent / "records" / "two-player-game.yaml"


@pytest.mark.parametrize(
    "source, args",
    [
        ("board-midgame-4p.yaml", ["place", "-", "RYBBYR/R", "--at", "2,-4", "--apply"]),
        (
            "painting-midgame.yaml",
            ["trade", "-", "--player", "Ana", "--give", "teal,teal,teal", "--get", "olive", "--apply"],
        ),
        ("painting-midgame.yaml", ["discard", "-", "--player", "Ana", "--apply"]),
        (RECORD, ["play", "-", "Ana end"]),
        (RECORD, ["undo", "-"]),
        ("artline/midgame.yaml", ["artline", "discard", "-", "--apply"]),
        # refused before the move is judged: an illegal move gets the same usage error, not its verdict
        ("board-midgame-4p.yaml", ["place", "-", "RYBBYR/R", "--at", "0,0", "--apply"]),
        ("board-midgame-4p.yaml", ["place", "--apply", "-", "RYBBYR/R", "--at", "0,0"]),
        ("canvas/midgame.yaml", ["canvas", "take", "-", "--slot", "1", "--player", "Ana", "--apply"]),
        (
            "masterpiece/midgame.yaml",
            ["masterpiece", "present", "-", "--player", "Ana", "--thesis", "five-run", "--cards", "pink-3", "--apply"],
        ),
    ],
)
def test_recording_a_move_read_from_stdin_is_a_usage_error(source, args):
    text = (EXAMPLES / source).read_text(encoding="utf-8")
    result = CliRunner().invoke(root, args, input=text)
    assert result.exit_code == 2, result.output
    assert "read from stdin ('-') has no file to write" in result.stderr
    assert "can no longer be read" not in result.output


def test_reading_from_stdin_without_apply_still_answers():
    text = (EXAMPLES / "board-midgame-4p.yaml").read_text(encoding="utf-8")
    result = CliRunner().invoke(root, ["place", "-", "RYBBYR/R", "--at", "2,-4"], input=text)
    assert result.exit_code == 0 and "legal" in result.stdout
