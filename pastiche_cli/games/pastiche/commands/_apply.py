"""Pastiche's --apply: judge the move with the core, apply it, edit the file as the move says, write, check.

The edit is derived from the move (formats/edits.py); the new text must load, break no rule and be
the position `apply` computed, or nothing is written. The writing itself is the shared driver's
(cli/apply.py).
"""

from __future__ import annotations

from typing import Callable, NoReturn

from pastiche_cli.cli.apply import Refused, abort_refused, apply_edit, refuse_stdin
from pastiche_cli.games.pastiche.core.position import Position


def record(path: str, catalogue: str | None, change: Callable[[object], None],
           expect: Callable[[Position], str | None]) -> None:
    """Edit the file; the new text must load as a position that breaks no rule and that `expect` accepts.

    Raises Refused (file untouched) when the edit cannot be made or the result is not as expected.
    """
    from pastiche_cli.games.pastiche.core.validate import consistency_problems
    from pastiche_cli.games.pastiche.formats.loader import outside_catalogue, parse_position
    from pastiche_cli.kernel.problems import WARNING, PositionError

    def validate(text: str) -> None:
        try:
            position, problems = parse_position(path, text, lambda: outside_catalogue(catalogue))
        except PositionError as exc:
            raise Refused(f"the edited file would not load: {exc}", kind="invalid", cause=exc,
                          problems=[p.located(exc.filename) for p in exc.problems])
        if position is not None:
            problems = problems + consistency_problems(position)
        errors = [p for p in problems if p.kind != WARNING]
        if position is None:
            raise Refused("the edited file would not load", kind="invalid",
                          problems=[p.located(path) for p in errors] or ["the rewritten file would not load"])
        if errors:
            raise Refused(f"the edited file would break the rules: {errors[0].message}", kind="invalid",
                          problems=[p.located(path) for p in errors])
        wrong = expect(position)
        if wrong:
            raise Refused(wrong, kind="invalid")

    apply_edit(path, change, validate)


def apply_move(path: str, catalogue: str | None, position: Position, move,
               refused: Callable[[str, Refused], NoReturn] = abort_refused) -> tuple[Position, list[str]]:
    """Record a move in the position file: judge, apply, edit the file as the move says, write, check.

    `move` is one move of core/moves.py or several, made in order. A move the rules refuse stops
    with exit 1 and the verdict. The edit is derived from the move (formats/edits.py); the re-read
    file must be the position `apply` computed, in players, gallery, board and turn, or nothing is
    written and `refused(path, exc)` reports it (by default: exit 3 with the reason). Returns the
    position after the move(s) and the edit's notes.
    """
    from pastiche_cli.games.pastiche.core.moves import MOVES, apply, judge
    from pastiche_cli.games.pastiche.formats import edits
    from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO
    from pastiche_cli.cli.shell import abort

    refuse_stdin(path)
    sequence = (move,) if isinstance(move, MOVES) else tuple(move)
    positions = [position]
    for m in sequence:
        verdict = judge(positions[-1], m)
        if not verdict.legal:
            abort(f"not applied: {verdict.reason} [{verdict.rule}]", EXIT_RULES_SAY_NO)
        positions.append(apply(positions[-1], m))
    after = positions[-1]
    if "moves" in position.keys:   # a game record (SPEC 8): the moves are added to it, the setup stays
        return after, _append_to_record(path, catalogue, sequence, refused)
    notes: list[str] = []

    def change(data) -> None:
        notes[:] = edits.edit(data, sequence, positions)

    try:
        record(path, catalogue, change, lambda written: edits.difference(written, after))
    except Refused as exc:
        refused(path, exc)
    return after, notes


def _append_to_record(path: str, catalogue: str | None, sequence, refused) -> list[str]:
    """Add the moves' lines to the record's `moves:` in one safe write; the notes say so."""
    from pastiche_cli.cli.apply import Refused
    from pastiche_cli.formats.yamlio import last_read, read_text
    from pastiche_cli.games.pastiche.formats.loader import outside_catalogue
    from pastiche_cli.games.pastiche.formats.record import (append_move, checked_moves, edit_record,
                                                             read_record)

    before = last_read(path)
    text = before if before is not None else read_text(path)
    record, _ = read_record(path, text, lambda: outside_catalogue(catalogue))
    written = [m.text for m in record.moves] if record is not None else []
    lines = [str(m) for m in sequence]
    if record is not None:
        from pastiche_cli.cli.shell import abort
        from pastiche_cli.games.pastiche.core.record import judge_next, replay
        from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO

        replayed = replay(record.setup, written)
        verdict = judge_next(replayed.final, replayed.over, sequence[0])
        if not verdict.legal:   # [end.round] the game is over: the record takes no more moves
            abort(f"not applied: {verdict.reason} [{verdict.rule}]", EXIT_RULES_SAY_NO)

    def change(old: str) -> str:
        for line in lines:
            old = append_move(old, line)
        return old

    try:   # the text the verdict was made on: edit_record refuses a file changed since
        edit_record(path, change, checked_moves(path, lambda: outside_catalogue(catalogue), written + lines),
                    expected_text=text)
    except Refused as exc:
        refused(path, exc)
    return [f"move {len(written) + i} added to the record: {line}" for i, line in enumerate(lines, 1)]
