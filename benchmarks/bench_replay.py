"""`pastiche replay` on a long record, as a process against its start-up, and in process.

    python benchmarks/bench_replay.py [--runs 10] [--moves 60] [--pastiche PATH]

Builds a record of `--moves` moves with tests/long_game.py's greedy player (from the setup of
examples/records/two-player-game.yaml, each move checked legal by the core as it goes), and checks
that it replays whole. Then times, each against its floor, run alternately with it:

* `pastiche replay FILE` as a process (checked once for the playthrough of every move), against
  `pastiche replay --help`, the start-up: the interpreter, click and the command's module. The
  ratio is what the whole command costs over start-up; SPEC 7's target, 0.1 s a command with
  start-up, is read off the times.
* in process, with the modules already imported: reading and replaying the record
  (formats/record.load_text) against reading it alone (read_record): the ratio is the replay's
  share; and reading, replaying and printing the playthrough against reading and replaying.
"""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stdout

import harness
from harness import Command, says

RECORD = harness.OUTSIDE / "long-record.yaml"


def body() -> None:
    parser = harness.parser(__doc__, runs=10)
    parser.add_argument("--moves", type=int, default=60, help="moves in the record replayed (60)")
    args = parser.parse_args()
    pastiche = harness.pastiche(args)

    harness.no_source_on_path()
    sys.path.insert(0, str(harness.ROOT / "tests"))  # long_game.py only; the package is the installed one
    from long_game import greedy_game

    from pastiche_cli.games.pastiche.formats.record import load_text, read_record
    from pastiche_cli.games.pastiche.game import GAME
    from pastiche_cli.render.records import playthrough

    text = greedy_game(args.moves)
    RECORD.write_text(text, encoding="utf-8")
    path = str(RECORD)
    loaded = load_text(path, text)
    replayed = len(loaded.replay.steps) if loaded.replay else 0
    if loaded.replay is None or loaded.replay.stop is not None or replayed != args.moves:
        # The greedy player also stops short when the hexes run out.
        harness.fail(f"the record replays {replayed} of {args.moves} moves: {loaded.problems}")
    kinds = sorted({str(step.move).split()[1] for step in loaded.replay.steps})
    harness.header(pastiche, args.runs, f"record: {args.moves} moves ({', '.join(kinds)}), {len(text)} bytes")

    replay = Command(
        "replay FILE",
        [*pastiche, "replay", path],
        says(f"{args.moves} moves;", f"  {args.moves}. "),  # the heading, and the last move's line
    )
    start_up = Command("replay --help", [*pastiche, "replay", "--help"], says("Usage: pastiche replay"))
    figures = [harness.interleaved(replay, start_up, args.runs)]

    def read() -> None:
        read_record(path, text)

    def read_and_replay() -> None:
        load_text(path, text)

    def printed() -> None:
        with redirect_stdout(io.StringIO()):
            print("\n".join(playthrough(GAME, path, load_text(path, text))))

    lines = playthrough(GAME, path, loaded)
    if not any(line.startswith(f"  {args.moves}. ") for line in lines):
        harness.fail(f"the playthrough lacks move {args.moves}: {lines[-5:]}")
    figures.append(harness.in_process("read + replay", read_and_replay, read, "read", args.runs))
    figures.append(
        harness.in_process("read + replay + playthrough", printed, read_and_replay, "read + replay", args.runs)
    )
    harness.report(figures)


if __name__ == "__main__":
    harness.main(body)
