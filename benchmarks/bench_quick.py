"""The short sheet and `pastiche tally` against the position file: characters typed and the command's time.

    python benchmarks/bench_quick.py [--runs 11] [--pastiche PATH]

Characters typed: every character of the lines a player writes (comments are not typed), each end
of line counted; for the short sheet without its `catalogue:` line (a group with its box saved),
for `tally` the answers of tests/cli/test_tally.py's session (Enter for the catalogue named by
--catalogue). Typing time at 200 characters a minute.

Then `score --json` on the position (floor: `python -c pass`, the ratio its cost over Python's
start-up), and `score --json` on the short sheet and a whole piped `tally` session, each against
`score --json` on the position: the ratio is what the short form costs over scoring the same game
from its full position. Each is checked first (harness.py): the position scores Ana the winner, the
sheet scores exactly as the position, and the tally prints the bundled sheet's lines and the
position's final scores.
"""

from __future__ import annotations

import json
import subprocess

import harness
from harness import Command, json_where

FULL = harness.POSITIONS / "four-player-finish.yaml"
SHEET = harness.EXAMPLES / "quick" / "four-player-finish.sheet"
BOX = harness.EXAMPLES / "quick" / "box.yaml"
# the catalogue: Enter, the one --catalogue names; then the answers tests/cli/test_tally.py types
ANSWERS = ["", *(harness.ROOT / "tests" / "cli" / "tally-four-player-finish.txt").read_text().splitlines()]
PER_MINUTE = 200


def typed(path, skip: tuple[str, ...] = ()) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return sum(len(line) + 1 for line in lines if line.strip() and not line.lstrip().startswith(("#", *skip)))


def sheet_lines(text: str) -> list[str]:
    """A sheet's player lines: what a tally writes, without its comments and `catalogue:` line."""
    return [line for line in text.splitlines() if line.strip() and not line.startswith(("#", "catalogue:"))]


def tallies_as(scores: dict) -> harness.Check:
    """The session printed the bundled sheet's lines, then each player's final total as the position scores."""
    wanted_sheet = sheet_lines(SHEET.read_text(encoding="utf-8"))
    from pastiche_cli.kernel.ranking import places

    players = scores["players"]
    placed = places([p["rank"] for p in players])  # as every game's final lines place them: 1st, 2nd=
    wanted_totals = [f"{place} {p['name']}: {p['total']} = " for place, p in zip(placed, players)]
    winners = f"Winner: {' and '.join(scores['winners'])}, decided by"

    def check(done: subprocess.CompletedProcess) -> str | None:
        out = done.stdout.decode(errors="replace")
        sheet, _, after = out.partition("\n\n")
        if sheet_lines(sheet) != wanted_sheet:
            return f"the sheet it printed is not {SHEET.name}'s: {sheet[:300]!r}"
        missing = [t for t in [*wanted_totals, winners] if t not in after]
        return f"its final scores lack {missing!r}: {after[:300]!r}" if missing else None

    return check


def body() -> None:
    args = harness.parser(__doc__, runs=11).parse_args()
    pastiche = harness.pastiche(args)
    position = Command(
        "score POSITION --json",
        [*pastiche, "score", str(FULL), "--json"],
        json_where(lambda a: a["winners"] == ["Ana"], "Ana the winner"),
    )
    scores = json.loads(position.verify().stdout)
    sheet = Command(
        "score SHEET --json",
        [*pastiche, "score", str(SHEET), "--json"],
        json_where(lambda a: a == scores, "the position's scores"),
    )
    tally = Command(
        f"tally ({len(ANSWERS)} answers piped)",
        [*pastiche, "tally", "--catalogue", str(BOX)],
        tallies_as(scores),
        stdin="".join(a + "\n" for a in ANSWERS).encode(),
    )
    figures = [
        harness.interleaved(position, harness.floor("python -c pass"), args.runs),
        harness.interleaved(sheet, position, args.runs),
        harness.interleaved(tally, position, args.runs),
    ]
    forms = [
        ("position file", typed(FULL)),
        ("short sheet", typed(SHEET, ("catalogue:",))),
        ("tally answers", sum(len(a) + 1 for a in ANSWERS)),
    ]
    print(f"4-player finish          characters typed   minutes at {PER_MINUTE}/min")
    for name, n in forms:
        print(f"  {name:<22} {n:>16}   {n / PER_MINUTE:>17.1f}")
    print()
    harness.header(pastiche, args.runs)
    harness.report(figures)


if __name__ == "__main__":
    harness.main(body)
