"""Did you mean …? The one place that guesses which known word a misspelt one meant.

A reader suggesting for each of a file's misspellings shares a `Budget`, which stops once it has compared enough."""

from __future__ import annotations

from collections.abc import Iterable

CUTOFF = 0.6  # difflib's similarity ratio a choice needs to be suggested


LONGEST = 64  # names and ids are short: a longer word, or choice, is never compared
# difflib's work for one comparison grows with the product of the two lengths; this many units is
# about 20 ms on the machine the benchmark ran on (benchmarks/bench_suggest.py).
UNITS = 200_000


def plausible(word: str, choice: str) -> bool:
    """Could difflib's ratio reach CUTOFF? It is at most 2 * min(length) / (sum of lengths)."""
    shorter, longer = sorted((len(word), len(choice)))
    return len(choice) <= LONGEST and 2 * shorter >= CUTOFF * (shorter + longer)


def worth_comparing(text: object, choices: Iterable[str], units: int = UNITS) -> tuple[list[str], int]:
    """(the choices difflib will see, the units they cost): plausible ones nearest in length first, as units pay."""
    word = str(text).casefold()
    if len(word) > LONGEST:
        return [], 0
    seen, near = set(), []
    for c in choices:
        folded = c.casefold()
        if folded not in seen and plausible(word, folded):
            seen.add(folded)
            near.append(c)
    near.sort(key=lambda c: abs(len(c) - len(word)))
    spent, kept = 0, []
    for c in near:
        cost = 1 + len(word) * len(c)
        if spent + cost > units:
            break
        spent += cost
        kept.append(c)
    return kept, spent


def suggest(text: object, choices: Iterable[str]) -> str | None:
    """The closest choice to a misspelt name, ignoring case, if any is close enough; spelt as the choice."""
    import difflib  # 2 ms of imports, paid only when something is misspelt

    kept, _ = worth_comparing(text, choices)
    by_folded = {c.casefold(): c for c in kept}
    found = difflib.get_close_matches(str(text).casefold(), list(by_folded), n=1, cutoff=CUTOFF)
    return by_folded[found[0]] if found else None


STYLES = {
    "clause": "; did you mean '{}'?",  # ends a located message: "unknown key 'palete'; did you mean …"
    "sentence": " Did you mean '{}'?",  # follows a sentence of a usage error
    "aside": " (did you mean '{}'?)",  # after one word of a list
}


def hint(near: str | None, otherwise: str = "", style: str = "clause") -> str:
    """The words that offer `near` (as found by `suggest`) in a message, or `otherwise` when there is none."""
    return STYLES[style].format(near) if near is not None else otherwise


class Budget:
    """Suggestions with a bound on the work, shared by every guess of a file: a hostile file stays under 50 ms."""

    def __init__(self, comparisons: int = 6_000, units: int = UNITS):
        self.left = comparisons
        self.units = units

    def suggest(self, text: object, choices: Iterable[str]) -> str | None:
        if self.left <= 0 or self.units <= 0 or len(str(text)) > LONGEST:
            return None
        choices = list(choices)
        if len(choices) > self.left:
            self.left = 0
            return None
        self.left -= len(choices)
        kept, spent = worth_comparing(text, choices, self.units)
        # a choice worth comparing that the units left cannot pay for ends the guessing
        self.units = self.units - spent if spent or not worth_comparing(text, choices, 10**12)[0] else 0
        return suggest(text, kept) if kept else None
