"""The bundled two-player game record split for tests: its text, its setup (everything before
`moves:`) and its moves in the notation, without their comments (turn 1 is moves 1-4, turn 2 5-8,
turn 3 9-14, ...)."""

from conftest import ROOT

RECORDS = ROOT / "examples" / "records"
EXAMPLE = (RECORDS / "two-player-game.yaml").read_text(encoding="utf-8")
SETUP = EXAMPLE[: EXAMPLE.index("\nmoves:") + 1]
PLAYED = [
    line.split("#")[0].strip()[2:] for line in EXAMPLE[len(SETUP) :].splitlines() if line.strip().startswith("- ")
]
