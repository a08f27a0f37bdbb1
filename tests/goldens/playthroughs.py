"""The golden playthroughs of every finished record of every game (examples/records/), as OpenSpiel
keeps its playthroughs.

Beside each finished record NAME.yaml, whatever its game: NAME.playthrough.txt (`pastiche replay
NAME.yaml`) and NAME.score.json (`pastiche score NAME.yaml --json`). tests/test_playthroughs.py
regenerates both and compares them byte for byte; when a change to the output is meant, rewrite
them with

    python tests/goldens/playthroughs.py

and read the diff before committing it. A record named `*-broken.yaml` stops at an illegal move
on purpose and has no goldens of this kind.
"""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
RECORDS = ROOT / "examples" / "records"


def finished() -> list[pathlib.Path]:
    """Every bundled record played to its end, every game's."""
    return sorted(p for p in RECORDS.rglob("*.yaml") if not p.stem.endswith("-broken"))


def outputs(record: pathlib.Path) -> dict[pathlib.Path, str]:
    """What the goldens of one record should hold, from the current code."""
    import os

    from click.testing import CliRunner

    from pastiche_cli.cli.root import root

    here = os.getcwd()
    os.chdir(record.parent)  # the playthrough names the file as given: run where the record is
    try:
        runner = CliRunner()
        replay = runner.invoke(root, ["replay", record.name])
        score = runner.invoke(root, ["score", record.name, "--json"])
    finally:
        os.chdir(here)
    for result in (replay, score):
        if result.exit_code != 0:
            raise RuntimeError(f"{record.name}: exit {result.exit_code}: {result.output}")
    return {record.with_suffix(".playthrough.txt"): replay.stdout, record.with_suffix(".score.json"): score.stdout}


def rewrite() -> None:
    for record in finished():
        for path, text in outputs(record).items():
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    rewrite()
