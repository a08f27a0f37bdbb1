"""The one --apply driver every game shares: edit a file's round-trip YAML, check the result, write it safely.

A game's command module builds the change (derived from its core move) and a `validate` that re-reads
the new text as that game's file; this module runs them through formats/yamlio.edit_file (locked,
comments kept, one safe write) and turns every failure into one `Refused`, the file untouched.
"""

from __future__ import annotations

from typing import Callable, NoReturn

from pastiche_cli.formats.yamledit import Refused

__all__ = ["Refused", "apply_edit", "abort_refused", "refuse_stdin"]


def refuse_stdin(path: str) -> None:
    """A move is recorded in the file it was read from; a position read from stdin has none: a usage
    error (exit 2), before anything is judged or written."""
    if path == "-":
        import click

        raise click.UsageError("--apply (and play, undo) record the move in the position's file; a position "
                               "read from stdin ('-') has no file to write: name the file instead")


def apply_edit(path: str, change: Callable[[object], None], validate: Callable[[str], None]) -> None:
    """Edit the file through formats/yamlio.edit_file; `validate` refuses the new text by raising Refused.

    Aliases the change would write through are un-shared first (formats/yamledit.unsharing). Every
    failure is a Refused with its kind, and the file is left exactly as it was.
    """
    from pastiche_cli.formats.yamledit import unsharing
    from pastiche_cli.formats.yamlio import edit_file
    from pastiche_cli.kernel.problems import PositionError

    refuse_stdin(path)
    try:
        edit_file(path, unsharing(change), validate)
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
