"""What a shared test loops over: the registry's games, and each one's bundled files and facts, found in
the game's own folders, so a game added (or Artline copied under a new name: tests/test_packaging.py)
is tested by every shared test and no shared test lists the games.

A file belongs to the game its `game:` key names (the home game's files name none), as the goldens
find them (tests/goldens/cases.py); a fact a test cannot read from the game's declaration or data
comes from the game's tests folder (tests/games/NAME/shared_facts.py).
"""

from __future__ import annotations

import importlib.util
import json
import pathlib
from functools import cache

from pastiche_cli import games

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
GAMES = list(games.known().values())
NAMES = [game.name for game in GAMES]
OTHERS = [game for game in GAMES if game.name != games.DEFAULT]


def folder(game: games.Game) -> str:
    """The game's folder name (games/NAME/, data/NAME/, tests/games/NAME/)."""
    return game.package.rsplit(".", 1)[1]


@cache
def _game_of(path: pathlib.Path) -> str:
    from pastiche_cli.formats.gamekey import declared_game

    declared = declared_game(str(path))
    found = games.by_name(declared.word) if declared else None
    return (found or games.known()[games.DEFAULT]).name


def _of(game: games.Game, paths) -> list[pathlib.Path]:
    return [path for path in sorted(paths) if _game_of(path) == game.name]


def positions(game: games.Game) -> list[pathlib.Path]:
    """The game's bundled positions (examples/positions/), broken ones included."""
    return _of(game, (EXAMPLES / "positions").rglob("*.yaml"))


def records(game: games.Game) -> list[pathlib.Path]:
    """The game's bundled records that replay to their end (examples/records/; not `*-broken.yaml`)."""
    return [p for p in _of(game, (EXAMPLES / "records").rglob("*.yaml")) if not p.stem.endswith("-broken")]


@cache
def score(path: pathlib.Path) -> dict | None:
    """`score --json` of a bundled file, or None when it has no scores (a broken file)."""
    from click.testing import CliRunner

    from pastiche_cli.cli.root import root

    done = CliRunner().invoke(root, ["score", str(path), "--json"])
    return json.loads(done.stdout) if done.exit_code == 0 else None


def finished(game: games.Game) -> list[pathlib.Path]:
    """The game's bundled positions of a game that is over (`score` calls its scores final)."""
    return [path for path in positions(game) if (score(path) or {}).get("provisional") is False]


def under_way(game: games.Game) -> list[pathlib.Path]:
    """The game's bundled positions of a game under way (`score` calls its scores provisional)."""
    return [path for path in positions(game) if (score(path) or {}).get("provisional") is True]


def midgame(game: games.Game) -> pathlib.Path:
    """The game's bundled game under way: its midgame.yaml where it has one, else the first."""
    found = under_way(game)
    return next((path for path in found if path.name == "midgame.yaml"), found[0])


def players(path: pathlib.Path) -> list[str]:
    """The players a bundled position or record names (a record's, in its setup)."""
    from ruamel.yaml import YAML

    data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    return [str(player["name"]) for player in data.get("setup", data)["players"]]


def player_commands(game: games.Game) -> list[list[str]]:
    """The game's own commands (as typed after `pastiche`) that take a position last and --player."""
    import click

    from pastiche_cli.cli.root import root

    ctx = click.Context(root, info_name="pastiche")
    group = [] if game.name == games.DEFAULT else [game.name]
    found = []
    for name in sorted(set(games.command_modules(game)) - set(games.SHARED_VERBS)):
        command = root.get_command(ctx, name) if not group else root.get_command(ctx, game.name).get_command(ctx, name)
        arguments = [p for p in command.params if isinstance(p, click.Argument)]
        takes_player = any("--player" in getattr(p, "opts", ()) for p in command.params)
        if takes_player and arguments and arguments[-1].name in ("position", "positions"):
            found.append([*group, name])
    return found


def sheets(game: games.Game) -> list[pathlib.Path]:
    """The game's bundled short score sheets (examples/quick/)."""
    return _of(game, (EXAMPLES / "quick").glob("*.sheet"))


@cache
def facts(game: games.Game):
    """The game's tests/games/NAME/shared_facts.py: what the shared tests need to know of it and cannot
    read from its declaration or its data."""
    path = ROOT / "tests" / "games" / folder(game) / "shared_facts.py"
    spec = importlib.util.spec_from_file_location(f"shared_facts_{folder(game)}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ids(game: games.Game) -> str:
    return game.name
