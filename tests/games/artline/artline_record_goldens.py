"""The golden playthrough of Artline's bundled record (examples/records/artline/), as OpenSpiel keeps its playthroughs.

Beside the record NAME.yaml: NAME.playthrough.txt (`pastiche replay NAME.yaml`) and NAME.score.json
(`pastiche score NAME.yaml --json`). test_artline_record_goldens.py regenerates both and compares
them byte for byte; when a change to the output is meant, rewrite them with

    python tests/games/artline/artline_record_goldens.py

and read the diff before committing it.
"""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[3]
RECORDS = ROOT / "examples" / "records" / "artline"
COMPLETE = ("three-player-game",)


def outputs(name: str) -> dict[pathlib.Path, str]:
    """What the goldens of one record should hold, from the current code."""
    import os

    from click.testing import CliRunner

    from pastiche_cli.cli.root import root

    here = os.getcwd()
    os.chdir(RECORDS)      # the playthrough names the file as given: run where the record is
    try:
        runner = CliRunner()
        replay = runner.invoke(root, ["replay", f"{name}.yaml"])
        score = runner.invoke(root, ["score", f"{name}.yaml", "--json"])
    finally:
        os.chdir(here)
    for result in (replay, score):
        if result.exit_code != 0:
            raise RuntimeError(f"{name}: exit {result.exit_code}: {result.output}")
    return {RECORDS / f"{name}.playthrough.txt": replay.stdout, RECORDS / f"{name}.score.json": score.stdout}


def rewrite() -> None:
    for name in COMPLETE:
        for path, text in outputs(name).items():
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    rewrite()
