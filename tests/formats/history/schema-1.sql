-- The play history as the first schema (formats/history.py, schema 1) made it: two made-up plays.
-- schema-1.sqlite3 is this file run by sqlite3; tests/formats/test_history.py migrates from it.
BEGIN TRANSACTION;
CREATE TABLE plays (
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
        );
INSERT INTO "plays" VALUES(1,'artline','2025-01-10 20:00:00','2026-12-06 09:36:13','friday.sheet','sheet','aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa','aaaaaaaaaaaaaaaaaaaaaaaa','hand','{"players": [{"name": "Ana", "hand": 0, "rank": 1}, {"name": "Ben", "hand": 2, "rank": 2}], "winners": ["Ana"], "decided_by": "hand"}','# a made-up game
game: artline
Ana: 0
Ben: 2
');
INSERT INTO "plays" VALUES(2,'pastiche','2025-01-17 21:30:00','2026-12-06 09:36:13','saturday.yaml','position','bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb','bbbbbbbbbbbbbbbbbbbbbbbb','completed','{"players": [{"name": "Zoë", "total": 30, "rank": 1}, {"name": "Ana", "total": 30, "rank": 2}, {"name": "陈小明", "total": 12, "rank": 3}], "winners": ["Zoë"], "decided_by": "completed"}','players: []
');
CREATE TABLE seats (
            play INTEGER NOT NULL REFERENCES plays(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,       -- turn order, from 1
            name TEXT NOT NULL,
            points INTEGER NOT NULL,     -- the game's number: a total, points, or paintings in hand
            place INTEGER NOT NULL,
            winner INTEGER NOT NULL,
            started INTEGER NOT NULL,    -- made the first move (a record)
            PRIMARY KEY (play, seat)
        );
INSERT INTO "seats" VALUES(1,1,'Ana',0,1,1,0);
INSERT INTO "seats" VALUES(1,2,'Ben',2,2,0,0);
INSERT INTO "seats" VALUES(2,1,'Zoë',30,1,1,0);
INSERT INTO "seats" VALUES(2,2,'Ana',30,2,0,0);
INSERT INTO "seats" VALUES(2,3,'陈小明',12,3,0,0);
CREATE TABLE used (
            play INTEGER NOT NULL REFERENCES plays(id) ON DELETE CASCADE,
            name TEXT NOT NULL,          -- a file the play was read with: a catalogue, a thesis table
            text TEXT NOT NULL
        );
INSERT INTO "used" VALUES(2,'box.yaml','catalogue: {}
');
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('plays',2);
CREATE INDEX plays_digest ON plays(digest);
CREATE INDEX seats_name ON seats(name);
CREATE INDEX used_play ON used(play);
COMMIT;
PRAGMA application_id = 1347638339;
PRAGMA user_version = 1;
