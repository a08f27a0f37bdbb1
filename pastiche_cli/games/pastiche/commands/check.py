"""`pastiche check POSITION...`: everything wrong with each position, located, all at once (SPEC 3.2)."""

from __future__ import annotations

import click

from pastiche_cli.kernel.problems import EXIT_BAD_FILE, EXIT_BREAKS_RULES, WARNING, exit_code, sort_key
from pastiche_cli.cli.shell import echo, emit_json, output_options, shown_name
from pastiche_cli.games.pastiche.commands._shell import catalogue_option


@click.command("check")
@click.argument("positions", metavar="POSITION...", nargs=-1, required=True,
                type=click.Path(dir_okay=True, path_type=str))
@catalogue_option
@output_options(tables=False)
def command(positions: tuple[str, ...], catalogue: str | None, as_json: bool) -> None:
    """Everything wrong with each position file, each problem located as FILE:LINE:COL.

    Exit 0 if every position is valid (warnings allowed), 3 if a file cannot be read or does not
    fit the format, else 4 if one breaks the rules of the game. `-` reads a position from stdin.
    With several files, --json answers {"valid", "files": [{"file", "valid", "problems"}]}.

    \b
    Example:
      pastiche check game.yaml
      pastiche check games/*.yaml
      generate-position | pastiche check -
    """
    from pastiche_cli.games.pastiche.formats.loader import all_problems

    answers, codes = [], []
    for position in positions:
        problems = sorted(all_problems(position, catalogue)[1], key=sort_key)
        codes.append(exit_code(problems))
        errors = [p for p in problems if p.kind != WARNING]
        answers.append({"file": position, "valid": not errors, "problems": [p.as_json() for p in problems]})
        if as_json:
            continue
        name = shown_name(position)
        for p in problems:
            echo(p.located(name))
        warnings = len(problems) - len(errors)
        if errors:
            what = "cannot be read as a position" if codes[-1] == EXIT_BAD_FILE else "breaks the rules of the game"
            echo(f"{name}: {_count(len(errors), 'error')}, {_count(warnings, 'warning')}: the file {what}")
        else:
            echo(f"{name}: OK ({_count(warnings, 'warning')})")
    if as_json:
        if len(answers) == 1:
            emit_json({"valid": answers[0]["valid"], "problems": answers[0]["problems"]})
        else:
            emit_json({"valid": all(a["valid"] for a in answers), "files": answers})
    raise SystemExit(worst(codes))


def worst(codes: list[int]) -> int:
    """One exit code for several files: 3 if any cannot be read, else 4 if any breaks the rules, else 0."""
    for code in (EXIT_BAD_FILE, EXIT_BREAKS_RULES):
        if code in codes:
            return code
    return max(codes, default=0)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")
