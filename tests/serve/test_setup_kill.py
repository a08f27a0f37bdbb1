"""A `pastiche serve --new OUT` process killed (SIGKILL) mid-setup keeps every card entered: OUT is a record
whose setup is not complete yet, `pastiche serve OUT` goes on with it (every phone joins again and each
seat sees its own cards, never another's), and the setup finished then is the record `pastiche new
--record` writes with the same cards filled in by hand. Driven over HTTP as the phones drive it."""

from __future__ import annotations

import json
import sys

import pytest
import test_phones
from live import Live
from setups import SETUPS, by_hand, secrets

serving = test_phones.serving  # its fixture: every server stopped at the end, passed or failed


def host_request(server: Live, method: str, path: str, body=None) -> tuple[int, dict]:
    """A request with the host's token (Live sends the join token)."""
    made = server.connection()
    sent = {"Authorization": f"Bearer {server.host_token}", "Content-Type": "application/json"}
    made.request(method, path, body=None if body is None else json.dumps(body), headers=sent)
    answer = made.getresponse()
    data = json.loads(answer.read())
    made.close()
    return answer.status, data


@pytest.mark.parametrize("game", ["pastiche", "masterpiece"])
def test_a_setup_killed_midway_goes_on_from_its_file(game, tmp_path, serving):
    players, options, table, seats = SETUPS[game]
    out = tmp_path / "friday.yaml"
    base = [sys.executable, "-m", "pastiche_cli", "serve"]
    extra = list(options)
    first = Live([*base, "--new", str(out), "--game", game, "--players", ",".join(players), *extra])
    serving.append(first)
    first.claim_all()
    assert host_request(first, "PUT", "/api/setup/table", {"fields": table})[0] == 200
    entered = players[:2]
    for name in entered:
        status, said = first.request("PUT", f"/api/setup/seat/{name}", {"fields": seats[name]}, name)
        assert status == 200, said
    first.kill()
    assert "FILL-IN" in out.read_text(encoding="utf-8").split("setup:")[1]  # not complete: still a setup

    again = Live([*base, str(out), "--game", game, *extra])
    serving.append(again)
    status, state = again.request("GET", "/api/state")
    assert status == 200 and state["mode"] == "setup" and not any(state["seats"].values())  # every phone again
    assert state["entered"] == {name: name in entered for name in players} and state["table_entered"]
    again.claim_all()
    for name in players:  # each seat sees its own cards, kept, and none of another's
        status, state = again.request("GET", "/api/state", seat=name)
        mine = {f["key"]: f["values"] for f in state["fields"] if f["owner"] == "you"}
        assert mine == (seats[name] if name in entered else {k: [""] * len(v) for k, v in seats[name].items()})
        text = json.dumps(state)
        assert not [card for card in secrets(game, name) if card in text], name
    status, state = host_request(again, "GET", "/api/state")
    assert not [card for card in secrets(game, None) if card in json.dumps(state)]
    for name in players[2:]:
        status, said = again.request("PUT", f"/api/setup/seat/{name}", {"fields": seats[name]}, name)
        assert status == 200 and said["complete"], said
    assert out.read_text(encoding="utf-8") == by_hand(game)
    status, state = again.request("GET", "/api/state", seat=players[0])
    assert status == 200 and state["moves"] == 0 and "log" in state  # the live game, on the same seat
