"""The --json answers of every bundled example of every game, held as goldens across restructures.

`python tests/goldens/cases.py` rewrites the goldens from the current code, one file per game in
the game's own tests folder (tests/games/NAME/json-answers.json); the test compares.
Each case is a command line run through click's test runner; stdout, stderr and the exit code
are kept byte for byte, so a file meant to fail (broken-for-error-demo.yaml) is held failing.

The cases are found, not listed: every file under examples/positions/ and examples/records/, of any
game (its `game:` key), asked every question its game answers about a file with --json alone: the
shared verbs, `replay` for a record, and the game's own commands that need nothing more than the file
and a player (asked as the file's current player, where --player may be left out, and as each player).
"""

from __future__ import annotations

import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
POSITIONS = ROOT / "examples" / "positions"
RECORDS = ROOT / "examples" / "records"
TESTS = ROOT / "tests" / "games"
ANSWERS = "json-answers.json"


FILE_VERBS = ("score", "check", "end", "board")  # shared verbs asked of every file its game serves them for
RECORD_VERBS = ("replay",)  # asked of records only
CHANGES_THE_FILE = ("play", "undo")  # never run on a bundled example
# Commands whose click parameters do not say they need more than a file and a player, but do.
NEEDS_MORE = {("trade",): "--give and --get"}
EXTRA = {"pastiche": [["chart", "--json"], ["mix", "RY", "YYB", "RR", "--json"]]}


def example_files() -> list[tuple[pathlib.Path, bool]]:
    """(file, is a record) for every bundled example, in a fixed order."""
    found = [(path, False) for path in sorted(POSITIONS.rglob("*.yaml"))]
    return found + [(path, True) for path in sorted(RECORDS.rglob("*.yaml"))]


def _players(path: pathlib.Path, record: bool) -> list[str]:
    from ruamel.yaml import YAML, YAMLError

    try:
        data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    except YAMLError:  # a file meant to fail is asked the file's questions only
        return []
    if record and isinstance(data, dict):
        data = data.get("setup")
    players = data.get("players") if isinstance(data, dict) else None
    return [str(p["name"]) for p in players or [] if isinstance(p, dict) and "name" in p]


def game_of(path: pathlib.Path):
    from pastiche_cli import games
    from pastiche_cli.formats.gamekey import declared_game

    declared = declared_game(str(path))
    return (games.by_name(declared.word) if declared else None) or games.known()[games.DEFAULT]


def _option(command, name: str):
    import click

    return next((p for p in command.params if isinstance(p, click.Option) and name in p.opts), None)


def _takes_a_file(command) -> bool:
    import click

    return any(isinstance(p, click.Argument) and p.name in ("position", "positions") for p in command.params)


def _shared_verbs(game, record: bool) -> list[str]:
    from pastiche_cli.cli.root import _verb

    verbs = FILE_VERBS + (RECORD_VERBS if record else ())
    return [verb for verb in verbs if (command := _verb(game, verb)) is not None and _option(command, "--json")]


def _own_questions(game) -> list[tuple[tuple[str, ...], object]]:
    """(words, command) of the game's own commands that answer about a file given the file and a player."""
    import click

    from pastiche_cli import games
    from pastiche_cli.cli.root import _load

    found = []
    for name, module in sorted(games.command_modules(game).items()):
        if name in games.SHARED_VERBS or name in CHANGES_THE_FILE:
            continue
        words = (name,) if game.name == games.DEFAULT else (game.name, name)
        if words in NEEDS_MORE:
            continue
        command = _load(game, module)
        if isinstance(command, click.Group) or not _takes_a_file(command) or not _option(command, "--json"):
            continue
        player = _option(command, "--player")
        if all(not p.required or p.name in ("position", "positions") or p is player for p in command.params):
            found.append((words, command))
    return found


def cases_by_game() -> dict[str, list[list[str]]]:
    """Every case, by the game that answers it (the file's game)."""
    found: dict[str, dict[str, list[str]]] = {}
    for path, record in example_files():
        game = game_of(path)
        rel = str(path.relative_to(ROOT))
        own = found.setdefault(game.name, {})
        asked = [[verb, rel, "--json"] for verb in _shared_verbs(game, record)]
        for words, command in _own_questions(game):
            player = _option(command, "--player")
            if player is None or not player.required:
                asked.append([*words, rel, "--json"])
            if player is not None:
                asked += [[*words, rel, "--player", name, "--json"] for name in _players(path, record)]
        own.update((" ".join(args), args) for args in asked)
    for name, extra in EXTRA.items():
        found.setdefault(name, {}).update((" ".join(args), args) for args in extra)
    return {name: list(own.values()) for name, own in found.items()}


def cases() -> list[list[str]]:
    return [args for own in cases_by_game().values() for args in own]


def golden(game: str) -> pathlib.Path:
    return TESTS / game / ANSWERS


def run(args: list[str]) -> dict:
    import os

    from click.testing import CliRunner

    from pastiche_cli.cli.root import root

    old = os.getcwd()
    os.chdir(ROOT)
    try:
        result = CliRunner().invoke(root, args, catch_exceptions=False)
    finally:
        os.chdir(old)
    return {"exit": result.exit_code, "stdout": result.stdout, "stderr": result.stderr}


if __name__ == "__main__":
    for game, own in cases_by_game().items():
        answers = {" ".join(args): run(args) for args in own}
        golden(game).parent.mkdir(parents=True, exist_ok=True)
        golden(game).write_text(json.dumps(answers, indent=1, ensure_ascii=False, sort_keys=True) + "\n")
        print(f"{len(answers)} answers written to {golden(game).relative_to(ROOT)}", file=sys.stderr)
