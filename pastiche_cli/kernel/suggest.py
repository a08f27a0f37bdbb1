"""Did you mean …? The one place that guesses which known word a misspelt one meant.

`suggest` finds the nearest choice; `hint` words it the way the message around it needs. A file
can hold thousands of misspellings against a catalogue of hundreds of ids, so a reader that
suggests for each one shares a `Budget`, which stops guessing once it has compared enough.
"""

from __future__ import annotations

from typing import Iterable

CUTOFF = 0.6        # difflib's similarity ratio a choice needs to be suggested


def suggest(text: object, choices: Iterable[str]) -> str | None:
    """The closest choice to a misspelt name, ignoring case, if any is close enough; spelt as the choice."""
    import difflib   # 2 ms of imports, paid only when something is misspelt

    by_folded = {c.casefold(): c for c in choices}
    found = difflib.get_close_matches(str(text).casefold(), list(by_folded), n=1, cutoff=CUTOFF)
    return by_folded[found[0]] if found else None


STYLES = {
    "clause": "; did you mean '{}'?",      # ends a located message: "unknown key 'palete'; did you mean …"
    "sentence": " Did you mean '{}'?",     # follows a sentence of a usage error
    "aside": " (did you mean '{}'?)",      # after one word of a list
}


def hint(near: str | None, otherwise: str = "", style: str = "clause") -> str:
    """The words that offer `near` (as found by `suggest`) in a message, or `otherwise` when there is none."""
    return STYLES[style].format(near) if near is not None else otherwise


class Budget:
    """Suggestions with a bound on the work: each choice compared costs one; once spent, none are made.

    The bound is far above what a real position needs (a catalogue of 300 ids and 300 typos) and keeps
    a hostile file to a fraction of a second.
    """

    def __init__(self, comparisons: int = 100_000):
        self.left = comparisons

    def suggest(self, text: object, choices: Iterable[str]) -> str | None:
        choices = list(choices)
        if len(choices) > self.left:
            self.left = 0
            return None
        self.left -= len(choices)
        return suggest(text, choices)
