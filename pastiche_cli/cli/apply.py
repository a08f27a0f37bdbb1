"""Shared by the commands that --apply: parsing CARDS, and the one driver that records a move in the file.

`apply_move` judges the move with the core, applies it, makes the file edit derived from the move
(formats/edits.py) and writes through yamlio.edit_file: round-trip data with comments kept, the new
text re-read and checked to be the position after the move before an atomic write, the file left
exactly as it was when anything is refused.
"""

from __future__ import annotations

from typing import Callable, Mapping, NoReturn, Sequence

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.position import Position


class Refused(Exception):
    """The edited file would not be the position we meant to write; nothing is written.

    `kind` says why: "invalid" (the new text would not load, would break the rules, or would not be
    the position after the move; `problems` has its lines, located), "unreadable" (the file can no
    longer be read), "os" (it cannot be written) or "edit" (the change itself could not be made).
    `cause` is the exception behind it, if any.
    """

    def __init__(self, message: str, *, kind: str = "edit", problems: Sequence[str] = (),
                 cause: BaseException | None = None):
        super().__init__(message)
        self.kind = kind
        self.problems = list(problems) or [message]
        self.cause = cause


def player_node(data, name: str):
    for node in data.get("players") or []:
        if isinstance(node, Mapping) and str(node.get("name", "")).casefold() == name.casefold():
            return node
    raise Refused(f"cannot find player '{name}' in the file")


def change_palette(node, remove: Mapping[str, int], add: Mapping[str, int]) -> None:
    """Take `remove` out of a player's palette and put `add` in, keeping its list or mapping style."""
    palette = node.get("palette")
    if palette is None:
        from ruamel.yaml.comments import CommentedSeq

        palette = CommentedSeq()
        palette.fa.set_flow_style()
        node["palette"] = palette
    from pastiche_cli.formats.yamledit import adding_at_end, delete_item

    if isinstance(palette, list):
        for card, n in remove.items():
            for _ in range(n):
                index = next((i for i in range(len(palette) - 1, -1, -1)
                              if colours.parse_card(palette[i]) == card), None)
                if index is None:
                    raise Refused(f"the palette does not hold the {card} to remove")
                delete_item(node, "palette", index)
        adding_at_end(palette, lambda: palette.extend(colours.as_list(add)))
        return
    if isinstance(palette, Mapping):
        keys = {colours.parse_card(k): k for k in palette}
        for card, n in remove.items():
            if not n:
                continue
            key = keys.get(card)
            if key is None or int(palette[key]) < n:
                raise Refused(f"the palette does not hold the {card} to remove")
            left = int(palette[key]) - n
            if left:
                palette[key] = left
            else:
                delete_item(node, "palette", key)
                keys.pop(card)

        def count_in() -> None:
            for card, n in colours.ordered(add):
                key = keys.get(card)
                if key is None:
                    palette[card] = n
                    keys[card] = card
                else:
                    palette[key] = int(palette[key]) + n

        adding_at_end(palette, count_in)
        return
    raise Refused("the palette is neither a list nor a mapping")


def apply_edit(path: str, catalogue: str | None, change: Callable[[object], None],
               expect: Callable[[Position], str | None]) -> None:
    """Edit the file; `expect` looks at the re-read position and returns why it is wrong, or None.

    Raises Refused (file untouched) when the edit cannot be made or the result is not as expected.
    """
    from pastiche_cli.games.pastiche.formats.loader import outside_catalogue, parse_position
    from pastiche_cli.kernel.problems import WARNING, PositionError
    from pastiche_cli.games.pastiche.core.validate import consistency_problems
    from pastiche_cli.formats.yamlio import edit_file

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

    try:
        edit_file(path, change, validate)
    except Refused:
        raise
    except PositionError as exc:   # the file changed under us between reading and rewriting
        raise Refused(f"the file can no longer be read: {exc}", kind="unreadable", cause=exc)
    except OSError as exc:
        raise Refused(f"could not rewrite the file: {exc}", kind="os", cause=exc)
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise Refused(f"could not rewrite the file: {exc}", cause=exc)


def abort_refused(path: str, exc: Refused) -> NoReturn:
    """Stop with exit 3 and the reason, the file left as it was."""
    from pastiche_cli.kernel.problems import EXIT_BAD_FILE
    from pastiche_cli.cli.shell import abort

    abort(f"{path}: not applied, the file is unchanged: {exc}", EXIT_BAD_FILE)


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

    sequence = (move,) if isinstance(move, MOVES) else tuple(move)
    positions = [position]
    for m in sequence:
        verdict = judge(positions[-1], m)
        if not verdict.legal:
            abort(f"not applied: {verdict.reason} [{verdict.rule}]", EXIT_RULES_SAY_NO)
        positions.append(apply(positions[-1], m))
    after = positions[-1]
    notes: list[str] = []

    def change(data) -> None:
        notes[:] = edits.edit(data, sequence, positions)

    try:
        apply_edit(path, catalogue, change, lambda written: difference(written, after))
    except Refused as exc:
        refused(path, exc)
    return after, notes


def _facts(position: Position) -> dict:
    """What a file edit must get right: hands, commissions, hexes, gallery, board, turn (not where they are written)."""
    from pastiche_cli.games.pastiche.core.position import Loc

    def cards(commissions) -> tuple:   # the cards themselves, not how the file names them (an id or inline)
        return tuple(c._replace(loc=Loc(), id=None) for c in commissions)

    out: dict = {}
    for p in position.players:
        out[f"{p.name}'s palette"] = p.palette
        out[f"{p.name}'s commissions"] = cards(p.commissions)
        out[f"{p.name}'s completed commissions"] = cards(p.completed)
        out[f"{p.name}'s hexes"] = p.hexes
    out["the players"] = tuple(p.name for p in position.players)
    out["the gallery"] = cards(position.gallery)
    out["board.placed"] = tuple((h.at, h.hex, h.by) for h in position.placed)
    out["turn"] = None if position.turn is None else (position.turn.player, position.turn.phase, position.turn.swapped)
    return out


def difference(written: Position, meant: Position) -> str | None:
    """Why the re-read file is not the position meant, or None when it is."""
    have, want = _facts(written), _facts(meant)
    for what in want:
        if have.get(what) != want[what]:
            if what.endswith("palette") and what in have:
                return f"{what} would come out as {colours.describe(have[what])}, not {colours.describe(want[what])}"
            return f"{what} would not come out as the move leaves it"
    return None
