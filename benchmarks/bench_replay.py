"""Time `pastiche replay` on a 60-move record, beyond start-up (the issue's bar: under 0.1 s).

    python benchmarks/bench_replay.py [--runs 10] [--moves 60]

Builds a record of the given length from the setup of examples/records/two-player-game.yaml, each
move chosen by a simple greedy player (lay the first legal hex, complete what can be completed,
draw, discard down to the limit, draw back up, end) and checked legal by the core as it goes.
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
EXAMPLE = ROOT / "examples" / "records" / "two-player-game.yaml"
TARGET = 0.100
DRAWN_HEXES = ["RYBRYB/B", "BRYBRY/Y", "YBRYBR/R", "RRBYYB/B", "BYRBYR/Y", "YYRRBB/R", "RBYRBY/RY",
               "BBYYRR/YB", "YRBYRB/R", "RYYBBR/B", "BRRYYB/Y", "YBBRRY/RB"]


def greedy_moves(count: int) -> tuple[str, list[str]]:
    """The example's setup text and `count` legal moves a greedy player makes from it."""
    from pastiche_cli.games.pastiche.core import moves
    from pastiche_cli.games.pastiche.core.board import board_of, open_cells
    from pastiche_cli.games.pastiche.core.commissions import statuses
    from pastiche_cli.games.pastiche.core.record import RULES
    from pastiche_cli.games.pastiche.formats.record import read_record

    text = EXAMPLE.read_text(encoding="utf-8")
    setup_text = text[:text.index("\nmoves:") + 1]
    # No end trigger in so short a game: play on without one, so every move is a turn's move.
    setup_text = setup_text.replace("house_rules: {end_threshold: 20}", "house_rules: {end_threshold: 400}")
    record, _ = read_record("bench.yaml", setup_text + "moves:\n")
    position = RULES.start(record.setup)
    played: list[str] = []
    drawn = iter(DRAWN_HEXES * 20)
    while len(played) < count:
        me = position.player(position.turn.player)
        move = None
        if position.pending_draw is not None:
            deck = [cid for cid, c in position.catalogue.items() if moves.in_play(position, c) is None]
            move = moves.DrawCommission(me.name, deck[0])
        elif position.turn.phase == "mixing":
            cells = open_cells(board_of(position))
            for text_hex in me.hexes:
                tile = moves.parse_hex(text_hex)
                candidates = (moves.Place(me.name, tile.rotated(k), cell) for k in range(6) for cell in cells)
                move = next((m for m in candidates if moves.judge(position, m).legal), None)
                if move:
                    break
        else:
            ready = [s for s in statuses(position, me) if s.completable and position.turn.phase == "painting"]
            if ready:
                move = moves.Complete(me.name, ready[0].commission.id)
            elif me.hand_size > 8:
                move = moves.Discard(me.name, list(me.palette.elements())[:me.hand_size - 8])
            elif len(me.hexes) < 2:
                move = moves.DrawHex(me.name, next(drawn))
            else:
                move = moves.End(me.name)
        position = moves.apply(position, move)
        played.append(str(move))
    return setup_text, played


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

    from pastiche_cli.cli.verbs.replay import playthrough
    from pastiche_cli.formats.record import move_scalar
    from pastiche_cli.games.pastiche.formats.record import load_text
    from pastiche_cli.games.pastiche.game import GAME

    setup_text, played = greedy_moves(args.moves)
    text = setup_text + "moves:\n" + "".join(f"  - {move_scalar(m)}\n" for m in played)
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
    kinds = sorted({m.split()[1] for m in played})
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
