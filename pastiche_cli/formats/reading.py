"""A file read as a game's (kernel/game.py: Game): a position file, a record replayed, or a short sheet; nothing
is reported here and no process ends (the terminal's load, cli/game.py, says the problems and picks the exit code)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pastiche_cli.kernel.problems import FORMAT, NOWHERE, Places, Problem

if TYPE_CHECKING:
    from pastiche_cli.kernel.game import Game
    from pastiche_cli.kernel.replay import Replay


def load_text(game: Game, path: str, text: str, opts: dict) -> tuple[Any, list[Problem], Any, Replay | None, Places]:
    """A position file, or a record replayed: (position, problems, record, replay, where the file gives each part)."""
    from pastiche_cli.formats.gamekey import is_record_text

    if is_record_text(text):
        from pastiche_cli.formats.record import load_record

        rules = game.rules
        loaded = load_record(path, text, game.reader.record_reading(path, opts), rules, rules.consistency)
        unusable = loaded.replay is None or any(p.kind == FORMAT for p in loaded.problems)
        places = loaded.record.places if loaded.record is not None else NOWHERE
        return (None if unusable else loaded.position), loaded.problems, loaded.record, loaded.replay, places
    position, problems, places = game.reader.read_position(path, text, opts)
    return position, problems, None, None, places


def read_sheet(game: Game, path: str, text: str, opts: dict) -> tuple[Any, list[Problem], str | None, Places]:
    """A short sheet read by the game's own sheet: (position or None, problems, its position file's text, places)."""
    from pastiche_cli.formats.sheet import read_sheet as read

    sheet = game.reader.sheet()
    if sheet is None:
        said = f"{game.title} has no short sheet (docs/quick.md): write a position file"
        return None, [Problem(FORMAT, "no-sheet", said)], None, NOWHERE
    return read(path, text, sheet, lambda written: game.reader.read_position(path, written, opts), opts)


def read_any(
    game: Game, path: str, text: str, opts: dict
) -> tuple[Any, list[Problem], Any, Replay | None, str | None, Places]:
    """load_text, or read_sheet for a short sheet: (position, problems, record, replay, sheet's text, places)."""
    from pastiche_cli.formats.gamekey import is_sheet

    if is_sheet(path, text):
        position, problems, written, places = read_sheet(game, path, text, opts)
        return position, problems, None, None, written, places
    position, problems, record, replay, places = load_text(game, path, text, opts)
    return position, problems, record, replay, None, places


def all_problems(game: Game, path: str, opts: dict | None = None) -> tuple[Any, list[Problem]]:
    """`check`'s reading: the position (None if unusable) and every problem of the file, nothing reported."""
    from pastiche_cli.formats.yamlio import read_text
    from pastiche_cli.kernel.problems import PositionError

    opts = {} if opts is None else opts
    try:
        game.reader.prepare(path, opts)
        position, problems, _, _, _, _ = read_any(game, path, read_text(path), opts)
    except PositionError as exc:
        return None, located_in_its_file(path, exc)
    return position, problems


def located_in_its_file(path: str, exc) -> list[Problem]:
    """A PositionError's problems, those of a file an option names (a catalogue) located in that file."""
    elsewhere = exc.filename if exc.filename != path else None
    return [p._replace(file=elsewhere) if elsewhere else p for p in exc.problems]
