"""A new game set up on the phones (`pastiche serve --new OUT`): the host enters what the table shows, each
seat its own dealt cards, unseen by the others; OUT keeps what is entered, a record whose setup is not
complete yet, and once it is, the live game (serve/table.py) begins on the same server.

The setup is the record `pastiche new --record` writes: its lists a player fills in by hand (each game's
SetupForm, declared by its reader: the host's lists, each seat's, what they hold and the cards offered) are
the fields, each item one card. An entry replaces the items' text in OUT in place, as a hand would (every
comment and column left as it was), in one safe write; the game's reader judges it first, with the table's
cards and the entrant's own only, and a problem it finds is told beside the item it is in. A card named
twice on one phone, or one the table shows, is refused beside the field; one also in another seat's hand is
told to both once everything is entered. What a caller is told holds the table's fields and its own seat's
only: of another seat, whether it has entered, never what.
"""

from __future__ import annotations

import os

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pastiche_cli.formats.setupfill import Field, layout, spliced, without_theses, written
from pastiche_cli.kernel.game import Game, SetupForm
from pastiche_cli.serve.routes import Api, _in_thread, answer, caller, json_body
from pastiche_cli.serve.seated import Answer, Caller, Seated

# --- the choices offered by tapping -------------------------------------------------------------------


def choices(form: SetupForm, kinds: set[str], opts: dict) -> dict[str, dict]:
    """For each kind of card the setup asks: the cards the page offers ({"value", "label"}) and an example."""
    return {kind: {"example": form.examples.get(kind, ""), "cards": form.cards(kind, opts)} for kind in kinds}


# --- the setup served ---------------------------------------------------------------------------------


class SetupTable(Seated):
    """A new game's setup being entered into OUT: what every setup route reads, and the one place it is
    written from. `start`: the text of `pastiche new --record` for a new OUT (written first); without it,
    OUT is a setup entered in part, gone on with."""

    mode = "setup"

    def __init__(
        self, game: Game, path: str, opts: dict | None = None, carried: Seated | None = None, start: str | None = None
    ):
        self.game, self.path, self.opts = game, path, opts or {}
        self.form = game.reader.setup_form()
        if start is not None:
            self.create(start)
        self.text = ""
        self.reread()
        super().__init__(game, path, opts, carried)
        self.ready: set[str] = set()  # who said ready with nothing to enter: seats, and "" for the table
        self.last = ""  # the news of the last entry, for the terminal
        self.checked: tuple[str | None, tuple[list, list[Field] | None]] = (None, ([], []))  # refused(), its text

    def create(self, text: str) -> None:
        from pastiche_cli.formats.yamlio import atomic_write
        from pastiche_cli.kernel.problems import EXIT_USAGE, FORMAT, Problem
        from pastiche_cli.serve.table import Unservable

        try:
            atomic_write(self.path, text)
        except OSError as exc:
            why = f"cannot write {self.path}: {exc.strerror or exc}"
            raise Unservable([Problem(FORMAT, "unwritable", why)], EXIT_USAGE) from None

    def reread(self) -> bool:
        """OUT read again (the lock held, or before serving): its text, players and fields; whether it changed."""
        from pastiche_cli.formats.reading import located_in_its_file
        from pastiche_cli.formats.yamlio import read_text
        from pastiche_cli.kernel.problems import EXIT_BAD_FILE, PositionError
        from pastiche_cli.serve.table import Unservable

        try:
            text = read_text(self.path)
            if text == self.text:
                return False
            self.names, self.fields = layout(self.form, text)
        except PositionError as exc:
            if self.text:
                return False  # unreadable for now: served as last read; a write refuses it
            raise Unservable(located_in_its_file(self.path, exc), EXIT_BAD_FILE) from None
        self.text = text
        return True

    def players(self) -> list[str]:
        return list(self.names)

    def count(self) -> int:
        if self.successor is not None:
            return 0  # the record's moves, once the setup is complete
        return sum(len(v) - v.count("") for f in self.fields for v in [f.values(self.text)]) + len(self.ready)

    def look(self) -> None:
        """OUT read again if another program changed it (a setup's file is a few KB: its text is compared)."""
        with self.lock:
            if self.reread():
                self.finish()

    # --- who has entered (never what, of another seat) ---------------------------------------------------

    def own(self, owner: str | None) -> list[Field]:
        return [f for f in self.fields if f.owner == owner]

    def entered(self, owner: str | None) -> bool:
        fields = self.own(owner)  # none: a party with nothing to enter says it is ready
        if not fields:
            return (owner or "") in self.ready
        return all(f.filled() for f in fields) and not self.held_up(owner)

    def state(self, caller: Caller) -> Answer:
        from pastiche_cli.render.setting import HOST_NOTHING, NOTHING_DEALT, field_label

        self.look()
        seat = caller.seat
        with self.lock:
            text, fields = self.text, [f for f in self.fields if f.owner is None or (seat and f.owner == seat)]
            body = {
                "game": self.game.name,
                "mode": "setup",
                "file": os.path.basename(self.path),
                "moves": 0,
                "seats": {name: key is not None for name, key in self.seats.items()},
                "you": seat,
                "entered": {name: self.entered(name) for name in self.names},
                "table_entered": self.entered(None),
                "fields": [
                    {
                        "key": f.key,
                        "owner": "table" if f.owner is None else "you",
                        "kind": f.kind,
                        "values": f.values(text),
                        "any_length": f.grows,
                        **field_label(self.form.labels, f.key),
                    }
                    for f in fields
                ],
                "problems": self.held_up(seat if seat else None) if seat or caller.role == "host" else [],
                "saved_theses": self.saved_theses(),
                "complete": self.successor is not None,
            }
        says = self.form.says
        nothing = NOTHING_DEALT if seat and not self.own(seat) else ""
        if caller.role == "host" and not self.own(None):
            nothing = HOST_NOTHING
        return Answer(200, body | {"says": says, "nothing": nothing})

    def saved_theses(self) -> str | None:
        """The thesis catalogue a Masterpiece setup may use instead of typing its table (--theses, or the saved one)."""
        if not self.form.saved or not self.own(None):
            return None
        found = self.game.reader.outside_file(self.opts)
        return os.path.basename(found) if found else None

    def choices(self) -> Answer:
        return Answer(200, choices(self.form, {f.kind for f in self.fields}, self.opts))

    # --- entries ----------------------------------------------------------------------------------------

    def enter(self, caller: Caller, owner: str | None, body: dict) -> Answer:
        """An entry of the table's cards (owner None: the host) or of a seat's own: every problem beside its
        field (400), or written into OUT at once (200); the last entry begins the live game."""
        if owner is not None and caller.seat != owner:
            return Answer(403, {"error": f"only {owner}'s own phone enters {owner}'s cards"})
        with self.lock:
            if self.successor is not None:
                return Answer(409, {"error": "the setup is complete: the game is on"})
            self.reread()
            given, bad = self.given(owner, body)
            if bad:
                return Answer(400, {"error": bad})
            problems, text = self.judged(owner, given, body.get("saved") is True)
            if problems:
                return Answer(400, {"problems": problems})
            if text != self.text:
                refused = self.write(text)
                if refused:
                    return Answer(409, {"error": refused})
            if body.get("ready") is True or body.get("saved") is True:
                self.ready.add(owner or "")
            self.last = self.progress()
            self.tell("setup")
            self.finish()
            return Answer(200, {"entered": self.entered(owner), "complete": self.successor is not None})

    def given(self, owner: str | None, body: dict) -> tuple[dict[str, list[str]], str | None]:
        """The body's fields ({KEY: [TEXT, ...]}), or why it is no entry of `owner`'s."""
        fields = body.get("fields", {})
        mine = {f.key: f for f in self.own(owner)}
        if not isinstance(fields, dict) or not isinstance(body.get("ready", False), bool):
            return {}, 'the body is {"fields": {LIST: [CARD, ...]}} and maybe "ready": true'
        if body.get("saved") is True and (owner is not None or self.saved_theses() is None):
            return {}, "there is no saved thesis table to use here"
        for key, values in fields.items():
            if key not in mine:
                return {}, f"{key} is not for this phone to enter; it enters {', '.join(mine) or 'nothing'}"
            if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
                return {}, f"{key} is a list of texts"
            if not mine[key].grows and len(values) != len(mine[key].node.value):
                return {}, f"{key} holds {len(mine[key].node.value)} cards"
            if len(values) > 60:
                return {}, f"{key} holds at most 60 cards"
        return fields, None

    def judged(self, owner: str | None, given: dict[str, list[str]], saved: bool) -> tuple[list[dict], str]:
        """The problems of an entry (each beside its field) and the text it makes."""
        mine = {f.key: f for f in self.own(owner)}
        problems, texts = [], {}
        for key, values in given.items():
            out = []
            for i, value in enumerate(values):
                typed = mine[key].kind in self.form.typed
                yaml_text, why = written(value, typed) if value.strip() else ("", None)
                if why:
                    problems.append({"field": key, "index": i, "message": why})
                out.append(yaml_text or "")
            texts[key] = out
        problems += self.twice(owner, given)
        if problems:
            return problems, self.text
        text = self.text
        for field in sorted((mine[k] for k in texts), key=lambda f: f.node.start_mark.index, reverse=True):
            text = spliced(text, field, texts[field.key])
        if saved and self.form.saved in mine:
            text = without_theses(text, mine[self.form.saved])
        problems = self.read_problems(owner, masked(self.form, text, owner))
        if problems and all(p["field"] is None and p["of"] != owner for p in problems):
            return [], text  # only another's cards are refused: this entry is kept, and they are told (held_up)
        return [{k: v for k, v in p.items() if k != "of"} for p in problems], text

    def twice(self, owner: str | None, given: dict[str, list[str]]) -> list[dict]:
        """A card of the box named twice in what this entry's owner may see: in this entry, or here and in the
        table's cards or the owner's others. Another seat's cards are not looked at here: a refusal would tell
        whether that seat holds a card, and any card could be tried (a whole hand found out); a card also in
        another seat's is told to both once everything is entered (`held_up`)."""
        from pastiche_cli.render.setting import twice, twice_here

        form, opts = self.form, self.opts
        seen = set()
        for field in self.fields:
            if field.owner not in (None, owner):
                continue
            replaced = given.get(field.key, []) if field.owner == owner else []
            for i, value in enumerate(field.values(self.text)):
                kept = i >= len(replaced) or not replaced[i].strip()
                if value and field.kind in form.once and kept and not (field.grows and replaced):
                    seen.add((field.kind, form.same_card(field.kind, value, opts)))
        problems, here = [], set()
        for key, values in given.items():
            kind = form.kinds.get(key, "card")
            for i, value in enumerate(values):
                card = (kind, form.same_card(kind, value, opts))
                if kind not in form.once or not value.strip():
                    continue
                if card in here or card in seen:
                    said = twice_here(value.strip()) if card in here else twice(value.strip())
                    problems.append({"field": key, "index": i, "message": said})
                here.add(card)
        return problems

    def shared(self, owner: str) -> list[dict]:
        """The cards of `owner`'s also entered in another seat's, or in the table's entered after them: told
        beside each, on this phone and on the other's (one of the two has it wrong), once all is entered."""
        from pastiche_cli.render.setting import twice_on_phones, twice_on_table

        form, opts, text = self.form, self.opts, self.text
        elsewhere: dict[tuple[str, str], str] = {}
        for field in self.fields:
            if field.owner != owner and field.kind in form.once:
                for value in field.values(text):
                    if value:
                        elsewhere.setdefault((field.kind, form.same_card(field.kind, value, opts)), field.key)
        out = []
        for field in self.own(owner):
            for i, value in enumerate(field.values(text)):
                where = elsewhere.get((field.kind, form.same_card(field.kind, value, opts))) if value else None
                if where is not None and field.kind in form.once:
                    public = any(f.key == where and f.owner is None for f in self.fields)
                    said = twice_on_table(value, where) if public else twice_on_phones(value)
                    out.append({"field": field.key, "index": i, "message": said})
        return out

    def refused(self, text: str) -> tuple[list, list[Field] | None]:
        """The reader's errors in a text an entry makes (a FILL-IN left aside) and its fields (None: the text
        does not compose, as the entry made it), read once a text."""
        from pastiche_cli.formats.reading import read_any
        from pastiche_cli.kernel.problems import WARNING, PositionError

        if self.checked[0] != text:
            fields: list[Field] | None
            try:
                self.game.reader.prepare(self.path, self.opts)
                problems = read_any(self.game, self.path, text, self.opts)[1]
                fields = layout(self.form, text)[1]
            except PositionError as exc:
                problems, fields = exc.problems, None
            self.checked = (text, ([p for p in problems if p.kind != WARNING and p.code != "placeholder"], fields))
        return self.checked[1]

    def read_problems(self, owner: str | None, text: str) -> list[dict]:
        """What the game's reader finds wrong in the text an entry makes but a FILL-IN left: beside the item
        of `owner`'s it is in; in another's items, said without its words, with that owner (`of`, for
        `field` None); elsewhere, as it is said unless it names another's cards or name."""
        from pastiche_cli.render.setting import refused_elsewhere

        errors, fields = self.refused(text)
        known, shown = (fields, text) if fields is not None else (self.fields, self.text)
        mine = {v.casefold() for f in known if f.owner == owner for v in f.values(shown) if v}
        hidden = {v.casefold() for f in known if f.owner not in (None, owner) for v in f.values(shown) if v} - mine
        hidden |= {name.casefold() for name in self.names if name != owner}  # never whose cards they are
        owners = {f.owner for f in fields or []} - {owner}
        out: list[dict] = []
        for problem in errors:
            spot = _located(fields or [], owner, problem.line, problem.column)
            others = [o for o in owners if _located(fields or [], o, problem.line, problem.column)]
            message = problem.message
            if others or any(word in message.casefold() for word in hidden):
                message = refused_elsewhere()
            if spot is None:
                said = {"field": None, "index": None, "message": message, "of": others[0] if others else owner}
            else:
                said = {"field": spot[0], "index": spot[1], "message": message}
            if said not in out:
                out.append(said)
        return out

    def held_up(self, owner: str | None) -> list[dict]:
        """What the rules refuse in `owner`'s own cards once nothing is left to fill in (an entry of another's
        made the setup whole): told beside them on that phone, which alone can change them."""
        if self.successor is not None or not self.fields or not all(f.filled() for f in self.fields):
            return []
        twice = self.shared(owner) if owner is not None else []
        return twice or [p for p in self.read_problems(owner, self.text) if p["field"] is not None]

    def write(self, text: str) -> str | None:
        """The entry's text into OUT in one safe write, if OUT is still what was judged; why not, else."""
        from pastiche_cli.formats.playing import refusing
        from pastiche_cli.formats.yamledit import Refused
        from pastiche_cli.formats.yamlio import edit_text

        try:
            refusing(lambda: edit_text(self.path, lambda old: text, lambda new: None, expected_text=self.text))
        except Refused as exc:
            return f"not entered, {os.path.basename(self.path)} is unchanged: {exc}"
        self.reread()
        return None

    def finish(self) -> None:
        """Everything entered (the lock held): the live game from now on, with the same tokens and seats."""
        from pastiche_cli.render.setting import complete
        from pastiche_cli.serve.table import Table, Unservable

        if self.successor is not None or not all(self.entered(owner) for owner in [None, *self.names]):
            return
        try:
            live = Table(self.game, self.path, self.opts, carried=self)
        except Unservable:
            return
        # told while this table is still the one served, so the terminal's news is its own; then the phones
        # reload onto the live table (a request from now on is served by it)
        self.last = complete(self.path)
        self.tell("setup")
        self.successor = live
        self.tell("reload")

    # --- the terminal's news ------------------------------------------------------------------------------

    def progress(self) -> str:
        from pastiche_cli.render.setting import progress

        done = [name for name in self.names if self.entered(name)]
        return progress(done, [name for name in self.names if name not in done], self.entered(None))

    def serving(self) -> str:
        from pastiche_cli.render.setting import serving

        return serving(self.path)

    def news_line(self, event: str, n: int) -> str | None:
        from pastiche_cli.render.setting import begins

        if event == "setup":
            return self.last
        if event == "reload" and self.successor is not None:
            return begins()
        return None


def masked(form: SetupForm, text: str, owner: str | None) -> str:
    """The text an entry of `owner`'s is judged on: every other seat's cards FILL-IN again, so that no verdict
    on an entry depends on cards its phone may not see (a refusal would tell them, and any card could be
    tried); what they make together is judged once all is entered (`SetupTable.held_up`)."""
    from pastiche_cli.formats.nodes import PLACEHOLDER
    from pastiche_cli.kernel.problems import PositionError

    try:
        fields = layout(form, text)[1]
    except PositionError:
        return text  # it does not compose: the reader says why, as the entry made it
    for field in sorted(fields, key=lambda f: f.node.start_mark.index, reverse=True):
        if field.owner not in (None, owner) and not field.grows:
            blank = form.blank.get(field.kind, PLACEHOLDER)  # as `new` left it
            text = spliced(text, field, [blank] * len(field.spans()))
    return text


def _located(fields: list[Field], owner: str | None, line: int, column: int) -> tuple[str, int] | None:
    """The field of `owner`'s and the item a problem at (line, column) (1-based) is in."""
    for field in fields:
        if field.owner != owner:
            continue
        for i, item in enumerate(field.node.value):
            start = (item.start_mark.line + 1, item.start_mark.column + 1)
            end = (item.end_mark.line + 1, item.end_mark.column + 1)
            if start <= (line, column) <= end:
                return field.key, i
    return None


class SetupApi(Api):
    """A setup's own routes: the host's entry of the table, a seat's of its own cards, the choices offered."""

    table: SetupTable

    def own_routes(self) -> list[Route]:
        entry = {"endpoint": self.enter, "methods": ["PUT"]}  # the host's and a seat's, one route each
        tables = [Route("/api/setup/table", **entry), Route("/api/setup/seat/{name}", **entry)]  # type: ignore[arg-type]
        return [*tables, Route("/api/setup/choices", self.choices)]

    async def enter(self, request: Request) -> Response:
        """The host's entry (/api/setup/table) or seat NAME's (/api/setup/seat/NAME)."""
        name = request.path_params.get("name")
        if name is not None and name not in self.table.seats:
            return JSONResponse({"error": f"no player is called {name}", "players": list(self.table.seats)}, 404)
        body, bad = await json_body(request)
        return bad or answer(await _in_thread(self.table.enter, caller(request), name, body))

    async def choices(self, request: Request) -> Response:
        return answer(await _in_thread(self.table.choices))
