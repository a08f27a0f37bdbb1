"""`pastiche completion SHELL`: print the shell completion script for bash, zsh or fish."""

from __future__ import annotations

import click

from pastiche_cli.games.pastiche.commands._tab import SHELLS, script


@click.command("completion")
@click.argument("shell", type=click.Choice(SHELLS))
def command(shell: str) -> None:
    """Print the completion script for SHELL (bash, zsh or fish).

    It completes commands, options, player names (from the position file on the command line),
    colour names (comma-separated lists too) and rule ids.

    \b
    Example:
      eval "$(pastiche completion bash)"        # in ~/.bashrc
      eval "$(pastiche completion zsh)"         # in ~/.zshrc, after compinit
      pastiche completion fish > ~/.config/fish/completions/pastiche.fish
    """
    click.echo(script(shell), nl=False)
