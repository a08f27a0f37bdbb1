"""Every Masterpiece command as a whole process, and `options` on a large position in process.

    python benchmarks/bench_masterpiece.py [--runs 15] [--pastiche PATH]

The commands run on the bundled Masterpiece examples, and `options` also on a large position: a
10-card hand, 12 theses and 16 citable cards under accepted theses (written, with its table of
theses, to a temporary folder). Each command is checked once for what it must say before it is
timed (harness.py). The floor is `python -c pass`, run alternately with each command: the ratio is
what the command costs over Python's own start-up. SPEC 7's target, 0.1 s a command with start-up,
is read off the times.

Then the core's `options()` in process on the large position, checked for the theses it finds
presentable and the ways it counts. Its floor reads the same position (parse_position), which every
command does before it answers: the ratio is what the search costs in units of reading the file.
"""

from __future__ import annotations

import pathlib

import harness
from harness import Command, json_where, says

MASTERPIECE = harness.POSITIONS / "masterpiece"
MIDGAME = MASTERPIECE / "midgame.yaml"
FINISHED = MASTERPIECE / "finished-tiebreak.yaml"
TRIGGERED = MASTERPIECE / "end-triggered.yaml"
LARGE_PATH = harness.OUTSIDE / "large.yaml"
THESES_PATH = harness.OUTSIDE / "theses.yaml"
# What options() finds for Ana on the large position: the theses she can present, and the ways in all.
LARGE_PRESENTABLE = 7
LARGE_WAYS = 12590

LARGE = """\
game: masterpiece
theses:   # a made-up table of 12 theses: a group's own table; the real cards' points are on your cards
  - {id: five-run, requirement: run 5, points: 3, copies: 6}
  - {id: seven-run, requirement: run 7, points: 5, copies: 6}
  - {id: nine-run, requirement: run 9, points: 7, copies: 6}
  - {id: eleven-run, requirement: run 11, points: 9, copies: 6}
  - {id: colour-run, requirement: run 5 same-suit, points: 6, copies: 6}
  - {id: three-pairs, requirement: pairs 3, points: 4, copies: 6}
  - {id: four-pairs, requirement: pairs 4, points: 6, copies: 6}
  - {id: twin-pairs, requirement: pairs 3, points: 5, copies: 6, repeats: true}
  - {id: triple, requirement: kind 3, points: 2, copies: 6}
  - {id: five-alike, requirement: kind 5, points: 8, copies: 6}
  - {id: full-house, requirement: kinds 3+2, points: 5, copies: 6}
  - {id: end-flag, requirement: flag, points: 1, copies: 1}
players:
  - name: Ana
    hand: [pink 3, orange 3, purple 5, yellow 6, lightblue 7, blue 7, green 8, purple 8, orange 9, blue 10]
    accepted: [{thesis: triple, card: pink 6}, {thesis: five-run, card: yellow 4}]
  - name: Ben
    hand: [pink 1]
    accepted: [{thesis: five-run, card: blue 6}, {thesis: full-house, card: green 11}, {thesis: triple, card: orange 5}]
  - name: Caro
    hand: []
    accepted: [{thesis: three-pairs, card: lightblue 9},
      {thesis: colour-run, card: green 10}, {thesis: seven-run, card: pink 7}]
  - name: Dora
    hand: []
    accepted: [{thesis: four-pairs, card: orange 8},
      {thesis: nine-run, card: yellow 5}, {thesis: three-pairs, card: blue 11}]
  - name: Eli
    hand: []
    accepted: [{thesis: twin-pairs, card: green 12},
      {thesis: five-alike, card: green 9}, {thesis: eleven-run, card: purple 4}]
discard: []
"""


def write_large() -> pathlib.Path:
    """The large position, and its table of theses alone (for `theses list --theses`)."""
    LARGE_PATH.write_text(LARGE, encoding="utf-8")
    table = LARGE.split("theses:", 1)[1].split("players:", 1)[0].split("\n", 1)[1]
    THESES_PATH.write_text("theses:\n" + table, encoding="utf-8")
    return LARGE_PATH


def commands(pastiche: list[str], large: pathlib.Path) -> list[Command]:
    mid, fin, trig = str(MIDGAME), str(FINISHED), str(TRIGGERED)
    present = ["--thesis", "three-pairs", "--cards", "pink-3,orange-3,purple-8,orange-8"]
    cite = ["--cite", "Ana:pink-6", "--cite", "Ben:blue-6"]
    run = harness.runner(pastiche)

    return [
        run("score", ["score", fin], says("Winner: Ana")),
        run(
            "score --json",
            ["score", fin, "--json"],
            json_where(lambda a: a["players"][0]["name"] == "Ana" and a["players"][0]["rank"] == 1, "Ana first"),
        ),
        run("check", ["check", mid], says(": OK")),
        run("end", ["end", trig], says("The end is triggered by Ben")),
        run("rules", ["rules", "--game", "masterpiece", "cite"], says("masterpiece.cite")),
        run("deck", ["masterpiece", "deck"], says("copies per value")),
        run(
            "present",
            ["masterpiece", "present", mid, "--player", "Ana", *present, *cite],
            says("Ana presents three-pairs (pairs 3; 4 pts): legal [masterpiece.cite]"),
        ),
        run(
            "review",
            ["masterpiece", "review", mid, "--player", "Ana", "--from", "Caro:five-run", "--take", "orange-5"],
            says("Ana reviews Caro's five-run: legal [masterpiece.review]"),
        ),
        run("options", ["masterpiece", "options", mid, "--player", "Ana"], says("Ana can present 1 thesis")),
        run(
            "options (10 cards, 12 theses)",
            ["masterpiece", "options", str(large), "--player", "Ana"],
            says(f"Ana can present {LARGE_PRESENTABLE} theses"),
        ),
        run("theses list", ["masterpiece", "theses", "list", "--theses", str(THESES_PATH)], says("12 theses in")),
    ]


def options_in_process(large: pathlib.Path, runs: int) -> harness.Figures:
    """The core's options() for Ana on the large position, against reading that position."""
    harness.no_source_on_path()
    from pastiche_cli.games.masterpiece.core.options import options
    from pastiche_cli.games.masterpiece.formats.loader import parse_position

    text = large.read_text(encoding="utf-8")
    position, problems, _ = parse_position(str(large), text)
    if position is None or problems:
        harness.fail(f"{large} does not read as a position: {problems}")
    ana = position.player("Ana")
    found = options(position, ana)
    presentable, ways = sum(1 for o in found if o.presentable), sum(o.ways for o in found)
    if (presentable, ways) != (LARGE_PRESENTABLE, LARGE_WAYS):
        harness.fail(
            f"options() found {presentable} theses presentable in {ways} ways, "
            f"expected {LARGE_PRESENTABLE} in {LARGE_WAYS}"
        )
    return harness.in_process(
        "options() in process (large)",
        lambda: options(position, ana),
        lambda: parse_position(str(large), text),
        "parse_position (large)",
        runs,
    )


def body() -> None:
    args = harness.parser(__doc__).parse_args()
    pastiche = harness.pastiche(args)
    base = harness.floor("python -c pass")
    large = write_large()
    harness.header(pastiche, args.runs)
    figures = [harness.interleaved(c, base, args.runs) for c in commands(pastiche, large)]
    figures.append(options_in_process(large, args.runs))
    harness.report(figures)


if __name__ == "__main__":
    harness.main(body)
