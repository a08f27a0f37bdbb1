"""`pastiche tally` in a real terminal (a pseudo-terminal): Tab completes a name through readline."""

import os
import select
import subprocess
import sys
import time

import pytest
from conftest import ROOT

pty = pytest.importorskip("pty", reason="a pseudo-terminal (POSIX) is needed to type at tally")


def tally_in_a_terminal(tmp_path, game: str, steps: list[tuple[bytes, str]], last: bytes) -> bytes:
    """`pastiche tally --game GAME -o t.sheet` in a pseudo-terminal, in tmp_path: after each prompt its
    keys are typed (a Tab as \t) and Enter; what the terminal showed once `last` is seen, the tally ended
    (the game not kept in the play history: n to the question at the end)."""
    leader, follower = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update(TERM="xterm-256color", XDG_DATA_HOME=str(tmp_path))
    proc = subprocess.Popen(
        [sys.executable, "-m", "pastiche_cli", "tally", "--game", game, "-o", str(tmp_path / "t.sheet")],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=env,
        cwd=tmp_path,
        close_fds=True,
    )
    os.close(follower)
    seen = b""

    def until(token: bytes) -> None:
        nonlocal seen
        end = time.monotonic() + 20
        while token not in seen and time.monotonic() < end:
            if select.select([leader], [], [], 0.2)[0]:
                try:
                    seen += os.read(leader, 65536)
                except OSError:
                    return

    for prompt, typed in steps:
        until(prompt)
        os.write(leader, (typed + "\r").encode())
    until(last)
    until(b"Keep this game in your play history? [y/N]")  # the question at the end (issue 35): no
    os.write(leader, b"n\r")
    try:
        assert proc.wait(timeout=30) == 0, seen.decode(errors="replace")
    finally:
        if proc.poll() is None:  # still asking: an answer was refused (see what the terminal showed)
            proc.kill()
            proc.wait()
        os.close(leader)
    return seen


def test_tab_completes_the_scoring_cards_in_a_terminal(tmp_path):
    # what is typed, after which prompt: Tab finishes each scoring card's name
    steps = [
        (b"scoring cards on the table: ", "consis\thier\tmov\tvar\t"),
        (b"Players", "Ana Ben"),
        (b"Ana, paintings", "curio peace forbi | trap nature immin | escape delic persp"),
        (b"Ana, inspiration", "1"),
        (b"Ben, paintings", "view preci compl | mess anxie game | night unash wande"),
        (b"Ben, inspiration", "2"),
    ]
    seen = tally_in_a_terminal(tmp_path, "canvas", steps, b"Ana above Ben")
    sheet = (tmp_path / "t.sheet").read_text().splitlines()
    assert sheet[2].split() == ["scoring:", "consistency", "hierarchy", "movement", "variety"]
    assert b"Scores so far: Ana 17 points, Ben 8 points" in seen


def test_tab_completes_a_thesis_to_its_colon_then_the_cards_suit(tmp_path):
    """Issue 33, item 14: completing a thesis id added a space (`seven-run :pu4` was refused), and the
    card after the colon completed nothing. Now the id is completed with its colon, then the suit."""
    import shutil

    shutil.copy(ROOT / "examples" / "quick" / "theses.yaml", tmp_path / "theses.yaml")
    steps = [
        (b"Thesis file", "theses.yaml"),
        (b"Players", "Ana Ben Caro"),
        (b"Ana, accepted", "nine-r\tyel\t10 five-a\tpu\t7"),
        (b"Ben, accepted", "sev\tb\t8"),
        (b"Caro, accepted", "three-p\tpink\t1"),
    ]
    tally_in_a_terminal(tmp_path, "masterpiece", steps, b"Final scores")
    sheet = (tmp_path / "t.sheet").read_text().splitlines()
    assert "Ana: nine-run:yellow10 five-a" in "\n".join(sheet), sheet
    assert any(line.startswith("Ben: seven-run:b") and line.endswith("8") for line in sheet), sheet
