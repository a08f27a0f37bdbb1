"""Masterpiece's --apply: the move's file edit, re-read and compared with what the core computed, one safe write."""

from __future__ import annotations

from typing import Callable

from pastiche_cli.cli.apply import Refused, abort_refused, apply_edit
from pastiche_cli.games.masterpiece.core.position import Position


def record(path: str, theses: str | None, change: Callable[[object], None], after: Position) -> None:
    """Edit the file; the new text must load, break no rule and be `after`, or nothing is written (exit 3)."""
    from pastiche_cli.games.masterpiece.core.validate import consistency_problems
    from pastiche_cli.games.masterpiece.formats.edits import summary
    from pastiche_cli.games.masterpiece.formats.loader import outside_theses, parse_position
    from pastiche_cli.kernel.problems import WARNING, PositionError

    def validate(text: str) -> None:
        try:
            position, problems = parse_position(path, text, lambda: outside_theses(theses))
        except PositionError as exc:
            raise Refused(f"the edited file would not load: {exc}", kind="invalid", cause=exc)
        if position is None:
            raise Refused("the edited file would not load", kind="invalid")
        errors = [p for p in problems + consistency_problems(position) if p.kind != WARNING]
        if errors:
            raise Refused(f"the edited file would break the rules: {errors[0].message}", kind="invalid",
                          problems=[p.located(path) for p in errors])
        if summary(position) != summary(after):
            raise Refused("the edited file is not the position after the move", kind="invalid")

    try:
        apply_edit(path, change, validate)
    except Refused as exc:
        abort_refused(path, exc)
