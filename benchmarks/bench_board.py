"""Time `place`, `moves` and `board` as whole processes on the largest board example.

    python benchmarks/bench_board.py [--runs 10] [--source] [--pastiche PATH]

The position is examples/positions/board-late-4p.yaml (46 hexes laid, 324 legal placements).
`check` is the reference: the start-up and reading of the position every command shares. `place`
lays RYBRYB/Y at cell o, a legal placement; `board --svg` writes a new SVG on every run (the file
is removed, untimed, before each run). Each command is checked once for what it must say before it
is timed (harness.py). The floor is `python -c pass`, run alternately with each command: the ratio
is what the command costs over Python's own start-up. SPEC 7's target, 0.1 s a command with
start-up, is read off the times.

By default modules are read from their bytecode caches, as after `pip install`. `--source`
measures the other case: no bytecode read or written, so every module not frozen into the
interpreter (the project's, the libraries', the standard library's) is compiled on every run, the
floor's included.
"""

from __future__ import annotations

import harness
from harness import POSITIONS, Command, json_where, says

LATE = POSITIONS / "board-late-4p.yaml"
SVG = harness.OUTSIDE / "board.svg"
# With PYTHONDONTWRITEBYTECODE set, a prefix folder that never exists means no cache is ever read.
FROM_SOURCE = {"PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": str(harness.OUTSIDE / "no-bytecode")}


def commands(pastiche: list[str], env: dict[str, str]) -> list[Command]:
    late = str(LATE)
    run = harness.runner(pastiche, env)

    return [
        run("check (reference)", ["check", late], says(": OK")),
        run("place", ["place", late, "RYBRYB/Y", "--at", "o"], says("(cell o): legal [place.adjacent]")),
        run(
            "place --json",
            ["place", late, "RYBRYB/Y", "--at", "o", "--json"],
            json_where(lambda a: a["legal"] is True and a["label"] == "o", "a legal placement at cell o"),
        ),
        run("moves", ["moves", late], says("324 legal placements")),
        run(
            "moves --json",
            ["moves", late, "--json"],
            json_where(lambda a: a["count"] == 324 and len(a["placements"]) == 324, "324 placements"),
        ),
        run("board", ["board", late], says("46 hexes placed")),
        run("board --svg", ["board", late, "--svg", str(SVG)], harness.svg_written(SVG), harness.removing(SVG)),
    ]


def body() -> None:
    parser = harness.parser(__doc__, runs=10)
    parser.add_argument("--source", action="store_true", help="no bytecode caches: compile every module each run")
    args = parser.parse_args()
    pastiche = harness.pastiche(args)
    env = FROM_SOURCE if args.source else {}
    base = harness.floor("python -c pass")
    base.env = env
    how = "compiled from source each run" if args.source else "from cached bytecode"
    harness.header(pastiche, args.runs, LATE.name, f"modules {how}")
    harness.report([harness.interleaved(c, base, args.runs) for c in commands(pastiche, env)])


if __name__ == "__main__":
    harness.main(body)
