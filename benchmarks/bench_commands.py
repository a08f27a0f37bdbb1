"""The Pastiche commands asked at the table, as processes doing real work, against a bare start-up.

    python benchmarks/bench_commands.py [--runs 15] [--pastiche PATH]

The position is the largest bundled game (a late 4-player game, 46 hexes laid); `place` lays a hex
the rules allow there (the first placement `moves --json` ranks), `trade` makes a legal bank trade,
`plan` plans a 12-card hand, `catalogue list` lists a 17-card catalogue, and each command is checked
once for what it must say before it is timed (harness.py). The floor is `python -c pass`, run
alternately with each command: the ratio is what the command costs over Python's own start-up.
SPEC 7's target, 0.1 s a command with start-up, is read off the times.
"""

from __future__ import annotations

import json

import harness
from harness import POSITIONS, Command, json_where, says

LATE = POSITIONS / "board-late-4p.yaml"
PAINTING = POSITIONS / "painting-midgame.yaml"
FINISH = POSITIONS / "four-player-finish.yaml"
TWELVE = POSITIONS / "painting-twelve-cards.yaml"
BOX = harness.EXAMPLES / "quick" / "box.yaml"  # a made-up catalogue, as a group saves its own


def legal_placement(pastiche: list[str]) -> tuple[str, str]:
    """The best-ranked legal placement on the late board, as `place` takes it: (hex, "q,r")."""
    ranked = json_where(lambda answer: answer["placements"], "placements ranked best first")
    done = Command("moves --json", [*pastiche, "moves", str(LATE), "--json"], ranked).verify()
    best = json.loads(done.stdout)["placements"][0]
    return best["hex"], f"{best['at'][0]},{best['at'][1]}"


def commands(pastiche: list[str]) -> list[Command]:
    hexagon, at = legal_placement(pastiche)
    late, painting, finish, twelve = str(LATE), str(PAINTING), str(FINISH), str(TWELVE)
    run = harness.runner(pastiche)

    return [
        run("score", ["score", finish], says("Winner")),
        run("score --json", ["score", finish, "--json"], json_where(lambda a: a["winners"], "the winners")),
        run("check", ["check", late], says(": OK")),
        run("end", ["end", finish], says("[end.trigger]")),
        run("chart", ["chart"], says("RY      orange")),
        run("mix", ["mix", "RY", "YYB", "RR"], says("RY   -> orange", "YYB  -> olive")),
        run("board", ["board", late], says("46 hexes placed")),
        run("place (legal)", ["place", late, hexagon, "--at", at], says(": legal [")),
        run("moves", ["moves", late], says("324 legal placements")),
        run(
            "trade (legal)",
            ["trade", painting, "--player", "Ana", "--give", "teal,teal,teal", "--get", "olive"],
            says(": legal [trade.bank.three]"),
        ),
        run("complete", ["complete", painting, "--player", "Ana"], says("Harbour at Dusk")),
        run("discard", ["discard", painting, "--player", "Ana"], says("2 over the limit of 8")),
        run("plan", ["plan", twelve, "--player", "Dora"], says("2 trades, the fewest possible")),
        run("rules", ["rules", "trade"], says("trade.bank.three")),
        Command(
            "catalogue list",
            [*pastiche, "catalogue", "list"],
            says("17 commission cards"),
            env={"PASTICHE_CATALOGUE": str(BOX)},
        ),
    ]


if __name__ == "__main__":
    harness.main(lambda: harness.against_start_up(__doc__, commands))
