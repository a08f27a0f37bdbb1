"""A file's problems as `check` tells them, for every game: each located, a summary line, and the JSON."""

from __future__ import annotations

from collections.abc import Sequence

from pastiche_cli.kernel.problems import EXIT_BAD_CATALOGUE, EXIT_BAD_FILE, WARNING, Problem
from pastiche_cli.render.answer import Plain, Told
from pastiche_cli.render.told import plural


def file_told(name: str, problems: Sequence[Problem], code: int, words: tuple[str, str, str], extra: dict) -> Told:
    """One file checked (its problems sorted, `code` their exit code): its JSON entry, each problem located
    and the summary. `words` are the game's: what the file fails to be ("a Canvas position"), whose rules
    it breaks ("Canvas"), the file it reads by itself ("catalogue it draws its cards from")."""
    errors = [p for p in problems if p.kind != WARNING]
    warnings = plural(len(problems) - len(errors), "warning")
    if errors:
        what = {
            EXIT_BAD_FILE: f"the file cannot be read as {words[0]}",
            EXIT_BAD_CATALOGUE: f"the {words[2]} cannot be read",
        }.get(code, f"the file breaks the rules of {words[1]}")
        summary = f"{name}: {plural(len(errors), 'error')}, {warnings}: {what}"
    else:
        summary = f"{name}: OK ({warnings})"
    answer = {"valid": not errors, "problems": [p.as_json() for p in problems], **extra}
    return Told(answer, (Plain([*(p.located(name) for p in problems), summary]),))


def problems_json(problems: Sequence[Problem]) -> dict:
    """The JSON of a file that could not be used: every problem, as given."""
    return {"problems": [p.as_json() for p in problems]}


def games_files_json(checked: Sequence[tuple[str, str, dict | None]]) -> dict:
    """`pastiche check --json` of several games' files: each answer with its game (None: a usage error), all valid."""
    unread = {"valid": False, "problems": []}
    answers = [{"file": path, "game": game, **(unread if answer is None else answer)} for path, game, answer in checked]
    return {"valid": all(a.get("valid") for a in answers), "files": answers}


def files_json(files: Sequence[tuple[str, Told]]) -> dict:
    """`check --json` of several files: whether all are valid, and each file's answer."""
    answers = [{"file": path, **told.json} for path, told in files]
    return {"valid": all(a["valid"] for a in answers), "files": answers}
