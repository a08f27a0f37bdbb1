"""`pastiche man`: the manual page, put together from the tool's parts and every game's sections."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import click

from pastiche_cli.cli import manpage
from pastiche_cli.cli.shell import abort, echo
from pastiche_cli.kernel.problems import EXIT_BAD_FILE

PAGE = os.path.join("share", "man", "man1", "pastiche.1")


def prefixes() -> list[str]:
    """Where an install puts share/man/man1/pastiche.1: the environment's, the interpreter's, the user base."""
    import site

    found = [sys.prefix, sys.base_prefix]
    user_base = site.getuserbase()  # ~/.local, or $PYTHONUSERBASE
    if user_base:
        found.append(user_base)
    return found


def page_path(text: str) -> str | None:
    """A file that is exactly this page: the one installed under a prefix when it is, else a copy in the cache."""
    for prefix in prefixes():
        if manpage.holds(os.path.join(prefix, PAGE), text):
            return os.path.normpath(os.path.join(prefix, PAGE))
    cache = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(cache):
        cache = os.path.join(os.path.expanduser("~"), ".cache")
    path = os.path.join(cache, "pastiche", "pastiche.1")
    if not manpage.holds(path, text):
        from pastiche_cli.formats.safewrite import write_bytes

        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            write_bytes(path, text.encode("utf-8"))
        except OSError:
            return None
    return path


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
    try:
        text = manpage.page()
    except OSError:
        abort(
            "the manual page is not installed with this copy of pastiche; "
            "`pastiche COMMAND --help` describes each command",
            EXIT_BAD_FILE,
        )
    if show_path:
        path = page_path(text)
        if path is None:
            abort(
                "the manual page could not be written to the cache folder "
                "($XDG_CACHE_HOME/pastiche or ~/.cache/pastiche)",
                EXIT_BAD_FILE,
            )
        echo(path)
        return
    man = shutil.which("man")
    if man is not None:
        env = dict(os.environ)
        if not sys.stdout.isatty():
            env.update(MANPAGER="cat", PAGER="cat", MANWIDTH=env.get("MANWIDTH", "80"))
        sys.stdout.flush()
        done = subprocess.run([man, "-l", "-"], input=text.encode("utf-8"), env=env, check=False)
        if done.returncode == 0:
            return
    click.echo(text, nl=False)
