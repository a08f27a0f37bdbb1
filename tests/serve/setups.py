"""A new game set up on the phones, for the setup tests: per game, the players, `new`'s options, what the
host enters and what each seat enters (cards from the bundled examples: examples/quick/box.yaml's made-up
commissions, the hexes, theses and hands of examples/records/), the record `pastiche new --record` writes
with those cards filled in by hand (each FILL-IN replaced in order, as a text editor would), and the
setup served in-process (Starlette's TestClient, as tests/serve/served.py serves a record)."""

from __future__ import annotations

import pathlib
import subprocess
import sys

from served import BASE, Served

from pastiche_cli import games

ROOT = pathlib.Path(__file__).resolve().parents[2]
BOX = str(ROOT / "examples" / "quick" / "box.yaml")
COMMISSION = "{title: FILL-IN, artist: FILL-IN, points: FILL-IN, palette: [FILL-IN]}"
THESIS = "{id: FILL-IN, requirement: FILL-IN, points: FILL-IN, copies: 1}"
THESES = [
    "{id: triple, requirement: kind 3, points: 3, copies: 2}",
    "{id: five-run, requirement: run 5, points: 4, copies: 2}",
    "{id: three-pairs, requirement: pairs 3, points: 6, copies: 1}",
    "{id: seven-run, requirement: run 7, points: 7, copies: 1}",
    "{id: five-alike, requirement: kind 5, points: 9, copies: 1}",
    "{id: end-flag, requirement: flag, points: 1}",
]

# Per game: (players, `new`'s and the game's options, the host's fields, each seat's fields).
SETUPS: dict[str, tuple] = {
    "pastiche": (
        ["Ana", "Ben", "Caro"],
        ["--catalogue", BOX],
        {
            "gallery": ["harbour-at-dusk", "harbour-at-dawn", "red-mill", "blue-mill"],
            "start": ["RYBBYR/R", "BBRYYR/Y", "YRRBBY/B"],
        },
        {
            "Ana": {"commissions": ["orchard-in-fog", "lantern-study"], "hexes": ["RRYYBB/R", "BYRBYR/Y"]},
            "Ben": {"commissions": ["night-market", "quiet-canal"], "hexes": ["YBRYBR/B", "RRBBYY/RB"]},
            "Caro": {"commissions": ["glass-pears", "paper-boats"], "hexes": ["BBYYRR/Y", "RYRYBB/R"]},
        },
    ),
    "canvas": (
        ["Ana", "Ben"],
        [],
        {
            "scoring": ["variety", "repetition", "emphasis", "composition"],
            "market": ["Unashamed", "Adventure", "Chosen", "Sudden", "Deep"],
        },
        {"Ana": {}, "Ben": {}},
    ),
    "masterpiece": (
        ["Ana", "Ben", "Caro"],
        [],
        {"theses": THESES},
        {
            "Ana": {"hand": ["pink 7", "purple 7", "orange 7"]},
            "Ben": {"hand": ["yellow 7", "lightblue 7", "blue 9"]},
            "Caro": {"hand": ["green 7", "orange 9", "yellow 9"]},
        },
    ),
    "artline": (["Ana", "Ben", "Caro"], [], {}, {"Ana": {}, "Ben": {}, "Caro": {}}),
}


def secrets(game: str, seat: str | None) -> set[str]:
    """The dealt cards no page or answer for `seat` (None: the host, or a phone with no seat) may hold."""
    seats = SETUPS[game][3]
    return {card for name, fields in seats.items() if name != seat for cards in fields.values() for card in cards}


def new_record(game: str, players: list[str], options: list[str]) -> str:
    """`pastiche new --record`'s text, from the command itself."""
    argv = [sys.executable, "-m", "pastiche_cli", "new", "--game", game, "--players", ",".join(players), "--record"]
    own = [o for o in options if o not in ("--catalogue", BOX)]  # the catalogue is the server's option, not new's
    done = subprocess.run(argv + own, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def by_hand(game: str) -> str:
    """The record `new --record` writes with this game's cards filled in as a hand would: each FILL-IN (or
    card's FILL-IN mapping) replaced in the order it comes in the file."""
    players, options, table, seats = SETUPS[game]
    text = new_record(game, players, options)

    def fill(old: str, cards: list[str], joiner: str | None = None) -> None:
        nonlocal text
        if joiner is not None:
            text = text.replace(old, joiner.join(cards), 1)
            return
        for card in cards:
            assert old in text, (old, card)
            text = text.replace(old, card, 1)

    if game == "pastiche":
        for name in players:
            fill(COMMISSION, seats[name]["commissions"])
            fill("[FILL-IN, FILL-IN]", [f"[{', '.join(seats[name]['hexes'])}]"])
        fill(COMMISSION, table["gallery"])
        fill("[FILL-IN, FILL-IN, FILL-IN]", [f"[{', '.join(table['start'])}]"])
    elif game == "canvas":
        fill("[FILL-IN, FILL-IN, FILL-IN, FILL-IN]", [f"[{', '.join(table['scoring'])}]"])
        fill("- FILL-IN", [f"- {card}" for card in table["market"]])
    elif game == "masterpiece":
        fill(THESIS, table["theses"], "\n    - ")
        for name in players:
            fill("[FILL-IN, FILL-IN, FILL-IN]", [f"[{', '.join(seats[name]['hand'])}]"])
    assert all("FILL-IN" not in line.split("#")[0] for line in text.splitlines())
    return text


def opts(game: str) -> dict:
    options = SETUPS[game][1]
    return {"catalogue": BOX} if "--catalogue" in options else {}


class Setup(Served):
    """A new game's setup served in-process: its table, the app behind its guard, and (as a served record's)
    a client per phone and the host's."""

    def __init__(self, tmp_path: pathlib.Path, game_name: str, options: dict | None = None, again: bool = False):
        """A new OUT from `new --record` (`again`: the OUT a setup before this one left, gone on with)."""
        from pastiche_cli.serve.app import build
        from pastiche_cli.serve.pages import Pages
        from pastiche_cli.serve.setup import SetupTable

        self.name = game_name
        self.game = games.declared(games.known()[game_name])
        players, new_options, self.table_fields, self.seat_fields = SETUPS[game_name]
        self.path = tmp_path / "new.yaml"
        given = opts(game_name) if options is None else options
        start = None if again else new_record(game_name, players, new_options)
        self.table = SetupTable(self.game, str(self.path), given, start=start)
        self.app = build(self.table, {"testserver"}, BASE, 8000, Pages(self.table))
