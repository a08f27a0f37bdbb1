"""A bundled record served in-process for the API tests: its setup written with no moves, its moves
kept to be played from the phones, and Starlette's TestClient for each phone and the host."""

from __future__ import annotations

import pathlib
import re
import warnings

import every_game

from pastiche_cli import games

BASE = "http://testserver"


def record_moves(path: pathlib.Path) -> tuple[str, list[str]]:
    """A record's text with no moves, and its moves as written (their comments taken off)."""
    text = path.read_text(encoding="utf-8")
    head, _, rest = text.partition("\nmoves:")
    moves = [line.split("#")[0].strip() for line in re.findall(r"^  - (.*)$", rest, re.M)]
    return head + "\nmoves:\n", moves


class Served:
    """One served record: the table, the app (behind its guard), a client per phone, and the host."""

    def __init__(self, tmp_path: pathlib.Path, game_name: str, source: pathlib.Path | None = None, played: int = 0):
        from pastiche_cli.serve.app import build
        from pastiche_cli.serve.pages import Pages
        from pastiche_cli.serve.table import Table

        registered = games.known()[game_name]
        source = source or every_game.records(registered)[0]
        empty, self.moves = record_moves(source)
        self.path = tmp_path / source.name
        self.path.write_text(empty + "".join(f"  - {m}\n" for m in self.moves[:played]), encoding="utf-8")
        self.game = games.declared(registered)
        self.table = Table(self.game, str(self.path), {})
        self.app = build(self.table, {"testserver"}, BASE, 8000, Pages(self.table))

    def client(self, join: bool = True, host: bool = False):
        with warnings.catch_warnings():  # Starlette 1.x would rather have httpx2; the lowest we allow wants httpx
            warnings.simplefilter("ignore")
            from starlette.testclient import TestClient

            made = TestClient(self.app, base_url=BASE)
        if join:
            made.get(f"/join/{self.table.join_token}")
        if host:
            made.get(f"/host/{self.table.host_token}")
        return made

    def seated(self, name: str):
        made = self.client()
        answer = made.post(f"/api/seats/{name}", json={})
        assert answer.status_code == 201, answer.text
        return made

    def host(self):
        return self.client(join=False, host=True)

    def players(self) -> list[str]:
        return list(self.table.seats)
