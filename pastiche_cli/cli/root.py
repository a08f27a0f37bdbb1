"""The root command: wires the commands in `games/pastiche/commands/` together, importing only the one run."""

from __future__ import annotations

import importlib
import os
import sys

import click

from pastiche_cli import __version__
from pastiche_cli.games.pastiche import commands as _commands_package


def _command_modules() -> dict[str, str]:
    """Command name -> module name: every public module in the commands package is a command."""
    # A directory listing, not pkgutil (4 ms of imports on every run).
    found = {}
    for directory in _commands_package.__path__:
        for entry in os.listdir(directory):
            name, ext = os.path.splitext(entry)
            if ext == ".py" and not name.startswith("_"):
                found[name.replace("_", "-")] = name
    return found


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(_command_modules())

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        module = _command_modules().get(name)
        if module is None:
            return None
        return importlib.import_module(f"{_commands_package.__name__}.{module}").command

    def resolve_command(self, ctx, args):
        # An unknown command gets a "did you mean" like everything else.
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError:
            from pastiche_cli.kernel.suggest import hint, suggest

            near = suggest(args[0], self.list_commands(ctx)) if args else None
            if near:
                ctx.fail(f"No such command '{args[0]}'.{hint(near, style='sentence')}")
            raise


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pastiche")
def root() -> None:
    """Rules assistant and scoring calculator for the board game Pastiche.

    Describe the table in a YAML position file, then ask: `pastiche score game.yaml`.
    Every verdict names the rule that decides it; `pastiche rules ID` explains it.
    """


EXIT_INTERNAL = 70   # EX_SOFTWARE: a bug in pastiche, never the user's input


def main() -> None:
    """The console script: a last guard so that even a bug shows a sentence, not a traceback."""
    try:
        root(prog_name="pastiche")
    except KeyboardInterrupt:
        sys.stderr.write("pastiche: interrupted\n")
        sys.exit(130)
    except Exception as exc:  # noqa: BLE001 - the whole point is to catch what nothing else did
        sys.stderr.write(f"pastiche: internal error ({type(exc).__name__}: {exc}). This is a bug in pastiche, "
                         "not in your file; please report it with the position you used.\n")
        sys.exit(EXIT_INTERNAL)
