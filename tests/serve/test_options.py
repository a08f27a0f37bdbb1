"""The moves a seat may play now (`GET /api/moves/options`; the rules' `options`): only the seat whose move it
is gets any, each is legal and written as the record would write it, and none names another seat's secret
card. The property runs over every bundled record at every step, for every game (tests/every_game.py)."""

from __future__ import annotations

import json
import re

import every_game
import pytest
from served import Served

from pastiche_cli import games
from pastiche_cli.formats.reading import read_any
from pastiche_cli.formats.yamlio import read_text

RECORDS = [(game, path) for game in every_game.GAMES for path in every_game.records(game)]
WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_/-]*")


def replayed(registered, path):
    game = games.declared(registered)
    replay = read_any(game, str(path), read_text(str(path)), {})[3]
    assert replay is not None and replay.stop is None, path
    return game, replay


def secret_words(game, position, seat: str) -> set[str]:
    """The words of the other seats' secret cards that `seat`'s own view does not hold."""
    seen = set(WORD.findall(json.dumps(game.view.of(position, seat))))
    everything = game.view.of(position, None, open_hands=True)["players"]
    hidden = [entry.get(key) for entry in everything if entry["name"] != seat for key in game.view.secret]
    return set(WORD.findall(json.dumps(hidden))) - seen


# --- the rules' options, at every step of every bundled record -------------------------------------------


@pytest.mark.parametrize(("registered", "path"), RECORDS, ids=[f"{g.name}-{p.stem}" for g, p in RECORDS])
def test_every_option_parses_is_legal_canonical_and_the_movers_alone(registered, path):
    game, replay = replayed(registered, path)
    rules, listed, played_listed = game.rules, 0, 0
    players = every_game.players(path)
    for step in replay.steps:
        position, mover = step.before, rules.mover(step.before)
        assert mover in players, (step.n, mover)
        options = rules.options(position, mover)
        assert len({o.move for o in options}) == len(options), step.n  # each once
        secrets = secret_words(game, position, mover)
        for option in options:
            move = rules.parse_move(option.move, position)
            assert str(move) == option.move, (step.n, option.move)  # canonical: as the record would get it
            verdict = rules.judge_next(position, False, move)
            assert verdict.legal, (step.n, option.move, verdict.reason)
            assert getattr(move, "player", None) == mover
            assert option.note.strip() and option.note != option.move
            assert not set(WORD.findall(option.move)) & secrets, (step.n, option.move)
        for other in players:
            if other != mover:
                assert rules.options(position, other) == (), (step.n, other)  # not their move
        assert rules.options(position, mover, over=True) == ()
        listed += len(options)
        played_listed += str(step.move) in {o.move for o in options}
    assert listed > 0 and played_listed > 0  # the record's own moves are among those offered, here and there
    assert replay.over and rules.options(replay.final, rules.mover(replay.final), replay.over) == ()


def test_a_move_drawn_from_a_hidden_pile_is_never_offered():
    registered = games.known()[games.DEFAULT]
    path = every_game.EXAMPLES / "records" / "three-player-short.yaml"
    game, replay = replayed(registered, path)
    for step in replay.steps:
        texts = [o.move for o in game.rules.options(step.before, game.rules.mover(step.before))]
        assert not [t for t in texts if " draw " in t], (step.n, texts)
        assert not [t for t in texts if " with " in t], (step.n, texts)  # a trade with a player: theirs to agree


# --- the route ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", every_game.NAMES)
def test_the_route_offers_the_seat_on_its_move_and_a_tapped_option_plays(tmp_path, name):
    registered = games.known()[name]
    game, replay = replayed(registered, every_game.records(registered)[0])
    n = next(s.n - 1 for s in replay.steps if game.rules.options(s.before, game.rules.mover(s.before)))
    served = Served(tmp_path, name, played=n)  # the first move of the record the game can offer options for
    phones = {player: served.seated(player) for player in served.players()}
    mover = game.rules.mover(served.table.loaded.replay.final)
    answer = phones[mover].get("/api/moves/options")
    assert answer.status_code == 200
    body = answer.json()
    assert body["moves"] == n and body["options"], body
    assert all(set(o) == {"move", "note"} for o in body["options"])
    for other, phone in phones.items():
        if other != mover:
            assert phone.get("/api/moves/options").json() == {"moves": n, "options": []}
    first = body["options"][0]["move"]
    checked = phones[mover].post("/api/moves", json={"move": first, "after": n, "check": True})
    assert checked.status_code == 200 and checked.json()["move"] == first
    played = phones[mover].post("/api/moves", json={"move": first, "after": n})
    assert played.status_code in (200, 202) and served.path.read_text().endswith(f"  - {first}\n") == (
        played.status_code == 200
    )


def test_the_route_is_a_seats_only(tmp_path):
    served = Served(tmp_path, "pastiche")
    assert served.client().get("/api/moves/options").status_code == 403  # a phone without a seat
    assert served.host().get("/api/moves/options").status_code == 403  # the host holds no seat
    assert served.client(join=False).get("/api/moves/options").status_code == 401


def test_the_options_follow_the_record_and_end_with_the_game(tmp_path):
    served = Served(tmp_path, "pastiche", played=1)  # Ana has laid her hex: the painting phase
    ana = served.seated("Ana")
    body = ana.get("/api/moves/options").json()
    assert body["moves"] == 1
    assert body["options"] and not [o for o in body["options"] if " place " in o["move"]]
    assert served.moves[1] in [o["move"] for o in body["options"]]  # the record's bank trade, offered
    (tmp_path / "over").mkdir()
    over = Served(tmp_path / "over", "pastiche", played=len(served.moves))
    for player in over.players():
        assert over.seated(player).get("/api/moves/options").json()["options"] == []
