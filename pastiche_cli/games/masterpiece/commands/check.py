"""`pastiche check FILE` for a Masterpiece position: every problem, located, all at once."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import emit_json, output_options, position_argument
from pastiche_cli.games.masterpiece.commands._shell import theses_option
from pastiche_cli.kernel.problems import WARNING, exit_code, sort_key


@click.command("check")
@position_argument
@theses_option
@output_options(tables=False)
def command(position: str, theses: str | None, as_json: bool) -> None:
    """Everything wrong with a Masterpiece position, each problem located as FILE:LINE:COL.

    Exit 0 if the position is valid (warnings allowed), 3 if the file cannot be read or does not
    fit the format, 4 if it breaks the rules of the game.

    \b
    Example:
      pastiche check examples/positions/masterpiece/midgame.yaml
    """
    from pastiche_cli.games.masterpiece.formats.loader import all_problems

    problems = sorted(all_problems(position, theses)[1], key=sort_key)
    code = exit_code(problems)
    errors = [p for p in problems if p.kind != WARNING]
    warnings = [p for p in problems if p.kind == WARNING]
    if as_json:
        emit_json({"valid": not errors, "problems": [p.as_json() for p in problems]})
    else:
        for p in problems:
            click.echo(p.located(position))
        if errors:
            what = "cannot be read as a position" if code == 3 else "breaks the rules of the game"
            click.echo(f"{position}: {_count(len(errors), 'error')}, {_count(len(warnings), 'warning')}: the file {what}")
        else:
            click.echo(f"{position}: OK ({_count(len(warnings), 'warning')})")
    raise SystemExit(code)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")
