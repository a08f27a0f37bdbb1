"""Size and time of the record page (`replay --html`) as a game grows: does it stay linear in the moves?

    python benchmarks/bench_page.py [--runs 5] [--moves 30,60,100,150,200]

Builds Pastiche records of each length (tests/long_game.py: two players, the setup of
examples/records/two-player-game.yaml with no end trigger, played on by a greedy player until the
hexes run out at 198 moves), then prints for each: the page's size, the fastest time to build it
from the replayed record (cli/verbs/replay.page, modules imported), and both per move; and the same
for every bundled record of every game. The issue's bars: the 31-move example under 300 KB, a
200-move game under 1 MB (before: 4.9 MB and 0.42 s at 198 moves, 1.0 -> 2.5 ms a move).
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def fastest(action, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def measure(path: pathlib.Path, runs: int) -> tuple[int, int, float]:
    """(moves, page bytes, fastest seconds to build the page) for a record file."""
    from pastiche_cli import games
    from pastiche_cli.cli.game import declared
    from pastiche_cli.cli.verbs.replay import page
    from pastiche_cli.formats.gamekey import declared_in

    said = declared_in(path.read_text(encoding="utf-8"))
    game = declared(games.by_name(said.word if said else games.DEFAULT))
    loaded = game.load(str(path), {}, record=True)
    html = page(game, str(path), loaded)
    return len(loaded.replay.steps), len(html.encode("utf-8")), fastest(lambda: page(game, str(path), loaded), runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--moves", default="30,60,100,150,200")
    args = parser.parse_args()

    from long_game import greedy_game

    print(f"{'record':<44} {'moves':>5} {'page KB':>8} {'B/move':>7} {'build ms':>9} {'ms/move':>8}")
    with tempfile.TemporaryDirectory() as folder:
        for limit in (int(n) for n in args.moves.split(",")):
            path = pathlib.Path(folder) / f"long-{limit}.yaml"
            path.write_text(greedy_game(limit), encoding="utf-8")
            moves, size, seconds = measure(path, args.runs)
            print(
                f"{'greedy Pastiche game, at most ' + str(limit):<44} {moves:>5} {size / 1000:>8.1f} "
                f"{size / moves:>7.0f} {seconds * 1000:>9.1f} {seconds * 1000 / moves:>8.2f}"
            )
    for path in sorted((ROOT / "examples" / "records").rglob("*.yaml")):
        if path.stem.endswith("-broken"):
            continue
        moves, size, seconds = measure(path, args.runs)
        print(
            f"{str(path.relative_to(ROOT / 'examples' / 'records')):<44} {moves:>5} {size / 1000:>8.1f} "
            f"{size / moves:>7.0f} {seconds * 1000:>9.1f} {seconds * 1000 / moves:>8.2f}"
        )


if __name__ == "__main__":
    main()
