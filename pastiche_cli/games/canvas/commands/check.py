"""`pastiche check FILE` for a Canvas file: everything wrong with it, located, all at once (spec section 4)."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import emit_json, output_options, position_argument
from pastiche_cli.kernel.problems import WARNING, exit_code, sort_key


@click.command("check")
@position_argument
@output_options(tables=False)
def command(position: str, as_json: bool) -> None:
    """Everything wrong with a Canvas position file, each problem located as FILE:LINE:COL.

    Exit 0 if the position is valid (warnings allowed), 3 if the file cannot be read or does not
    fit the format (an unknown card word or scoring card, a painting not of 3 cards), 4 if it breaks
    the rules (a card in two places, a hand over 5, over 3 paintings, a scoring card twice, tokens).

    \b
    Example:
      pastiche check examples/positions/canvas/two-player-tiebreak.yaml
    """
    from pastiche_cli.games.canvas.formats.loader import all_problems

    problems = sorted(all_problems(position)[1], key=sort_key)
    code = exit_code(problems)
    errors = [p for p in problems if p.kind != WARNING]
    warnings = [p for p in problems if p.kind == WARNING]
    if as_json:
        emit_json({"valid": not errors, "problems": [p.as_json() for p in problems]})
    else:
        for p in problems:
            click.echo(p.located(position))
        if errors:
            what = "cannot be read as a Canvas position" if code == 3 else "breaks the rules of Canvas"
            click.echo(f"{position}: {_count(len(errors), 'error')}, {_count(len(warnings), 'warning')}: "
                       f"the file {what}")
        else:
            click.echo(f"{position}: OK ({_count(len(warnings), 'warning')})")
    raise SystemExit(code)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")
