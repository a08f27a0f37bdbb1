"""A short sheet served in-process for the score entry tests (serve/sheet.py): OUT in a folder of its own with
the bundled files a sheet names (the catalogue, the thesis table) beside it, and a TestClient for each phone."""

from __future__ import annotations

import pathlib
import shutil

from served import BASE, Served

from pastiche_cli import games
from pastiche_cli.formats.sheet import parse

ROOT = pathlib.Path(__file__).resolve().parents[2]
QUICK = ROOT / "examples" / "quick"
BUNDLED = {  # each game's bundled finished sheet: its lines are what the phones enter
    "pastiche": QUICK / "four-player-finish.sheet",
    "canvas": QUICK / "canvas-four-player-bonus.sheet",
    "masterpiece": QUICK / "masterpiece-finished-tiebreak.sheet",
    "artline": QUICK / "artline-finished.sheet",
}


def bundled(game_name: str) -> tuple[dict[str, str], dict[str, str]]:
    """A bundled sheet's keys and its players' lines (the text after `NAME:`), in turn order."""
    game = games.declared(games.known()[game_name])
    path = BUNDLED[game_name]
    text = path.read_text(encoding="utf-8")
    sheet, _ = parse(str(path), text, game.reader.sheet().KEYS)
    keys = {k: " ".join(t.text for t in words) for k, (_, words) in sheet.keys.items() if k != "game"}
    lines = {}
    for raw in text.splitlines():
        name, colon, rest = raw.partition(":")
        if colon and name in {e.name.text for e in sheet.players}:
            lines[name] = rest.split(" #")[0].strip()
    return keys, lines


class SheetServed(Served):
    """One sheet being entered: the table, the app behind its guard, and (as served.Served) a client per phone
    and the host."""

    def __init__(self, tmp_path: pathlib.Path, game_name: str, players: list[str] | None = None, opts=None):
        # not served.Served's own, which serves a record: its clients are what is shared
        from pastiche_cli.serve.app import build
        from pastiche_cli.serve.pages import Pages
        from pastiche_cli.serve.sheet import SheetTable

        for extra in ("box.yaml", "theses.yaml"):
            shutil.copy(QUICK / extra, tmp_path / extra)
        self.keys, self.lines = bundled(game_name)
        self.game = games.declared(games.known()[game_name])
        self.path = tmp_path / "friday.sheet"
        self.table = SheetTable(self.game, str(self.path), opts or {}, players=players or list(self.lines))
        self.app = build(self.table, {"testserver"}, BASE, 8000, Pages(self.table))
