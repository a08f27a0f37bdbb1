"""Score entry from the phones (serve/sheet.py) through Starlette's TestClient: each seat's `PUT /api/sheet/NAME`
(200 the scores as `score --json` gives them, 400 every problem of the line located in it, 403 another seat's
line), the host's keys, the routes of another mode as 404s, OUT a valid sheet after every line, a restart."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from served import Served
from sheets import BUNDLED, SheetServed

GAMES = list(BUNDLED)


def score_json(path) -> dict:
    """`pastiche score PATH --json`, as a terminal gives it."""
    done = subprocess.run(
        [sys.executable, "-m", "pastiche_cli", "score", str(path), "--json"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def set_keys(served: SheetServed) -> None:
    if served.keys:
        answer = served.host().put("/api/sheet-keys", json={"keys": served.keys})
        assert answer.status_code == 200, answer.text


@pytest.mark.parametrize("game", GAMES)
def test_every_line_entered_scores_as_the_bundled_sheet_and_the_file_after_each_line_reads(tmp_path, game):
    served = SheetServed(tmp_path, game)
    set_keys(served)
    names = list(served.lines)
    for i, name in enumerate(names):
        answer = served.seated(name).put(f"/api/sheet/{name}", json={"line": served.lines[name]})
        assert answer.status_code == 200, answer.text
        assert answer.json()["provisional"] is True or i == len(names) - 1
        if served.path.exists():  # written once the sheet reads (Artline: two lines), then after every line
            on_disk = score_json(served.path)
            assert [p["name"] for p in on_disk["players"]] == [p["name"] for p in answer.json()["players"]]
        assert i < 1 or served.path.exists()
    expected = score_json(BUNDLED[game])
    assert score_json(served.path) == expected
    state = served.host().get("/api/state").json()
    assert state["entered"] == dict.fromkeys(names, True)
    assert state["scores"] | {"provisional": expected["provisional"]} == expected
    assert state["provisional"] is expected["provisional"]
    assert state["winner"].startswith("Winner") or expected["provisional"]
    assert "[" in state["winner"]  # the rule that decided it


def test_a_line_with_problems_is_400_with_every_problem_at_its_column_and_nothing_written(tmp_path):
    served = SheetServed(tmp_path, "pastiche")
    set_keys(served)
    ana = served.seated("Ana")
    line = "red blu-mill orchrd | harbour-at-du lantern | teal 2 blue orange white green"
    answer = ana.put("/api/sheet/Ana", json={"line": line})
    assert answer.status_code == 400
    problems = answer.json()["problems"]
    assert [(p["line"], p["column"]) for p in problems] == [
        (1, line.index("blu-mill") + 1),
        (1, line.index("orchrd") + 1),
    ]
    assert "did you mean 'blue-mill'" in problems[0]["message"]
    assert "Ana:  # not entered yet" in served.path.read_text()  # the keys written, Ana's line not
    assert served.host().get("/api/state").json()["entered"]["Ana"] is False


@pytest.mark.parametrize("hidden", ["\u2028", "\x0b", "\x85"])
def test_a_line_broken_by_a_hidden_line_break_is_400_at_its_column_not_200_and_lost(tmp_path, hidden):
    # regression: the reader takes no player from such a line, so its problem was on no player's line and
    # dropped; the line was answered 200, never written, and gone at the next request
    served = SheetServed(tmp_path, "pastiche")
    set_keys(served)
    assert served.seated("Ana").put("/api/sheet/Ana", json={"line": served.lines["Ana"]}).status_code == 200
    line = "harbour-at-da quiet glass" + hidden + "| night paper | purple"
    answer = served.seated("Ben").put("/api/sheet/Ben", json={"line": line})
    assert answer.status_code == 400, answer.text
    (said,) = answer.json()["problems"]
    assert (said["line"], said["column"]) == (1, line.index(hidden) + 1)
    assert f"U+{ord(hidden):04X}" in said["message"]
    assert "Ben:  # not entered yet" in served.path.read_text(encoding="utf-8")
    assert served.host().get("/api/state").json()["entered"]["Ben"] is False


def test_a_card_named_on_two_phones_is_said_on_the_second_line_naming_the_other_player(tmp_path):
    served = SheetServed(tmp_path, "pastiche")
    set_keys(served)
    assert served.seated("Caro").put("/api/sheet/Caro", json={"line": served.lines["Caro"]}).status_code == 200
    line = "salt-flats-i blue orchard | harbour-at-du | teal"
    answer = served.seated("Ana").put("/api/sheet/Ana", json={"line": line})
    assert answer.status_code == 400
    (said,) = answer.json()["problems"]
    assert said["column"] == 1 and "Caro" in said["message"] and "Salt Flats I" in said["message"]
    assert "Ana:  #" in served.path.read_text()  # Ana's line not written


def test_another_seats_line_is_403_and_the_host_holds_no_line(tmp_path):
    served = SheetServed(tmp_path, "artline")
    ana = served.seated("Ana")
    assert ana.put("/api/sheet/Ben", json={"line": "2"}).status_code == 403
    assert served.host().put("/api/sheet/Ana", json={"line": "2"}).status_code == 403
    assert served.client().put("/api/sheet/Ana", json={"line": "2"}).status_code == 403  # no seat claimed
    assert ana.put("/api/sheet/Ana", json={}).status_code == 400
    assert ana.put("/api/sheet-keys", json={"keys": {}}).status_code == 403  # the host's


def test_a_seat_sees_its_own_line_only_and_the_fields_it_may_tap(tmp_path):
    served = SheetServed(tmp_path, "pastiche")
    set_keys(served)
    ana, ben = served.seated("Ana"), served.seated("Ben")
    assert ana.put("/api/sheet/Ana", json={"line": served.lines["Ana"]}).status_code == 200
    mine, theirs = ana.get("/api/state").json(), ben.get("/api/state").json()
    assert mine["line"] == served.lines["Ana"] and theirs["line"] == ""
    assert served.lines["Ana"] not in json.dumps(theirs) and served.lines["Ana"] not in json.dumps(
        served.host().get("/api/state").json()
    )
    shapes = {f["key"]: f["shape"] for f in mine["fields"]}
    assert shapes == {"completed": "words", "hand": "words", "palette": "counted"}
    assert "orchard-in-fog" in mine["fields"][0]["choices"] and "teal" in mine["fields"][2]["choices"]


def test_the_host_sets_the_keys_offered_the_files_beside_the_sheet(tmp_path):
    served = SheetServed(tmp_path, "masterpiece")
    host = served.host()
    state = host.get("/api/state").json()
    assert state["files"] == {"theses": ["theses.yaml"]}  # box.yaml is there too, and is no thesis table
    wrong = host.put("/api/sheet-keys", json={"keys": {"theses": "box.yaml"}})
    assert wrong.status_code == 400 and wrong.json()["problems"][0]["key"] == "theses"
    over = host.put("/api/sheet-keys", json={"keys": {"theses": "theses.yaml", "over": "maybe"}})
    assert over.status_code == 400 and "yes" in over.json()["problems"][0]["message"]
    assert host.put("/api/sheet-keys", json={"keys": {"theses": "theses.yaml"}}).status_code == 200
    assert host.get("/api/state").json()["keys"]["theses"] == "theses.yaml"
    ana = served.seated("Ana")
    impossible = ana.put("/api/sheet/Ana", json={"line": "nine:y99"})
    assert impossible.status_code == 400 and "99" in impossible.json()["problems"][0]["message"]


def test_the_host_cannot_clear_the_catalogue_the_server_scores_with_so_score_reads_the_sheet_as_shown(tmp_path):
    # regression: --catalogue FILE beside the sheet is written as its key; cleared by the host, the server
    # still scored with the option while `pastiche score OUT` found no catalogue
    served = SheetServed(tmp_path, "pastiche", opts={"catalogue": str(tmp_path / "box.yaml")})
    assert served.table.keys == {"catalogue": "box.yaml"}
    answer = served.host().put("/api/sheet-keys", json={"keys": {"catalogue": ""}})
    assert answer.status_code == 400, answer.text
    (said,) = answer.json()["problems"]
    assert said["key"] == "catalogue" and "box.yaml" in said["message"]
    for name, line in served.lines.items():
        assert served.seated(name).put(f"/api/sheet/{name}", json={"line": line}).status_code == 200
    assert score_json(served.path) == score_json(BUNDLED["pastiche"])


def test_the_routes_of_the_other_mode_are_404(tmp_path):
    served = SheetServed(tmp_path, "pastiche")
    ana = served.seated("Ana")
    assert ana.post("/api/moves", json={"move": "Ana end", "after": 0}).status_code == 404
    assert ana.get("/api/moves/options").status_code == 404
    live = Served(tmp_path / "live", "pastiche") if (tmp_path / "live").mkdir() is None else None
    seated = live.seated("Ana")
    assert seated.put("/api/sheet/Ana", json={"line": "x"}).status_code == 404
    assert live.host().put("/api/sheet-keys", json={"keys": {}}).status_code == 404


def test_a_restart_goes_on_with_every_line_kept_and_a_file_changed_elsewhere_is_read_again(tmp_path):
    from pastiche_cli.serve.sheet import SheetTable

    served = SheetServed(tmp_path, "canvas")
    set_keys(served)
    first, second = list(served.lines)[:2]
    phones = {name: served.seated(name) for name in (first, second)}
    for name, phone in phones.items():
        assert phone.put(f"/api/sheet/{name}", json={"line": served.lines[name]}).status_code == 200
    again = SheetTable(served.game, str(served.path), {})
    assert again.names == list(served.lines) and again.lines == {n: served.lines[n] for n in (first, second)}
    assert again.keys == served.keys
    text = served.path.read_text().replace(f"{first}: {served.lines[first]}", f"{first}: view preci compl | 5")
    served.path.write_text(text)
    state = phones[first].get("/api/state").json()
    assert state["line"] == "view preci compl | 5"


def test_a_sheet_served_again_from_its_file_alone_has_a_seat_for_each_of_its_players(tmp_path):
    # regression: the seats were made from the players before the file was read, so `pastiche serve SHEET`
    # had none, and no phone could claim one
    from served import BASE

    from pastiche_cli.serve.app import build
    from pastiche_cli.serve.pages import Pages
    from pastiche_cli.serve.sheet import SheetTable

    served = SheetServed(tmp_path, "pastiche")
    set_keys(served)
    first, second = list(served.lines)[:2]
    assert served.seated(first).put(f"/api/sheet/{first}", json={"line": served.lines[first]}).status_code == 200
    served.table = SheetTable(served.game, str(served.path), {})  # the file alone, as `serve SHEET` serves it
    served.app = build(served.table, {"testserver"}, BASE, 8000, Pages(served.table))
    assert served.host().get("/api/state").json()["seats"] == dict.fromkeys(served.lines, False)
    phone = served.seated(second)
    assert phone.put(f"/api/sheet/{second}", json={"line": served.lines[second]}).status_code == 200
    assert served.seated(first).get("/api/state").json()["line"] == served.lines[first]


def test_the_terminal_tells_each_line_entered(tmp_path):
    served = SheetServed(tmp_path, "artline")
    told: list[str] = []
    served.table.listeners.append(lambda event, n: told.append(served.table.news_line(event, n) or event))
    served.seated("Ana").put("/api/sheet/Ana", json={"line": "0"})
    assert told[-1].startswith("Ana entered a line: 1 of 4 in") and "written once" in told[-1]
    served.seated("Ben").put("/api/sheet/Ben", json={"line": "2"})
    assert told[-1] == "Ben entered a line: 2 of 4 in"
    assert "0 of 4 lines in" in SheetServed(tmp_path / ".." / tmp_path.name, "artline").table.serving()
