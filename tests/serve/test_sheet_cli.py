"""`pastiche serve --sheet OUT` and `pastiche serve SHEET` on the command line: what is refused before anything
listens (OUT exists, no --players, a RECORD besides, a --catalogue that does not read), and a sheet served again
that goes on with every line kept, the terminal telling each line entered."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
from sheet_phones import SheetProcess, new_sheet
from sheets import QUICK
from test_server import ROOT


def serve(*args: str, cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pastiche_cli", "serve", *args], capture_output=True, text=True, cwd=cwd, timeout=60
    )


@pytest.fixture
def folder(tmp_path):
    for name in ("box.yaml", "four-player-finish.sheet", "artline-finished.sheet"):
        shutil.copy(QUICK / name, tmp_path / name)
    return tmp_path


def test_serve_sheet_refuses_an_out_that_exists_no_players_and_a_record_besides(folder):
    exists = serve("--sheet", str(folder / "four-player-finish.sheet"), "--players", "Ana,Ben")
    assert exists.returncode == 2 and "exists" in exists.stderr and "pastiche serve" in exists.stderr
    assert exists.stdout == ""  # nothing listened: no links
    unnamed = serve("--sheet", str(folder / "new.sheet"))
    assert unnamed.returncode == 2 and "--players" in unnamed.stderr
    both = serve(str(folder / "four-player-finish.sheet"), "--sheet", str(folder / "new.sheet"), "--players", "A,B")
    assert both.returncode == 2 and "RECORD and --sheet" in both.stderr
    missing = serve(
        "--sheet", str(folder / "new.sheet"), "--players", "Ana,Ben", "--catalogue", str(folder / "no.yaml")
    )
    assert missing.returncode == 3 and "no.yaml" in missing.stderr and "Problem(" not in missing.stderr
    assert not (folder / "new.sheet").exists()


@pytest.mark.parametrize("name", ["A:b", "A|b", "# A", "A #1", "game", "catalogue"])
def test_serve_sheet_refuses_a_name_whose_line_would_read_as_another_name_a_key_or_a_comment(folder, name):
    # each was served, and every line of that player was refused (the sheet read another name, a key, nothing)
    done = serve(
        "--sheet", str(folder / "new.sheet"), "--players", f"{name},Ben", "--catalogue", str(folder / "box.yaml")
    )
    assert done.returncode == 2 and f"the name '{name}'" in done.stderr and done.stdout == ""
    assert not (folder / "new.sheet").exists()


@pytest.mark.parametrize("mode", ["--sheet", "--new"])
def test_an_out_in_no_folder_is_refused_before_anything_listens(folder, mode):
    # --sheet listened and answered every line 409 with a temporary file's name; --new said a Problem's repr
    done = serve(mode, str(folder / "nowhere" / "friday.yaml"), "--players", "Ana,Ben")
    assert done.returncode == 3 and done.stdout == "", done.stdout
    assert done.stderr.startswith(f"pastiche: cannot write {folder / 'nowhere' / 'friday.yaml'}: there is no folder")
    assert "Problem(" not in done.stderr and "pastiche-tmp" not in done.stderr


def test_a_sheet_served_again_goes_on_with_its_lines_and_the_terminal_tells_each(folder):
    out = folder / "friday.sheet"
    first = SheetProcess(*new_sheet(out, "artline", ["Ana", "Ben", "Caro"]))
    try:
        for name, held in (("Ana", "0"), ("Ben", "2")):
            status, seat = first.ask("POST", f"/api/seats/{name}", {})
            assert status == 201
            status, scores = first.ask("PUT", f"/api/sheet/{name}", {"line": held}, seat["key"])
            assert status == 200, scores
    finally:
        assert first.stop() in (0, 130)
    told = "".join(first.said)
    assert "0 of 3 lines in" in told  # the serving line
    assert "Ana entered a line: 1 of 3 in" in told and "Ben entered a line: 2 of 3 in" in told
    assert "# Caro: not entered yet" in out.read_text()
    again = SheetProcess(str(out))  # the sheet given as the file: no --players
    try:
        status, state = again.ask("GET", "/api/state")
        assert status == 200 and state["entered"] == {"Ana": True, "Ben": True, "Caro": False}
        assert state["provisional"] is True and state["winner"].startswith("Winner: Ana")
    finally:
        again.stop()
    assert "2 of 3 lines in" in "".join(again.said)
