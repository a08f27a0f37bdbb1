"""The user's data folder: where pastiche keeps what a group types once and what it plays.

`$PASTICHE_DATA` when set, else the platform's folder for an application's data (platformdirs:
`~/.local/share/pastiche` or `$XDG_DATA_HOME/pastiche` on Linux, `~/Library/Application
Support/pastiche` on macOS, `%LOCALAPPDATA%\\pastiche` on Windows). The play history
(`history.sqlite3`), the saved catalogue and the saved thesis catalogue live there. Before the
history, the saved catalogues lived in `$XDG_DATA_HOME/pastiche` (`~/.local/share/pastiche`) on
every platform: a file there is still read while the data folder has none, and the first change
made to it is written to the data folder (the old file is left as it was).
"""

from __future__ import annotations

import os
import shutil

ENV = "PASTICHE_DATA"
APP = "pastiche"


def folder() -> str:
    """The data folder ($PASTICHE_DATA, else the platform's); it may not exist yet."""
    given = os.environ.get(ENV)
    if given:
        return given
    import platformdirs  # only here: most commands never ask where the data folder is

    return platformdirs.user_data_dir(APP, appauthor=False)


def old_folder() -> str:
    """Where the saved catalogues lived before the data folder: $XDG_DATA_HOME/pastiche on every platform."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, APP)


def saved_path(name: str) -> str:
    """A saved file's path as it is read: in the data folder, or at its old place while only that exists."""
    new = os.path.join(folder(), name)
    old = os.path.join(old_folder(), name)
    if os.path.lexists(new) or not os.path.lexists(old):
        return new
    return old


def moved_for_writing(path: str) -> str:
    """The path a change to the saved file at `path` is written to: the data folder's. A file still at
    its old place is copied there first (the old one is kept), so the change loses none of it."""
    name = os.path.basename(path)
    new = os.path.join(folder(), name)
    if os.path.abspath(path) != os.path.abspath(os.path.join(old_folder(), name)) or os.path.abspath(path) == (
        os.path.abspath(new)
    ):
        return path
    if not os.path.lexists(new):
        os.makedirs(os.path.dirname(os.path.abspath(new)), exist_ok=True)
        shutil.copy2(path, new)
    return new
