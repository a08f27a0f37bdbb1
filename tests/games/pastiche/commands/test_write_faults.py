"""Every file pastiche writes, written safely: each test is a way a careless writer lost data.

`--apply` (trade, place), the saved catalogue, `new -o`, `catalogue export -o` and `board --svg`
all go through formats.safewrite. A refusal exits 3 for a position or catalogue and 2 for a bad
output argument, and leaves the target byte-identical.
"""

import codecs
import os
import stat
import subprocess
import sys

import pytest
from click.testing import CliRunner
from conftest import EXAMPLES, ROOT

from pastiche_cli.cli.root import root
from pastiche_cli.formats.safewrite import CHANGED

# No turn: so any player may trade with the bank, which lets two trades race.
POSITION = """\
players:
  - name: Ana   # Ana's
    palette: [teal, teal, teal]
    commissions: []
    completed: []
  - name: Ben
    palette: {teal: 3}
    commissions: []
    completed: []
"""
CARD = ["--title", "Harbour at Dusk", "--artist", "P. Example", "--points", "11", "--palette", "teal,blue,black"]
AS_ROOT = pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a file to another owner")


def run(*argv):
    return CliRunner().invoke(root, [str(a) for a in argv], prog_name="pastiche")


def ana_trades(path):
    return run("trade", path, "--player", "Ana", "--give", "teal,teal,teal", "--get", "green", "--apply")


def unchanged(path, before: bytes, result, code: int, message: str) -> None:
    assert result.exit_code == code, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output
    assert path.read_bytes() == before


# --- symlinks: the real file gets the update, the link stays a link --------------------------------


def linked(tmp_path, content: str = POSITION):
    (tmp_path / "real").mkdir()
    real = tmp_path / "real" / "game.yaml"
    real.write_text(content)
    link = tmp_path / "game.yaml"
    link.symlink_to(real)
    return link, real


def test_apply_through_a_symlink_updates_the_real_file_and_keeps_the_link(tmp_path):
    link, real = linked(tmp_path)
    assert ana_trades(link).exit_code == 0
    assert link.is_symlink()
    assert "  - name: Ana   # Ana's\n    palette: [green]\n" in real.read_text()


def test_new_over_a_symlink_with_force_writes_the_real_file(tmp_path):
    link, real = linked(tmp_path, "old\n")
    result = run("new", "--players", "Ana,Ben", "-o", link, "--force")
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert "turn: {player: Ana, phase: mixing}" in real.read_text()


def test_catalogue_export_over_a_symlink_with_force_writes_the_real_file(tmp_path):
    box = tmp_path / "box.yaml"
    assert run("catalogue", "add", *CARD, "--catalogue", box).exit_code == 0
    link, real = linked(tmp_path, "old\n")
    result = run("catalogue", "export", "--catalogue", box, "-o", link, "--force")
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert "harbour-at-dusk:" in real.read_text()


def test_catalogue_add_through_a_symlink_keeps_the_link(tmp_path):
    link, real = linked(tmp_path, "catalogue: {}\n")
    assert run("catalogue", "add", *CARD, "--catalogue", link).exit_code == 0
    assert link.is_symlink()
    assert "harbour-at-dusk:" in real.read_text()


# --- bytes conventions, mode and owner ------------------------------------------------------------


@pytest.mark.parametrize(
    "raw, expected",
    [
        (
            codecs.BOM_UTF8 + POSITION.encode(),
            codecs.BOM_UTF8 + b"players:\n  - name: Ana   # Ana's\n    palette: [green]\n",
        ),
        (POSITION.replace("\n", "\r\n").encode(), b"# Ana's\r\n    palette: [green]\r\n    commissions: []\r\n"),
        # one CRLF line (Ana's) in an LF file: it keeps its CRLF, the changed line below takes LF
        (
            POSITION.replace("# Ana's\n", "# Ana's\r\n").encode(),
            b"  - name: Ana   # Ana's\r\n    palette: [green]\n    commissions: []\n",
        ),
    ],
    ids=["bom", "crlf", "mixed"],
)
def test_apply_keeps_the_bom_and_line_endings(tmp_path, raw, expected):
    path = tmp_path / "game.yaml"
    path.write_bytes(raw)
    assert ana_trades(path).exit_code == 0
    new = path.read_bytes()
    assert expected in new
    assert new.startswith(codecs.BOM_UTF8) == raw.startswith(codecs.BOM_UTF8)
    all_crlf = raw.count(b"\n") == raw.count(b"\r\n")
    assert (new.count(b"\n") == new.count(b"\r\n")) == all_crlf


def test_a_mixed_file_keeps_each_lines_own_ending(tmp_path):
    path = tmp_path / "game.yaml"
    raw = POSITION.replace("  - name: Ben\n", "  - name: Ben\r\n").encode()
    path.write_bytes(raw)
    assert ana_trades(path).exit_code == 0
    assert path.read_bytes() == raw.replace(b"[teal, teal, teal]", b"[green]")


def test_catalogue_rewrite_keeps_crlf_and_the_bom(tmp_path):
    box = tmp_path / "box.yaml"
    box.write_bytes(codecs.BOM_UTF8 + b"# our box\r\ncatalogue: {}\r\n")
    assert run("catalogue", "add", *CARD, "--catalogue", box).exit_code == 0
    raw = box.read_bytes()
    assert raw.startswith(codecs.BOM_UTF8 + b"# our box\r\ncatalogue:")
    assert raw.count(b"\n") == raw.count(b"\r\n") == 3


def test_new_writes_a_file_with_the_usual_mode_not_0600(tmp_path):
    mask = os.umask(0o022)
    try:
        assert run("new", "--players", "Ana,Ben", "-o", tmp_path / "g.yaml").exit_code == 0
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "g.yaml").stat().st_mode) == 0o644


def test_apply_keeps_the_mode_bits(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    path.chmod(0o640)
    assert ana_trades(path).exit_code == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


@AS_ROOT
def test_apply_as_root_keeps_the_owner_and_group(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    os.chown(path, 1000, 1000)
    assert ana_trades(path).exit_code == 0
    assert (path.stat().st_uid, path.stat().st_gid) == (1000, 1000)


# --- refusals ---------------------------------------------------------------------------------------


def test_apply_refuses_a_read_only_position(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    path.chmod(0o444)
    unchanged(path, path.read_bytes(), ana_trades(path), 3, "read-only (mode 0444)")


def test_place_apply_refuses_a_read_only_position(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text((EXAMPLES / "board-midgame-4p.yaml").read_text())
    path.chmod(0o444)
    result = run("place", path, "BYBYRB/RB", "--at", "2,-4", "--apply")  # a hex Caro holds
    unchanged(path, path.read_bytes(), result, 3, "read-only")


def test_apply_refuses_a_hard_linked_position(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    os.link(path, tmp_path / "copy.yaml")
    unchanged(path, path.read_bytes(), ana_trades(path), 3, "2 hard links")
    assert os.path.samefile(path, tmp_path / "copy.yaml")


def test_catalogue_add_refuses_a_read_only_catalogue(tmp_path):
    box = tmp_path / "box.yaml"
    box.write_text("catalogue: {}\n")
    box.chmod(0o444)
    unchanged(box, box.read_bytes(), run("catalogue", "add", *CARD, "--catalogue", box), 3, "read-only")


def test_board_refuses_to_write_the_svg_over_its_own_position(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text((EXAMPLES / "board-midgame-4p.yaml").read_text())
    before = path.read_bytes()
    unchanged(path, before, run("board", path, "--svg", path), 2, "is the position file this command reads")
    (tmp_path / "link.svg").symlink_to(path)
    unchanged(path, before, run("board", path, "--svg", tmp_path / "link.svg"), 2, "is the position file")
    os.link(path, tmp_path / "hard.svg")
    unchanged(path, before, run("board", path, "--svg", tmp_path / "hard.svg"), 2, "is the position file")


def test_board_refuses_a_device_for_the_svg(tmp_path):
    device = tmp_path / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except OSError:
        pytest.skip("cannot make a device node here")
    result = run("board", EXAMPLES / "board-midgame-4p.yaml", "--svg", device, "--force")
    assert result.exit_code == 2
    assert "is a device" in result.stderr
    assert stat.S_ISCHR(os.lstat(device).st_mode)


def test_board_svg_over_a_symlink_keeps_the_link(tmp_path):
    link, real = linked(tmp_path, "old\n")
    assert run("board", EXAMPLES / "board-midgame-4p.yaml", "--svg", link).exit_code == 2  # exists
    assert run("board", EXAMPLES / "board-midgame-4p.yaml", "--svg", link, "--force").exit_code == 0
    assert link.is_symlink()
    assert real.read_text().startswith("<")


@pytest.mark.parametrize("argv", [["new", "--players", "Ana,Ben"], ["catalogue", "export"]])
def test_output_onto_a_fifo_is_refused_with_exit_2(tmp_path, argv):
    box = tmp_path / "box.yaml"
    assert run("catalogue", "add", *CARD, "--catalogue", box).exit_code == 0
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    extra = ["--catalogue", box] if argv[0] == "catalogue" else []
    result = run(*argv, *extra, "-o", fifo, "--force")
    assert result.exit_code == 2, result.output
    assert "named pipe" in result.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_catalogue_export_refuses_to_overwrite_the_catalogue_it_reads(tmp_path):
    box = tmp_path / "box.yaml"
    assert run("catalogue", "add", *CARD, "--catalogue", box).exit_code == 0
    box.write_text(box.read_text() + "# our own note, which an export would drop\n")
    result = run("catalogue", "export", "--catalogue", box, "-o", box, "--force")
    unchanged(box, box.read_bytes(), result, 2, "is the file this command reads")


def test_new_onto_an_existing_file_without_force_still_says_exists(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text("mine\n")
    unchanged(path, b"mine\n", run("new", "--players", "Ana,Ben", "-o", path), 2, "exists; pass --force")


# --- lost updates -----------------------------------------------------------------------------------


def meddle(monkeypatch, new_text: str) -> None:
    """Someone saves the file after the command's verdict, just before --apply rewrites it."""
    import pastiche_cli.formats.yamlio as yamlio

    real = yamlio.edit_file

    def edit_file(path, *args, **kwargs):
        with open(path, "w") as handle:
            handle.write(new_text)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(yamlio, "edit_file", edit_file)


def test_trade_apply_refuses_a_file_that_changed_since_the_verdict(tmp_path, monkeypatch):
    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    theirs = POSITION.replace("{teal: 3}", "{teal: 3, red: 1}")
    meddle(monkeypatch, theirs)
    result = ana_trades(path)
    unchanged(path, theirs.encode(), result, 3, CHANGED)


def test_place_apply_refuses_a_file_that_changed_since_the_verdict(tmp_path, monkeypatch):
    path = tmp_path / "game.yaml"
    path.write_text((EXAMPLES / "board-midgame-4p.yaml").read_text())
    theirs = "players: []\n"  # before the safe write: a KeyError in the rewrite, exit 70
    meddle(monkeypatch, theirs)
    result = run("place", path, "BYBYRB/RB", "--at", "2,-4", "--apply")  # a hex Caro holds
    unchanged(path, theirs.encode(), result, 3, CHANGED)


def test_catalogue_remove_refuses_when_the_card_went_meanwhile(tmp_path, monkeypatch):
    import pastiche_cli.games.pastiche.formats.catalogue as catalogue

    box = tmp_path / "box.yaml"
    assert run("catalogue", "add", *CARD, "--catalogue", box).exit_code == 0
    theirs = "catalogue: {}   # emptied by another pastiche\n"
    real = catalogue.write_changes

    def write_changes(path, **changes):
        box.write_text(theirs)
        return real(path, **changes)

    monkeypatch.setattr(catalogue, "write_changes", write_changes)
    result = run("catalogue", "remove", "harbour-at-dusk", "--catalogue", box)
    unchanged(box, theirs.encode(), result, 3, CHANGED)  # before the safe write: a KeyError


# Each process pauses just before writing until the other is there too (or 2 s have passed), so
# without a lock both write what they read and one update is lost.
RACER = """\
import os, sys, time
import pastiche_cli.formats.yamlio as yamlio
mine, other = sys.argv[1], sys.argv[2]
real = yamlio.atomic_write
def atomic_write(*args, **kwargs):
    open(mine, "w").close()
    deadline = time.monotonic() + 2
    while not os.path.exists(other) and time.monotonic() < deadline:
        time.sleep(0.01)
    return real(*args, **kwargs)
yamlio.atomic_write = atomic_write
from pastiche_cli.cli.root import main
sys.argv = ["pastiche"] + sys.argv[3:]
main()
"""


def test_two_applies_at_once_never_lose_an_update(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    trades = {"Ana": ("green", "palette: [green]"), "Ben": ("olive", "palette: {olive: 1}")}
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    racers = {}
    for name, other in (("Ana", "Ben"), ("Ben", "Ana")):
        get, _ = trades[name]
        racers[name] = subprocess.Popen(
            [
                sys.executable,
                "-c",
                RACER,
                tmp_path / f"{name}.ready",
                tmp_path / f"{other}.ready",
                "trade",
                path,
                "--player",
                name,
                "--give",
                "teal,teal,teal",
                "--get",
                get,
                "--apply",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=tmp_path,
        )
    done = {name: (p.wait(60), p.stdout.read(), p.stderr.read()) for name, p in racers.items()}
    for p in racers.values():
        p.stdout.close()
        p.stderr.close()
    codes = sorted(code for code, _, _ in done.values())
    assert codes == [0, 3], done
    text = path.read_text()
    for name, (code, out, errors) in done.items():
        assert ("Recorded in" in out) == (code == 0)
        assert (trades[name][1] in text) == (code == 0), text
        if code == 3:
            assert CHANGED in errors


# --- leftovers ----------------------------------------------------------------------------------


def test_apply_removes_the_temp_file_a_killed_apply_left(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    leftover = tmp_path / ".game.yaml.pastiche-tmp-1a2b3c4d"
    leftover.write_text("players:\n  - name: A")
    assert ana_trades(path).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.yaml"]
