"""Artline's --apply: the core computes the position after the move; the file edit follows from it,
and the re-read file must be exactly that position, breaking no rule, or nothing is written."""

from __future__ import annotations

from typing import Callable

from pastiche_cli.cli.apply import Refused, apply_edit
from pastiche_cli.cli.shell import abort, err, report_problems
from pastiche_cli.games.artline.core.position import Position
from pastiche_cli.kernel.problems import EXIT_BAD_FILE, EXIT_BREAKS_RULES, WARNING


def record(path: str, before: Position, after: Position, edit: Callable) -> list[str]:
    """Write the move into the file; returns the edit's notes. On any refusal: a message, exit 3 or 4."""
    from pastiche_cli.games.artline.formats.edits import difference
    from pastiche_cli.games.artline.formats.loader import problems_of_text

    notes: list[str] = []

    def change(data) -> None:
        notes[:] = edit(data, before, after)

    def validate(text: str) -> None:
        written, problems = problems_of_text(path, text)
        errors = [p for p in problems if p.kind != WARNING]
        if written is None or errors:
            raise Refused("the edited file would not be a valid position", kind="invalid",
                          problems=[p.located(path) for p in errors] or ["the rewritten file would not load"])
        wrong = difference(written, after)
        if wrong:
            raise Refused(wrong, kind="invalid")

    try:
        apply_edit(path, change, validate)
    except Refused as exc:
        _refused(path, exc)
    return notes


def _refused(path: str, exc: Refused) -> None:
    if exc.kind == "invalid":
        for line in exc.problems:
            err(line)
        abort(f"not applied: the result would not be a valid position; {path} is unchanged", EXIT_BREAKS_RULES)
    if exc.kind == "unreadable" and exc.cause is not None and hasattr(exc.cause, "problems"):
        report_problems(exc.cause.filename, exc.cause.problems)
        abort(f"not applied: {path} can no longer be read; it is unchanged", EXIT_BAD_FILE)
    why = (exc.cause.strerror or exc.cause) if isinstance(exc.cause, OSError) else exc
    abort(f"not applied: cannot rewrite {path}: {why}; it is unchanged", EXIT_BAD_FILE)
