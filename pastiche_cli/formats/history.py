"""The play history: every kept game in one SQLite file, `history.sqlite3` in the data folder.

The schema is written here and nowhere else, as the steps that build it (MIGRATIONS: step k takes a
history from schema k to k + 1); `PRAGMA user_version` says which schema a file has, and
`PRAGMA application_id` that it is pastiche's. Opening a file:

- none yet: made at the first `keep` (a command that only reads finds no plays and makes nothing);
- a file that is not SQLite, is damaged, or is another program's database: HistoryError naming it
  (exit 3); it is never written to;
- a history of a newer schema: refused, left as it was;
- a history of an older schema: copied beside itself (`history.sqlite3.schema-N.bak`), then brought
  up to date in one transaction, so it is either migrated whole or left as it was.

Two `keep`s at once both land: each writes in one IMMEDIATE transaction, and waits (BUSY_SECONDS)
for the other's to end, as SQLite's own locking has it. Names and titles are stored as given.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Sequence

from pastiche_cli.kernel.plays import Play, Seat

FILE_NAME = "history.sqlite3"
SCHEMA = 1
APPLICATION_ID = 0x50535443  # "PSTC": this file is a pastiche play history
BUSY_SECONDS = 30.0
TABLES = ("plays", "seats", "used")

# Step k takes a history from schema k to schema k + 1 (step 0 makes the first schema).
MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE plays (
            id INTEGER PRIMARY KEY AUTOINCREMENT,  -- never given again, even after the newest is forgotten
            game TEXT NOT NULL,          -- the game's name: pastiche, canvas, masterpiece, artline
            played TEXT NOT NULL,        -- YYYY-MM-DD HH:MM:SS, the group's local time
            kept TEXT NOT NULL,          -- when it was kept, UTC
            file TEXT NOT NULL,          -- the file's name as given to keep
            kind TEXT NOT NULL,          -- position, sheet or record
            digest TEXT NOT NULL,        -- SHA-256 of the file's text
            source_id TEXT NOT NULL UNIQUE,  -- the play's id for other apps (BG Stats' sourcePlayId)
            decided_by TEXT NOT NULL,    -- the step that decided first place
            answer TEXT NOT NULL,        -- score --json, as JSON
            text TEXT NOT NULL           -- the file's text
        )""",
        """CREATE TABLE seats (
            play INTEGER NOT NULL REFERENCES plays(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,       -- turn order, from 1
            name TEXT NOT NULL,
            points INTEGER NOT NULL,     -- the game's number: a total, points, or paintings in hand
            place INTEGER NOT NULL,
            winner INTEGER NOT NULL,
            started INTEGER NOT NULL,    -- made the first move (a record)
            PRIMARY KEY (play, seat)
        )""",
        """CREATE TABLE used (
            play INTEGER NOT NULL REFERENCES plays(id) ON DELETE CASCADE,
            name TEXT NOT NULL,          -- a file the play was read with: a catalogue, a thesis table
            text TEXT NOT NULL
        )""",
        "CREATE INDEX plays_digest ON plays(digest)",
        "CREATE INDEX seats_name ON seats(name)",
        "CREATE INDEX used_play ON used(play)",
    ),
)


class HistoryError(Exception):
    """The history file cannot be used: it is named, and it is left as it was (exit 3)."""

    def __init__(self, path: str, why: str):
        super().__init__(f"{path}: {why}")
        self.path = path
        self.why = why


class AlreadyKept(Exception):
    """Files already in the history (the same text), not kept again without --again."""

    def __init__(self, found: Sequence[tuple[str, int]]):
        super().__init__(", ".join(f"{file} (play {pid})" for file, pid in found))
        self.found = tuple(found)


def default_path() -> str:
    from pastiche_cli.formats.userdata import folder

    return os.path.join(folder(), FILE_NAME)


def backup_path(path: str, version: int) -> str:
    """Where a history of schema `version` is copied before it is migrated (a free name)."""
    base = f"{path}.schema-{version}.bak"
    candidate, n = base, 1
    while os.path.lexists(candidate):
        n += 1
        candidate = f"{base}.{n}"
    return candidate


class History:
    """An open play history (use as a context manager)."""

    def __init__(self, path: str, connection: sqlite3.Connection | None):
        self.path = path
        self._db = connection  # None: no history file yet (nothing kept)

    @classmethod
    def open(cls, path: str, create: bool = False) -> History:
        """The history at `path`, checked (and migrated if older); made when `create` and there is none."""
        if not os.path.lexists(path):
            if not create:
                return cls(path, None)
            folder = os.path.dirname(os.path.abspath(path))
            try:
                os.makedirs(folder, exist_ok=True)
            except OSError as exc:
                raise HistoryError(path, f"cannot make the folder {folder}: {exc.strerror or exc}") from exc
        elif not os.path.isfile(path):
            raise HistoryError(path, "is not a file (a folder, a pipe or a device): it is not a play history")
        try:
            db = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
        except sqlite3.Error as exc:
            raise HistoryError(path, f"cannot be opened: {exc}") from exc
        history = cls(path, db)
        try:
            history._ready(create)
        except BaseException:
            db.close()
            raise
        return history

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    # --- the file's schema ---------------------------------------------------------------------

    def _ready(self, create: bool) -> None:
        """Check the file is a history this version reads; make or migrate it (one transaction)."""
        db = self._db
        assert db is not None
        with self._errors("cannot be read as a play history"):
            db.execute("PRAGMA foreign_keys = ON")
            self._sound()
            app, version, tables = self._inspect()
            if app == APPLICATION_ID and version == SCHEMA and set(TABLES) <= tables:
                return  # the common case: nothing to write
            self._known(app, version, tables)
            if app == 0 and not create:
                self._db = None  # an empty file: no plays, and a reading command makes nothing
                db.close()
                return
            db.execute("BEGIN IMMEDIATE")  # no other writer from here to the commit
            backup = None
            try:
                app, version, tables = self._inspect()  # another keep may have made it meanwhile
                self._known(app, version, tables)
                if app == APPLICATION_ID and version < SCHEMA:
                    import shutil

                    backup = backup_path(self.path, version)
                    shutil.copyfile(self.path, backup)  # whole: no writer can change it now
                start = version if app == APPLICATION_ID else 0
                for step in MIGRATIONS[start:SCHEMA]:
                    for statement in step:
                        db.execute(statement)
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute(f"PRAGMA user_version = {SCHEMA}")
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                if backup is not None and os.path.exists(backup):
                    os.unlink(backup)
                raise

    def _sound(self) -> None:
        """Refuse a file whose pages SQLite's own check finds damaged (before reading or writing it)."""
        db = self._db
        assert db is not None
        try:
            found = [row[0] for row in db.execute("PRAGMA quick_check").fetchall()]
        except sqlite3.DatabaseError as exc:
            if not _damage(exc):
                raise
            found = [str(exc)]
        if found != ["ok"]:
            lines = [line for text in found for line in str(text).splitlines() if not line.startswith("***")]
            more = f" (and {len(lines) - 1} more)" if len(lines) > 1 else ""
            raise HistoryError(
                self.path,
                f"is damaged: SQLite's check finds {lines[0] if lines else 'it unsound'}{more}; it is left as "
                "it is (a copy from before the damage can take its place)",
            )

    def _inspect(self) -> tuple[int, int, set[str]]:
        db = self._db
        assert db is not None
        app = db.execute("PRAGMA application_id").fetchone()[0]
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        return app, version, tables

    def _known(self, app: int, version: int, tables: set[str]) -> None:
        """Refuse a file that is not a history this version can read or bring up to date."""
        if app == 0 and not tables and version == 0:
            return  # an empty database: a new history
        if app != APPLICATION_ID:
            held = ", ".join(sorted(tables)) or "no tables"
            raise HistoryError(
                self.path,
                f"is another program's SQLite database ({held}), not a pastiche play history; it is "
                "left as it is (move it away, or set PASTICHE_DATA to another folder)",
            )
        if version > SCHEMA:
            raise HistoryError(
                self.path,
                f"was written by a newer pastiche (history schema {version}; this one reads up to "
                f"{SCHEMA}); it is left as it is: upgrade pastiche to read it",
            )
        if version < 1 or (version == SCHEMA and not set(TABLES) <= tables):
            missing = [t for t in TABLES if t not in tables]
            said = f"table {missing[0]} is" if len(missing) == 1 else f"tables {', '.join(missing)} are"
            raise HistoryError(self.path, f"is damaged: the {said} missing; it is left as it is")

    def _errors(self, doing: str):
        """A context turning SQLite's errors into a HistoryError naming the file."""
        path = self.path

        class Guard:
            def __enter__(self):
                return self

            def __exit__(self, kind, exc, tb):
                if isinstance(exc, sqlite3.DatabaseError):
                    raise HistoryError(path, _said(doing, exc)) from exc
                if isinstance(exc, OSError):
                    raise HistoryError(path, f"{doing}: {exc.strerror or exc}") from exc
                return False

        return Guard()

    # --- plays -----------------------------------------------------------------------------------

    def keep(self, plays: Sequence[Play], again: bool = False) -> list[int]:
        """Add the plays in one transaction: all or none. AlreadyKept (nothing added) when a file's text
        is in the history already and not `again`. The ids given, in order."""
        db = self._db
        assert db is not None, "open the history with create=True to keep"
        with self._errors("cannot be written"):
            db.execute("BEGIN IMMEDIATE")
            try:
                self._sound()  # as it is now, with no other writer: damage is never written over
                if not again:
                    found = []
                    for play in plays:
                        row = db.execute(
                            "SELECT id FROM plays WHERE digest = ? ORDER BY id LIMIT 1", (play.digest,)
                        ).fetchone()
                        if row is not None:
                            found.append((play.file, row[0]))
                    if found:
                        raise AlreadyKept(found)
                ids = [self._insert(play) for play in plays]
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        return ids

    def _insert(self, play: Play) -> int:
        db = self._db
        assert db is not None
        copies = db.execute("SELECT COUNT(*) FROM plays WHERE digest = ?", (play.digest,)).fetchone()[0]
        source_id = play.source_id or play.digest[:24]
        if copies:  # kept --again: a play of its own for other apps too
            source_id = f"{source_id}-{copies + 1}"
            while db.execute("SELECT 1 FROM plays WHERE source_id = ?", (source_id,)).fetchone():
                copies += 1
                source_id = f"{play.digest[:24]}-{copies + 1}"
        cursor = db.execute(
            "INSERT INTO plays (game, played, kept, file, kind, digest, source_id, decided_by, answer, text)"
            " VALUES (?, ?, strftime('%Y-%m-%d %H:%M:%S', 'now'), ?, ?, ?, ?, ?, ?, ?)",
            (
                play.game,
                play.played,
                play.file,
                play.kind,
                play.digest,
                source_id,
                play.decided_by,
                json.dumps(play.answer, ensure_ascii=False),
                play.text,
            ),
        )
        pid = cursor.lastrowid
        assert pid is not None
        db.executemany(
            "INSERT INTO seats (play, seat, name, points, place, winner, started) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(pid, k, s.name, s.points, s.place, int(s.winner), int(s.started)) for k, s in enumerate(play.seats, 1)],
        )
        db.executemany("INSERT INTO used (play, name, text) VALUES (?, ?, ?)", [(pid, n, t) for n, t in play.used])
        return pid

    def plays(self, game: str | None = None, player: str | None = None, full: bool = False) -> list[Play]:
        """The plays, newest first (by date, then by when kept); of `game`, with `player` (any case).
        Without `full`, a play's answer, text and files used are left out (empty)."""
        if self._db is None:
            return []
        where, args = [], []
        if game is not None:
            where.append("game = ?")
            args.append(game)
        columns = "id, game, played, kept, file, kind, digest, source_id, decided_by" + (
            ", answer, text" if full else ""
        )
        sql = f"SELECT {columns} FROM plays" + (f" WHERE {' AND '.join(where)}" if where else "")
        sql += " ORDER BY played DESC, id DESC"
        with self._errors("cannot be read"):
            rows = self._db.execute(sql, args).fetchall()
            seats = self._seats()
            used = self._used() if full else {}
        out = []
        for row in rows:
            pid, game_name, played, kept, file, kind, digest, source_id, decided_by = row[:9]
            answer, text = (json.loads(row[9]), row[10]) if full else ({}, "")
            play = Play(
                game_name,
                played,
                file,
                kind,
                decided_by,
                seats.get(pid, ()),
                answer,
                text,
                used.get(pid, ()),
                pid,
                kept,
                digest,
                source_id,
            )
            if player is None or play.seat(player) is not None:  # any case: Python's casefold, not SQL's
                out.append(play)
        return out

    def _seats(self, only: int | None = None) -> dict[int, tuple[Seat, ...]]:
        """Every play's seats in turn order (or `only` that play's), by play id."""
        assert self._db is not None
        found: dict[int, list[Seat]] = {}
        where, args = ("WHERE play = ?", (only,)) if only is not None else ("", ())
        for pid, name, points, place, winner, started in self._db.execute(
            f"SELECT play, name, points, place, winner, started FROM seats {where} ORDER BY play, seat", args
        ):
            found.setdefault(pid, []).append(Seat(name, points, place, bool(winner), bool(started)))
        return {pid: tuple(s) for pid, s in found.items()}

    def _used(self, only: int | None = None) -> dict[int, tuple[tuple[str, str], ...]]:
        """The files each play was read with (or `only` that play's), by play id."""
        assert self._db is not None
        found: dict[int, list[tuple[str, str]]] = {}
        where, args = ("WHERE play = ?", (only,)) if only is not None else ("", ())
        for pid, name, text in self._db.execute(f"SELECT play, name, text FROM used {where} ORDER BY rowid", args):
            found.setdefault(pid, []).append((name, text))
        return {pid: tuple(u) for pid, u in found.items()}

    def play(self, pid: int) -> Play | None:
        """One play in full (its answer, text and files used), or None."""
        if self._db is None:
            return None
        with self._errors("cannot be read"):
            row = self._db.execute(
                "SELECT id, game, played, kept, file, kind, digest, source_id, decided_by, answer, text "
                "FROM plays WHERE id = ?",
                (pid,),
            ).fetchone()
            if row is None:
                return None
            seats = self._seats(pid).get(pid, ())
            used = self._used(pid).get(pid, ())
        return Play(row[1], row[2], row[4], row[5], row[8], seats, json.loads(row[9]), row[10], used, *_ids(row))

    def ids(self) -> list[int]:
        if self._db is None:
            return []
        with self._errors("cannot be read"):
            return [r[0] for r in self._db.execute("SELECT id FROM plays ORDER BY id")]

    def forget(self, pid: int) -> bool:
        """Remove one play (its seats and files with it); False when there is none of that id."""
        if self._db is None:
            return False
        with self._errors("cannot be written"):
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._sound()
                gone = self._db.execute("DELETE FROM plays WHERE id = ?", (pid,)).rowcount
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return gone > 0


def _said(doing: str, exc: sqlite3.DatabaseError) -> str:
    """SQLite's error said as what it is: busy, read-only, a full disk, damage, or SQLite's own words."""
    said = str(exc)
    if "locked" in said or "busy" in said:
        return f"is busy: another pastiche held it over {BUSY_SECONDS:.0f} s"
    if "readonly" in said or "read-only" in said:
        return f"{doing}: it is read-only (check the permissions of the file and of its folder)"
    if "disk is full" in said:
        return f"{doing}: the disk is full; nothing was written"
    if "unable to open" in said:
        return f"{doing}: SQLite cannot open it or its journal beside it (check the folder's permissions)"
    if "I/O error" in said:
        return f"{doing}: the disk failed to read or write it (a disk I/O error)"
    if _damage(exc) or "not a database" in said:
        return f"{doing}: {said} (it is not a pastiche play history, or it is damaged)"
    return f"{doing}: {said}"


def _damage(exc: sqlite3.DatabaseError) -> bool:
    """Whether SQLite's error says the file itself is damaged or not a database."""
    said = str(exc)
    return "malformed" in said or "corrupt" in said


def _ids(row) -> tuple[int, str, str, str]:
    return row[0], row[3], row[6], row[7]
