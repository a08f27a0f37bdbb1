"""Located problems found in a position file, and the exit codes they lead to (SPEC 6.1)."""

from typing import Any, NamedTuple

from pastiche_cli.kernel.multiset import FrozenMap
from pastiche_cli.kernel.verdict import fields

EXIT_OK = 0
EXIT_RULES_SAY_NO = 1
EXIT_USAGE = 2
EXIT_BAD_FILE = 3
EXIT_BREAKS_RULES = 4
# Beyond SPEC 6.1's 0-4: the user's saved catalogue of cards (one pastiche finds itself, not a file
# named on the command line) cannot be read: not the position's fault, so not 3, which says a file
# you named cannot be read. (70 is an internal error and 141 a closed pipe: cli/root.py.)
EXIT_BAD_CATALOGUE = 5

# Problem kinds: a file that cannot be read or does not fit the format, a position that
# breaks the rules of the game, or something legal but odd.
FORMAT = "format"
RULES = "rules"
WARNING = "warning"


class Loc(NamedTuple):
    """Where a value is written in its file (1-based); (1, 1) for values the tool made."""

    line: int = 1
    column: int = 1


class Places(FrozenMap):
    """Where a file gives each part of a position (key -> Loc, as player_key(0, "hexes")): the reader's facts."""

    __slots__ = ()

    def loc(self, key: str, otherwise: Loc = Loc()) -> Loc:
        """Where the file gives `key`; `otherwise` (1:1 by default) when it does not."""
        return self.get(key, otherwise)


NOWHERE = Places()


def player_key(index: int, key: str) -> str:
    """The key of a player's entry in Places: `players[0].hexes` (by its place in the file's list)."""
    return f"players[{index}].{key}"


class Problem(NamedTuple):
    kind: str  # FORMAT, RULES or WARNING
    code: str  # short stable identifier, e.g. "unknown-key", "too-many-copies"
    message: str
    line: int = 1  # 1-based
    column: int = 1  # 1-based
    file: str | None = None  # set when the problem is in another file (a catalogue), not the position

    @property
    def severity(self) -> str:
        return "warning" if self.kind == WARNING else "error"

    def located(self, filename: str) -> str:
        return f"{self.file or filename}:{self.line}:{self.column}: {self.severity}: {self.message}"

    def as_json(self) -> dict:
        out = fields(self, "severity", "code", "line", "column", "message")
        if self.file:
            out["file"] = self.file
        return out


def problem_at(loc, code: str, message: str, kind: str = RULES) -> Problem:
    """A problem where `loc` (anything with a line and a column) says: a rules error unless `kind` says otherwise."""
    return Problem(kind, code, message, loc.line, loc.column)


class Reading(NamedTuple):
    """A position file read: the position (None when unusable), every problem, and where the file gives each part."""

    position: Any
    problems: list[Problem]
    places: Places = NOWHERE


def exit_code(problems: list[Problem]) -> int:
    """3 if anything does not fit the format, else 4 if anything breaks the rules, else 0."""
    kinds = {p.kind for p in problems}
    if FORMAT in kinds:
        return EXIT_BAD_FILE
    if RULES in kinds:
        return EXIT_BREAKS_RULES
    return EXIT_OK


def worst(codes: list[int]) -> int:
    """One exit code for several files: 3 if any is unreadable, else 5 (a catalogue), else 4 (rules), else 0."""
    for code in (EXIT_BAD_FILE, EXIT_BAD_CATALOGUE, EXIT_BREAKS_RULES):
        if code in codes:
            return code
    return max(codes, default=0)


def sort_key(problem: Problem) -> tuple[int, int, str]:
    return (problem.line, problem.column, problem.message)


class PositionError(Exception):
    """A position that cannot be used: carries every problem found, each located."""

    def __init__(self, filename: str, problems: list[Problem]):
        self.filename = filename
        self.problems = sorted(problems, key=sort_key)
        super().__init__("\n".join(p.located(filename) for p in self.problems))

    @property
    def exit_code(self) -> int:
        return exit_code(self.problems)
