"""The games the tool serves: every folder here with an `__init__.py` that names its game.

A game's `__init__.py` says, as plain constants and nothing else (it is read on every run):

    NAME = "canvas"                       # the value of `game:` in a file, and of --game
    ALIASES = ()                          # other names accepted for it
    TITLE = "Canvas"                      # for people
    SUMMARY = "Layered paintings: ..."    # one line, for `pastiche --help`
    EXAMPLE = "pastiche canvas best game.yaml --player Ana"   # shown in `pastiche canvas --help`

Its value (kernel/game.py: its rules, reader, writer, teller and view) is `GAME` in its `game.py`;
its own commands live in its `commands/` package, one module per command, each exposing `command`,
with what only a terminal knows of the game as the package's `TERMINAL` (cli/game.py: Terminal),
reached under its name (`pastiche canvas best ...`; Pastiche's at the top). The shared verbs
(`SHARED_VERBS`) are served by the shell for every game (`cli/verbs/VERB.py`, from its value and its
TERMINAL), unless the game has a module of that name, reached through the top-level verb
(`pastiche score FILE` reads the file's `game:`). Adding a game is adding a folder: nothing else changes.
"""

from __future__ import annotations

import importlib
import os
from functools import cache
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from types import ModuleType

    from pastiche_cli.kernel.game import Game as GameValue

DEFAULT = "pastiche"
SHARED_VERBS = ("score", "check", "end", "board", "rules", "new", "replay", "play", "undo", "tally", "serve")


class Game(NamedTuple):
    """A game as the registry knows it (its names and package); its value is `declared(game)`."""

    name: str
    aliases: tuple[str, ...]
    title: str
    summary: str
    package: str  # pastiche_cli.games.NAME
    example: str = ""

    @property
    def commands_package(self) -> str:
        return f"{self.package}.commands"


@cache
def known() -> dict[str, Game]:
    """Every game, by name, Pastiche first then alphabetical."""
    found: dict[str, Game] = {}
    here = os.path.dirname(os.path.abspath(__file__))
    for entry in sorted(os.listdir(here), key=lambda e: (e != DEFAULT, e)):
        if entry.startswith(("_", ".")) or not os.path.isfile(os.path.join(here, entry, "__init__.py")):
            continue
        module = importlib.import_module(f"{__name__}.{entry}")
        name = getattr(module, "NAME", None)
        if name:
            found[name] = Game(
                name,
                tuple(getattr(module, "ALIASES", ())),
                getattr(module, "TITLE", name),
                getattr(module, "SUMMARY", ""),
                module.__name__,
                getattr(module, "EXAMPLE", ""),
            )
    return found


def by_name(word: str) -> Game | None:
    """The game a name or alias means (case-insensitive), or None."""
    key = word.strip().lower()
    for game in known().values():
        if key == game.name or key in game.aliases:
            return game
    return None


def names() -> list[str]:
    """Every accepted name: games, then aliases."""
    return list(known()) + [a for g in known().values() for a in g.aliases]


def declares(game: Game) -> bool:
    """Does the game declare its value (games/NAME/game.py)? Then the shared verbs serve it."""
    from importlib.util import find_spec

    return find_spec(f"{game.package}.game") is not None


def declared(game: Game) -> GameValue:
    """The game's value (kernel/game.py: Game), as its games/NAME/game.py declares it: GAME."""
    return importlib.import_module(f"{game.package}.game").GAME


def commands(game: Game) -> ModuleType:
    """The game's commands package: its terminal face (its TERMINAL, and a module per command)."""
    return importlib.import_module(game.commands_package)


def command_modules(game: Game) -> dict[str, str]:
    """Command name -> module name: every public module in the game's commands package."""
    # A directory listing, not pkgutil (4 ms of imports on every run).
    package = commands(game)
    found = {}
    for directory in package.__path__:
        for entry in os.listdir(directory):
            name, ext = os.path.splitext(entry)
            if ext == ".py" and not name.startswith("_"):
                found[name.replace("_", "-")] = name
    return found
