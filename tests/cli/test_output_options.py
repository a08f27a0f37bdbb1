"""One output switch for every command that answers: --json everywhere, --format only where there are tables."""

import click
import every_game
import pytest

from pastiche_cli import games
from pastiche_cli.cli.root import root

# The shared verbs and the tool's own commands; each game's own are in its tests/games/NAME/shared_facts.py.
TABLES = {"history", "stats", "score"}
NO_TABLE = {"board", "check", "end", "keep", "play", "replay", "rules", "tally"}
SILENT = {"completion", "man", "new", "serve", "undo"}
for _game in every_game.GAMES:
    _own = every_game.facts(_game)
    _prefix = "" if _game.name == games.DEFAULT else f"{_game.name} "
    TABLES |= {_prefix + name for name in _own.TABLES}
    NO_TABLE |= {_prefix + name for name in _own.NO_TABLE}
    SILENT |= {_prefix + name for name in _own.SILENT}


def every_command():
    ctx = click.Context(root, info_name="pastiche")
    out = {}
    for name in root.list_commands(ctx):
        command = root.get_command(ctx, name)
        if isinstance(command, click.Group):
            out.update({f"{name} {sub}": command.get_command(ctx, sub) for sub in command.list_commands(ctx)})
        else:
            out[name] = command
    return out


COMMANDS = every_command()


def test_every_command_is_sorted_into_one_kind():
    assert set(COMMANDS) == TABLES | NO_TABLE | SILENT
    assert not (TABLES & NO_TABLE or TABLES & SILENT or NO_TABLE & SILENT)


@pytest.mark.parametrize("game", every_game.OTHERS, ids=every_game.ids)
def test_every_own_command_of_a_game_is_sorted(game):
    own = {name.split(" ", 1)[1] for name in COMMANDS if name.split(" ", 1)[0] == game.name}
    facts = every_game.facts(game)
    assert own == facts.TABLES | facts.NO_TABLE | facts.SILENT


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_output_switches(name):
    options = {opt: p for p in COMMANDS[name].params for opt in p.opts}
    answers = name in TABLES | NO_TABLE
    assert ("--json" in options) is answers
    assert ("--format" in options) is (name in TABLES)
    if answers:
        json_option = options["--json"]
        assert (json_option.name, json_option.is_flag, json_option.help) == (
            "as_json",
            True,
            "Answer in JSON (stable keys).",
        )
    if name in TABLES:
        fmt = options["--format"]
        assert (fmt.name, list(fmt.type.choices), fmt.default) == ("fmt", ["auto", "rich", "plain", "markdown"], "auto")
        names = [p.name for p in COMMANDS[name].params]
        assert names.index("as_json") + 1 == names.index("fmt")  # --json then --format, as in every --help


def test_the_switches_are_declared_once_in_the_shell():
    import ast
    import pathlib

    package = pathlib.Path(__file__).resolve().parents[2] / "pastiche_cli"
    declaring = sorted(
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        if any(
            isinstance(node, ast.Constant) and node.value in ("--json", "--format")
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        )
    )
    assert declaring == ["cli/shell.py"]
