"""Did you mean …? The worst cases of one file's guessing: a Budget spent to the end (issue 13).

    python benchmarks/bench_suggest.py [--runs 15] [--shapes 7] [--pastiche PATH]

In process, for each shape of catalogue (so many ids of so many letters) a fresh Budget is asked
for suggestions until it is spent: typos made from the ids (the last letter changed) and random
words, round and round. Each shape is checked first: the Budget suggests a typo's own id and ends
spent, or, for ids longer than 64 letters, compares nothing and suggests nothing. The floor, run
alternately, is a Budget spent over one candidate: one id of 10 letters, asked for its typo until
the units run out (about 2000 guesses, each found). The ratio is what the shape's catalogue costs
over that one-id catalogue, the same Budget spent. Issue 13's bar, 50 ms for all of a file's
guesses, is read off the times.

As a process: `pastiche check` on a position whose gallery names 2000 misspelt ids of a 300-card
catalogue (written to a temporary folder); it must suggest the right id for the first and stop
suggesting once its Budget is spent. The floor is `pastiche check` on the same file with ids no
catalogue id resembles (the same errors, nothing to guess): the ratio is what guessing adds.
"""

from __future__ import annotations

import random
import subprocess
from collections.abc import Callable

import harness
from harness import Command

# (ids, letters each): short ids by the thousand, long ones, ones too long to compare (over 64).
SHAPES = ((30, 8), (300, 10), (2000, 40), (500, 64), (100, 900), (5000, 12), (40, 20))
LETTERS = "abcdefghij"
MOST_ASKED = 5_000  # a file of 96 KiB holds no more words than this
CATALOGUE, TYPOS = 300, 2000  # the process's file: 45 KiB


def words(rng: random.Random, count: int, length: int) -> list[str]:
    return ["".join(rng.choice(LETTERS) for _ in range(length)) for _ in range(count)]


# --- in process (after harness.no_source_on_path(): the installed package) ---------------------------


def spend(ids: list[str], typos: list[str]) -> tuple[list[str | None], object]:
    """Ask a fresh Budget for a suggestion for each typo in turn until it is spent: (answers, budget)."""
    from pastiche_cli.kernel.suggest import Budget

    budget = Budget()
    answers = []
    while budget.left > 0 and budget.units > 0 and len(answers) < MOST_ASKED:
        answers.append(budget.suggest(typos[len(answers) % len(typos)], ids))
    return answers, budget


def shape(ids: int, length: int, rng: random.Random) -> tuple[str, Callable[[], object]]:
    """The shape's name and its work, checked once."""
    from pastiche_cli.kernel.suggest import LONGEST, UNITS

    choices = words(rng, ids, length)
    # the ids with a letter changed (close enough to be compared in full), then random words
    meant = {c[:-1] + "x": c for c in choices[:100]}
    typos = [*meant, *words(rng, 100, length)]
    name = f"{ids} ids of {length} letters"
    answers, budget = spend(choices, typos)
    right = sum(1 for i, answer in enumerate(answers) if answer and answer == meant.get(typos[i % len(typos)]))
    if length > LONGEST:
        if any(answers) or budget.units != UNITS:
            harness.fail(f"{name}: ids longer than {LONGEST} letters were compared")
    elif not right:
        harness.fail(f"{name}: no typo was offered its own id ({len(answers)} asked)")
    elif budget.left > 0 and budget.units > 0:
        harness.fail(f"{name}: the Budget was not spent after {len(answers)} suggestions")
    return f"{name}, {len(answers)} asked", lambda: spend(choices, typos)


ONE_ID, ITS_TYPO = "abcdefghij", "abcdefghix"


def one_candidate() -> object:
    return spend([ONE_ID], [ITS_TYPO])


def check_one_candidate() -> None:
    answers, budget = one_candidate()
    found = sum(1 for a in answers if a == ONE_ID)
    # the last guess may be the one the units left could not pay for
    if found < max(1, len(answers) - 1) or budget.units > 0 and budget.left > 0:
        harness.fail(f"the floor: {found} of {len(answers)} guesses over one id found it, or the Budget was not spent")


# --- one file's guesses, as a process ------------------------------------------------------------------


def position(ids: list[str], named: list[str], name: str) -> str:
    """A position whose catalogue holds `ids` and whose gallery names `named`, one flow list."""
    lines = ["catalogue:"]
    lines += [f"  {c}: {{title: T{i}, artist: A{i}, points: 9, palette: [red, blue]}}" for i, c in enumerate(ids)]
    lines += ["players:", "  - name: Ana", "    palette: [red]", "    commissions: []", "    completed: []"]
    lines += ["  - name: Ben", "    palette: []", "    commissions: []", "    completed: []"]
    lines += [f"gallery: [{','.join(named)}]", "turn: {player: Ana, phase: painting}"]
    path = harness.OUTSIDE / name
    path.write_text("\n".join(lines) + "\n")
    return str(path)


def file_commands(pastiche: list[str]) -> tuple[Command, Command]:
    rng = random.Random(1)
    ids = words(rng, CATALOGUE, 10)
    meant = [rng.choice(ids) for _ in range(TYPOS)]
    typos = [c[:-1] + "x" for c in meant]
    # 3 letters against 10 cannot reach difflib's cutoff: no id is compared; padded to the same bytes
    unlike = [f"{'zzz':<10}" for _ in meant]
    errors = f"{TYPOS} errors"

    def guessed_until_spent(done: subprocess.CompletedProcess) -> str | None:
        out = done.stdout.decode(errors="replace")
        first = f"no commission with id '{typos[0]}' in the catalogue; did you mean '{meant[0]}'?"
        if first not in out or errors not in out:
            return f"expected {errors}, the first being {first!r}: {out[:300]!r}"
        if out.count("did you mean") >= TYPOS:
            return "every typo had a suggestion: the Budget was never spent"
        return None

    def nothing_guessed(done: subprocess.CompletedProcess) -> str | None:
        out = done.stdout.decode(errors="replace")
        if errors not in out or "did you mean" in out:
            return f"expected {errors} and no suggestion: {out[:300]!r}"
        return None

    misspelt = position(ids, typos, "misspelt-ids.yaml")
    unlike_ids = position(ids, unlike, "unlike-ids.yaml")
    return (
        Command("check, 2000 misspelt ids", [*pastiche, "check", misspelt], guessed_until_spent, exit=3),
        Command("check, ids like none (floor)", [*pastiche, "check", unlike_ids], nothing_guessed, exit=3),
    )


def body() -> None:
    parser = harness.parser(__doc__)
    parser.add_argument("--shapes", type=int, default=len(SHAPES), help=f"the first N shapes ({len(SHAPES)})")
    args = parser.parse_args()
    pastiche = harness.pastiche(args)
    harness.header(pastiche, args.runs)
    process = harness.interleaved(*file_commands(pastiche), args.runs)

    harness.no_source_on_path()
    check_one_candidate()
    rng = random.Random(1)
    figures = []
    for ids, length in SHAPES[: max(1, args.shapes)]:
        name, work = shape(ids, length, rng)
        figures.append(harness.in_process(name, work, one_candidate, "a Budget spent over one id", args.runs))

    harness.report([process], f"whole process, {TYPOS} misspelt ids against {CATALOGUE}:")
    print()
    harness.report(figures, "in process, a Budget spent:")


if __name__ == "__main__":
    harness.main(body)
