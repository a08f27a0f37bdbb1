"""Every command on every file of the hostile corpus (tests/hostile/corpus/), timed in process: the slowest answers.

    python benchmarks/bench_hostile.py [--runs 3] [--pastiche PATH] [--files N] [--top 10]

The tests hold what each answer is; how fast it comes is measured here, not in a test, since a
shared machine makes any wall-clock limit in a test fail at random. Each answer is checked as
tests/hostile/test_corpus.py asserts: no traceback, never exit 70 (an internal error), and every
error (exit 3 or 4) located as FILE:LINE:COL; an answer that is not is a failure (harness.py).

The sweep (every command of test_corpus.COMMANDS, piped and --json, on every corpus file) is timed
in process against its floor: the same commands, as many times, on good positions (the board
commands on board-midgame-4p.yaml, the rest on painting-midgame.yaml), so the ratio is what a hostile
file's answer costs over a good position's. Then `pastiche check` on two corpus files as processes
(a YAML syntax error, exit 3, and 2140 hexes, exit 4), each against `pastiche check` on the good
position. A quick run: `--runs 1 --files 3`.
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


def sweep(invocations, allowed: tuple[int, ...], fastest: dict[str, float] | None = None):
    """Answer each invocation in process and check it; with `fastest`, keep each answer's fastest time."""
    from click.testing import CliRunner

    from pastiche_cli.cli.root import root

    runner = CliRunner()

    def run() -> None:
        for what, argv in invocations:
            start = time.perf_counter()
            result = runner.invoke(root, argv)
            took = time.perf_counter() - start
            wrong = complaint(argv, result, allowed)
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
    good = [
        (what, argv)
        for _ in files
        for command in COMMANDS
        for what, argv in answers([GOOD_BOARD if command[0] in ON_THE_BOARD else GOOD], [command])
    ]
    fastest: dict[str, float] = {}
    swept = harness.in_process(
        f"{len(hostile)} answers on {len(files)} hostile files",
        sweep(hostile, (0, 1, 2, 3, 4), fastest),
        sweep(good, (0, 1)),  # answered, or a move the rules refuse
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
    print(f"{' '.join(pastiche)} (package: {harness.installed_from()}); {args.runs} runs each, interleaved")
    print(f"{len(hostile)} answers; the slowest (fastest of {args.runs} runs):")
    for what, took in slowest[: args.top]:
        print(f"  {took * 1000:7.1f} ms  {what}")
    print()
    harness.report([swept], "in process")
    harness.report(processes, "\nas a process")


if __name__ == "__main__":
    harness.main(body)
