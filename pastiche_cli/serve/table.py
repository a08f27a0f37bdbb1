"""The game a server serves: its record as last read, its tokens and seats, and each caller's share of it.

Every answer here is a (status, JSON) pair the app sends as it is. The rules decide (the game's
`parse_move`, `judge_next`, `advance`), formats/playing.py writes, and every state and log is built
from the game's view for the caller: a seat sees its own secret cards and the public table; the host
and an unseated phone see the public table. One lock orders the writes: a move is judged on the record
as it is when its turn to write comes, re-read first when another program changed the file.
"""

from __future__ import annotations

import os
import re
import secrets
from typing import Any, NamedTuple

from pastiche_cli.kernel.game import Game, Loaded
from pastiche_cli.serve.seated import HOST, TABLE, Answer, Caller, Seated, fingerprint

__all__ = ["HOST", "TABLE", "Answer", "Caller", "Table"]


class Proposal(NamedTuple):
    """A move waiting for the answers of the seats it asks (a trade with one of them, a vote of the table)."""

    ident: str
    move: Any
    asks: tuple[str, ...]
    answers: dict[str, bool]


class Unservable(Exception):
    """The file cannot be served (it does not read, or it is not a record): its problems, located."""

    def __init__(self, problems: list, code: int):
        super().__init__("; ".join(str(p) for p in problems))
        self.problems, self.code = problems, code


def read_record(game: Game, path: str, opts: dict) -> Loaded:
    """The record at `path`, read and replayed, or Unservable with every problem (a move the rules refuse
    is no problem here: the record is served up to it, as `play` refuses to add after it)."""
    from pastiche_cli.formats.reading import located_in_its_file, read_any
    from pastiche_cli.formats.yamlio import read_text
    from pastiche_cli.kernel.problems import EXIT_BAD_FILE, WARNING, PositionError

    try:
        text = read_text(path)
        position, problems, record, replay, _, places = read_any(game, path, text, opts)
    except PositionError as exc:
        raise Unservable(located_in_its_file(path, exc), EXIT_BAD_FILE) from None
    errors = [p for p in problems if p.kind != WARNING and p.code != "illegal-move"]
    if errors or record is None or replay is None:
        raise Unservable(errors, EXIT_BAD_FILE)
    return Loaded(replay.final, [p for p in problems if p.kind == WARNING], record, replay, text=text, places=places)


class Table(Seated):
    """A served record: what every route reads and the one place a move is written from."""

    mode = "live"

    def __init__(self, game: Game, path: str, opts: dict | None = None, carried: Seated | None = None):
        self.loaded = read_record(game, path, opts or {})
        super().__init__(game, path, opts, carried)
        self.proposals: dict[str, Proposal] = {}
        self.gone: set[str] = set()  # proposals the table moved on from (their answer is a 409)
        self.seen: tuple = ()  # the file's time, size and inode when `look` last looked
        self.drawn: tuple[Any, bytes] = (None, b"")  # the record read, and its picture

    def players(self) -> list[str]:
        return [entry["name"] for entry in self.game.teller.position_json(self.loaded.replay.setup)["players"]]

    # --- what a caller sees -------------------------------------------------------------------------

    def count(self) -> int:
        return len(self.loaded.record.moves)

    def tell(self, event: str) -> None:
        if event in ("move", "undo", "reload"):  # the table moved on: no proposal made on it stands
            self.gone |= set(self.proposals)
            self.proposals.clear()
        super().tell(event)

    def reread(self) -> bool:
        """Read the file again if another program changed it since (a `reload` event); whether it had."""
        from pastiche_cli.formats.yamlio import read_text
        from pastiche_cli.kernel.problems import PositionError

        try:
            changed = read_text(self.path) != self.loaded.text
        except PositionError:
            return False  # gone or unreadable for now: served as last read; a write refuses it
        if changed:
            try:
                self.loaded = read_record(self.game, self.path, self.opts)
            except Unservable:
                return False
            self.tell("reload")
        return changed

    def look(self) -> None:
        """Read the file again when its size or time changed on disk (the event stream asks every half second)."""
        seen = fingerprint(self.path)
        if seen is not None and seen != self.seen:
            self.seen = seen
            with self.lock:
                self.reread()

    def state(self, caller: Caller) -> Answer:
        self.look()
        with self.lock:
            loaded = self.loaded
        game, replay = self.game, loaded.replay
        final, over = replay.final, replay.over
        seat = caller.seat
        turn = getattr(final, "turn", None)
        body = {
            "game": game.name,
            "file": os.path.basename(self.path),
            "moves": len(loaded.record.moves),
            "over": over,
            "turn": {"player": game.rules.mover(final), "phase": getattr(turn, "phase", None)},  # who moves next
            **self.scores(final, replay, over),
            "view": game.view.of(final, seat, open_hands=over),  # at the end every hand is shown
            "secret": list(game.view.secret),  # the keys of a player's entry another seat sees as counts
            "seats": {name: key is not None for name, key in self.seats.items()},
            "you": seat,
            "log": self.log(replay, seat, over),
            "stopped": replay.stop.message() if replay.stop is not None else None,
            "report": "/report" if over else None,
            "proposals": [
                {
                    "id": p.ident,
                    "player": p.move.player,
                    "move": str(p.move),
                    "asks": list(p.asks),
                    "question": self.game.rules.question(p.move),
                    "answered": sorted(p.answers),
                }
                for p in self.proposals.values()
            ],
            "picture": self.picture_url(len(loaded.record.moves)),
        }
        return Answer(200, body)

    def picture_url(self, moves: int) -> str | None:
        """Where the page finds the public table drawn (a game with a board), named by the moves it shows."""
        from pastiche_cli.kernel.game import BoardTeller

        return f"/api/picture/{moves}" if isinstance(self.game.teller, BoardTeller) else None

    def picture(self) -> bytes | None:
        """The public table drawn (the board: everyone sees it) as SVG, drawn once for each record read."""
        from pastiche_cli.kernel.game import BoardTeller

        teller = self.game.teller
        if not isinstance(teller, BoardTeller):
            return None
        self.look()
        with self.lock:
            loaded = self.loaded
            if self.drawn[0] is not loaded:
                svg = teller.board_svg(loaded.replay.final, os.path.basename(self.path))
                self.drawn = (loaded, svg.encode("utf-8"))
            return self.drawn[1]

    def scores(self, final, replay, over: bool) -> dict:
        """The final scores once the game is over; before, the points everyone sees (the record page's race)."""
        if over:  # with the winner line and the derivation, as `score` and the record page say them
            said = self.game.teller.score_table(final)
            why = (
                {
                    "winner": said.verdict,
                    "explanation": list(said.explanation),
                    "table": {
                        "headers": list(said.headers),
                        "rows": [[str(cell) for cell in row] for row in said.rows],
                    },
                }
                if said is not None
                else {}
            )
            return {"scores": self.game.teller.scores_json(final), "provisional": False, **why}
        race = self.game.teller.race([replay.setup, *(step.after for step in replay.steps)])
        if race is None:
            return {"scores": None, "provisional": True}
        points = dict(zip(race.players, race.points[-1]))
        return {"scores": {"measure": race.measure, "points": points}, "provisional": True}

    def log(self, replay, seat: str | None, over: bool) -> list[dict]:
        """Every move as `seat` may see it: a move that drew a secret card is told as the table saw it
        (once the game is over, as written)."""
        told = (lambda step, seat: str(step.move)) if over else self.game.view.move_text
        return [
            {"n": step.n, "player": getattr(step.move, "player", None), "move": told(step, seat)}
            for step in replay.steps
        ]

    # --- moves ----------------------------------------------------------------------------------------

    def move(self, caller: Caller, text: str, after: int, check: bool) -> Answer:
        """Judge TEXT as `caller`'s move after `after` moves; write it unless `check`."""
        from pastiche_cli.kernel.moves import MoveSyntaxError
        from pastiche_cli.render.records import played_json

        game = self.game
        with self.lock:
            self.reread()
            loaded = self.loaded
            replay = loaded.replay
            n = len(loaded.record.moves)
            if replay.stop is not None:
                return Answer(409, {"error": f"the record stops at {replay.stop.message()}", "moves": n})
            try:
                move = game.rules.parse_move(text, replay.final)
            except MoveSyntaxError as exc:
                return Answer(400, {"error": str(exc), "column": exc.column})
            if getattr(move, "player", None) != caller.seat:
                return Answer(403, {"error": f"{caller.seat} cannot play a move of {move.player}"})
            if after != n:
                return Answer(409, {"error": "stale", "moves": n})
            asks = game.rules.consents(replay.final, move)
            judge = game.rules.judge_proposal if asks else game.rules.judge_next  # no other seat's secret told
            verdict = judge(replay.final, replay.over, move)
            if not verdict.legal:
                return Answer(422, self.unseen_out(played_json(n + 1, move, verdict, None, False), caller.seat))
            if check:
                return Answer(
                    200, self.unseen_out(played_json(n + 1, move, verdict, None, False), caller.seat) | {"check": True}
                )
            if asks:
                return self.propose(move, asks)
            return self.write(move, verdict, n)

    def options(self, caller: Caller) -> Answer:
        """The moves `caller`'s seat may play now where the game can list them (the rules' `options`, each
        judged legal): none for a seat whose move it is not, nor once the game is over or the record stops."""
        self.look()
        with self.lock:
            loaded = self.loaded
        replay = loaded.replay
        n = len(loaded.record.moves)
        found = () if replay.stop is not None else self.game.rules.options(replay.final, caller.seat, replay.over)
        return Answer(200, {"moves": n, "options": [{"move": o.move, "note": o.note} for o in found]})

    def unseen_out(self, said: dict, seat: str | None) -> dict:
        """A verdict for `seat` with nothing in it of the cards it may not see: a reason, effect or note that
        names one (Masterpiece: "yellow 9 is in Ben's hand") is said without its reason."""
        hidden = self.game.view.unseen_words(self.loaded.replay.final, seat)
        told = [said.get("reason", ""), *said.get("effects", []), *said.get("notes", [])]
        names = re.compile(
            "|".join(rf"(?<![\w-]){re.escape(word)}(?![\w-])" for word in sorted(hidden, key=len, reverse=True))
        )
        if not hidden or not any(names.search(str(text)) for text in told):
            return said
        why = "the rules refuse it for a reason that names cards you may not see" if not said.get("legal") else ""
        return said | {"reason": why or "legal", "effects": [], "notes": [], "unseen": True}

    def propose(self, move, asks: tuple[str, ...]) -> Answer:
        """A move that needs other seats' answers waits for them (the lock held): 202 and its id. Any change
        of the table lapses it (`tell`)."""
        ident = secrets.token_urlsafe(9)
        self.proposals[ident] = Proposal(ident, move, asks, {})
        self.tell("proposal")
        return Answer(202, {"proposal": ident, "asks": list(asks), "move": str(move)})

    def answer(self, caller: Caller, ident: str, accept: bool) -> Answer:
        """A seat asked answers a proposal; the last answer makes the move (judged again) or declines it."""
        with self.lock:
            self.reread()
            proposal = self.proposals.get(ident)
            if ident in self.gone:
                return Answer(409, {"error": "stale", "moves": len(self.loaded.record.moves)})
            if proposal is None:
                return Answer(404, {"error": "no such proposal (it was answered, or the table moved on)"})
            if caller.seat not in proposal.asks:
                return Answer(403, {"error": f"{caller.seat} is not asked about this move"})
            proposal.answers[caller.seat] = accept
            waiting = [seat for seat in proposal.asks if seat not in proposal.answers]
            if waiting:
                self.tell("proposal")
                return Answer(200, {"waiting": waiting})
            del self.proposals[ident]
            move = self.game.rules.answered(proposal.move, proposal.answers)
            if move is None:
                self.tell("proposal")
                return Answer(200, {"declined": True, "move": str(proposal.move)})
            return self.judged_write(move, caller.seat)

    def judged_write(self, move, seat: str | None) -> Answer:
        """The move the answers made, judged on the whole table (the lock held); its refusal told to `seat`,
        the last to answer, without another seat's cards."""
        from pastiche_cli.render.records import played_json

        replay, n = self.loaded.replay, len(self.loaded.record.moves)
        verdict = self.game.rules.judge_next(replay.final, replay.over, move)
        if not verdict.legal:
            self.tell("proposal")
            return Answer(422, self.unseen_out(played_json(n + 1, move, verdict, None, False), seat))
        return self.write(move, verdict, n)

    def write(self, move, verdict, n: int) -> Answer:
        """The legal move (its verdict given) added to the record (the lock held): its verdict as the record
        makes it."""
        from pastiche_cli.formats.playing import append_moves, same
        from pastiche_cli.formats.yamledit import Refused
        from pastiche_cli.render.records import played_json

        game, loaded = self.game, self.loaded
        after, verdict, _ = game.rules.advance(loaded.replay.final, move, verdict)
        try:
            append_moves(game, self.path, loaded, [str(move)], self.opts, same(game, after))
        except Refused as exc:
            return Answer(409, {"error": f"not played, {os.path.basename(self.path)} is unchanged: {exc}"})
        self.loaded = read_record(game, self.path, self.opts)
        self.tell("move")
        return Answer(200, played_json(n + 1, move, verdict, None, True))

    def undo(self) -> Answer:
        """The host takes the last move back."""
        from pastiche_cli.formats.playing import take_back
        from pastiche_cli.formats.yamledit import Refused

        with self.lock:
            self.reread()
            loaded = self.loaded
            if not loaded.record.moves:
                return Answer(409, {"error": "the record has no moves to take back", "moves": 0})
            step = loaded.replay.steps[-1] if len(loaded.replay.steps) == len(loaded.record.moves) else None
            taken = self.game.view.move_text(step, None) if step is not None else loaded.record.moves[-1].text
            try:
                take_back(self.game, self.path, loaded, self.opts)
            except Refused as exc:
                return Answer(409, {"error": f"not taken back, {os.path.basename(self.path)} is unchanged: {exc}"})
            self.loaded = read_record(self.game, self.path, self.opts)
            moves = len(self.loaded.record.moves)
        self.tell("undo")
        return Answer(200, {"undone": taken, "moves": moves})
