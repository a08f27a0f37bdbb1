"""`pastiche stats` and `history` on a play history of generated plays, against the command's import floor.

    python benchmarks/bench_history.py [--runs 15] [--plays 200] [--pastiche PATH]

The history is made first, in this process, by the installed package's own store
(formats/history.py): `--plays` plays of the four games, 2 to 5 of eight made-up players each, with
made-up points, places and tiebreak steps. Then, as processes with $PASTICHE_DATA on it:

- `stats --json` and `stats` piped (plain tables), each checked to count every play;
- `history --json`, checked to list every play;

each against its import floor: a process that imports what the command imports before it opens the
history (the root group, the command's module, sqlite3; tabulate too for the plain tables). The
ratio is what reading and counting the plays costs over starting the command (issue 35: under 0.1 s
beyond that floor for 200 plays, read off the times by a person).
"""

from __future__ import annotations

import random

import harness
from harness import json_where

NAMES = ("Ana", "Ben", "Caro", "Dan", "Eve", "Zoë", "陈小明", "Lee")
GAMES = {  # the number kept as a player's points, and the steps that may decide first place
    "pastiche": ((20, 60), ("total", "completed", "palette_points", "artist_bonus", "shared")),
    "canvas": ((5, 40), ("total", "inspiration", "shared")),
    "masterpiece": ((5, 25), ("total", "fewer_theses", "shared")),
    "artline": ((0, 5), ("hand", "shared")),
}


def generated(n: int, seed: int = 35) -> list:
    """`n` made-up plays, as the store keeps them."""
    import hashlib

    from pastiche_cli.kernel.plays import Play, Seat

    rng = random.Random(seed)
    plays = []
    for k in range(n):
        game = rng.choice(sorted(GAMES))
        (low, high), steps = GAMES[game]
        names = rng.sample(NAMES, rng.randint(2, 5))
        points = [rng.randint(low, high) for _ in names]
        order = sorted(range(len(names)), key=lambda i: points[i] if game == "artline" else -points[i])
        place = {i: rank for rank, i in enumerate(order, 1)}
        seats = tuple(Seat(name, points[i], place[i], place[i] == 1, i == 0) for i, name in enumerate(names))
        text = f"# generated play {k}\n"
        digest = hashlib.sha256(text.encode()).hexdigest()
        answer = {"players": [{"name": s.name, "total": s.points, "rank": s.place} for s in seats]}
        day = f"2025-{1 + k % 12:02d}-{1 + k % 28:02d} 20:{k % 60:02d}:00"
        plays.append(Play(game, day, f"play-{k}.sheet", "sheet", rng.choice(steps), seats, answer, text, digest=digest))
    return plays


def make_history(folder, n: int) -> None:
    harness.no_source_on_path()
    from pastiche_cli.formats.history import FILE_NAME, History

    folder.mkdir(parents=True, exist_ok=True)
    with History.open(str(folder / FILE_NAME), create=True) as history:
        history.keep(generated(n))


def body() -> None:
    made = harness.parser(__doc__)
    made.add_argument("--plays", type=int, default=200, help="plays in the generated history (200)")
    args = made.parse_args()
    pastiche = harness.pastiche(args)
    data = harness.OUTSIDE / "history-data"
    make_history(data, args.plays)
    harness.header(pastiche, args.runs, f"{args.plays} generated plays")
    env = {"PASTICHE_DATA": str(data)}
    run = harness.runner(pastiche, env)
    counted = json_where(lambda a: a["plays"] == args.plays and len(a["games"]) >= 1, f"{args.plays} plays counted")
    plays_in_tables = harness.says("Players (points are each game's own", "Games (the winning score")
    listed = json_where(lambda a: len(a) == args.plays, f"{args.plays} plays listed")
    floor = ("pastiche_cli.cli.root", "pastiche_cli.cli.verbs.stats", "sqlite3")
    json_floor = harness.floor("import root, stats, sqlite3", floor)
    plain_floor = harness.floor("... and tabulate", (*floor, "tabulate"))
    list_floor = harness.floor(
        "import root, history, sqlite3", ("pastiche_cli.cli.root", "pastiche_cli.cli.verbs.history", "sqlite3")
    )
    figures = [
        harness.interleaved(run("stats --json", ["stats", "--json"], counted), json_floor, args.runs),
        harness.interleaved(run("stats (piped)", ["stats"], plays_in_tables), plain_floor, args.runs),
        harness.interleaved(run("history --json", ["history", "--json"], listed), list_floor, args.runs),
    ]
    harness.report(figures)


if __name__ == "__main__":
    harness.main(body)
