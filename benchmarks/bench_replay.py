"""Time `pastiche replay` on a 60-move record, beyond start-up (the issue's bar: under 0.1 s).

    python benchmarks/bench_replay.py [--runs 10] [--moves 60]

Builds a record of the given length with tests/long_game.py's greedy player (from the setup of
examples/records/two-player-game.yaml, each move checked legal by the core as it goes).
Then prints:

* in-process: the fastest time to read and replay the record (formats/record.load_text) and to
  print the playthrough, with the modules already imported;
* as processes: the median wall time of `python -m pastiche_cli replay FILE`, of
  `python -m pastiche_cli replay --help` (start-up: the interpreter, click and the command's
  module), and the difference, which is what replaying the record costs.
"""

from __future__ import annotations

import argparse
import io
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import redirect_stdout

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
TARGET = 0.100


def fastest(action, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def median_wall(argv: list[str], runs: int) -> float:
    env = dict(os.environ, PYTHONPYCACHEPREFIX=tempfile.gettempdir() + "/pastiche-bench-pycache")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=env)
    walls = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=env)
        walls.append(time.perf_counter() - start)
    return statistics.median(walls)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--moves", type=int, default=60)
    args = parser.parse_args()

    from long_game import greedy_game

    from pastiche_cli.cli.verbs.replay import playthrough
    from pastiche_cli.games.pastiche.formats.record import load_text
    from pastiche_cli.games.pastiche.game import GAME

    text = greedy_game(args.moves)
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "sixty-moves.yaml"
        path.write_text(text, encoding="utf-8")
        loaded = load_text(str(path), text)
        assert loaded.replay.stop is None and len(loaded.replay.steps) == args.moves, loaded.problems
        replay_time = fastest(lambda: load_text(str(path), text), args.runs)

        def printed() -> None:
            with redirect_stdout(io.StringIO()):
                print("\n".join(playthrough(GAME, str(path), load_text(str(path), text))))

        print_time = fastest(printed, args.runs)
        python = sys.executable
        whole = median_wall([python, "-m", "pastiche_cli", "replay", str(path)], args.runs)
        startup = median_wall([python, "-m", "pastiche_cli", "replay", "--help"], args.runs)
    kinds = sorted({str(step.move).split()[1] for step in loaded.replay.steps})
    print(f"record: {args.moves} moves ({', '.join(kinds)}), {len(text)} bytes")
    print(f"in-process, read + replay:                {replay_time * 1000:7.1f} ms")
    print(f"in-process, read + replay + playthrough:  {print_time * 1000:7.1f} ms")
    print(f"process `replay FILE` (median of {args.runs}):     {whole * 1000:7.1f} ms")
    print(f"process `replay --help`, start-up:        {startup * 1000:7.1f} ms")
    beyond = whole - startup
    verdict = "under" if beyond < TARGET else "OVER"
    print(f"beyond start-up:                          {beyond * 1000:7.1f} ms ({verdict} {TARGET * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
