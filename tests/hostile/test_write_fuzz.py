"""A seeded mutation run of the bundled examples through every writing command, all games (issue 23).

Each case takes a bundled position or record, mutates it 1 to 4 times (tests/hostile/test_fuzz.py's
mutations, and the shapes the read path takes but the round-trip parser did not: tabs before a
comment or after a value, U+FEFF mid-file, lone CRs) and runs a command that writes: every game's
`--apply`, `play`, `undo`, `replay --html`, `replay --to`, `board --svg`. No case may end in a
traceback or exit 70. CI runs CI_CASES; `python tests/hostile/test_write_fuzz.py [N] [SEED]` runs N and
prints the counts by command and exit code.
"""

from __future__ import annotations

import os
import pathlib
import random
import re
import sys
import time
from collections import Counter

import pytest
from click.testing import CliRunner

sys.path.insert(0, os.path.dirname(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
import every_game  # noqa: E402
from test_fuzz import mutate  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
POS = ROOT / "examples" / "positions"
REC = ROOT / "examples" / "records"
CI_CASES = 300

# (file, command with {} for the file): every writing command of every game, from each game's
# tests/games/NAME/shared_facts.py; and a record of every game
WRITERS = [writer for game in every_game.GAMES for writer in every_game.facts(game).WRITERS]
RECORDS = [str(every_game.records(game)[0].relative_to(REC)) for game in every_game.GAMES]
RECORD_WRITERS = [
    ["undo", "{}"],
    ["replay", "{}", "--html", "out.html", "--force"],
    ["replay", "{}", "--to", "2"],
    ["play", "{}", "LAST"],
]
MORE = ["\t# c", "\t", "\ufeff", "\r", "&m ", "*m", "!!str "]


def write_mutate(text: str, rng: random.Random) -> str:
    if rng.random() < 0.3:
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(MORE) + text[i:]
    return mutate(text, rng)


def undone(text: str) -> tuple[str, str]:
    """The record without its last move, and that move (so `play` has a move to make)."""
    lines = text.split("\n")
    at = max(i for i, line in enumerate(lines) if line.startswith("  - "))
    move = re.sub(r"\s+#.*$", "", lines[at][4:])
    return "\n".join(lines[:at] + lines[at + 1 :]), move


def run(count: int, seed: int, tmp: pathlib.Path) -> Counter:
    from pastiche_cli.cli.root import root

    rng = random.Random(seed)
    counts: Counter = Counter()
    here = os.getcwd()
    os.chdir(tmp)
    try:
        for n in range(count):
            if rng.random() < 0.6:
                source, command = rng.choice(WRITERS)
                text = (POS / source).read_text("utf-8")
                move = ""
            else:
                source = rng.choice(RECORDS)
                command = rng.choice(RECORD_WRITERS)
                text, move = undone((REC / source).read_text("utf-8"))
            for _ in range(rng.randint(1, 4)):
                text = write_mutate(text, rng)
            path = tmp / f"mutant-{n}.yaml"
            path.write_bytes(text.encode("utf-8", "surrogatepass"))
            args = [str(path) if a == "{}" else move if a == "LAST" else a for a in command]
            result = CliRunner().invoke(root, args)
            assert result.exception is None or isinstance(result.exception, SystemExit), (args, text, result.exception)
            assert result.exit_code != 70, (args, text, result.output)
            name = " ".join(command[:2]) if command[0] in every_game.NAMES else command[0]
            counts[(name, result.exit_code)] += 1
            path.unlink()
    finally:
        os.chdir(here)
    return counts


@pytest.mark.parametrize("source, args", WRITERS, ids=[f"{a[0]}-{a[1]}-{s}" for s, a in WRITERS])
def test_every_writer_writes_its_unmutated_example(source, args, tmp_path, monkeypatch):
    # the fuzz's targets stay writes: a command the rules refuse on the example itself would fuzz a refusal
    path = tmp_path / "game.yaml"
    path.write_bytes((POS / source).read_bytes())
    monkeypatch.chdir(tmp_path)
    from pastiche_cli.cli.root import root

    result = CliRunner().invoke(root, [a.replace("{}", str(path)) for a in args])
    assert result.exit_code == 0, result.output
    assert path.read_bytes() != (POS / source).read_bytes() or "--svg" in args


def test_mutated_examples_through_every_writing_command_never_exit_70(tmp_path):
    counts = run(CI_CASES, 23, tmp_path)
    assert sum(counts.values()) == CI_CASES
    assert any(code == 0 for _, code in counts) and any(code == 3 for _, code in counts)


if __name__ == "__main__":
    import tempfile

    total = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        counts = run(total, int(sys.argv[2]) if len(sys.argv) > 2 else 1, pathlib.Path(tmp))
    print(f"{total} cases in {time.perf_counter() - start:.1f} s; none ended in exit 70")
    for key, value in sorted(counts.items()):
        print(f"  {key[0]:<22} exit {key[1]}: {value}")
