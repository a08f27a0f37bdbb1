"""The table server's JSON routes and refusals (docs/serve.md; the spec's "Refusals and limits"), through
Starlette's TestClient: every refusal with its status, each checked before the ones after it in the
spec's order (Host, token, size, Content-Type, Origin, seat, rate, streams), and what each caller sees."""

from __future__ import annotations

import html
import json
import re

import every_game
import pytest
from served import BASE, Served

from pastiche_cli import games

GAMES = [game.name for game in every_game.GAMES]


@pytest.fixture
def served(tmp_path):
    return Served(tmp_path, "pastiche")


# --- the refusals, each with its status, in the spec's order ------------------------------------------


def test_a_foreign_host_is_refused_before_anything_else(served):
    bare = served.client(join=False)
    # DNS rebinding: another name for this address, with no token and an oversized body besides
    answer = bare.post("/api/moves", content=b"x" * 20000, headers={"Host": "evil.example:8000"})
    assert answer.status_code == 400
    assert served.client().get("/api/state", headers={"Host": "evil.example"}).status_code == 400


def test_no_token_or_a_wrong_one_is_401(served):
    bare = served.client(join=False)
    assert bare.get("/api/state").status_code == 401
    assert bare.get("/").status_code == 401
    assert bare.get("/api/state", headers={"Authorization": "Bearer nope"}).status_code == 401
    assert bare.get(f"/join/{served.table.join_token}x", follow_redirects=False).status_code == 401
    # the host's link is no join link, nor the other way round
    assert bare.get(f"/join/{served.table.host_token}", follow_redirects=False).status_code == 401
    assert bare.get(f"/host/{served.table.join_token}", follow_redirects=False).status_code == 401
    # no token beats every later refusal: a big body of the wrong type from another site
    big = bare.post("/api/moves", content=b"x" * 20000, headers={"Content-Type": "text/plain", "Origin": "http://a.b"})
    assert big.status_code == 401


def test_a_body_over_16_kib_is_413_before_its_type(served):
    ana = served.seated("Ana")
    answer = ana.post("/api/moves", content=b"x" * (16 * 1024 + 1), headers={"Content-Type": "text/plain"})
    assert answer.status_code == 413
    fits = ana.post("/api/moves", content=json.dumps({"move": "x" * 16000, "after": 0}))
    assert fits.status_code != 413


def test_a_post_not_of_json_is_415_before_its_origin(served):
    ana = served.seated("Ana")
    answer = ana.post("/api/moves", content=b"{}", headers={"Content-Type": "text/plain", "Origin": "http://evil"})
    assert answer.status_code == 415
    assert ana.post("/api/moves", content=b"{}").status_code == 415  # no Content-Type at all


def test_another_sites_origin_is_403_and_ours_passes(served):
    bare = served.client()
    assert bare.post("/api/seats/Ana", json={}, headers={"Origin": "http://evil.example"}).status_code == 403
    assert served.table.seats["Ana"] is None
    assert bare.post("/api/seats/Ana", json={}, headers={"Origin": BASE}).status_code == 201


def test_a_seat_is_checked_after_the_origin(served):
    bare = served.client()
    foreign = {"Origin": "http://x"}
    assert bare.post("/api/moves", json={"move": "Ana end", "after": 0}, headers=foreign).status_code == 403
    said = bare.post("/api/moves", json={"move": "Ana end", "after": 0}).json()["error"]
    assert "seat" in said


def test_a_wrong_seat_key_a_seat_as_another_and_a_host_route_are_403(served):
    served.seated("Ana")
    script = served.client(join=False)
    token = {"Authorization": f"Bearer {served.table.join_token}"}
    assert script.get("/api/state", headers=token | {"X-Pastiche-Seat": "not-a-key"}).status_code == 403
    ben = served.seated("Ben")
    other = ben.post("/api/moves", json={"move": served.moves[0], "after": 0})  # Ana's first move, from Ben
    assert served.moves[0].startswith("Ana") and other.status_code == 403
    assert ben.delete("/api/moves/last").status_code == 403
    assert ben.delete("/api/seats/Ana").status_code == 403
    assert served.host().post("/api/seats/Ana", json={}).status_code == 403  # the host holds no seat


def test_more_than_20_requests_a_second_is_429(served):
    ana = served.seated("Ana")
    statuses = [ana.get("/api/state").status_code for _ in range(21)]
    assert statuses[:19] == [200] * 19 and statuses[-1] == 429
    # counted per browser: another phone is not slowed by Ana's
    assert served.seated("Ben").get("/api/state").status_code == 200


def test_the_65th_event_stream_is_503(served):
    guard = served.app
    guard.streams = 64  # as if 64 phones held a stream open
    assert served.client().get("/api/events").status_code == 503


def test_every_answer_says_no_store_and_no_referrer(served):
    answers = [
        served.client(join=False).get("/api/state"),  # 401
        served.client().get("/api/state"),
        served.client().get("/"),
        served.client().post("/api/seats/Nobody", json={}),
    ]
    for answer in answers:
        assert answer.headers["cache-control"] == "no-store"
        assert answer.headers["referrer-policy"] == "no-referrer"
    policy = answers[2].headers["content-security-policy"]
    scripts = policy.split("script-src")[1].split(";")[0]
    assert "frame-ancestors 'none'" in policy and "'sha256-" in scripts and "unsafe-inline" not in scripts


# --- who is who ----------------------------------------------------------------------------------------


def test_the_links_set_lax_http_only_cookies_named_with_the_port_and_leave_no_token_in_the_url(served):
    bare = served.client(join=False)
    joined = bare.get(f"/join/{served.table.join_token}", follow_redirects=False)
    assert joined.status_code == 303 and joined.headers["location"] == "/"
    cookie = joined.headers["set-cookie"]
    assert cookie.startswith("pastiche-table-8000=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    hosted = bare.get(f"/host/{served.table.host_token}", follow_redirects=False)
    assert hosted.status_code == 303 and hosted.headers["location"] == "/host"
    assert served.table.host_token not in hosted.headers["location"]


def test_a_seat_is_claimed_once_a_browser_holds_one_and_only_the_host_frees_it(served):
    ana = served.seated("Ana")
    assert ana.post("/api/seats/Ben", json={}).status_code == 409  # this browser holds a seat
    assert served.client().post("/api/seats/Ana", json={}).status_code == 409  # taken
    assert served.client().post("/api/seats/Zed", json={}).status_code == 404
    assert served.host().delete("/api/seats/Ana").status_code == 200
    assert served.client().post("/api/seats/Ana", json={}).status_code == 201
    # the freed browser sees the table unseated and may sit down again (a script's wrong key is a 403)
    assert ana.get("/api/state").json()["you"] is None
    assert ana.post("/api/seats/Ben", json={}).status_code == 201


def test_a_script_claims_with_the_token_and_plays_with_the_seat_key(served):
    script = served.client(join=False)
    token = {"Authorization": f"Bearer {served.table.join_token}"}
    key = script.post("/api/seats/Ana", json={}, headers=token).json()["key"]
    state = script.get("/api/state", headers=token | {"X-Pastiche-Seat": key}).json()
    assert state["you"] == "Ana"


# --- moves --------------------------------------------------------------------------------------------


def test_a_move_checked_writes_nothing_and_played_is_in_the_file(served):
    ana = served.seated("Ana")
    before = served.path.read_bytes()
    checked = ana.post("/api/moves", json={"move": served.moves[0], "after": 0, "check": True})
    assert checked.status_code == 200 and checked.json()["legal"] is True and checked.json()["played"] is False
    assert served.path.read_bytes() == before
    played = ana.post("/api/moves", json={"move": served.moves[0], "after": 0})
    assert played.status_code == 200
    assert played.json() | {"n": 1, "legal": True, "played": True} == played.json()
    assert served.path.read_text().endswith(f"  - {served.moves[0]}\n")


def test_an_illegal_move_is_422_with_its_rule_and_the_file_untouched(served):
    ana = served.seated("Ana")
    before = served.path.read_bytes()
    answer = ana.post("/api/moves", json={"move": "Ana end", "after": 0})  # a turn begins with a place
    assert answer.status_code == 422
    body = answer.json()
    assert body["legal"] is False and body["rule"] and body["reason"]
    assert served.path.read_bytes() == before


def test_a_move_not_in_the_notation_is_400_with_its_column(served):
    ana = served.seated("Ana")
    answer = ana.post("/api/moves", json={"move": "Ana place RYBBYR/R at", "after": 0})
    assert answer.status_code == 400 and answer.json()["column"] > 0
    assert ana.post("/api/moves", json={"move": served.moves[0]}).status_code == 400  # no `after`
    assert ana.post("/api/moves", content=b"[1]", headers={"Content-Type": "application/json"}).status_code == 400
    assert ana.post("/api/moves", content=b"{", headers={"Content-Type": "application/json"}).status_code == 400


def test_a_move_on_a_stale_view_is_409_and_not_applied(served):
    ana = served.seated("Ana")
    assert ana.post("/api/moves", json={"move": served.moves[0], "after": 0}).status_code == 200
    text = served.path.read_text()
    stale = ana.post("/api/moves", json={"move": served.moves[1], "after": 0})
    assert stale.status_code == 409 and stale.json() == {"error": "stale", "moves": 1}
    assert served.path.read_text() == text


def test_a_file_changed_by_another_program_is_read_again(served):
    ana = served.seated("Ana")
    served.path.write_text(served.path.read_text() + f"  - {served.moves[0]}\n")  # `pastiche play` in a terminal
    assert ana.get("/api/state").json()["moves"] == 1
    assert ana.post("/api/moves", json={"move": served.moves[1], "after": 0}).status_code == 409
    assert ana.post("/api/moves", json={"move": served.moves[1], "after": 1}).status_code == 200


def test_the_host_takes_the_last_move_back_as_the_public_table_saw_it(served):
    host = served.host()
    assert host.delete("/api/moves/last").status_code == 409  # none yet
    players = {name: served.seated(name) for name in served.players()}
    for n, move in enumerate(served.moves[:3]):
        assert players[move.split()[0]].post("/api/moves", json={"move": move, "after": n}).status_code == 200
    assert "draw hex" in served.moves[2]
    undone = host.delete("/api/moves/last")
    assert undone.status_code == 200
    assert undone.json() == {"undone": f"{served.moves[2].split()[0]} draws a hex", "moves": 2}


# --- what each caller sees ------------------------------------------------------------------------------


def test_no_seat_sees_anothers_secret_cards(tmp_path):
    played = Served(tmp_path, "pastiche", played=3)  # Ana placed, traded and drew a hex
    ana, ben = played.seated("Ana"), played.seated("Ben")
    mine, theirs = ana.get("/api/state").json(), ben.get("/api/state").json()
    drawn = played.moves[2].split()[-1]
    assert drawn in json.dumps(mine) and drawn not in json.dumps(theirs)
    assert drawn not in json.dumps(played.host().get("/api/state").json())
    anas = next(p for p in theirs["view"]["players"] if p["name"] == "Ana")
    assert isinstance(anas["hexes"], int) and isinstance(anas["palette"], int)
    assert theirs["provisional"] is True and set(theirs["scores"]["points"]) == set(played.players())


@pytest.mark.parametrize("name", GAMES)
def test_every_game_is_played_to_its_end_from_the_phones(tmp_path, name):
    played = Served(tmp_path, name)
    phones = {player: played.seated(player) for player in played.players()}
    for n, move in enumerate(played.moves):
        player = move.split('"')[1] if move.startswith('"') else move.split()[0]
        answer = phones[player].post("/api/moves", json={"move": move, "after": n})
        if answer.status_code == 202:  # the others answer as the record says (a trade agreed, a vote)
            asked, ident = answer.json()["asks"], answer.json()["proposal"]
            unclear = int(re.search(r"unclear (\d+)", move).group(1)) if "unclear" in move else 0
            for i, seat in enumerate(asked):
                answer = phones[seat].post(f"/api/proposals/{ident}", json={"accept": i >= unclear})
        assert answer.status_code == 200 and answer.json()["move"] == move, (n, move, answer.text)
    state = phones[played.players()[0]].get("/api/state").json()
    assert state["over"] is True and state["provisional"] is False
    assert state["scores"] == every_game.score(every_game.records(games.known()[name])[0])
    assert [entry["move"] for entry in state["log"]] == played.moves  # at the end, every move as written
    assert played.client().get("/report").status_code == 200


def test_a_rule_is_explained_and_a_near_miss_gets_the_closest_ids(served):
    bare = served.client()
    rule = bare.get("/api/rules/place.adjacent").json()
    assert rule["id"] == "place.adjacent" and rule["title"] and rule["text"]
    missed = bare.get("/api/rules/place.adjacant")
    assert missed.status_code == 404 and "place.adjacent" in missed.json()["closest"]


def test_a_route_of_another_mode_is_404(served):
    ana = served.seated("Ana")
    other_mode = ana.put("/api/sheet/Ana", json={"line": "x"})
    assert other_mode.status_code == 404 and other_mode.json()["mode"] == "live"  # said in JSON, as every answer
    assert served.client().get("/report").status_code == 404  # not over yet: the page would show every hand


# --- a move that needs another seat ----------------------------------------------------------------------


def test_a_trade_with_a_player_waits_for_that_players_yes(tmp_path):
    played = Served(tmp_path, "pastiche", every_game.EXAMPLES / "records" / "two-player-game.yaml", played=1)
    ana, ben = played.seated("Ana"), played.seated("Ben")
    trade = played.moves[1]
    assert " with Ben " in trade
    before = played.path.read_bytes()
    proposed = ana.post("/api/moves", json={"move": trade, "after": 1})
    assert proposed.status_code == 202 and proposed.json()["asks"] == ["Ben"]
    assert played.path.read_bytes() == before  # nothing written until Ben says yes
    ident = proposed.json()["proposal"]
    assert ben.get("/api/state").json()["proposals"][0]["id"] == ident
    assert ana.post(f"/api/proposals/{ident}", json={"accept": True}).status_code == 403  # not Ana's to answer
    accepted = ben.post(f"/api/proposals/{ident}", json={"accept": True})
    assert accepted.status_code == 200 and accepted.json()["played"] is True
    assert played.path.read_text().endswith(f"  - {trade}\n")
    assert ben.post(f"/api/proposals/{ident}", json={"accept": True}).status_code == 404  # answered already


def test_a_declined_trade_writes_nothing_and_a_stale_one_is_409(tmp_path):
    played = Served(tmp_path, "pastiche", every_game.EXAMPLES / "records" / "two-player-game.yaml", played=1)
    ana, ben, host = played.seated("Ana"), played.seated("Ben"), played.host()
    trade = played.moves[1]
    before = played.path.read_bytes()
    ident = ana.post("/api/moves", json={"move": trade, "after": 1}).json()["proposal"]
    assert ben.post(f"/api/proposals/{ident}", json={"accept": False}).json() == {"declined": True, "move": trade}
    assert played.path.read_bytes() == before
    ident = ana.post("/api/moves", json={"move": trade, "after": 1}).json()["proposal"]
    assert host.delete("/api/moves/last").status_code == 200  # the table moves on meanwhile
    assert ben.post(f"/api/proposals/{ident}", json={"accept": True}).status_code == 409


def test_an_artline_feature_is_put_to_the_vote_of_the_others(tmp_path):
    played = Served(tmp_path, "artline")
    phones = {name: played.seated(name) for name in played.players()}
    first = played.moves[0]  # Ana place 1,0 row dogs: opens a gallery, announcing its feature
    proposed = phones["Ana"].post("/api/moves", json={"move": first, "after": 0})
    assert proposed.status_code == 202 and proposed.json()["asks"] == ["Ben", "Caro"]
    ident = proposed.json()["proposal"]
    assert phones["Ben"].post(f"/api/proposals/{ident}", json={"accept": False}).json() == {"waiting": ["Caro"]}
    written = phones["Caro"].post(f"/api/proposals/{ident}", json={"accept": True})
    assert written.status_code == 200 and written.json()["move"] == first + " unclear 1"
    assert played.path.read_text().endswith(f"  - {first} unclear 1\n")


def test_the_rules_are_searched_by_a_word(served):
    bare = served.client()
    found = bare.get("/api/rules", params={"q": "adjacent"}).json()
    assert "place.adjacent" in [rule["id"] for rule in found["rules"]]
    missed = bare.get("/api/rules", params={"q": "adjacnet"}).json()
    assert missed["rules"] == [] and missed["suggestion"]


def test_a_trade_proposed_tells_the_proposer_nothing_of_the_others_hand(tmp_path):
    played = Served(tmp_path, "pastiche", every_game.EXAMPLES / "records" / "two-player-game.yaml", played=1)
    ana, ben = played.seated("Ana"), played.seated("Ben")
    bens = played.game.view.of(played.table.loaded.replay.final, "Ben")["players"][1]["palette"]
    absent = next(card for card in ("white", "black", "teal", "magenta") if card not in bens)
    # Ben holds no such card: Ana learns it only from Ben's answer, never from the judge
    trade = f"Ana trade olive with Ben for {absent}"
    checked = ana.post("/api/moves", json={"move": trade, "after": 1, "check": True})
    assert checked.status_code == 200 and checked.json()["legal"] is True
    ident = ana.post("/api/moves", json={"move": trade, "after": 1}).json()["proposal"]
    refused = ben.post(f"/api/proposals/{ident}", json={"accept": True})
    assert refused.status_code == 422 and "Ben gives 1" in refused.json()["reason"]  # told to Ben, who holds them
    # the proposer's own side is judged at once
    own = ana.post("/api/moves", json={"move": "Ana trade white with Ben for orange", "after": 1})
    assert own.status_code == 422 and "Ana gives 1 white" in own.json()["reason"]


def test_the_page_colours_the_games_cards_as_the_record_page_does(served):
    page = served.client().get("/").text
    chips = json.loads(html.unescape(re.search(r'data-chips="([^"]*)"', page).group(1)))
    assert chips["orange"] and f".{chips['orange']}{{background:#" in page  # a class, and its colour in the style


def test_the_board_is_drawn_apart_gzipped_and_only_for_a_game_with_a_board(tmp_path):
    played = Served(tmp_path, "pastiche", played=4)
    phone = played.seated(played.players()[0])
    state = phone.get("/api/state")
    assert state.json()["picture"] == "/api/picture/4" and len(state.content) < 16_000
    drawn = phone.get("/api/picture/4", headers={"Accept-Encoding": "gzip"})
    assert drawn.headers["content-type"] == "image/svg+xml" and drawn.text.startswith("<?xml")
    assert drawn.headers["content-encoding"] == "gzip" and int(drawn.headers["content-length"]) < len(drawn.text) / 3
    (tmp_path / "c").mkdir()
    canvas = Served(tmp_path / "c", "canvas")
    assert canvas.client().get("/api/state").json()["picture"] is None
    assert canvas.client().get("/api/picture/0").status_code == 404


# --- what a fresh review found -------------------------------------------------------------------------------


def test_a_refusal_that_would_name_anothers_card_says_only_that_it_is_refused(tmp_path):
    played = Served(tmp_path, "masterpiece", played=12)
    phones = {name: played.seated(name) for name in played.players()}
    final = played.table.loaded.replay.final
    bens = played.game.view.of(final, "Ben")["players"][1]["hand"]  # as Ben sees it: his own cards
    card = bens[0].replace(" ", "-")
    probe = phones["Ana"].post("/api/moves", json={"move": f"Ana research keep {card} discard green-9", "after": 12})
    assert probe.status_code == 422 and probe.json()["rule"] == "masterpiece.research"
    assert bens[0] not in json.dumps(probe.json()) and "Ben" not in probe.json()["reason"]
    assert played.path.read_text().count("\n  - ") == 12  # nothing written


def test_a_pastiche_draw_does_not_say_whose_hand_holds_a_commission(tmp_path):
    played = Served(tmp_path, "pastiche", played=6)  # Ben has completed a commission and draws its replacement
    phones = {name: played.seated(name) for name in played.players()}
    anas = played.game.teller.position_json(played.table.loaded.replay.final)["players"][0]["commissions"]
    title = anas[0]["title"]
    probe = phones["Ben"].post("/api/moves", json={"move": f'Ben draw commission "{title}"', "after": 6, "check": True})
    said = json.dumps([probe.json()["reason"], probe.json()["effects"], probe.json()["notes"]])
    assert probe.status_code == 422 and title not in said and "Ana" not in said  # the move is Ben's own words


def test_a_proposal_made_before_an_undo_is_stale_even_when_the_count_comes_back(tmp_path):
    played = Served(tmp_path, "pastiche", every_game.EXAMPLES / "records" / "two-player-game.yaml", played=1)
    ana, ben, host = played.seated("Ana"), played.seated("Ben"), played.host()
    ident = ana.post("/api/moves", json={"move": played.moves[1], "after": 1}).json()["proposal"]
    assert host.delete("/api/moves/last").status_code == 200
    assert ana.post("/api/moves", json={"move": played.moves[0], "after": 0}).status_code == 200  # 1 move again
    assert ben.get("/api/state").json()["proposals"] == []
    assert ben.post(f"/api/proposals/{ident}", json={"accept": True}).status_code == 409
    assert played.path.read_text().count("\n  - ") == 1


@pytest.mark.parametrize(
    "body",
    [b"[" * 5000 + b"]" * 5000, b'{"move": "Ana \\ud800", "after": 0}', b'{"move": 5, "after": 0}'],
    ids=["nested", "surrogate", "number"],
)
def test_an_odd_body_is_a_400_never_a_500(served, body):
    ana = served.seated("Ana")
    answer = ana.post("/api/moves", content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400 and answer.json()["error"]


def test_check_is_a_boolean_or_the_move_is_refused_unplayed(served):
    ana = served.seated("Ana")
    before = served.path.read_bytes()
    for check in ("true", 1, None):
        assert ana.post("/api/moves", json={"move": served.moves[0], "after": 0, "check": check}).status_code == 400
    assert served.path.read_bytes() == before


def test_localhost_is_our_origin_on_loopback_and_odd_routes_are_refused(tmp_path):
    from pastiche_cli.serve.app import build
    from pastiche_cli.serve.pages import Pages

    played = Served(tmp_path, "pastiche")
    played.app = build(
        played.table, {"127.0.0.1:8000", "localhost:8000"}, "http://127.0.0.1:8000", 8000, Pages(played.table)
    )
    script = played.client(join=False)
    local = {"Host": "localhost:8000", "Authorization": f"Bearer {played.table.join_token}"}
    assert (
        script.post("/api/seats/Ana", json={}, headers=local | {"Origin": "http://localhost:8000"}).status_code == 201
    )
    assert script.get("/api/picture/abc", headers=local).status_code == 404
    assert script.head("/host", headers=local).status_code == 403  # the host's page is the host's
