"""The one way pastiche writes a file (`hold`, then `replace`): atomically, onto the real file, keeping what the
user set; docs/position-format.md ("How pastiche writes your files") gives the guarantees.

The new bytes go to a flocked `.pastiche-tmp-HASH-RANDOM` beside the target, fsynced, then put in place in
one step (renameat2(RENAME_EXCHANGE) on Linux, the file swapped out checked and the swap undone if it is not
the one read). `hold` flocks the target and `replace` refuses (FileChanged) a file changed since it was
read; leftover temporary files whose lock is free (without flock: older than STALE_SECONDS) are removed.
"""

from __future__ import annotations

import codecs
import errno
import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager

try:
    import fcntl
except ImportError:  # Windows: no flock; the change check still refuses a lost update
    fcntl = None  # type: ignore[assignment]

TEMP_MARK = ".pastiche-tmp-"  # a temporary file's name: TEMP_MARK, 16 hex digits of the target's name, -, 8 random
STALE_SECONDS = 5.0  # an unlocked leftover this old belongs to no live writer
LOCK_WAIT = 10.0  # seconds to wait for another pastiche writing the same file
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
CHANGED = "the file changed since it was read; run again"
APPEARED = "the file appeared while pastiche was writing it; nothing was overwritten, run again"


class WriteRefused(OSError):
    """A write pastiche will not make; the target is left exactly as it was."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return self.reason


class FileChanged(WriteRefused):
    """The file is not the one that was read (another writer got there first)."""

    def __init__(self, reason: str = CHANGED, keep_temp: bool = False):
        super().__init__(reason)
        self.keep_temp = keep_temp  # the temporary file holds the other program's version: not removed


class Target:
    """A file being written: its real path, and (under the lock) its stat and bytes when it exists."""

    def __init__(self, path: str | os.PathLike):
        self.path = os.fspath(path)
        self.real = os.path.realpath(self.path)
        self.stat: os.stat_result | None = None  # None: the file does not exist (yet)
        self.raw: bytes | None = None  # the bytes read(), if read
        self.locked = False
        self._fd: int | None = None

    def read(self) -> bytes | None:
        """The file's bytes, read from the locked file itself (None when it does not exist)."""
        if self.stat is None:
            return None
        if self._fd is not None:
            chunks = []
            os.lseek(self._fd, 0, os.SEEK_SET)
            while chunk := os.read(self._fd, 1 << 16):
                chunks.append(chunk)
            self.raw = b"".join(chunks)
        else:
            with open(self.real, "rb") as handle:
                self.raw = handle.read()
        return self.raw


def _stat(path: str) -> os.stat_result | None:
    try:
        return os.stat(path)
    except FileNotFoundError:
        return None


def refuse_kind(st: os.stat_result) -> None:
    """Refuse anything but a regular file, before it is even opened (opening a FIFO blocks)."""
    mode = st.st_mode
    if stat.S_ISDIR(mode):
        raise WriteRefused("it is a directory, not a file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        raise WriteRefused("it is a device, not a regular file; pastiche writes only regular files")
    if stat.S_ISFIFO(mode):
        raise WriteRefused("it is a named pipe (FIFO), not a regular file; pastiche writes only regular files")
    if stat.S_ISSOCK(mode):
        raise WriteRefused("it is a socket, not a regular file; pastiche writes only regular files")
    if not stat.S_ISREG(mode):
        raise WriteRefused("it is not a regular file; pastiche writes only regular files")


def read_only(st: os.stat_result) -> bool:
    """No write bit for whoever we are (for root: no write bit at all), whatever os.access says."""
    geteuid = getattr(os, "geteuid", None)
    if geteuid is None:
        return not st.st_mode & stat.S_IWUSR
    euid = geteuid()
    if euid == 0:
        return not st.st_mode & 0o222
    if st.st_uid == euid:
        return not st.st_mode & stat.S_IWUSR
    if st.st_gid == os.getegid() or st.st_gid in os.getgroups():
        return not st.st_mode & stat.S_IWGRP
    return not st.st_mode & stat.S_IWOTH


def refuse_target(st: os.stat_result) -> None:
    refuse_kind(st)
    if read_only(st):
        why = f"it is read-only (mode {stat.S_IMODE(st.st_mode):04o}); pastiche does not rewrite a file you made "
        raise WriteRefused(why + "read-only: make it writable first (chmod u+w)")
    if st.st_nlink > 1:
        why = f"it has {st.st_nlink} hard links; replacing it would leave the other names on the old content, "
        raise WriteRefused(why + "so pastiche refuses: remove the other links (or copy the file) first")


def _lock(fd: int, name: str) -> None:
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise WriteRefused(
                    f"another pastiche has been writing {name} for {LOCK_WAIT:.0f} s; try again"
                ) from None
            time.sleep(0.01)
        except OSError as exc:  # a filesystem without flock: the change check still guards the file
            if exc.errno in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL):
                raise _NoLocks from None
            raise


class _NoLocks(Exception):
    pass


@contextmanager
def hold(path: str | os.PathLike) -> Iterator[Target]:
    """The target, checked and exclusively locked until the block ends (nothing to lock if absent)."""
    target = Target(path)
    fd = None
    try:
        while True:
            st = _stat(target.real)
            if st is None:
                break
            refuse_kind(st)
            if fcntl is None:
                refuse_target(st)
                target.stat = st
                break
            fd = os.open(target.real, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK | _CLOEXEC | _NOFOLLOW)
            try:
                _lock(fd, target.path)
            except _NoLocks:
                held = os.fstat(fd)
                refuse_target(held)
                target.stat, target._fd = held, fd
                break
            held, now = os.fstat(fd), _stat(target.real)
            if now is not None and (now.st_ino, now.st_dev) == (held.st_ino, held.st_dev):
                if held.st_nlink > 1:  # a create killed between link() and unlink() left a second name
                    drop_own_links(target.real, held)
                    held = os.fstat(fd)
                refuse_target(held)
                target.stat, target._fd, target.locked = held, fd, True
                break
            os.close(fd)  # replaced while we waited for the lock: lock the file that is there now
            fd = None
        yield target
    finally:
        if fd is not None:
            os.close(fd)  # closing the descriptor releases the lock


def _fingerprint(st: os.stat_result | None):
    return None if st is None else (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def check_unchanged(target: Target, at: str | None = None) -> None:
    """Refuse if the file is no longer the one `hold` found (and, if it was read, the bytes read);
    `at` names where that file is now (after a swap), by default the target's own name."""
    where = at or target.real
    now = _stat(where)
    if target.stat is None and now is not None:
        raise FileChanged(APPEARED)
    if _fingerprint(now) != _fingerprint(target.stat):
        raise FileChanged()
    if target.raw is not None:
        with open(where, "rb") as handle:
            if handle.read() != target.raw:
                raise FileChanged()


def temp_prefix(base: str) -> str:
    """The start of every temporary file's name for the target named `base`: one length, whatever `base` is."""
    import hashlib

    return f"{TEMP_MARK}{hashlib.sha256(os.fsencode(base)).hexdigest()[:16]}-"


def _own_temps(folder: str, base: str) -> list[os.DirEntry]:
    """The temporary files beside the target that are pastiche's own for it (this and older versions' names)."""
    prefixes = (temp_prefix(base), f".{base}{TEMP_MARK}")
    try:
        entries = list(os.scandir(folder or "."))
    except OSError:
        return []
    return [entry for entry in entries if entry.name.startswith(prefixes)]


def _free(path: str) -> bool | None:
    """Is the temporary file's flock free (its writer is gone)? None when flock cannot tell."""
    if fcntl is None:
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK | _CLOEXEC | _NOFOLLOW)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False
    except OSError:
        return None
    finally:
        os.close(fd)


def drop_own_links(real: str, st: os.stat_result) -> os.stat_result:
    """Remove the temporary names of the target's own file a create killed between link() and unlink()
    left (call with the target's lock held: no live writer is using them); the target's stat after."""
    if st.st_nlink < 2:
        return st
    folder, base = os.path.split(real)
    for entry in _own_temps(folder, base):
        try:
            other = entry.stat(follow_symlinks=False)
            if (other.st_ino, other.st_dev) == (st.st_ino, st.st_dev) and stat.S_ISREG(other.st_mode):
                os.unlink(entry.path)
        except OSError:
            pass
    return os.stat(real)


def remove_leftovers(target: Target) -> None:
    """Delete the temporary files a killed writer left beside this target (whose flock is free)."""
    folder, base = os.path.split(target.real)
    now = time.time()
    for entry in _own_temps(folder, base):
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            free = _free(entry.path)
            if free is None:
                free = now - entry.stat(follow_symlinks=False).st_mtime > STALE_SECONDS
            if free:
                os.unlink(entry.path)
        except OSError:
            pass


def _new_temp(folder: str, base: str) -> tuple[int, str]:
    """A new temporary file beside the target, opened and flocked (held until it is gone): (fd, path)."""
    while True:
        tmp = os.path.join(folder, f"{temp_prefix(base)}{os.urandom(4).hex()}")
        # 0o666 less the umask for a new file, as any editor would make it; an existing file's mode later.
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC | _NOFOLLOW, 0o666)
        if fcntl is None:
            return fd, tmp
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:
            return fd, tmp  # no flock here: leftovers are then told by their age
        if os.fstat(fd).st_nlink:
            return fd, tmp
        os.close(fd)  # another writer's clean-up took it between open and flock: make another


def replace(target: Target, data: bytes) -> None:
    """Put `data` in the target's place atomically (call inside `hold`); refuses if the file changed."""
    folder, base = os.path.split(target.real)
    remove_leftovers(target)
    fd, tmp = _new_temp(folder, base)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            st = target.stat
            if st is not None:
                try:
                    os.fchown(fd, st.st_uid, st.st_gid)  # before fchmod: chown clears setuid bits
                except (PermissionError, AttributeError):  # not root (EPERM), or no chown (Windows)
                    pass
                if hasattr(os, "fchmod"):
                    os.fchmod(fd, stat.S_IMODE(st.st_mode))
                else:
                    os.chmod(tmp, stat.S_IMODE(st.st_mode))
            os.fsync(fd)
            check_unchanged(target)
            if target.stat is None:
                _create(tmp, target.real)
            else:
                _swap_in(tmp, target)
        except BaseException as exc:
            if not getattr(exc, "keep_temp", False):
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
            raise
    finally:
        os.close(fd)  # the temporary file's lock goes with it
    _sync_folder(folder)


_EXCHANGE: list = []  # [renameat2] once looked up; [None] where there is none


def _exchange(a: str, b: str) -> bool:
    """Swap the two names in one step (Linux renameat2 RENAME_EXCHANGE); False where that cannot be done."""
    if not _EXCHANGE:
        func = None
        if os.name == "posix" and os.uname().sysname == "Linux":
            try:
                import ctypes

                libc = ctypes.CDLL(None, use_errno=True)
                func = libc.renameat2
                func.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
                func.restype = ctypes.c_int
            except (OSError, AttributeError, ImportError):
                func = None
        _EXCHANGE.append(func)
    func = _EXCHANGE[0]
    if func is None:
        return False
    import ctypes

    if func(-100, os.fsencode(a), -100, os.fsencode(b), 2) == 0:  # AT_FDCWD, RENAME_EXCHANGE
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EPERM):
        return False
    raise OSError(code, os.strerror(code), b)


def _swap_in(tmp: str, target: Target) -> None:
    """The new file in the target's place; the old one, swapped out, checked once more: if another program
    changed it after the last check, it is put back and the write refused (FileChanged)."""
    if not _exchange(tmp, target.real):
        os.replace(tmp, target.real)
        return
    try:
        check_unchanged(target, at=tmp)
    except FileChanged:
        if _exchange(tmp, target.real):  # the other program's file back in its place, ours unlinked below
            raise
        why = "the file changed while pastiche was writing it and could not be put back; the other program's version "
        raise FileChanged(why + f"is kept as {os.path.basename(tmp)}", keep_temp=True) from None
    os.unlink(tmp)  # the old file


def _create(tmp: str, real: str) -> None:
    """Give the new file its name unless a file of that name appeared meanwhile."""
    try:
        os.link(tmp, real)
    except FileExistsError:
        raise FileChanged(APPEARED) from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK, errno.ENOSYS):
            raise
        if os.path.lexists(real):  # no hard links on this filesystem: the narrowest check left
            raise FileChanged(APPEARED) from exc
        os.replace(tmp, real)
        return
    os.unlink(tmp)


def _sync_folder(folder: str) -> None:
    """Make the rename itself durable (a crash right after it must not bring the old file back)."""
    try:
        fd = os.open(folder or ".", os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_bytes(path: str | os.PathLike, data: bytes) -> None:
    """Check, lock and replace in one call: for files written whole, such as `-o FILE`."""
    with hold(path) as target:
        replace(target, data)


def same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """Do the two names reach one file (through links, hard links or `..`)?"""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


# --- a rewrite keeps the file's own conventions ---------------------------------------------------


def _lines(text: str) -> list[tuple[str, str]]:
    """(line, ending) pairs; the ending is "\\r\\n", "\\n" or "" for a last line without one."""
    pieces = text.split("\n")
    last = pieces.pop()
    out = [(piece[:-1], "\r\n") if piece.endswith("\r") else (piece, "\n") for piece in pieces]
    if last:
        out.append((last, ""))
    return out


def keep_conventions(old: bytes | None, text: str) -> bytes:
    """`text` (LF line endings) as bytes written the way the old file was, BOM and line endings; in a file of
    mixed endings a line also in the old file keeps its ending, a new one takes the more common (LF on a tie)."""
    text = text.replace("\r\n", "\n")
    if old is None:
        return text.encode("utf-8")
    bom = old.startswith(codecs.BOM_UTF8)
    body = old[len(codecs.BOM_UTF8) :] if bom else old
    crlf = body.count(b"\r\n")
    lf = body.count(b"\n") - crlf
    if not crlf and not lf and b"\r" in body:  # a file of lone CRs (classic Mac OS) stays one
        text = text.replace("\n", "\r")
    elif crlf and not lf:
        text = text.replace("\n", "\r\n")
    elif crlf and lf:
        text = _mixed(body.decode("utf-8", errors="surrogateescape"), text, "\r\n" if crlf > lf else "\n")
    return (codecs.BOM_UTF8 if bom else b"") + text.encode("utf-8")


def _mixed(old: str, new: str, common: str) -> str:
    from difflib import SequenceMatcher

    before, after = _lines(old), _lines(new)
    endings = [common if end else "" for _, end in after]
    matcher = SequenceMatcher(None, [line for line, _ in before], [line for line, _ in after], autojunk=False)
    for tag, i1, i2, j1, _ in matcher.get_opcodes():
        if tag == "equal":
            for k in range(i2 - i1):
                if endings[j1 + k]:
                    endings[j1 + k] = before[i1 + k][1] or common
    return "".join(line + end for (line, _), end in zip(after, endings))
