"""A record's moves written, for every face: a legal move added to `moves:`, the last one taken back.

Each is one safe write (formats/yamlio.edit_text) of the record's text, the new text replayed and
compared with what was meant before anything is written; every failure is one Refused, the file left
as it was. The terminal (cli/apply.py) and the table server (serve/table.py) both write through here.
"""

from __future__ import annotations

from collections.abc import Callable

from pastiche_cli.formats.yamledit import Refused


def refusing(edit, why: str = "could not rewrite the file"):
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
        raise Refused(str(exc), kind="unreadable", cause=exc) from exc
    except OSError as exc:
        raise Refused(f"could not rewrite the file: {exc}", kind="os", cause=exc) from exc
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise Refused(f"{why}: {exc}", cause=exc) from exc


def edit_moves(
    path: str, change: Callable[[str], str], validate: Callable[[str], None], expected_text: str | None
) -> str:
    """Edit a record's text (its `moves:`) in one safe write if it still holds `expected_text`; the new text."""
    from pastiche_cli.formats.yamlio import edit_text

    return refusing(
        lambda: edit_text(path, change, validate, expected_text=expected_text), "could not change the moves"
    )


def append_moves(game, path: str, loaded, lines: list[str], opts: dict, expect=None) -> str:
    """Add the moves' lines to the record's `moves:` in one safe write, the new text replayed first; the new text."""
    from pastiche_cli.formats.record import append_move, checked_moves

    written = [m.text for m in loaded.record.moves]

    def change(old: str) -> str:
        for line in lines:
            old = append_move(old, line)
        return old

    # the text the verdict was made on: the edit refuses a file changed since
    validate = checked_moves(path, record_loader(game, opts), written + lines, expect, same_setup(game, loaded))
    return edit_moves(path, change, validate, loaded.text)


def take_back(game, path: str, loaded, opts: dict) -> tuple[str, object, str]:
    """The record's last move off (there is one), in one safe write, the rest replayed first: (the move's
    text, the position after the rest, the new text)."""
    from pastiche_cli.formats.record import checked_moves, remove_last_move

    written = [m.text for m in loaded.record.moves]
    want = written[:-1]
    stop = loaded.replay.stop
    # A move the rules refuse before the last: the moves after it come off one by one, down to it.
    stops_at = stop.n if stop is not None and stop.n <= len(want) else None
    steps = loaded.replay.steps[: len(want)]
    after = steps[-1].after if steps else loaded.replay.setup
    validate = checked_moves(
        path, record_loader(game, opts), want, same(game, after), same_setup(game, loaded), stops_at
    )
    return written[-1], after, edit_moves(path, remove_last_move, validate, loaded.text)


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
