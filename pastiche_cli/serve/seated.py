"""What every mode of a server shares: its two tokens, its seats (each a player of the file), who a token
or seat key is, the listeners told of each change, and the rules at hand.

A server serves one file in one mode: a live record (serve/table.py), a short sheet being filled in
(serve/sheet.py), or a new game's setup (serve/setup.py), which becomes the live record once it is
complete. The mode that follows another is `carried` over: the same tokens, seats and listeners, so
no phone joins again.
"""

from __future__ import annotations

import hmac
import os
import secrets
import threading
from abc import ABC, abstractmethod
from typing import Any, NamedTuple

from pastiche_cli.kernel.game import Game


class Caller(NamedTuple):
    """Who asks: the host's screen, a phone of the table without a seat, or a seated player."""

    role: str  # "host", "table" or "seat"
    seat: str | None = None


HOST, TABLE = Caller("host"), Caller("table")


class Answer(NamedTuple):
    status: int
    body: Any


def fingerprint(path: str) -> tuple | None:
    """A file's time, size and inode: another program's change changes it (None: no file)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size, st.st_ino


class Seated(ABC):
    """The tokens, the seats and the listeners of a served file, whatever its mode."""

    mode = ""  # "live", "sheet" or "setup": the routes and pages served (serve/app.py, serve/pages.py)

    def __init__(self, game: Game, path: str, opts: dict | None = None, carried: Seated | None = None):
        self.game, self.path, self.opts = game, path, opts or {}
        if carried is None:
            self.join_token = secrets.token_urlsafe(24)
            self.host_token = secrets.token_urlsafe(24)
            self.seats: dict[str, str | None] = dict.fromkeys(self.players())
            self.lock = threading.RLock()  # a listener (the news) may read the state while a write holds it
            self.listeners: list = []  # callables given (event, n) after every change
        else:
            self.join_token, self.host_token = carried.join_token, carried.host_token
            self.seats = {name: carried.seats.get(name) for name in self.players()}
            self.lock, self.listeners = carried.lock, carried.listeners
        self.successor: Seated | None = None  # the mode this one became (a setup completed: the live game)

    @abstractmethod
    def players(self) -> list[str]:
        """The players of the file served, in turn order: its seats."""

    def count(self) -> int:
        """The number each event carries: the moves of a record, the lines entered of a sheet."""
        return 0

    def look(self) -> None:
        """Notice a change another program made to the file (the event stream asks every half second)."""
        return None

    def tell(self, event: str) -> None:
        n = self.count()
        for listener in list(self.listeners):
            listener(event, n)

    # --- who is who ---------------------------------------------------------------------------------

    def role_of(self, token: str | None) -> str | None:
        """ "host", "table" or None for a token or cookie value, compared in constant time."""
        given = (token or "").encode()
        if hmac.compare_digest(given, self.host_token.encode()):
            return "host"
        if hmac.compare_digest(given, self.join_token.encode()):
            return "table"
        return None

    def seat_of(self, key: str | None) -> str | None:
        """The seat a key holds (every seat compared, in constant time), or None."""
        found = None
        for name, held in self.seats.items():
            if held is not None and hmac.compare_digest((key or "").encode(), held.encode()):
                found = name
        return found

    def claim(self, name: str, holding: str | None) -> Answer:
        """A phone takes a free seat; `holding`: the seat this browser holds already, if any."""
        with self.lock:
            if name not in self.seats:
                return Answer(404, {"error": f"no player is called {name}", "players": list(self.seats)})
            if holding is not None:
                return Answer(409, {"error": f"this browser holds the seat of {holding} already"})
            if self.seats[name] is not None:
                return Answer(409, {"error": f"the seat of {name} is taken; only the host can free it"})
            key = secrets.token_urlsafe(24)
            self.seats[name] = key
        self.tell("seat")
        return Answer(201, {"seat": name, "key": key})

    def release(self, name: str) -> Answer:
        with self.lock:
            if name not in self.seats:
                return Answer(404, {"error": f"no player is called {name}", "players": list(self.seats)})
            self.seats[name] = None
        self.tell("seat")
        return Answer(200, {"seat": name, "free": True})

    # --- the rules at hand ------------------------------------------------------------------------------

    def search(self, words: str) -> Answer:
        """The rules an id, a prefix or a word finds (`pastiche rules TOPIC`'s lookup): ids and titles, and
        the closest word when nothing is found."""
        from pastiche_cli.kernel.rulebook import book

        found = book(self.game.name).lookup(words)
        rules = [{"id": rule.id, "title": rule.title} for rule in found.matches]
        return Answer(200, {"query": words, "rules": rules, "suggestion": found.suggestion})

    def rule(self, rule_id: str) -> Answer:
        from pastiche_cli.kernel.rulebook import book

        rulebook = book(self.game.name)
        rule = rulebook.get(rule_id)
        if rule is None:
            import difflib

            closest = difflib.get_close_matches(rule_id, rulebook.ids(), n=5, cutoff=0.5)
            return Answer(404, {"error": f"no rule {rule_id}", "closest": closest})
        return Answer(200, rule.as_json() | {"text": rule.summary})
