"""`pastiche man`: the manual page, installed with the package (share/man/man1/pastiche.1)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import click

from pastiche_cli.cli.shell import abort, echo
from pastiche_cli.kernel.problems import EXIT_BAD_FILE

PAGE = os.path.join("share", "man", "man1", "pastiche.1")


def page_path() -> str | None:
    """The installed manual page (under the environment's prefix), or the source checkout's."""
    here = os.path.dirname(os.path.abspath(__file__))
    source = os.path.join(here, *([os.pardir] * 4), "man", "pastiche.1")
    for candidate in (os.path.join(sys.prefix, PAGE), os.path.join(sys.base_prefix, PAGE), source):
        if os.path.isfile(candidate):
            return os.path.normpath(candidate)
    return None


@click.command("man")
@click.option("--path", "show_path", is_flag=True, help="Print where the page is (for `man -l PATH`).")
def command(show_path: bool) -> None:
    """The manual: every command, the position file, exit codes, environment and files.

    In a terminal it opens in man's pager; piped, it is written as plain text (or as the roff
    source where man is not installed). Once installed, `man pastiche` shows the same page when
    the environment's bin/ is on PATH.

    \b
    Example:
      pastiche man
      pastiche man | grep -A3 'EXIT STATUS'
      man -l "$(pastiche man --path)"
    """
    path = page_path()
    if path is None:
        abort("the manual page is not installed with this copy of pastiche; "
              "`pastiche COMMAND --help` describes each command", EXIT_BAD_FILE)
    if show_path:
        echo(path)
        return
    man = shutil.which("man")
    if man is not None:
        env = dict(os.environ)
        if not sys.stdout.isatty():
            env.update(MANPAGER="cat", PAGER="cat", MANWIDTH=env.get("MANWIDTH", "80"))
        sys.stdout.flush()
        done = subprocess.run([man, "-l", path], env=env, check=False)
        if done.returncode == 0:
            return
    with open(path, encoding="utf-8") as handle:
        click.echo(handle.read(), nl=False)
