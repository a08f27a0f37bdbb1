"""formats.safewrite: the one way pastiche writes a file, and yamlio's rewrite on top of it.

Each test is a way a careless writer loses the user's data; every refusal leaves the target
byte-identical.
"""

import codecs
import os
import stat
import threading
import time
import types

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pastiche_cli.formats import safewrite, yamlio
from pastiche_cli.formats.safewrite import (
    CHANGED,
    FileChanged,
    WriteRefused,
    keep_conventions,
    same_file,
    temp_prefix,
)
from pastiche_cli.formats.yamlio import atomic_write, edit_file
from pastiche_cli.kernel.problems import PositionError

POSITION = "players:\n  - name: Ana   # first\n    palette: [teal]\n  - name: Ben\n    palette: {red: 1}\n"
AS_ROOT = pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a file to another owner")


def set_ben_red(n):
    def change(data):
        data["players"][1]["palette"]["red"] = n

    return change


def accept(text):
    return None


# --- symlinks ------------------------------------------------------------------------------------


def test_a_symlinked_target_gets_the_new_content_and_the_link_stays_a_link(tmp_path):
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    real = real_dir / "game.yaml"
    real.write_text("old\n")
    link = tmp_path / "game.yaml"
    link.symlink_to(real)
    atomic_write(link, "new\n")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == "new\n"


def test_the_temporary_file_is_made_beside_the_real_target_and_fsynced_before_the_rename(tmp_path, monkeypatch):
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    real = real_dir / "game.yaml"
    real.write_text(POSITION)
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    calls = []
    os_replace, os_fsync = os.replace, os.fsync
    monkeypatch.setattr(
        os, "fsync", lambda fd: (calls.append(("fsync", os.readlink(f"/proc/self/fd/{fd}"))), os_fsync(fd))[1]
    )
    monkeypatch.setattr(
        os, "replace", lambda src, dst: (calls.append(("replace", str(src), str(dst))), os_replace(src, dst))[1]
    )
    exchange = safewrite._exchange  # where the swap is available, the new file is swapped in (and checked)
    monkeypatch.setattr(
        safewrite, "_exchange", lambda a, b: (calls.append(("replace", str(a), str(b))), exchange(a, b))[1]
    )
    edit_file(link, set_ben_red(2), accept)
    replaced = [c for c in calls if c[0] == "replace"][0]
    _, tmp, dst = replaced
    assert dst == str(real)
    assert os.path.dirname(tmp) == str(real_dir)
    assert os.path.basename(tmp).startswith(temp_prefix("game.yaml"))
    assert ("fsync", tmp) in calls[: calls.index(replaced)]
    assert link.is_symlink()
    assert "red: 2" in real.read_text()


def test_a_dangling_link_is_followed_to_create_its_target(tmp_path):
    link = tmp_path / "out.yaml"
    link.symlink_to(tmp_path / "made.yaml")
    atomic_write(link, "made\n")
    assert link.is_symlink()
    assert (tmp_path / "made.yaml").read_text() == "made\n"


# --- bytes conventions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "old, new, expected",
    [
        # all LF stays LF, all CRLF stays CRLF
        (b"a: 1\nb: 2\n", "a: 1\nb: 3\n", b"a: 1\nb: 3\n"),
        (b"a: 1\r\nb: 2\r\n", "a: 1\nb: 3\nc: 4\n", b"a: 1\r\nb: 3\r\nc: 4\r\n"),
        # a BOM stays, with either ending
        (codecs.BOM_UTF8 + b"a: 1\n", "a: 2\n", codecs.BOM_UTF8 + b"a: 2\n"),
        (codecs.BOM_UTF8 + b"a: 1\r\n", "a: 2\n", codecs.BOM_UTF8 + b"a: 2\r\n"),
        # mixed: unchanged lines keep their own ending; new and changed lines take the commoner one
        (b"a: 1\nb: 2\r\nc: 3\n", "a: 1\nb: 2\nc: 3\n", b"a: 1\nb: 2\r\nc: 3\n"),
        (b"a: 1\nb: 2\r\nc: 3\n", "a: 1\nb: 2\nx: 9\nc: 3\n", b"a: 1\nb: 2\r\nx: 9\nc: 3\n"),
        (b"a: 1\r\nb: 2\nc: 3\r\n", "a: 1\nb: 5\nc: 3\n", b"a: 1\r\nb: 5\r\nc: 3\r\n"),
        (b"a: 1\r\nb: 2\n", "a: 1\nb: 2\nc: 3\n", b"a: 1\r\nb: 2\nc: 3\n"),  # a tie: LF
        # no file yet: plain UTF-8 with LF
        (None, "a: \u00e9\n", "a: \u00e9\n".encode()),
    ],
)
def test_a_rewrite_keeps_the_bom_and_the_line_endings(old, new, expected):
    assert keep_conventions(old, new) == expected


line = st.text(alphabet=st.characters(blacklist_characters="\r\n", blacklist_categories=("Cs",)), max_size=8)
ending = st.sampled_from(["\n", "\r\n"])


@given(lines=st.lists(st.tuples(line, ending), max_size=12), bom=st.booleans(), last=line)
def test_a_rewrite_that_changes_nothing_changes_no_byte(lines, bom, last):
    old = ("\ufeff" if bom else "") + "".join(a + b for a, b in lines) + last
    text = old.removeprefix("\ufeff").replace("\r\n", "\n")
    assert keep_conventions(old.encode(), text) == old.encode()


@given(lines=st.lists(st.tuples(line, ending), min_size=1, max_size=12), new=st.lists(line, max_size=12))
def test_only_line_endings_ever_differ_from_the_text_given(lines, new):
    old = "".join(a + b for a, b in lines).encode()
    text = "".join(n + "\n" for n in new)
    # An old file that starts with a BOM keeps it (hypothesis found a first line of just U+FEFF).
    bom = "\ufeff" if old.startswith(codecs.BOM_UTF8) else ""
    assert keep_conventions(old, text).decode().replace("\r\n", "\n") == bom + text


@pytest.mark.parametrize(
    "raw",
    [
        codecs.BOM_UTF8 + POSITION.encode(),
        POSITION.replace("\n", "\r\n").encode(),
        POSITION.replace("[teal]\n", "[teal]\r\n").encode(),
    ],
    ids=["bom", "crlf", "mixed"],
)
def test_edit_file_keeps_the_files_bytes_conventions(tmp_path, raw):
    path = tmp_path / "game.yaml"
    path.write_bytes(raw)
    edit_file(path, set_ben_red(2), accept)
    assert path.read_bytes() == raw.replace(b"red: 1", b"red: 2")


def test_mode_bits_are_kept(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    path.chmod(0o2640)
    edit_file(path, set_ben_red(2), accept)
    assert stat.S_IMODE(path.stat().st_mode) == 0o2640


def test_a_new_file_gets_the_mode_any_editor_gives_it(tmp_path):
    mask = os.umask(0o022)
    try:
        atomic_write(tmp_path / "new.yaml", "a: 1\n")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.yaml").stat().st_mode) == 0o644


@AS_ROOT
def test_owner_and_group_are_kept(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    os.chown(path, 1234, 5678)
    edit_file(path, set_ben_red(2), accept)
    assert (path.stat().st_uid, path.stat().st_gid) == (1234, 5678)
    assert "red: 2" in path.read_text()


# --- refusals: the target left byte-identical ----------------------------------------------------


def refused(path, write=lambda p: atomic_write(p, "overwritten\n")) -> str:
    before = os.lstat(path)
    raw = path.read_bytes() if stat.S_ISREG(before.st_mode) else None
    with pytest.raises(WriteRefused) as info:
        write(path)
    after = os.lstat(path)
    assert (after.st_ino, after.st_mode, after.st_nlink) == (before.st_ino, before.st_mode, before.st_nlink)
    if raw is not None:
        assert path.read_bytes() == raw
    assert [p.name for p in path.parent.iterdir() if ".pastiche-tmp-" in p.name] == []
    return str(info.value)


def test_a_read_only_file_is_refused_even_for_root(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    path.chmod(0o444)
    assert "read-only (mode 0444)" in refused(path)
    assert "read-only" in refused(path, lambda p: edit_file(p, set_ben_red(2), accept))


def test_a_hard_linked_file_is_refused_so_the_link_is_not_broken(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    os.link(path, tmp_path / "backup.yaml")
    assert "2 hard links" in refused(path, lambda p: edit_file(p, set_ben_red(2), accept))
    assert os.path.samefile(path, tmp_path / "backup.yaml")


def test_a_fifo_is_refused_and_stays_a_fifo(tmp_path):
    path = tmp_path / "pipe"
    os.mkfifo(path)
    assert "named pipe" in refused(path)
    assert stat.S_ISFIFO(os.lstat(path).st_mode)


def test_a_device_is_refused(tmp_path):
    path = tmp_path / "null"
    try:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, OSError):
        pytest.skip("cannot make a device node here")
    assert "a device" in refused(path)
    assert stat.S_ISCHR(os.lstat(path).st_mode)


def test_a_directory_is_refused(tmp_path):
    path = tmp_path / "folder"
    path.mkdir()
    assert "a directory" in refused(path)


# --- lost updates ---------------------------------------------------------------------------------


def test_edit_file_refuses_a_file_that_is_no_longer_the_text_the_verdict_was_made_on(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(POSITION.replace("red: 1", "red: 7"))
    before = path.read_bytes()
    with pytest.raises(PositionError) as info:
        edit_file(path, set_ben_red(2), accept, expected_text=POSITION)
    assert str(info.value) == f"{path}:1:1: error: {CHANGED}"
    assert info.value.exit_code == 3
    assert path.read_bytes() == before


def test_the_text_a_load_read_travels_with_its_result_and_the_edit_compares_with_it(tmp_path):
    from pastiche_cli.cli.game import load
    from pastiche_cli.games.pastiche.game import GAME

    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    loaded = load(GAME, str(path))  # the command's load: the text it read is its result's, no module's
    assert loaded.text == POSITION and not hasattr(yamlio, "last_read")
    path.write_text(POSITION.replace("Ben", "Bea"))  # someone else's edit before --apply writes
    assert yamlio.read_text(path) != loaded.text  # a later reading changes nothing of what the load read
    before = path.read_bytes()
    with pytest.raises(PositionError, match=CHANGED):
        edit_file(path, set_ben_red(2), accept, expected_text=loaded.text)
    assert path.read_bytes() == before


def test_a_write_refuses_a_file_replaced_after_it_was_read(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    with safewrite.hold(path) as target:
        target.read()
        (tmp_path / "other").write_text("an editor's save\n")
        os.replace(tmp_path / "other", path)
        with pytest.raises(FileChanged, match=CHANGED):
            safewrite.replace(target, b"lost\n")
    assert path.read_text() == "an editor's save\n"


def test_a_write_never_overwrites_a_file_that_appeared_after_it_was_found_missing(tmp_path):
    path = tmp_path / "new.yaml"
    with safewrite.hold(path) as target:
        path.write_text("someone else's\n")
        with pytest.raises(FileChanged, match="appeared"):
            safewrite.replace(target, b"mine\n")
    assert path.read_text() == "someone else's\n"


def two_edits_at_once(path):
    """Ana's and Ben's palettes edited by two threads that read the same text; each waits for the
    other (up to a second) before writing, so without a lock both write what they read."""
    text = path.read_text()
    arrived = [threading.Event(), threading.Event()]
    outcome = [None, None]

    def edit(i):
        def change(data):
            data["players"][i]["palette"] = ["olive"] if i == 0 else {"green": 1}

        def validate(new_text):
            arrived[i].set()
            arrived[1 - i].wait(1.0)

        try:
            edit_file(path, change, validate, expected_text=text)
            outcome[i] = "written"
        except PositionError as exc:
            outcome[i] = str(exc)

    threads = [threading.Thread(target=edit, args=(i,)) for i in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    return outcome


def test_two_edits_at_once_never_lose_one(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    outcome = two_edits_at_once(path)
    assert sorted(o == "written" for o in outcome) == [False, True], outcome
    loser = outcome.index(next(o for o in outcome if o != "written"))
    assert outcome[loser] == f"{path}:1:1: error: {CHANGED}"
    text = path.read_text()
    assert ("olive" in text) == (loser == 1)
    assert ("green: 1" in text) == (loser == 0)


def test_without_fcntl_the_change_check_still_refuses_the_second_edit(tmp_path, monkeypatch):
    monkeypatch.setattr(safewrite, "fcntl", None)
    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    edit_file(path, set_ben_red(2), accept)
    with pytest.raises(PositionError, match=CHANGED):
        edit_file(path, set_ben_red(3), accept, expected_text=POSITION)
    assert "red: 2" in path.read_text()


def test_a_waiter_that_finds_the_file_replaced_locks_the_new_one(tmp_path, monkeypatch):
    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    order = []
    refused_once = threading.Event()  # the waiter has met the first writer's lock on the old file
    real_flock = safewrite.fcntl.flock

    def flock(fd, operation):
        try:
            return real_flock(fd, operation)
        except BlockingIOError:
            refused_once.set()
            raise

    monkeypatch.setattr(
        safewrite,
        "fcntl",
        types.SimpleNamespace(flock=flock, LOCK_EX=safewrite.fcntl.LOCK_EX, LOCK_NB=safewrite.fcntl.LOCK_NB),
    )
    with safewrite.hold(path) as first:
        assert first.locked

        def second():
            with safewrite.hold(path) as target:
                order.append(("second", target.read()))

        waiter = threading.Thread(target=second)
        waiter.start()
        assert refused_once.wait(20), "the second writer never waited for the lock"
        first.read()
        safewrite.replace(first, b"first's\n")
        order.append(("first", None))
    waiter.join(20)
    assert order == [("first", None), ("second", b"first's\n")]


def test_a_writer_that_keeps_the_lock_too_long_gets_a_refusal_not_a_hang(tmp_path, monkeypatch):
    monkeypatch.setattr(safewrite, "LOCK_WAIT", 0.2)
    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    with safewrite.hold(path) as target:
        assert target.locked
        message = refused(path)
    assert "another pastiche has been writing" in message
    atomic_write(path, "after\n")  # the lock is free again once the holder is done
    assert path.read_text() == "after\n"


# --- leftovers ------------------------------------------------------------------------------------


def test_the_next_write_removes_a_killed_writers_leftover(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(POSITION)
    leftover = tmp_path / ".game.yaml.pastiche-tmp-dead0001"
    leftover.write_text("half a posit")
    other = tmp_path / ".other.yaml.pastiche-tmp-dead0002"  # another file's: not ours to remove
    other.write_text("x")
    os.utime(other, (time.time() - 60, time.time() - 60))
    edit_file(path, set_ben_red(2), accept)
    assert not leftover.exists()
    assert other.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".other.yaml.pastiche-tmp-dead0002", "game.yaml"]


def test_a_leftover_whose_writer_is_alive_is_kept_and_a_dead_ones_removed_at_once(tmp_path):
    import fcntl

    dead = tmp_path / ".new.yaml.pastiche-tmp-dead0001"  # killed a moment ago: removed by the next write
    dead.write_text("dead")
    live = tmp_path / (safewrite.temp_prefix("new.yaml") + "live0002")  # a writer still at work holds its lock
    live.write_text("live")
    fd = os.open(live, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        atomic_write(tmp_path / "new.yaml", "a: 1\n")
    finally:
        os.close(fd)
    assert not dead.exists()
    assert live.exists()


def test_without_flock_only_old_leftovers_are_removed(tmp_path, monkeypatch):
    monkeypatch.setattr(safewrite, "fcntl", None)
    old = tmp_path / ".new.yaml.pastiche-tmp-dead0001"
    old.write_text("old")
    os.utime(old, (time.time() - 60, time.time() - 60))
    fresh = tmp_path / ".new.yaml.pastiche-tmp-live0002"  # may belong to a writer still at work
    fresh.write_text("fresh")
    atomic_write(tmp_path / "new.yaml", "a: 1\n")
    assert not old.exists()
    assert fresh.exists()


# --- same file ------------------------------------------------------------------------------------


def test_same_file_sees_through_links_and_dots(tmp_path):
    a = tmp_path / "a.yaml"
    a.write_text("a")
    (tmp_path / "b.yaml").write_text("b")
    (tmp_path / "sub").mkdir()
    os.link(a, tmp_path / "hard.yaml")
    (tmp_path / "soft.yaml").symlink_to(a)
    assert same_file(a, a)
    assert same_file(a, tmp_path / "hard.yaml")
    assert same_file(a, tmp_path / "soft.yaml")
    assert same_file(a, tmp_path / "sub" / ".." / "a.yaml")
    assert not same_file(a, tmp_path / "b.yaml")
    assert not same_file(a, tmp_path / "missing.yaml")
    assert same_file(tmp_path / "missing.yaml", tmp_path / "sub" / ".." / "missing.yaml")


# --- issue 23: no lock-out after a kill, names of any length, the last window closed ----------------


def test_a_create_killed_between_link_and_unlink_does_not_lock_the_file_out(tmp_path):
    path = tmp_path / "new.yaml"
    path.write_text("a: 1\n")
    os.link(path, tmp_path / (temp_prefix("new.yaml") + "dead0001"))  # the second name a kill left
    assert os.stat(path).st_nlink == 2
    atomic_write(path, "a: 2\n")
    assert path.read_text() == "a: 2\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["new.yaml"]


def test_another_hard_link_that_is_not_pastiches_is_still_refused(tmp_path):
    path = tmp_path / "new.yaml"
    path.write_text("a: 1\n")
    os.link(path, tmp_path / "mine.yaml")
    with pytest.raises(WriteRefused, match="2 hard links"):
        atomic_write(path, "a: 2\n")


@pytest.mark.parametrize("length", [232, 233, 240, 255])
def test_a_name_of_any_length_the_system_takes_can_be_written(tmp_path, length):
    path = tmp_path / ("n" * (length - 5) + ".yaml")
    atomic_write(path, "a: 1\n")
    atomic_write(path, "a: 2\n")
    assert path.read_text() == "a: 2\n"
    assert len({len(temp_prefix(n)) for n in ("a", "n" * 250, "é" * 120)}) == 1


def test_an_edit_landing_after_the_last_check_is_not_overwritten(tmp_path, monkeypatch):
    """Another program (not taking the lock) saves the file just after pastiche's last check: the swap
    is undone, the other program's file kept, and the write refused (it used to be overwritten, exit 0)."""
    if not _has_exchange(tmp_path):
        assert os.environ.get("CI") != "true", "CI runs on Linux with renameat2"
        pytest.skip("this system or filesystem has no renameat2(RENAME_EXCHANGE)")
    path = tmp_path / "game.yaml"
    path.write_text("a: 1\n")
    check = safewrite.check_unchanged

    def then_an_editor_saves(target, at=None):
        check(target, at)
        if at is None:  # the last check before the swap passed: now the editor saves its own version
            other = tmp_path / "editor.tmp"
            other.write_text("a: editor\n")
            os.replace(other, path)

    monkeypatch.setattr(safewrite, "check_unchanged", then_an_editor_saves)
    with safewrite.hold(path) as target:
        target.read()
        with pytest.raises(FileChanged):
            safewrite.replace(target, b"a: pastiche\n")
    assert path.read_text() == "a: editor\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.yaml"]


def _has_exchange(folder) -> bool:
    a, b = folder / "x-a", folder / "x-b"
    a.write_text("a")
    b.write_text("b")
    try:
        return safewrite._exchange(str(a), str(b))
    finally:
        a.unlink()
        b.unlink()
