"""A seeded mutation loop over the bundled examples (issue 13), at a bounded size in CI.

Each example is mutated at random (a character deleted, inserted or replaced by one YAML cares
about, a line dropped, doubled or swapped, a number made huge or negative, a card renamed) and the
result goes through `check`, `score` and a player command, in process: no traceback, never exit
70 (how fast is benchmarks/bench_hostile.py's to measure). `python tests/hostile/test_fuzz.py [N]
[SEED]` runs N mutations and prints the counts by command and exit code.
"""

from __future__ import annotations

import pathlib
import random
import re
import sys
import time
from collections import Counter

from click.testing import CliRunner

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples" / "positions").glob("*.yaml"))
PIECES = [
    ":",
    ": ",
    "[",
    "]",
    "{",
    "}",
    "- ",
    "&a ",
    "*a",
    "!!python/name:os.system ",
    "\t",
    '"',
    "'",
    "#",
    " ",
    "\n",
    "<<: ",
    "---\n",
    "\u200b",
    "\u0410",
    "~",
    "%",
    "@",
    "`",
    "|",
    ">",
    "?",
    ",",
]
CARDS = ("red", "teal", "gray", "bisque", "grey", "R", "Teal", "chartreuse", "")
CI_MUTATIONS = 240


def mutate(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    kind = rng.randrange(8)
    if kind == 0 and text:
        i = rng.randrange(len(text))
        return text[:i] + text[i + 1 :]
    if kind == 1:
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(PIECES) + text[i:]
    if kind == 2 and text:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(PIECES) + text[i + 1 :]
    if kind == 3 and len(lines) > 1:
        del lines[rng.randrange(len(lines))]
    elif kind == 4:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    elif kind == 5 and len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 6:
        numbers = list(re.finditer(r"-?\d+", text))
        if numbers:
            m = rng.choice(numbers)
            new = rng.choice(["-1", "0", "99", "10" * 12, "3.5", "-999999"])
            return text[: m.start()] + new + text[m.end() :]
    elif kind == 7:
        words = list(re.finditer(r"\b(red|yellow|blue|teal|gray|olive|black|white|brown|bisque)\b", text))
        if words:
            m = rng.choice(words)
            return text[: m.start()] + rng.choice(CARDS) + text[m.end() :]
    return "\n".join(lines)


def first_player(text: str) -> str:
    m = re.search(r"name:\s*([A-Za-z]+)", text)
    return m.group(1) if m else "Ana"


def run(count: int, seed: int, tmp: pathlib.Path) -> Counter:
    from pastiche_cli.cli.root import root

    rng = random.Random(seed)
    runner = CliRunner()
    counts: Counter = Counter()
    originals = [p.read_text("utf-8") for p in EXAMPLES]
    for n in range(count):
        text = originals[n % len(originals)]
        for _ in range(rng.randint(1, 4)):
            text = mutate(text, rng)
        path = tmp / f"mutant-{n}.yaml"
        path.write_text(text, encoding="utf-8")
        player = first_player(text)
        for command in (
            ["check"],
            ["score", "--json"],
            [rng.choice(["plan", "discard", "complete", "moves"]), "--player", player],
        ):
            args = [command[0], str(path), *command[1:]]
            result = runner.invoke(root, args)
            assert result.exception is None or isinstance(result.exception, SystemExit), (args, text, result.exception)
            assert result.exit_code in (0, 1, 2, 3, 4), (args, text, result.output)
            counts[(command[0], result.exit_code)] += 1
        path.unlink()
    return counts


def test_mutated_examples_never_crash_hang_or_exit_70(tmp_path):
    counts = run(CI_MUTATIONS, 13, tmp_path)
    assert sum(counts.values()) == 3 * CI_MUTATIONS
    # the mutations reach both sides: files still read, and files refused with a located error
    assert counts[("check", 0)] and counts[("check", 3)]
    print("\nfuzz counts:", dict(sorted(counts.items())))


if __name__ == "__main__":
    import tempfile

    sys.path.insert(0, str(ROOT))
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        counts = run(total, int(sys.argv[2]) if len(sys.argv) > 2 else 1, pathlib.Path(tmp))
    print(
        f"{total} mutations, {sum(counts.values())} runs in {time.perf_counter() - start:.1f} s; "
        "no traceback, no exit 70"
    )
    for (command, code), n in sorted(counts.items()):
        print(f"  {command:<9} exit {code}: {n}")
