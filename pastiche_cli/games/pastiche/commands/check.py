"""`pastiche check POSITION`: everything wrong with a position, located, all at once (SPEC 3.2)."""

from __future__ import annotations

import click

from pastiche_cli.kernel.problems import WARNING, exit_code, sort_key
from pastiche_cli.cli.shell import echo, emit_json, output_options, position_argument
from pastiche_cli.games.pastiche.commands._shell import catalogue_option


@click.command("check")
@position_argument
@catalogue_option
@output_options(tables=False)
def command(position: str, catalogue: str | None, as_json: bool) -> None:
    """Everything wrong with a position file, each problem located as FILE:LINE:COL.

    Exit 0 if the position is valid (warnings allowed), 3 if the file cannot be read or does not
    fit the format, 4 if it breaks the rules of the game.

    \b
    Example:
      pastiche check game.yaml
    """
    from pastiche_cli.games.pastiche.formats.loader import all_problems

    problems = sorted(all_problems(position, catalogue)[1], key=sort_key)
    code = exit_code(problems)
    errors = [p for p in problems if p.kind != WARNING]
    warnings = [p for p in problems if p.kind == WARNING]
    if as_json:
        emit_json({"valid": not errors, "problems": [p.as_json() for p in problems]})
    else:
        for p in problems:
            echo(p.located(position))
        if errors:
            what = "cannot be read as a position" if code == 3 else "breaks the rules of the game"
            echo(f"{position}: {_count(len(errors), 'error')}, {_count(len(warnings), 'warning')}: "
                       f"the file {what}")
        else:
            echo(f"{position}: OK ({_count(len(warnings), 'warning')})")
    raise SystemExit(code)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")
