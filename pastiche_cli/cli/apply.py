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
    from pastiche_cli.formats.playing import refusing
    from pastiche_cli.formats.yamlio import edit_file

    refuse_stdin(path)
    refusing(lambda: edit_file(path, unsharing(change), validate, expected_text=expected_text))


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
    from pastiche_cli.formats.playing import same
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
    """Add the moves' lines to the record (formats/playing.py), `refused(path, exc)` saying why not; the notes."""
    from pastiche_cli.formats import playing

    refuse_stdin(path)
    try:
        playing.append_moves(game, path, loaded, lines, opts, expect)
    except Refused as exc:
        refused(path, exc)
    written = len(loaded.record.moves)
    return [f"move {written + i} added to the record: {line}" for i, line in enumerate(lines, 1)]


def take_back(game, path: str, loaded, opts: dict) -> tuple[str, object]:
    """`undo`: the record's last move off (formats/playing.py); (the move's text, the position after the rest)."""
    from pastiche_cli.formats import playing
    from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO

    refuse_stdin(path)
    if not loaded.record.moves:
        abort(f"{path} has no moves to take back", EXIT_RULES_SAY_NO)
    try:
        taken, after, _ = playing.take_back(game, path, loaded, opts)
    except Refused as exc:
        from pastiche_cli.cli.game import terminal

        terminal(game).refused(path, exc)
    return taken, after
