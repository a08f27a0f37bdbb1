"""The --json answers of every bundled example, held as goldens across restructures.

`python tests/goldens/cases.py` rewrites the goldens from the current code; the test compares.
Each case is a command line run through click's test runner; stdout, stderr and the exit code
are kept byte for byte.
"""

from __future__ import annotations

import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "positions"
GOLDEN = pathlib.Path(__file__).with_name("json-answers.json")

# Commands that answer a whole position, and those that answer for one player.
POSITION_COMMANDS = (("score",), ("check",), ("end",), ("board",), ("moves",))
PLAYER_COMMANDS = (("complete",), ("plan",), ("discard",), ("moves",))


def _players(path: pathlib.Path) -> list[str]:
    from ruamel.yaml import YAML

    data = YAML(typ="safe").load(path.read_text())
    players = data.get("players") if isinstance(data, dict) else None
    return [str(p["name"]) for p in players or [] if isinstance(p, dict) and "name" in p]


def cases() -> list[list[str]]:
    found = []
    for path in sorted(EXAMPLES.glob("*.yaml")):
        rel = str(path.relative_to(ROOT))
        for command in POSITION_COMMANDS:
            found.append([*command, rel, "--json"])
        for name in _players(path):
            for command in PLAYER_COMMANDS:
                found.append([*command, rel, "--player", name, "--json"])
    found += [["chart", "--json"], ["mix", "RY", "YYB", "RR", "--json"]]
    return found


def run(args: list[str]) -> dict:
    import os

    from click.testing import CliRunner

    from pastiche_cli.cli.root import root

    old = os.getcwd()
    os.chdir(ROOT)
    try:
        result = CliRunner().invoke(root, args, catch_exceptions=False)
    finally:
        os.chdir(old)
    return {"exit": result.exit_code, "stdout": result.stdout, "stderr": result.stderr}


if __name__ == "__main__":
    answers = {" ".join(args): run(args) for args in cases()}
    GOLDEN.write_text(json.dumps(answers, indent=1, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"{len(answers)} answers written to {GOLDEN}", file=sys.stderr)
