"""Every command on every file of the hostile corpus (tests/hostile/corpus/), timed in process: the slowest answers.

    python benchmarks/bench_hostile.py [--runs 3] [--pastiche PATH] [--files N] [--top 10]

The tests hold what each answer is; how fast it comes is measured here, not in a test, since a
shared machine makes any wall-clock limit in a test fail at random. Each answer is checked as
tests/hostile/test_corpus.py asserts: no traceback, never exit 70 (an internal error), and every
error (exit 3 or 4) located as FILE:LINE:COL; an answer that is not is a failure (harness.py).

The sweep (every command of test_corpus.COMMANDS, piped and --json, on every corpus file) is timed
in process against its floor: the same commands, as many times, on good positions (the board
commands on board-midgame-4p.yaml, the rest on painting-midgame.yaml), so the ratio is what a hostile
file's answer costs over a good position's. Every floor answer must exit 0 and say what it must
(GOOD_ANSWERS); its `place` lays RYBBYR/R at 2,-4, an empty cell (COMMANDS' 1,-1 holds a hex there).
Then `pastiche check` on two corpus files as processes (a YAML syntax error, exit 3, and 2140 hexes,
exit 4), each against `pastiche check` on the good position. A quick run: `--runs 1 --files 3`.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time

import harness
from harness import POSITIONS, Command

HOSTILE = (
    harness.ROOT / "tests" / "hostile"
)  # test_corpus.py; not the repository root, so the package is the installed one
GOOD = POSITIONS / "painting-midgame.yaml"
GOOD_BOARD = POSITIONS / "board-midgame-4p.yaml"  # the one that has a board; painting-midgame has the gallery
ON_THE_BOARD = ("board", "moves", "place")
AS_PROCESSES = (("missing-bracket.yaml", 3), ("board-2140-hexes.yaml", 4))
LOCATED = re.compile(r"^.+:\d+:\d+: error: ")
LEGAL_PLACE = ("place", "RYBBYR/R", "--at", "2,-4", "--player", "Ana")  # on GOOD_BOARD, an empty cell
# What each command of the floor answers on the good positions: its text, and a test of its JSON.
GOOD_ANSWERS = {
    "check": (": OK", lambda a: a["valid"] is True),
    "score": ("Ahead so far: Ana", lambda a: a["winners"] == ["Ana"] and a["provisional"]),  # a game not over
    "end": ("Ana: 14  (26 to go)", lambda a: a["points"]["Ana"] == 14 and not a["triggered"]),
    "board": ("34 hexes placed", lambda a: sum(not h["start"] for h in a["hexes"]) == 34),
    "moves": ("270 legal placements", lambda a: a["count"] == 270),
    "complete": ("Harbour at Dusk", lambda a: [c["completable"] for c in a["commissions"]].count(True) == 1),
    "plan": ("Harbour at Dusk (hand, needs blue, teal, black): completable now", lambda a: a["commissions"]),
    "discard": ("2 over the limit of 8", lambda a: a["over"] == 2 and a["best"]),
    "place": (": legal [place.adjacent]", lambda a: a["legal"] is True),
    "trade": (": legal [trade.bank.primary]", lambda a: a["legal"] is True),
    "swap": ("Legal [commission.swap]: Ana swaps", lambda a: a["legal"] is True),
}


def unlocated(args: list[str], result) -> str | None:
    """None when every error has a line and column: in the JSON's problems, or as FILE:LINE:COL in the text
    (test_corpus.assert_located, as a complaint rather than an assertion)."""
    errors = [line for line in result.output.splitlines() if ": error:" in line]
    if "--json" in args and result.stdout.lstrip().startswith("{"):
        try:
            problems = json.loads(result.stdout).get("problems", [])
        except ValueError:
            return f"--json answered what is not JSON: {result.stdout[:200]!r}"
        errors_json = [p for p in problems if p.get("severity", p.get("kind")) not in ("warning",)]
        if errors_json:
            bad = [p for p in errors_json if not (p.get("line", 0) >= 1 and p.get("column", 0) >= 1)]
            return f"a problem without line and column: {bad[0]!r}" if bad else None
    if not errors:
        return f"no error line: {result.output[:200]!r}"
    bad = [line for line in errors if not LOCATED.match(line)]
    return f"an error not located as FILE:LINE:COL: {bad[0]!r}" if bad else None


def complaint(args: list[str], result, allowed: tuple[int, ...]) -> str | None:
    """What is wrong with an answer: a traceback, an exit outside `allowed`, an error not located."""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        return f"a traceback: {result.exception!r}"
    if result.exit_code not in allowed:
        return f"exit {result.exit_code}: {result.output[-200:]!r}"
    # trade and swap --json are not held to locating (test_corpus skips them): their JSON answers the move
    if result.exit_code in (3, 4) and not (args[0] in ("trade", "swap") and "--json" in args):
        return unlocated(args, result)
    return None


def answers(paths: list, commands) -> list[tuple[str, list[str]]]:
    """(what, argv) for every command, piped and --json, on each path."""
    out = []
    for path in paths:
        for command in commands:
            for extra in ((), ("--json",)):
                what = " ".join([command[0], path.name, *command[1:], *extra])
                out.append((what, [command[0], str(path), *command[1:], *extra]))
    return out


def good_answer(args: list[str], result) -> str | None:
    """What is wrong with a floor answer: not exit 0, or not what GOOD_ANSWERS says it must be."""
    if result.exit_code != 0:
        return f"exit {result.exit_code} on a good position: {result.output[-200:]!r}"
    text, holds = GOOD_ANSWERS[args[0]]
    if "--json" not in args:
        return None if text in result.stdout else f"its answer lacks {text!r}: {result.stdout[:200]!r}"
    try:
        return None if holds(json.loads(result.stdout)) else f"not the JSON expected: {result.stdout[:200]!r}"
    except (ValueError, LookupError, TypeError):
        return f"not the JSON expected: {result.stdout[:200]!r}"


def sweep(invocations, allowed: tuple[int, ...], fastest: dict[str, float] | None = None, good: bool = False):
    """Answer each invocation in process and check it (`good`: as a floor answer, GOOD_ANSWERS); with
    `fastest`, keep each answer's fastest time."""
    from click.testing import CliRunner

    from pastiche_cli.cli.root import root

    runner = CliRunner()

    def run() -> None:
        for what, argv in invocations:
            start = time.perf_counter()
            result = runner.invoke(root, argv)
            took = time.perf_counter() - start
            wrong = good_answer(argv, result) if good else complaint(argv, result, allowed)
            if wrong:
                harness.fail(f"{what}: {wrong}")
            if fastest is not None:
                fastest[what] = min(took, fastest.get(what, took))

    return run


def located_on(path) -> harness.Check:
    """The process named the file with a line and column, as FILE:LINE:COL: error:."""
    pattern = re.compile(rf"^{re.escape(str(path))}:\d+:\d+: error: ", re.MULTILINE)

    def check(done: subprocess.CompletedProcess) -> str | None:
        said = (done.stdout + done.stderr).decode(errors="replace")
        return None if pattern.search(said) else f"no error located as {path.name}:LINE:COL: {said[:200]!r}"

    return check


def body() -> None:
    parser = harness.parser(__doc__, runs=3)
    parser.add_argument("--files", type=int, metavar="N", help="only the first N corpus files (all)")
    parser.add_argument("--top", type=int, default=10, help="how many of the slowest answers to show (10)")
    args = parser.parse_args()
    pastiche = harness.pastiche(args)
    harness.no_source_on_path()
    sys.path.insert(0, str(HOSTILE))
    from test_corpus import COMMANDS, FILES

    files = FILES[: args.files] if args.files else FILES
    hostile = answers(files, COMMANDS)
    # the floor: the same commands on good positions, once for each hostile file, so as many answers
    floor_commands = [LEGAL_PLACE if command[0] == "place" else command for command in COMMANDS]
    unknown = [command[0] for command in floor_commands if command[0] not in GOOD_ANSWERS]
    if unknown:
        harness.fail(f"the floor does not know what {unknown} must answer on a good position (GOOD_ANSWERS)")
    good = [
        (what, argv)
        for _ in files
        for command in floor_commands
        for what, argv in answers([GOOD_BOARD if command[0] in ON_THE_BOARD else GOOD], [command])
    ]
    fastest: dict[str, float] = {}
    swept = harness.in_process(
        f"{len(hostile)} answers on {len(files)} hostile files",
        sweep(hostile, (0, 1, 2, 3, 4), fastest),
        sweep(good, (0,), good=True),  # every answer exit 0, and what it must say
        "the same on good positions",
        args.runs,
    )
    check_good = Command("check GOOD", [*pastiche, "check", str(GOOD)], harness.says(": OK"))
    processes = []
    for name, code in AS_PROCESSES:
        path = HOSTILE / "corpus" / name
        refused = Command(f"check {name} (exit {code})", [*pastiche, "check", str(path)], located_on(path), exit=code)
        processes.append(harness.interleaved(refused, check_good, args.runs))

    slowest = sorted(fastest.items(), key=lambda item: item[1], reverse=True)
    harness.header(pastiche, args.runs)
    print(f"{len(hostile)} answers; the slowest (fastest of {args.runs} runs):")
    for what, took in slowest[: args.top]:
        print(f"  {took * 1000:7.1f} ms  {what}")
    print()
    harness.report([swept], "in process")
    harness.report(processes, "\nas a process")


if __name__ == "__main__":
    harness.main(body)
