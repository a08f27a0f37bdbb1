"""A short sheet filled in from every phone (`pastiche serve --sheet OUT`, or `pastiche serve SHEET`): each seat
enters its own line, the host the sheet's keys (the catalogue, the scoring cards, the thesis table), and the host's
screen shows the scores of the sheet as written.

The sheet is read by the game's own sheet reader (formats/reading.read_sheet), as `pastiche score` reads it; the
names each field may use come from the guided entry's core (formats/tallying.py). A line is judged on the whole
sheet, placed after every other line, so a problem it makes with another player's line (the same commission
named twice) is found on it. OUT is written through the safe write whenever a line or a key is accepted and the
sheet reads: players not yet entered are comment lines (`# Ben: not entered yet`), so `pastiche score OUT` scores
the lines entered. A line being edited is only on its owner's phone; a line sent is in the file, and its scores
are public (the host's screen shows the score table); the state gives each seat its own line only.
"""

from __future__ import annotations

import os
import re
from typing import Any, NamedTuple

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pastiche_cli.kernel.game import Game, Loaded
from pastiche_cli.serve.routes import Api, _in_thread, answer, caller, json_body
from pastiche_cli.serve.seated import Answer, Caller, Seated, fingerprint

WAITING = "not entered yet"
# A player not entered yet: an empty line (nothing held, scored as such) where the game's sheet reads one,
# else a comment (Artline's line is a count: none until it is entered).
WAITING_LINE = re.compile(r"(?P<hash>#\s*)?(?P<name>[^:#|]+?):\s*(?(hash)|#\s*)" + WAITING + r"\s*$")
MOST_LINE = 1000  # characters of a line: more is no line of a sheet
MOST_FILES = 40  # the files beside OUT offered for a key that names one


class Reading(NamedTuple):
    """A sheet's text as the game's sheet reader reads it: the position (None when it does not score), its
    errors, and where each player's line is."""

    position: Any
    errors: list
    at: dict[str, int]  # player -> the line it is on
    keys_at: dict[str, int]  # key -> the line it is on


class SheetTable(Seated):
    """A short sheet being filled in: its keys, its players (the seats), the lines entered so far."""

    mode = "sheet"

    def __init__(self, game: Game, path: str, opts: dict | None = None, players: list[str] | None = None, carried=None):
        from pastiche_cli.kernel.problems import PositionError
        from pastiche_cli.serve.table import Unservable

        self.sheet = game.reader.sheet()
        self.keys: dict[str, str] = {}
        self.lines: dict[str, str] = {}  # player -> their line after "NAME:", as entered
        self.preface: list[str] = []  # the comments a file began with, kept
        self.names: list[str] = list(players or [])
        self.seen: tuple = ()
        self.cache: tuple[str, Reading | None] = ("", None)
        self.last = ""  # the player whose line came last (the terminal's news)
        self.written = players is None  # does OUT hold every line accepted (a new sheet: once it reads)
        opts = dict(opts or {})
        try:
            game.reader.prepare(path, opts)  # --catalogue FILE read now: a bad one is refused before listening
        except PositionError as exc:
            from pastiche_cli.formats.reading import located_in_its_file
            from pastiche_cli.kernel.problems import EXIT_BAD_FILE

            raise Unservable([p.located(path) for p in located_in_its_file(path, exc)], EXIT_BAD_FILE) from None
        super().__init__(game, path, opts, carried)
        self.empty_ok = True
        if players is None:
            self.reread()
        else:
            self.preface = ["# Entered from the players' phones by pastiche serve --sheet (docs/serve.md)."]
            self._given_files()
        reading = self.read(self.text({}))
        self.empty_ok = not any(p.line in reading.at.values() for p in reading.errors)

    def _given_files(self) -> None:
        """A file an option names (--catalogue FILE) beside OUT goes into the sheet's key, so `score OUT` finds it."""
        from pastiche_cli.formats.sheet import within

        for key in getattr(self.sheet, "FILES", ()):
            named = self.opts.get(key)
            if named and within(named, self.folder()):
                self.keys[key] = os.path.relpath(os.path.abspath(named), self.folder())

    def folder(self) -> str:
        return os.path.dirname(os.path.abspath(self.path))

    def players(self) -> list[str]:
        return list(self.names)

    def count(self) -> int:
        return len(self.lines)

    # --- the file -----------------------------------------------------------------------------------

    def text(self, lines: dict[str, str] | None = None, keys: dict[str, str] | None = None, last: str = "") -> str:
        """The sheet of these lines and keys (the table's own when not given); `last`: that player's line after
        every other (a line judged: what it shares with another's is found on it)."""
        from pastiche_cli import games

        lines = self.lines if lines is None else lines
        keys = self.keys if keys is None else keys
        out = list(self.preface) or ["# A short sheet (docs/quick.md)."]  # line 1 is never a player's
        if self.game.name != games.DEFAULT:
            out.append(f"game: {self.game.name}")
        out += [f"{key}: {keys[key]}" for key in self.sheet.KEYS if keys.get(key, "").strip()]
        order = [n for n in self.names if n != last] + ([last] if last else [])
        for name in order:
            if name in lines:
                out.append(f"{name}: {lines[name]}".rstrip())
            else:
                out.append(f"{name}:  # {WAITING}" if self.empty_ok else f"# {name}: {WAITING}")
        return "\n".join(out) + "\n"

    def read(self, text: str) -> Reading:
        """The sheet's text as `pastiche score` reads it (once for each text)."""
        from pastiche_cli.formats.reading import read_sheet
        from pastiche_cli.formats.sheet import parse
        from pastiche_cli.kernel.problems import WARNING, PositionError, Problem

        if self.cache[0] == text and self.cache[1] is not None:
            return self.cache[1]
        parsed, _ = parse(self.path, text, self.sheet.KEYS)
        at = {entry.name.text: entry.name.line for entry in parsed.players}
        keys_at = {key: token.line for key, (token, _) in parsed.keys.items()}
        try:
            position, problems, _, _ = read_sheet(self.game, self.path, text, dict(self.opts))
        except PositionError as exc:  # a file it names (the catalogue) does not read: said at no line of the sheet
            position, problems = None, [Problem(p.kind, p.code, p.located(exc.filename), 0, 0) for p in exc.problems]
        errors = [p for p in problems if p.kind != WARNING]
        reading = Reading(None if errors else position, errors, at, keys_at)
        self.cache = (text, reading)
        return reading

    def reread(self) -> bool:
        """The file read again (another program changed it): its keys, players and lines; whether it changed."""
        from pastiche_cli.formats.sheet import lines as split
        from pastiche_cli.formats.sheet import parse
        from pastiche_cli.formats.yamlio import read_text
        from pastiche_cli.kernel.problems import PositionError

        try:
            text = read_text(self.path)
        except PositionError:
            return False  # not written yet, or gone for now: served as last read
        if text == self.text():
            return False
        parsed, problems = parse(self.path, text, self.sheet.KEYS)
        if problems:
            return False
        rows = split(text)
        names, lines = [], {}
        for number, raw in enumerate(rows, 1):
            waiting = WAITING_LINE.fullmatch(raw.strip())
            entry = next((e for e in parsed.players if e.name.line == number), None)
            if waiting:
                names.append(waiting.group("name").strip())
            elif entry is not None:
                names.append(entry.name.text)
                lines[entry.name.text] = raw.split(":", 1)[1].strip()
        first = next((i for i, raw in enumerate(rows) if raw.strip() and not raw.lstrip().startswith("#")), len(rows))
        self.preface = [raw for raw in rows[:first] if raw.strip() and not WAITING_LINE.fullmatch(raw.strip())]
        self.keys = {key: " ".join(t.text for t in words) for key, (_, words) in parsed.keys.items() if key != "game"}
        self.names, self.lines, self.written = names, lines, True
        self.seats = {name: self.seats.get(name) for name in names}  # a seat for each player the file names
        return True

    def look(self) -> None:
        """Read the file again when its size or time changed on disk (a `reload` event)."""
        now = fingerprint(self.path)
        if now is None or now == self.seen:
            return
        self.seen = now
        with self.lock:
            changed = self.reread()
        if changed:
            self.tell("reload")

    def write(self) -> None:
        """OUT written (the lock held) when the sheet reads: `pastiche score OUT` scores it as the host sees it."""
        from pastiche_cli.formats.yamlio import atomic_write

        text = self.text()
        if self.read(text).position is None:
            self.written = False  # too few players entered for the game yet: kept here until it reads
            return
        atomic_write(self.path, text)
        self.seen, self.written = fingerprint(self.path), True

    # --- a line, the keys ---------------------------------------------------------------------------

    def put_line(self, who: Caller, name: str, line: str) -> Answer:
        """Seat `name` enters its line: 200 the scores so far, or 400 every problem of it."""
        if who.seat != name:
            return Answer(403, {"error": f"{who.seat or 'this phone'} cannot enter the line of {name}"})
        line = line.strip()
        if "\n" in line or "\r" in line or len(line) > MOST_LINE:
            return Answer(400, {"problems": [problem(1, 1, f"a line is one line of at most {MOST_LINE} characters")]})
        with self.lock:
            self.look_now()
            if name not in self.names:
                return Answer(404, {"error": f"no player is called {name}"})
            problems = self.line_problems(name, line)
            if problems:
                return Answer(400, {"problems": problems})
            self.lines[name] = line
            self.last = name
            refused = self.safely_written()
            if refused is not None:
                del self.lines[name]
                return refused
        self.tell("sheet")
        return Answer(200, self.scores_answer())

    def line_problems(self, name: str, line: str) -> list[dict]:
        """Every problem of `name`'s line on the sheet with it, located in the line (line 1, its column)."""
        from pastiche_cli.render.entry import caused_by

        lines = dict(self.lines) | {name: line}
        judged = lines
        if not self.empty_ok:  # too few lines for the game yet (Artline's 2): the others judged as holding the same
            judged = {n: line for n in self.names} | lines
        text = self.text(judged, last=name)
        reading = self.read(text)
        # its line is the text's last; a line the reader cannot take as a player's (a hidden line break
        # in it) has no entry, but its problem is still on that line
        at, shift = reading.at.get(name) or text.count("\n"), len(name) + 2
        before = {
            (p.code, p.message) for p in self.read(self.text({k: v for k, v in lines.items() if k != name})).errors
        }
        lines_at = set(reading.at.values())
        stand_ins = [n for n in judged if n not in lines]
        out = []
        for p in reading.errors:
            if any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", p.message) for n in stand_ins):
                continue  # a problem of a line judged in a waiting player's place, not of this one
            if p.line == at and at:
                out.append(problem(1, max(p.column - shift, 1), p.message))
            elif p.line in lines_at and (p.code, p.message) not in before:  # said on another's line, made by this one
                other = next(n for n, i in reading.at.items() if i == p.line)
                if other not in lines:
                    continue
                out.append(problem(1, 1, caused_by(other, p.message)))
        if not line:
            out.append(problem(1, 1, "the line is empty: tap what you hold, then Send"))
        return out

    def put_keys(self, keys: dict) -> Answer:
        """The host sets the sheet's keys: 200 the scores so far, or 400 the problems (each naming its key)."""
        from pastiche_cli.render.entry import file_kept, key_problem

        wrong = [k for k in keys if k not in self.sheet.KEYS or not isinstance(keys[k], str)]
        if wrong:
            said = f"the keys of this sheet are {', '.join(self.sheet.KEYS) or 'none'}, each a text"
            return Answer(400, {"problems": [problem(1, 1, said, key=str(k)) for k in wrong]})
        with self.lock:
            self.look_now()
            given = self.keys | {k: v.strip() for k, v in keys.items()}
            problems = [
                problem(1, 1, key_problem(k, said), key=k) for k in keys for said in self.file_problems(k, given[k])
            ]
            problems += [
                problem(1, 1, key_problem(k, file_kept(self.opts[k])), key=k) for k in self.unnamed(keys, given)
            ]
            if not problems:  # what the keys make of the sheet: a key's own problem, a line it no longer reads
                reading = self.read(self.text(keys=given))
                named = {line: key for key, line in reading.keys_at.items()}
                whose = {line: name for name, line in reading.at.items()}
                problems = [
                    problem(
                        1,
                        p.column,
                        key_problem(named[p.line], p.message)
                        if p.line in named
                        else f"{whose[p.line]}'s line: {p.message}",
                        key=named.get(p.line, ""),
                    )
                    for p in reading.errors
                    if p.line in named or p.line in whose
                ]
            if problems:
                return Answer(400, {"problems": problems})
            old, self.keys = self.keys, {k: v for k, v in given.items() if v}
            refused = self.safely_written()
            if refused is not None:
                self.keys = old
                return refused
            self.last = ""
        self.tell("sheet")
        return Answer(200, self.scores_answer())

    def unnamed(self, keys: dict, given: dict[str, str]) -> list[str]:
        """The file keys these keys clear that the server reads from an option beside OUT (--catalogue FILE):
        without the key, `pastiche score OUT` would not read the file the host's scores come from."""
        from pastiche_cli.formats.sheet import within

        files = getattr(self.sheet, "FILES", ())
        named = {k: self.opts.get(k) for k in keys if k in files and self.keys.get(k) and not given[k]}
        return [k for k, path in named.items() if path and within(path, self.folder())]

    def file_problems(self, key: str, named: str) -> list[str]:
        """What is wrong with a file a key names (beside OUT or below, and it reads): the guided entry's check."""
        if key not in getattr(self.sheet, "FILES", ()) or not named:
            return []
        tally = self.tally()
        full = named if os.path.isabs(named) else os.path.join(self.folder(), named)
        question = next(q for q in tally.questions() if q.key == key)
        return [str(said) for said in tally.check(question, full)]

    def tally(self):
        from pastiche_cli.formats.tallying import Tally

        return Tally(self.game, dict(self.opts), self.folder())

    def safely_written(self) -> Answer | None:
        from pastiche_cli.formats.safewrite import WriteRefused

        try:
            self.write()
        except (WriteRefused, OSError) as exc:
            return Answer(409, {"error": f"not written, {os.path.basename(self.path)} is unchanged: {exc}"})
        return None

    def look_now(self) -> None:
        """Before a change: the file as another program left it (the lock held)."""
        if self.reread():
            self.seen = ()

    # --- what a caller sees ---------------------------------------------------------------------------

    def scores_answer(self) -> dict:
        """`score --json` of the sheet as written, or why there are no scores yet."""
        from pastiche_cli.render.entry import no_scores_yet

        reading = self.read(self.text())
        if reading.position is None:
            return {"provisional": True, "problem": no_scores_yet(reading.errors, len(self.lines))}
        scored = self.game.teller.scored(Loaded(reading.position, [], written=self.text()))
        return (scored.answer or {}) | {"provisional": scored.provisional or len(self.lines) < len(self.names)}

    def state(self, who: Caller) -> Answer:
        self.look()
        with self.lock:
            body = {
                "game": self.game.name,
                "title": self.game.title,
                "file": os.path.basename(self.path),
                "mode": self.mode,
                "you": who.seat,
                "seats": {name: key is not None for name, key in self.seats.items()},
                "players": list(self.names),
                "entered": {name: name in self.lines for name in self.names},
                "keys": {key: self.keys.get(key, "") for key in self.sheet.KEYS},
                "written": self.written,
                "line": self.lines.get(who.seat, "") if who.seat else None,
                "problems": self.own_problems(who.seat),
                "fields": self.fields(),
                **self.standing(),
            }
            if who.role == "host":
                body["files"] = self.files_beside()
                body["key_fields"] = self.key_fields(body["files"])
        return Answer(200, body)

    def own_problems(self, seat: str | None) -> list[dict]:
        """The problems the sheet as it is has on this seat's line (a file edited elsewhere, a key changed)."""
        if seat is None or seat not in self.lines:
            return []
        reading = self.read(self.text())
        shift = len(seat) + 2
        return [
            problem(1, max(p.column - shift, 1), p.message) for p in reading.errors if p.line == reading.at.get(seat)
        ]

    def standing(self) -> dict:
        """The scores as `score --json` gives them for the sheet as written, its table and the winner line."""
        scores = self.scores_answer()
        out: dict[str, Any] = {"scores": scores, "provisional": scores.get("provisional", True), "winner": None}
        reading = self.read(self.text())
        if reading.position is None:
            return out | {"note": scores.get("problem", "")}
        teller = self.game.teller
        said = (
            teller.score_table(reading.position)
            if not scores.get("provisional")
            else teller.standings(reading.position)
        )
        if said is None:
            return out
        rows = [[str(cell) for cell in row] for row in said.rows]
        return out | {
            "winner": said.verdict,
            "explanation": list(said.explanation),
            "table": {"headers": list(said.headers), "rows": rows},
        }

    def fields(self) -> list[dict]:
        """Each field of a player's line: its question, its shape, and the names it may use."""
        from pastiche_cli.formats.tallying import Question

        tally = self.tally()
        tally.answers = {(key, ""): self.key_path(key, value) for key, value in self.keys.items()}
        shapes = getattr(self.sheet, "SHAPES", {})
        after = getattr(self.sheet, "words_after", lambda field: [])
        out = []
        for key, text in self.sheet.FIELDS:
            shape = shapes.get(key, "words")
            choices = [] if shape == "number" else tally.choices(Question(key, text))
            out.append({"key": key, "text": text, "shape": shape, "choices": choices, "after": after(key)})
        return out

    def key_fields(self, files: dict[str, list[str]]) -> list[dict]:
        """Each key the host sets: its question, and what it may be (the files beside OUT, scoring cards, yes/no)."""
        from pastiche_cli.formats.tallying import Question

        asked = dict(self.sheet.QUESTIONS)
        tally = self.tally()
        out = []
        for key in self.sheet.KEYS:
            choices = files.get(key) if key in files else tally.choices(Question(key, ""))
            said = getattr(self.sheet, key.upper(), {})  # Masterpiece's OVER: its first word for each answer
            choices = choices or [
                word for word, value in said.items() if next(w for w in said if said[w] == value) == word
            ]
            out.append({"key": key, "text": asked.get(key, key), "choices": choices, "file": key in files})
        return out

    def key_path(self, key: str, value: str) -> str:
        """A key's value as the guided entry reads it (a file named from OUT's folder)."""
        if key in getattr(self.sheet, "FILES", ()) and value and not os.path.isabs(value):
            return os.path.join(self.folder(), value)
        return value

    def files_beside(self) -> dict[str, list[str]]:
        """For each key naming a file: the *.yaml files beside OUT that read as one (a catalogue, a thesis table)."""
        out: dict[str, list[str]] = {}
        for key in getattr(self.sheet, "FILES", ()):
            try:
                names = sorted(n for n in os.listdir(self.folder()) if n.endswith((".yaml", ".yml")))[:MOST_FILES]
            except OSError:
                names = []
            out[key] = [n for n in names if not self.file_problems(key, n)]
        return out

    # --- the terminal -----------------------------------------------------------------------------------

    def serving(self) -> str:
        from pastiche_cli.render.entry import serving

        return serving(
            self.path, len(self.lines), len(self.names), self.opts, getattr(self.sheet, "FILES", ()), self.keys
        )

    def news_line(self, event: str, n: int) -> str | None:
        from pastiche_cli.render.entry import news

        if event == "seat":
            return None
        return news(event, self.last, n, len(self.names), self.path, self.written)


def problem(line: int, column: int, message: str, key: str = "") -> dict:
    said = {"line": line, "column": column, "message": message}
    return said | ({"key": key} if key else {})


class SheetApi(Api):
    """A sheet's own routes: a seat's line, the host's keys."""

    table: SheetTable

    def own_routes(self) -> list[Route]:
        line = Route("/api/sheet/{name}", self.line, methods=["PUT"])  # the spec's
        return [line, Route("/api/sheet-keys", self.keys, methods=["PUT"])]

    async def line(self, request: Request) -> Response:
        said = 'the body holds no line ("line": TEXT)'
        return await self.put(request, "line", str, said, caller(request), request.path_params["name"])

    async def keys(self, request: Request) -> Response:
        return await self.put(request, "keys", dict, 'the body holds no keys ("keys": {KEY: TEXT})')

    async def put(self, request: Request, key: str, kind: type, missing: str, *args) -> Response:
        """The body's `key` (of `kind`, else a 400 saying so) given to the table's put_line or put_keys."""
        body, bad = await json_body(request)
        if bad is not None:
            return bad
        if not isinstance(body.get(key), kind):
            return JSONResponse({"problems": [problem(1, 1, missing)]}, 400)
        change = self.table.put_line if key == "line" else self.table.put_keys
        return answer(await _in_thread(change, *args, body[key]))
