"""The "our own words" checks every game's tests make: no six words in a row copied from a rules text.

The rules texts live in the team's shared folder beside the repository (`../shared/rules/`), not in it:
a clone on a user's machine has none, so the checks skip there with the reason; CI sets CI=true and
must have them, so there a missing text is a failure.
"""

from __future__ import annotations

import os
import re

import pytest

RUN = 6


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text.casefold())


def grams_of(path, what: str = "rules text", ignore: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    """Every run of six words in the text at `path`; skip (fail under CI) when it is not there.
    `ignore`: phrases that are names, not prose (a game's six-word title), left out of the runs."""
    if not path.is_file():
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI needs the {what} at {path} for the copy checks")
        pytest.skip(f"no {what} at {path} (the team's shared folder is not beside this clone)")
    text = path.read_text("utf-8")
    for phrase in ignore:
        text = text.replace(phrase, " | ")
    w = words(text)
    return {tuple(w[i : i + RUN]) for i in range(len(w) - RUN + 1)}


def copied(text: str, grams) -> list[str]:
    """The runs of six words of `text` that stand in the rules text."""
    w = words(text)
    return [" ".join(w[i : i + RUN]) for i in range(len(w) - RUN + 1) if tuple(w[i : i + RUN]) in grams]
