"""The manual page: cli/manpage.roff with every game's games/NAME/manpage.roff under COMMANDS, Pastiche first.

Standard library only and no import of the package: setup.py runs this file from the source tree to keep
man/pastiche.1 (`python pastiche_cli/cli/manpage.py --write`; without --write it prints the page).
"""

from __future__ import annotations

import os
import sys

HOME_GAME = "pastiche"  # listed first, as the registry lists the games (games.DEFAULT)
SKELETON = "manpage.roff"  # the tool's parts, beside this file; and each game's sections, in its folder
GAMES_MARK = '.\\" @GAMES@'
VERSION_MARK = "@VERSION@"  # in the .TH line: the package's __version__, the one `--version` prints
PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KEPT = os.path.join("man", "pastiche.1")  # the page as the repository keeps it, beside pastiche_cli/


def game_folders(package: str = PACKAGE) -> list[str]:
    """The folder of every game, as the registry finds them: a folder of games/ with an `__init__.py`."""
    games = os.path.join(package, "games")
    found = []
    for entry in sorted(os.listdir(games), key=lambda e: (e != HOME_GAME, e)):
        folder = os.path.join(games, entry)
        if not entry.startswith(("_", ".")) and os.path.isfile(os.path.join(folder, "__init__.py")):
            found.append(folder)
    return found


def _read(path: str) -> str:
    with open(path, encoding="utf-8", newline="") as handle:
        return handle.read()


def version(package: str = PACKAGE) -> str:
    """The package's `__version__`, read from its `__init__.py` as text (this file imports nothing)."""
    for line in _read(os.path.join(package, "__init__.py")).splitlines():
        name, equals, value = line.partition("=")
        if equals and name.strip() == "__version__":
            return value.strip().strip("\"'")
    raise OSError(f"no __version__ in {os.path.join(package, '__init__.py')}")


def page(package: str = PACKAGE) -> str:
    """The whole page, in roff (an OSError when the tool's part is missing)."""
    sections = "".join(
        _read(os.path.join(folder, SKELETON))
        for folder in game_folders(package)
        if os.path.isfile(os.path.join(folder, SKELETON))
    )
    lines = _read(os.path.join(package, "cli", SKELETON)).splitlines(keepends=True)
    text = "".join(sections if line.startswith(GAMES_MARK) else line for line in lines)
    return text.replace(VERSION_MARK, version(package))


def holds(path: str, text: str) -> bool:
    """Whether the file at `path` is this text (a page installed, or kept), byte for byte."""
    try:
        return _read(path) == text
    except (OSError, UnicodeDecodeError):
        return False


def write(package: str = PACKAGE) -> bool:
    """Keep the page in man/pastiche.1 beside the package, written only when it differs: whether it was."""
    path, text = os.path.join(os.path.dirname(package), KEPT), page(package)
    if holds(path, text):
        return False
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)
    return True


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        print(f"{KEPT}: {'written' if write() else 'already the page the parts make'}")
    else:
        sys.stdout.write(page())
