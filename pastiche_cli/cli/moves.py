"""The one driver of every game's move commands (`place`, `canvas take`, ...), each a MoveCommand declared beside
its game's commands: load, ask it for an Answer, write through cli/apply.py, show it, exit 1 when the rules say no."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import click

from pastiche_cli.cli.answer import show
from pastiche_cli.cli.face import decorated
from pastiche_cli.cli.shell import output_options, position_argument


class Answer(NamedTuple):
    """What a move command's options made of the position, before anything is written."""

    legal: bool  # the rules allow it (else exit 1, nothing written)
    tell: Callable[[list[str] | None], Any]  # the answer (render/told.Told), given --apply's notes (None: no write)
    moves: Sequence = ()  # what --apply writes, in order, when legal (none: nothing to write)
    refused: Callable | None = None  # how a write that could not be made is said (default: the game's)


class MoveCommand(NamedTuple):
    """A move command as its game declares it."""

    name: str
    help: str  # its help, with its example
    options: Sequence[Callable]  # its click options and arguments (--apply among them), top first
    ask: Callable[..., Answer]  # (game, loaded, path, **options) -> Answer; may raise a usage error
    before: Callable[..., dict] | None = None  # options read before the file (a HEX): their usage errors first
    needs: tuple[str, ...] = ()  # keys of the file it cannot do without
    tables: bool = False  # its text has tables: --format


def move_command(game, declared: MoveCommand) -> click.Command:
    """The click command of a move command `declared` for `game` (its value, games/NAME/game.py's GAME)."""
    from pastiche_cli.cli.game import load, terminal

    face = terminal(game)

    def run(position: str, as_json: bool, fmt: str = "auto", apply: bool = False, **asked) -> None:
        opts = {name: asked.pop(name) for name in face.option_names}
        if declared.before is not None:
            asked = declared.before(**asked)
        loaded = load(game, position, opts, as_json=as_json, needs=declared.needs)
        answer = declared.ask(game, loaded, position, apply=apply, **asked)
        notes = None
        if apply and answer.legal and answer.moves:
            from pastiche_cli.cli.apply import apply_moves

            _, notes = apply_moves(game, position, loaded, answer.moves, opts, answer.refused)
        show(answer.tell(notes), as_json, fmt, face.styles)
        if not answer.legal:
            from pastiche_cli.kernel.problems import EXIT_RULES_SAY_NO

            raise SystemExit(EXIT_RULES_SAY_NO)

    options = [position_argument, *declared.options, face.options, output_options(tables=declared.tables)]
    command = click.command(declared.name, help=declared.help)(decorated(run, options))
    command.move = declared  # type: ignore[attr-defined] - what the driver serves it from
    return command


def apply_option(help_text: str) -> Callable:
    """--apply: write the move in the file when the rules allow it (the one apply path, cli/apply.py)."""
    return click.option("--apply", "apply", is_flag=True, help=help_text)
