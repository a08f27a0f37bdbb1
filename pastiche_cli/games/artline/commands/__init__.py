"""Artline in a terminal: one module per command (each exposing `command`), and TERMINAL, what only a
terminal knows of the game (cli/game.py): how a refused write is said."""

from __future__ import annotations

from pastiche_cli.cli.game import Terminal


class ArtlineTerminal(Terminal):
    def refused(self, path: str, exc) -> None:
        """Artline's refusals of a write: exit 4 when the result would not be a valid position, else 3."""
        from pastiche_cli.cli.shell import abort, err, report_problems
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


TERMINAL = ArtlineTerminal()
