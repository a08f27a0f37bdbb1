"""The one driver every game's moves are written through (`--apply`, `play`, `undo`); a failure is a Refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import NoReturn

from pastiche_cli.cli.shell import abort, refuse_stdin
from pastiche_cli.formats.yamledit import Refused

__all__ = ["Refused", "abort_invalid", "apply_edit", "apply_moves", "refuse_stdin"]


def apply_edit(
    path: str, change: Callable[[object], None], validate: Callable[[str], None], expected_text: str | None
) -> None:
    """Edit the file's round-trip YAML if it still holds `expected_text`, aliases un-shared first; `validate`
    refuses the new text by raising Refused, and any failure leaves the file exactly as it was."""
    from pastiche_cli.formats.aliases import unsharing
    from pastiche_cli.formats.yamlio import edit_file

    refuse_stdin(path)
    _refusing(lambda: edit_file(path, unsharing(change), validate, expected_text=expected_text))


def edit_moves(
    path: str, change: Callable[[str], str], validate: Callable[[str], None], expected_text: str | None
) -> str:
    """Edit a record's text (its `moves:`) through formats/yamlio.edit_text, as apply_edit edits a position."""
    from pastiche_cli.formats.yamlio import edit_text

    refuse_stdin(path)
    return _refusing(
        lambda: edit_text(path, change, validate, expected_text=expected_text), "could not change the moves"
    )


def _refusing(edit, why: str = "could not rewrite the file"):
    """Run an edit; every failure becomes one Refused with its kind (the file was left as it was)."""
    from pastiche_cli.formats.yamlio import NotEditable
    from pastiche_cli.kernel.problems import PositionError

    try:
        return edit()
    except Refused:
        raise
    except NotEditable as exc:  # reads, but the comment-keeping parser refuses it: located, exit 3
        located = [p.located(exc.filename) for p in exc.problems]
        raise Refused("; ".join(located), kind="unreadable", cause=exc, problems=located) from None
    except PositionError as exc:  # the file changed under us, or the edit would pass the size cap
        raise Refused(str(exc), kind="unreadable", cause=exc) from exc  # changed since read, or grown past the cap
    except OSError as exc:
        raise Refused(f"could not rewrite the file: {exc}", kind="os", cause=exc) from exc
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise Refused(f"{why}: {exc}", cause=exc) from exc


def abort_invalid(path: str, exc: Refused) -> NoReturn:
    """A write refused as a move command says it: exit 4 with the problems when the result would not be a
    valid position, else exit 3 with why (a file changed meanwhile: its problems), the file unchanged."""
    from pastiche_cli.cli.shell import err, report_problems
    from pastiche_cli.kernel.problems import EXIT_BAD_FILE, EXIT_BREAKS_RULES

    if exc.kind == "invalid":
        for line in exc.problems:
            err(line)
        abort(f"not applied: the result would not be a valid position; {path} is unchanged", EXIT_BREAKS_RULES)
    if exc.kind == "unreadable" and exc.cause is not None and hasattr(exc.cause, "problems"):
        report_problems(exc.cause.filename, exc.cause.problems)
        abort(f"not applied: {path} is unchanged", EXIT_BAD_FILE)  # the problems say why
    why = (exc.cause.strerror or exc.cause) if isinstance(exc.cause, OSError) else exc
    abort(f"not applied: cannot rewrite {path}: {why}; it is unchanged", EXIT_BAD_FILE)


def _is_sheet(path: str) -> bool:
    """A file named as a short sheet (formats/sheet.py), by its name: read again, a change made meanwhile
    would hide (one known by its first line only is refused all the same: its edit would not read back)."""
    from pastiche_cli.formats.gamekey import SHEET_SUFFIX

    return str(path).lower().endswith(SHEET_SUFFIX)


def apply_moves(
    game,
    path: str,
    loaded,
    moves,
    opts: dict | None = None,
    refused: Callable[[str, Refused], NoReturn] | None = None,
    said: list | None = None,
) -> tuple[object, list[str]]:
    """Judge, apply, edit, re-read and write the moves (a refused one: exit 1, the file untouched); the edit must
    read back as the position computed, else `refused(path, exc)`. (position after, notes); `said` gets verdicts."""
    refuse_stdin(path)
    if getattr(loaded, "written", None) is not None or _is_sheet(path):
        from pastiche_cli.kernel.problems import EXIT_USAGE

        abort(
            f"{path} is a short sheet, which --apply does not edit; write its full position with "
            f"`pastiche score {path} --to-position OUT` and apply the move there",
            EXIT_USAGE,
        )
    from pastiche_cli.cli.game import terminal
    from pastiche_cli.kernel.moves import MoveValue

    opts, refused = opts or {}, refused or terminal(game).refused
    sequence = (moves,) if isinstance(moves, MoveValue) else tuple(moves)
    positions = made(game, loaded, sequence, said)
    after = positions[-1]
    if loaded.is_record:
        return after, append_moves(game, path, loaded, [str(m) for m in sequence], opts, refused, same(game, after))
    notes: list[str] = []

    def change(data) -> None:
        notes[:] = game.writer.edit(data, sequence, positions)

    try:
        apply_edit(path, change, checked_position(game, path, opts, after), loaded.text)
    except Refused as exc:
        refused(path, exc)
    return after, notes


def made(game, loaded, sequence, said: list | None = None) -> list:
    """The positions the moves make, each judged as the record judges it (exit 1 at the first refused); `said`."""
    from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO

    positions = [loaded.position]
    rules = game.rules
    over = loaded.replay is not None and loaded.replay.over
    for move in sequence:
        # One judge for a position and a record: what a record refuses (a hex not held, a take that
        # leaves slot 5 unnamed, an end flag out of turn), --apply on a position refuses too.
        verdict = rules.judge_next(positions[-1], over, move)
        if not verdict.legal:
            abort(f"not applied: {verdict.reason} [{verdict.rule}]", EXIT_RULES_SAY_NO)
        if loaded.is_record:  # as the record's replay will make it (the game's last move ends it)
            after, verdict, over = rules.advance(positions[-1], move, verdict)
            positions.append(after)
        else:
            positions.append(rules.apply(positions[-1], move))
        if said is not None:
            said.append(verdict)
    return positions


def checked_position(game, path: str, opts: dict, after) -> Callable[[str], None]:
    """A `validate` for apply_edit: the new text loads as the game's position, breaks no rule, and is `after`."""
    from pastiche_cli.kernel.problems import WARNING, PositionError

    def validate(text: str) -> None:
        try:
            position, problems, _ = game.reader.read_position(path, text, opts)
        except PositionError as exc:
            raise Refused(
                f"the edited file would not load: {exc}",
                kind="invalid",
                cause=exc,
                problems=[p.located(exc.filename) for p in exc.problems],
            ) from exc
        errors = [p for p in problems if p.kind != WARNING]
        if position is None:
            raise Refused(
                "the edited file would not load",
                kind="invalid",
                problems=[p.located(path) for p in errors] or ["the rewritten file would not load"],
            )
        if errors:
            raise Refused(
                f"the edited file would break the rules: {errors[0].message}",
                kind="invalid",
                problems=[p.located(path) for p in errors],
            )
        wrong = game.writer.difference(position, after)
        if wrong:
            raise Refused(wrong, kind="invalid")

    return validate


def append_moves(game, path: str, loaded, lines: list[str], opts: dict, refused, expect=None) -> list[str]:
    """Add the moves' lines to the record's `moves:` in one safe write, the new text replayed first; the notes."""
    from pastiche_cli.formats.record import append_move, checked_moves

    written = [m.text for m in loaded.record.moves]

    def change(old: str) -> str:
        for line in lines:
            old = append_move(old, line)
        return old

    try:  # the text the verdict was made on: the edit refuses a file changed since
        edit_moves(
            path,
            change,
            checked_moves(path, record_loader(game, opts), written + lines, expect, same_setup(game, loaded)),
            loaded.text,
        )
    except Refused as exc:
        refused(path, exc)
    return [f"move {len(written) + i} added to the record: {line}" for i, line in enumerate(lines, 1)]


def take_back(game, path: str, loaded, opts: dict) -> tuple[str, object]:
    """`undo`: the record's last move off in one safe write; (the move's text, the position after the rest)."""
    from pastiche_cli.formats.record import checked_moves, remove_last_move
    from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO

    refuse_stdin(path)
    written = [m.text for m in loaded.record.moves]
    if not written:
        abort(f"{path} has no moves to take back", EXIT_RULES_SAY_NO)
    want = written[:-1]
    stop = loaded.replay.stop
    # A move the rules refuse before the last: the moves after it come off one by one, down to it.
    stops_at = stop.n if stop is not None and stop.n <= len(want) else None
    steps = loaded.replay.steps[: len(want)]
    after = steps[-1].after if steps else loaded.replay.setup
    try:
        edit_moves(
            path,
            remove_last_move,
            checked_moves(path, record_loader(game, opts), want, same(game, after), same_setup(game, loaded), stops_at),
            loaded.text,
        )
    except Refused as exc:
        from pastiche_cli.cli.game import terminal

        terminal(game).refused(path, exc)
    return written[-1], after


def same_setup(game, loaded):
    """The setup a record's edit must leave as it was (a move's line changes no byte of it)."""
    setup = loaded.replay.setup if loaded.replay is not None else None
    return None if setup is None else same(game, setup)


def same(game, position) -> Callable[[object], str | None]:
    """What a position read back has that `position` has not, in a sentence (None: nothing)."""
    return lambda written: game.writer.difference(written, position)


def record_loader(game, opts: dict):
    """(path, text) -> formats/record.Loaded: the game's record read and replayed, for checked_moves."""
    from pastiche_cli.formats.record import load_record

    rules = game.rules
    return lambda path, text: load_record(path, text, game.reader.record_reading(path, opts), rules, rules.consistency)
