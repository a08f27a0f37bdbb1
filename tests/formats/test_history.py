"""The play history's file (formats/history.py): plays kept and read back as given, all or none; a file
that is not a history never written to; a newer schema refused untouched; an older one copied beside
itself and migrated in one transaction. `schema-1.sqlite3` (made from `schema-1.sql`) is a history
as the first schema wrote it: every later schema is migrated from it here."""

from __future__ import annotations

import hashlib
import os
import pathlib
import shutil
import sqlite3

import pytest

from pastiche_cli.formats import history as store
from pastiche_cli.formats.history import AlreadyKept, History, HistoryError
from pastiche_cli.kernel.plays import Play, Seat

FIRST_SCHEMA = pathlib.Path(__file__).parent / "history" / "schema-1.sqlite3"


def play(n: int, game: str = "pastiche", names=("Ana", "Ben"), points=(40, 30), played=None, used=()) -> Play:
    seats = tuple(Seat(name, p, rank, rank == 1) for rank, (name, p) in enumerate(zip(names, points), 1))
    answer = {"players": [{"name": s.name, "total": s.points, "rank": s.place} for s in seats], "winners": [names[0]]}
    text = f"# made-up game {n}\n"
    digest = hashlib.sha256(text.encode()).hexdigest()
    return Play(game, played or f"2025-01-{n:02d} 20:00:00", f"game-{n}.yaml", "position", "total", seats,
                answer, text, used, digest=digest, source_id=digest[:24])  # fmt: skip


@pytest.fixture
def path(tmp_path):
    return str(tmp_path / "data" / "history.sqlite3")


def test_plays_come_back_as_kept_newest_first(path):
    with History.open(path, create=True) as h:
        ids = h.keep(
            [play(1), play(2, names=("Zoë", "陈小明", "Ana\u202eX"), points=(5, 9, 1), used=(("box.yaml", "x"),))]
        )
    assert ids == [1, 2]
    with History.open(path) as h:
        listed = h.plays()
        assert [p.id for p in listed] == [2, 1]
        assert [s.name for s in listed[0].seats] == ["Zoë", "陈小明", "Ana\u202eX"]  # turn order, names as given
        assert listed[0].answer == {} and listed[0].text == ""  # the list leaves the bulk out
        full = h.play(2)
        assert full.answer == play(2, names=("Zoë", "陈小明", "Ana\u202eX"), points=(5, 9, 1)).answer
        assert full.text == "# made-up game 2\n" and full.used == (("box.yaml", "x"),)
        assert [p.id for p in h.plays(player="zoë")] == [2] and h.plays(game="canvas") == []


def test_a_file_kept_twice_is_refused_unless_again_and_nothing_is_kept_with_it(path):
    with History.open(path, create=True) as h:
        h.keep([play(1)])
        with pytest.raises(AlreadyKept) as refused:
            h.keep([play(2), play(1)])
        assert refused.value.found == (("game-1.yaml", 1),)
        assert h.ids() == [1]  # play 2 was not kept either: all or none
        assert h.keep([play(1)], again=True) == [2]
        first = play(1).digest[:24]
        assert {p.source_id for p in h.plays()} == {first, first + "-2"}


def test_forget_removes_a_play_and_its_seats(path):
    with History.open(path, create=True) as h:
        h.keep([play(1), play(2)])
        assert h.forget(1) and not h.forget(1)
        assert h.ids() == [2]
    assert sqlite3.connect(path).execute("SELECT COUNT(*) FROM seats WHERE play = 1").fetchone() == (0,)


def test_a_play_id_never_names_another_play_after_the_newest_is_forgotten(path):
    with History.open(path, create=True) as h:
        assert h.keep([play(1), play(2)]) == [1, 2]
        assert h.forget(2)
        assert h.keep([play(3)]) == [3]  # not 2 again: a note saying "play 2" still means the forgotten one
    with History.open(path) as h:  # and after the file is closed and opened again
        assert h.forget(3) and h.keep([play(4)]) == [4]


def test_reading_no_history_makes_none(path):
    with History.open(path) as h:
        assert h.plays() == [] and h.play(1) is None and h.ids() == []
    assert not os.path.exists(path)


def unchanged_after(path: str, action) -> None:
    before = open(path, "rb").read()
    with pytest.raises(HistoryError) as refused:
        action()
    assert open(path, "rb").read() == before
    return refused.value


@pytest.mark.parametrize(
    "make, said",
    [
        (lambda p: open(p, "wb").write(b"not a database at all\n" * 100), "cannot be read"),
        (lambda p: sqlite3.connect(p).execute("CREATE TABLE notes (x)").connection.commit(), "another program's"),
    ],
    ids=["damaged", "foreign"],
)
@pytest.mark.parametrize("create", [True, False], ids=["keep", "read"])
def test_a_damaged_or_foreign_file_is_never_written(path, make, said, create):
    os.makedirs(os.path.dirname(path))
    make(path)
    error = unchanged_after(path, lambda: History.open(path, create=create))
    assert said in error.why and error.path == path


def test_a_history_of_a_newer_schema_is_refused_and_left_as_it_was(path):
    with History.open(path, create=True) as h:
        h.keep([play(1)])
    sqlite3.connect(path, isolation_level=None).execute(f"PRAGMA user_version = {store.SCHEMA + 1}")
    error = unchanged_after(path, lambda: History.open(path, create=True))
    assert "newer pastiche" in error.why


def test_the_first_schema_s_history_is_read(tmp_path):
    path = shutil.copy(FIRST_SCHEMA, tmp_path / "history.sqlite3")
    with History.open(str(path)) as h:
        plays = h.plays()
    assert [(p.id, p.game, p.played, [s.name for s in p.seats]) for p in plays] == [
        (2, "pastiche", "2025-01-17 21:30:00", ["Zoë", "Ana", "陈小明"]),
        (1, "artline", "2025-01-10 20:00:00", ["Ana", "Ben"]),
    ]


def test_the_sql_of_the_first_schema_makes_its_file(tmp_path):
    made = sqlite3.connect(tmp_path / "made.sqlite3")
    made.executescript((FIRST_SCHEMA.with_suffix(".sql")).read_text(encoding="utf-8"))
    kept = sqlite3.connect(FIRST_SCHEMA)
    for query in (
        "SELECT * FROM plays",
        "SELECT * FROM seats",
        "SELECT * FROM used",
        "SELECT * FROM sqlite_sequence",
        "SELECT type, name, sql FROM sqlite_master ORDER BY name",
        "PRAGMA user_version",
        "PRAGMA application_id",
    ):
        assert made.execute(query).fetchall() == kept.execute(query).fetchall(), query


def test_the_first_schema_s_file_has_the_schema_the_first_step_makes(tmp_path):
    """The kept file is what schema 1 makes, so a change to schema 1 needs the file made again."""
    path = str(tmp_path / "history.sqlite3")
    History.open(path, create=True).close()
    schema = "SELECT type, name, sql FROM sqlite_master ORDER BY name"
    assert sqlite3.connect(FIRST_SCHEMA).execute(schema).fetchall() == sqlite3.connect(path).execute(schema).fetchall()


SECOND = ("ALTER TABLE plays ADD COLUMN location TEXT", "UPDATE plays SET location = 'the club'")


def test_an_older_history_is_copied_beside_itself_then_migrated_in_one_transaction(tmp_path, monkeypatch):
    path = str(shutil.copy(FIRST_SCHEMA, tmp_path / "history.sqlite3"))
    monkeypatch.setattr(store, "MIGRATIONS", store.MIGRATIONS + (SECOND,))
    monkeypatch.setattr(store, "SCHEMA", 2)
    with History.open(path) as h:
        assert len(h.plays()) == 2
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone() == (2,)
    assert db.execute("SELECT DISTINCT location FROM plays").fetchall() == [("the club",)]
    assert open(path + ".schema-1.bak", "rb").read() == FIRST_SCHEMA.read_bytes()  # the copy, as it was


def test_a_migration_that_fails_leaves_the_history_as_it_was(tmp_path, monkeypatch):
    path = str(shutil.copy(FIRST_SCHEMA, tmp_path / "history.sqlite3"))
    monkeypatch.setattr(store, "MIGRATIONS", store.MIGRATIONS + (SECOND + ("INSERT INTO nowhere VALUES (1)",),))
    monkeypatch.setattr(store, "SCHEMA", 2)
    unchanged_after(path, lambda: History.open(path))
    assert sqlite3.connect(path).execute("PRAGMA table_info(plays)").fetchall()[-1][1] == "text"  # no location
    assert not (tmp_path / "history.sqlite3.schema-1.bak").exists()


@pytest.mark.parametrize(
    "sqlite_said, said",
    [
        ("attempt to write a readonly database", "cannot be written: it is read-only"),
        ("database is locked", "is busy: another pastiche held it"),
        ("database or disk is full", "cannot be written: the disk is full"),
        ("disk I/O error", "cannot be written: the disk failed"),
        ("file is not a database", "it is not a pastiche play history, or it is damaged"),
    ],
)
def test_sqlite_s_errors_are_said_as_what_they_are(path, sqlite_said, said):
    with History.open(path, create=True) as h:
        with pytest.raises(HistoryError) as refused, h._errors("cannot be written"):
            raise sqlite3.OperationalError(sqlite_said)
    assert said in refused.value.why and refused.value.path == path
    if "damaged" not in said:  # only what can be damage is said as damage
        assert "damaged" not in refused.value.why and "not a pastiche play history" not in refused.value.why


def test_a_history_locked_past_the_wait_is_said_busy_and_left_as_it_was(path, monkeypatch):
    with History.open(path, create=True) as h:
        h.keep([play(1)])
    monkeypatch.setattr(store, "BUSY_SECONDS", 0.05)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(HistoryError) as refused, History.open(path, create=True) as h:
            h.keep([play(2)])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert "is busy" in refused.value.why and "damaged" not in refused.value.why
    with History.open(path) as h:
        assert h.ids() == [1]


@pytest.mark.parametrize(
    "dropped, said",
    [(["used"], "the table used is missing"), (["used", "seats"], "the tables seats, used are missing")],
)
def test_a_history_missing_tables_names_them(path, dropped, said):
    with History.open(path, create=True) as h:
        h.keep([play(1)])
    db = sqlite3.connect(path, isolation_level=None)
    for table in dropped:
        db.execute(f"DROP TABLE {table}")
    db.close()
    error = unchanged_after(path, lambda: History.open(path))
    assert said in error.why
