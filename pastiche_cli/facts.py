"""The one place game facts are read from disk (`data/GAME/NAME.json`, loaded once); cores ask `game_data`."""

from __future__ import annotations

import json
import os
from functools import cache


@cache
def data_dir() -> str:
    """Where data/ is: installed as pastiche_cli.data, or beside the package in a source checkout."""
    try:
        from pastiche_cli import data  # type: ignore[attr-defined]  # data/, installed as pastiche_cli.data
    except ImportError:  # `python -m pastiche_cli` run from the repository root
        return os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "data")
    return os.path.dirname(data.__file__)


@cache
def game_data(game: str, name: str) -> dict:
    """The parsed JSON file data/GAME/NAME (never mutate it: it is shared)."""
    # A plain path, not importlib.resources: this runs on every command and must start fast.
    with open(os.path.join(data_dir(), game, name), encoding="utf-8") as handle:
        return json.load(handle)
