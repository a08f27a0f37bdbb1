"""The BG Stats link of every bundled finished record and short sheet of every game, decoded: goldens.

`python tests/goldens/bgstats.py` rewrites them from the current code, one file per game
(tests/games/NAME/bgstats-links.json: each file's play as the link carries it); tests/test_bgstats_links.py
compares. Each file is kept (`pastiche keep FILE --date DATE`) in a history of its own, then asked for
with `pastiche history --bgstats 1 --json`: the link `history --bgstats` prints, decoded.
"""

from __future__ import annotations

import json
import os
import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
RECORDS = ROOT / "examples" / "records"
SHEETS = ROOT / "examples" / "quick"
TESTS = ROOT / "tests" / "games"
GOLDEN = "bgstats-links.json"
DATE = "2025-03-14 20:30"


def finished_files() -> list[pathlib.Path]:
    """Every bundled record whose game is over, and every short sheet."""
    from click.testing import CliRunner

    from pastiche_cli.cli.root import root

    found = []
    for path in sorted(RECORDS.rglob("*.yaml")):
        done = CliRunner().invoke(root, ["replay", str(path), "--json"])
        if done.exit_code == 0 and json.loads(done.stdout)["over"]:
            found.append(path)
    return found + sorted(SHEETS.glob("*.sheet"))


def link_of(path: pathlib.Path) -> tuple[str, dict]:
    """(the file's game, the play its BG Stats link carries), kept in a history of its own."""
    from click.testing import CliRunner

    from pastiche_cli.cli.root import root

    with tempfile.TemporaryDirectory() as data:
        env = {"PASTICHE_DATA": data}
        kept = CliRunner().invoke(root, ["keep", str(path), "--date", DATE, "--json"], env=env)
        assert kept.exit_code == 0, (path, kept.output)
        game = json.loads(kept.stdout)["kept"][0]["game"]
        asked = CliRunner().invoke(root, ["history", "--bgstats", "1", "--json"], env=env)
        assert asked.exit_code == 0, (path, asked.output)
        return game, json.loads(asked.stdout)["play"]


def links() -> dict[str, dict[str, dict]]:
    """game -> {the file, from the repository's root: its play}."""
    out: dict[str, dict[str, dict]] = {}
    for path in finished_files():
        game, play = link_of(path)
        out.setdefault(game, {})[path.relative_to(ROOT).as_posix()] = play
    return out


def main() -> None:
    os.environ.pop("PASTICHE_CATALOGUE", None)
    for game, plays in links().items():
        target = TESTS / game / GOLDEN
        target.write_text(json.dumps(plays, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {target.relative_to(ROOT)} ({len(plays)} files)", file=sys.stderr)


if __name__ == "__main__":
    main()
