"""What score entry from the phones says (`pastiche serve --sheet`): in the terminal, and in the answers a phone
or the host's screen shows beside a field."""

from __future__ import annotations

import os
from collections.abc import Iterable


def caused_by(other: str, message: str) -> str:
    """A problem this line makes with another player's line (the same card named twice), said on this line."""
    return f"with {other}'s line: {message}"


def key_problem(key: str, message: str) -> str:
    return f"{key}: {message}"


def file_kept(option: str) -> str:
    """A file key cleared that the server reads from an option beside the sheet (--catalogue FILE)."""
    name = os.path.basename(option)
    return (
        f"the sheet names {name}, which the server scores with, so that `pastiche score` reads it too; set another file"
    )


def no_scores_yet(errors: Iterable, entered: int) -> str:
    """Why the sheet as entered gives no scores yet (too few lines for the game, a key not set)."""
    said = [p.message for p in errors]
    if not entered:
        return "no line entered yet: the scores come with the first"
    return "no scores yet: " + "; ".join(said[:3]) if said else "no scores yet"


def serving(path: str, entered: int, players: int, opts: dict, files: Iterable[str], keys: dict) -> str:
    """The terminal's line once the server listens."""
    line = (
        f"Serving {path} for score entry: {entered} of {players} lines in; every seat is free; "
        "each phone joins with the join link and enters its own line."
    )
    outside = [f"--{key} {opts[key]}" for key in files if opts.get(key) and not keys.get(key)]
    if outside:
        line += f" The sheet does not name {' '.join(outside)} (not beside it): score it with the same option."
    return line


def news(event: str, who: str, n: int, players: int, path: str, written: bool) -> str:
    """One change of the sheet, in a line: a player's line entered, the keys set, the file changed elsewhere."""
    name = os.path.basename(path)
    if event == "reload":
        return f"{name} changed on disk: {n} of {players} lines in"
    kept = "" if written else f" (kept here: {name} is written once the sheet scores)"
    if who:
        return f"{who} entered a line: {n} of {players} in{kept}"
    return f"the host set the sheet's keys: {n} of {players} lines in{kept}"
