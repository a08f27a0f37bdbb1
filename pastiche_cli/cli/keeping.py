"""What `keep`, `history`, `stats` and `tally --keep` share: the play history opened for a command, a
finished game made a play, and its BG Stats link.

The history is formats/history.py's (SQLite, in the data folder); a file that cannot be used is
named and the command exits 3, the file left as it was. A game becomes a play through the game's
own teller (kernel/game.py: `Teller.scored`: `score --json` and whether the game is over, as `score`
says it), so a game `score` calls provisional is never kept.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, NamedTuple

import click

from pastiche_cli.kernel.plays import Play, Seat

if TYPE_CHECKING:
    from pastiche_cli.formats.history import History
    from pastiche_cli.kernel.game import Game, Loaded

DATE_FORMS = ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%d")


def history_path() -> str:
    from pastiche_cli.formats.history import default_path

    return default_path()


@contextmanager
def open_history(create: bool = False) -> Iterator[History]:
    """The play history open for a command: a file that is not one, of a newer pastiche, or a damaged page
    read late is said, exit 3."""
    from pastiche_cli.cli.shell import abort
    from pastiche_cli.formats.history import History, HistoryError
    from pastiche_cli.kernel.problems import EXIT_BAD_FILE

    try:
        with History.open(history_path(), create=create) as history:
            yield history
    except HistoryError as exc:
        abort(f"the play history {exc.path} {exc.why}", EXIT_BAD_FILE)


def parse_date(text: str | None) -> str:
    """`--date` as the history keeps it, YYYY-MM-DD HH:MM:SS (a day alone: at noon); none: now."""
    from datetime import datetime

    if text is None:
        return datetime.now().strftime(DATE_FORMS[0])
    for form in DATE_FORMS:
        try:
            when = datetime.strptime(text.strip(), form)
        except ValueError:
            continue
        if form == "%Y-%m-%d":
            when = when.replace(hour=12)
        return when.strftime(DATE_FORMS[0])
    raise click.BadParameter(
        f"'{text}' is not a date: write YYYY-MM-DD, or YYYY-MM-DD HH:MM (2025-03-14 20:30)", param_hint="'--date'"
    )


def files_used(game: Game, path: str, text: str, opts: dict) -> list[tuple[str, str]]:
    """(name, path) of each file read with this one: those a short sheet names (`catalogue: box.yaml`, named
    as the sheet names it), else the game's `outside_file(opts)` (by its base name): the --catalogue or
    --theses file, or the saved one, that a position or a sheet naming none is read with."""
    named = sheet_files(game, path, text)
    if named:
        return named
    outside = game.reader.outside_file(opts)
    return [(os.path.basename(outside), outside)] if outside else []


def sheet_files(game: Game, path: str, text: str) -> list[tuple[str, str]]:
    """(name, path) of each file a short sheet names (`catalogue: box.yaml`); none for another file."""
    from pastiche_cli.formats.gamekey import is_sheet
    from pastiche_cli.formats.sheet import parse, relative

    sheet_module = game.reader.sheet() if is_sheet(path, text) else None
    if sheet_module is None:
        return []
    sheet, _ = parse(path, text, sheet_module.KEYS)
    named = []
    for key in getattr(sheet_module, "FILES", ()):
        words = sheet.keys.get(key, (None, ()))[1]
        if words:
            written = " ".join(t.text for t in words)
            named.append((written, relative(path, written)))
    return named


class Refusal(NamedTuple):
    """A file `keep` does not keep, and why (exit 1: the game is not over, or there are no scores)."""

    file: str
    reason: str
    rule: str = ""

    def said(self) -> str:
        return f"{self.file}: not kept: {self.reason}" + (f" [{self.rule}]" if self.rule else "")

    def as_json(self) -> dict:
        return {"file": self.file, "reason": self.reason, "rule": self.rule or None}


def play_of(game: Game, path: str, text: str, loaded: Loaded, opts: dict, played: str) -> Play | Refusal:
    """The finished game in `loaded` (read from `path`, whose text is `text`) as a play dated `played`;
    a Refusal when `score` would call its scores provisional, or give none."""
    scores = game.teller.scored(loaded)
    if scores.answer is None:
        return Refusal(path, scores.problem or "no scores can be given")
    if scores.provisional:  # score's note: why the game is not over
        return Refusal(path, scores.reason or "the game is not over, so these scores are provisional", scores.rule)
    answer = scores.answer
    from pastiche_cli.facts import game_data

    points = game_data(game.name, "bgstats.json")["score"]  # which of its numbers is a player's score
    by_name = {p["name"]: p for p in answer["players"]}
    winners = set(answer.get("winners", ()))
    started = None
    if loaded.is_record and loaded.replay is not None and loaded.replay.steps:
        started = loaded.replay.steps[0].move.player
    seats = tuple(
        Seat(
            p.name,
            int(by_name[p.name][points]),
            int(by_name[p.name]["rank"]),
            p.name in winners,
            p.name == started,
        )
        for p in loaded.position.players
    )
    used = []
    for name, where in files_used(game, path, text, opts):
        try:
            with open(where, encoding="utf-8") as handle:
                used.append((name, handle.read()))
        except (OSError, ValueError):  # read a moment ago by the loader; gone since: kept without it
            continue
    kind = "record" if loaded.is_record else "sheet" if loaded.written is not None else "position"
    digest = hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()
    return Play(
        game.name,
        played,
        path.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace"),  # a name's bytes not UTF-8
        kind,
        str(answer.get("decided_by", "")),
        seats,
        answer,
        text,
        tuple(used),
        digest=digest,
        source_id=digest[:24],
    )


def bgstats_link(play: Play) -> str:
    """The BG Stats link of a play, with its game's facts (data/GAME/bgstats.json)."""
    from pastiche_cli.facts import game_data
    from pastiche_cli.kernel.bgstats import link

    return link(play, game_data(play.game, "bgstats.json"), step_words(play.game, play.decided_by))


def scored_again(play: Play) -> tuple[list[str] | None, str]:
    """The play's final scores told as `score` tells them (the game's `final_lines`: the scores, the
    derivation, the rule ids), from its kept text and the files it was read with, scored by this
    pastiche: (the lines, "") or (None, why it cannot be). The files are written to a folder of their
    own, each under the name it was read by; one named outside that folder cannot be (a sheet's
    `catalogue: ../box.yaml`)."""
    import tempfile

    from pastiche_cli import games
    from pastiche_cli.cli.game import terminal
    from pastiche_cli.formats.reading import read_any
    from pastiche_cli.kernel.problems import FORMAT, PositionError

    registered = games.by_name(play.game)
    if registered is None or not games.declares(registered):
        return None, f"this pastiche has no game {play.game!r}"
    game = games.declared(registered)
    option_names = terminal(game).option_names
    name = os.path.basename(play.file.replace("\\", "/")) or "play"
    with tempfile.TemporaryDirectory(prefix="pastiche-show-") as folder:
        path = os.path.join(folder, name)
        opts: dict = {}
        named = {n for n, _ in sheet_files(game, path, play.text)}  # a sheet's `catalogue: box.yaml`
        for used, text in play.used:
            where = os.path.normpath(used if used in named else os.path.basename(used))
            if os.path.isabs(where) or where.startswith(os.pardir) or where == name:
                return None, f"it was read with {used}, a file outside its own folder"
            target = os.path.join(folder, where)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "w", encoding="utf-8", newline="") as handle:
                handle.write(text)
            if used not in named and option_names:
                opts[option_names[0]] = target  # --catalogue, --theses: the file it was read with
        try:
            game.reader.prepare(path, opts)
            position, problems, _, _, _, _ = read_any(game, path, play.text, opts)
            if position is None or any(p.kind == FORMAT for p in problems):
                return None, "this pastiche cannot read its kept text: " + "; ".join(p.message for p in problems[:3])
            lines = game.teller.final_lines(position)
            now = game.teller.scores_json(position) or {}
            if (now.get("decided_by"), list(now.get("winners", ()))) != (play.decided_by, list(play.winners)):
                kept = f"{' and '.join(play.winners)}, decided by {game.teller.step_words(play.decided_by)}"
                lines += ["", f"Note: when kept, this pastiche said {kept}; `--json` gives the scores as kept."]
            return lines, ""
        except PositionError as exc:
            return None, f"this pastiche cannot read its kept text: {exc}"
        except (OSError, ValueError) as exc:
            return None, f"its files cannot be written to score it again: {exc}"


def step_words(game: str, step: str) -> str:
    """A play's decided_by as its game's `score` says it ("highest total"); the id for a game this
    pastiche no longer has."""
    from pastiche_cli import games

    registered = games.by_name(game)
    if registered is None or not games.declares(registered):
        return step
    return games.declared(registered).teller.step_words(step)


def highest_wins(game: str) -> bool:
    """Whether the game's highest number wins (Artline's lowest: paintings left in hand)."""
    from pastiche_cli.facts import game_data

    try:
        return bool(game_data(game, "bgstats.json")["highestWins"])
    except (OSError, KeyError, ValueError):  # a game this pastiche no longer has: as most games count
        return True


def read_game(path: str, opts: dict, played: str) -> Play | Refusal | int:
    """The file read by its own game (its `game:`, else Pastiche) as `score` reads it, made a play; a
    Refusal; or the exit code when it cannot be read (its problems said, located, on stderr)."""
    from pastiche_cli import games
    from pastiche_cli.cli.game import load, terminal
    from pastiche_cli.cli.shell import err
    from pastiche_cli.formats.gamekey import declared_game
    from pastiche_cli.formats.yamlio import read_text
    from pastiche_cli.kernel.problems import EXIT_BAD_FILE, PositionError
    from pastiche_cli.kernel.suggest import hint, suggest

    said = declared_game(path) if path != "-" and os.path.isfile(path) else None
    if path == "-":
        from pastiche_cli.formats.gamekey import declared_in

        try:
            said = declared_in(read_text("-"))
        except (PositionError, OSError, ValueError):
            said = None
    registered = games.by_name(said.word) if said is not None else games.known()[games.DEFAULT]
    if registered is None:
        assert said is not None
        near = hint(suggest(said.word.lower(), games.names()))
        err(f"{path}:{said.line}:{said.column}: error: unknown game '{said.word}'{near}")
        return EXIT_BAD_FILE
    game = games.declared(registered)
    own = {name: opts.get(name) for name in terminal(game).option_names}
    try:
        loaded = load(game, path, own)
    except SystemExit as exc:  # its problems are said; the others files are read all the same
        return exc.code if isinstance(exc.code, int) else EXIT_BAD_FILE
    except PositionError as exc:
        for p in exc.problems:
            err(p.located(exc.filename or path))
        return EXIT_BAD_FILE
    return play_of(game, path, loaded.text, loaded, own, played)


def _game_name(ctx, param, value: str | None) -> str | None:
    if value is None:
        return None
    from pastiche_cli import games

    found = games.by_name(value)
    if found is None:
        from pastiche_cli.kernel.suggest import hint, suggest

        near = hint(suggest(value.lower(), games.names()), style="sentence")
        raise click.BadParameter(f"no game '{value}'.{near} The games: {', '.join(games.known())}.")
    return found.name


def game_option(f):
    """--game NAME: only the plays of that game (any of its names)."""
    return click.option("--game", "game", metavar="NAME", callback=_game_name, help="Only the plays of this game.")(f)


def keep_one(game: Game, path: str, text: str, loaded: Loaded, opts: dict, named: str) -> Play | Refusal:
    """A game just scored (tally's sheet, read as if at `path`) kept now, dated now, as a new play each
    time (a game played now, even with the very scores of one kept before), under the name `named`
    (the sheet written, or "the tally"): the play as kept, or why it was not."""

    made = play_of(game, path, text, loaded, opts, parse_date(None))
    if isinstance(made, Refusal):
        return made._replace(file=named)
    made = made._replace(file=named)
    with open_history(create=True) as history:
        kept = history.play(history.keep([made], again=True)[0])
    assert kept is not None
    return kept
