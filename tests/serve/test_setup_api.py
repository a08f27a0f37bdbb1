"""A new game set up on the phones, through its JSON routes (Starlette's TestClient): for every game the
host's entry and each seat's, what every caller's state holds at every step (never another seat's dealt
cards), the record written (the one `new --record` gives with the same cards filled in by hand), the live
game that follows on the same seats, the problems beside their fields, and the refusals."""

from __future__ import annotations

import json

import pytest
from setups import BOX, SETUPS, Setup, by_hand, new_record, secrets

GAMES = list(SETUPS)


def held(answer_text: str, cards: set[str]) -> set[str]:
    """The cards of `cards` an answer's text names (as JSON strings, or inside a typed card)."""
    return {card for card in cards if card.casefold() in answer_text.casefold()}


def every_view(setup: Setup, clients: dict) -> None:
    """No caller's state holds a dealt card of another seat: each seat's, the host's, a phone without a seat."""
    for who, client in clients.items():
        answer = client.get("/api/state")
        assert answer.status_code == 200, answer.text
        assert not held(answer.text, secrets(setup.name, who)), (who, answer.text)


@pytest.mark.parametrize("game", GAMES)
def test_a_setup_entered_from_the_phones_is_the_record_new_writes_with_those_cards(tmp_path, game):
    setup = Setup(tmp_path, game)
    said: list[tuple[str, int]] = []
    setup.table.listeners.append(lambda event, n: said.append((event, n)))
    clients = {None: setup.host(), "table": setup.client()}
    clients.update({name: setup.seated(name) for name in setup.seat_fields})
    every_view(setup, clients)
    answer = clients[None].put("/api/setup/table", json={"fields": setup.table_fields, "ready": True})
    assert answer.status_code == 200, answer.text
    every_view(setup, clients)
    for name, fields in setup.seat_fields.items():
        answer = clients[name].put(f"/api/setup/seat/{name}", json={"fields": fields, "ready": True})
        assert answer.status_code == 200, answer.text
        mine = clients[name].get("/api/state").json()
        if fields:  # its own cards, and only they, come back to it
            own = [field["values"] for field in mine.get("fields", []) if field["owner"] == "you"]
            assert own == list(fields.values()) or mine.get("log") is not None
        if name != list(setup.seat_fields)[-1]:
            every_view(setup, clients)
    assert setup.path.read_text(encoding="utf-8") == by_hand(game)
    # the live game follows on the same seats: no phone joins again
    state = clients[list(setup.seat_fields)[0]].get("/api/state").json()
    assert state["moves"] == 0 and "log" in state and state["you"] == list(setup.seat_fields)[0]
    assert all(state["seats"].values())
    first = list(setup.seat_fields)[0]
    assert clients[first].get("/api/moves/options").status_code == 200
    assert [event for event, _ in said].count("setup") == 2 + len(setup.seat_fields)  # each entry, and the end
    assert said[-1][0] == "reload"


@pytest.mark.parametrize("game", GAMES)
def test_the_terminal_news_says_who_entered_never_what(tmp_path, game):
    setup = Setup(tmp_path, game)
    lines: list[str] = []
    setup.table.listeners.append(lambda event, n: lines.append(setup.table.news_line(event, n) or ""))
    setup.host().put("/api/setup/table", json={"fields": setup.table_fields, "ready": True})
    for name, fields in setup.seat_fields.items():
        setup.seated(name).put(f"/api/setup/seat/{name}", json={"fields": fields, "ready": True})
    news = [line for line in lines if line.startswith("setup")]
    assert news and "the table's cards entered" in news[0]
    assert not held("\n".join(lines), secrets(game, None))
    assert "live game begins" in lines[-2] and "live table" in lines[-1]


def test_a_seat_enters_only_its_own_cards_and_the_host_none(tmp_path):
    setup = Setup(tmp_path, "pastiche")
    ana, ben, host, table = setup.seated("Ana"), setup.seated("Ben"), setup.host(), setup.client()
    cards = {"fields": setup.seat_fields["Ana"]}
    assert ben.put("/api/setup/seat/Ana", json=cards).status_code == 403
    assert host.put("/api/setup/seat/Ana", json=cards).status_code == 403
    assert table.put("/api/setup/seat/Ana", json=cards).status_code == 403
    assert ana.put("/api/setup/table", json={"fields": setup.table_fields}).status_code == 403
    assert ana.put("/api/setup/seat/Nobody", json=cards).status_code in (403, 404)
    # a seat's entry names only its own lists
    answer = ana.put("/api/setup/seat/Ana", json={"fields": {"gallery": ["red-mill"] * 4}})
    assert answer.status_code == 400 and "not for this phone" in answer.json()["error"]
    assert "FILL-IN" in setup.path.read_text(encoding="utf-8").split("gallery:")[1]


def test_live_routes_are_404_during_a_setup(tmp_path):
    setup = Setup(tmp_path, "pastiche")
    ana, host = setup.seated("Ana"), setup.host()
    moved = ana.post("/api/moves", json={"move": "Ana draw hex RRYYBB/R", "after": 0})
    assert moved.status_code == 404 and moved.json()["mode"] == "setup"
    assert ana.get("/api/moves/options").status_code == 404
    assert host.delete("/api/moves/last").status_code == 404
    assert host.get("/report").status_code == 404
    assert ana.get("/api/picture/0").status_code == 404


def problems(answer) -> list[dict]:
    assert answer.status_code == 400, answer.text
    return answer.json()["problems"]


def test_a_typo_is_told_beside_its_field_with_did_you_mean(tmp_path):
    setup = Setup(tmp_path, "pastiche")
    ana = setup.seated("Ana")
    before = setup.path.read_text(encoding="utf-8")
    said = problems(
        ana.put("/api/setup/seat/Ana", json={"fields": {"commissions": ["harbour-at-dsk", ""], "hexes": ["", "XYZ"]}})
    )
    spots = {(p["field"], p["index"]): p["message"] for p in said}
    assert "did you mean 'harbour-at-dusk'" in spots[("commissions", 0)]
    assert "/" in spots[("hexes", 1)]
    assert setup.path.read_text(encoding="utf-8") == before  # nothing written


def test_masterpiece_a_misspelt_card_is_told_beside_it(tmp_path):
    setup = Setup(tmp_path, "masterpiece")
    ana = setup.seated("Ana")
    said = problems(ana.put("/api/setup/seat/Ana", json={"fields": {"hand": ["pnk 3", "pink 4", "pink 5"]}}))
    assert said[0]["field"] == "hand" and said[0]["index"] == 0 and "did you mean 'pink'" in said[0]["message"]


def told(client) -> list[tuple[str, int, str]]:
    return [(p["field"], p["index"], p["message"]) for p in client.get("/api/state").json()["problems"]]


def test_a_card_named_on_two_phones_is_told_to_both_once_all_is_entered_and_never_before(tmp_path):
    # Refused at once, the second phone would learn that another seat holds the card, and any card could be
    # tried until a whole hand is known: so the entry is taken, and once everything is entered both owners
    # are told beside their card, the host's screen only that they have not entered, and the game waits.
    setup = Setup(tmp_path, "pastiche")
    ana, ben, caro, host = setup.seated("Ana"), setup.seated("Ben"), setup.seated("Caro"), setup.host()
    assert ana.put("/api/setup/seat/Ana", json={"fields": setup.seat_fields["Ana"]}).status_code == 200
    twice = {"commissions": ["quiet-canal", "orchard-in-fog"], "hexes": ["YBRYBR/B", "RRBBYY/RB"]}  # Ana's
    assert ben.put("/api/setup/seat/Ben", json={"fields": twice}).status_code == 200
    assert told(ben) == [] and told(ana) == []  # nothing said while anything is left to enter
    assert caro.put("/api/setup/seat/Caro", json={"fields": setup.seat_fields["Caro"]}).status_code == 200
    assert host.put("/api/setup/table", json={"fields": setup.table_fields}).status_code == 200
    ana_said, ben_said = told(ana), told(ben)
    assert [(f, i) for f, i, _ in ana_said] == [("commissions", 0)] and "another phone" in ana_said[0][2]
    assert [(f, i) for f, i, _ in ben_said] == [("commissions", 1)] and "another phone" in ben_said[0][2]
    assert "Ben" not in json.dumps(ana_said) and "Ana" not in json.dumps(ben_said)
    state = host.get("/api/state").json()
    assert state["problems"] == [] and state["entered"] == {"Ana": False, "Ben": False, "Caro": True}
    assert not held(host.get("/api/state").text, secrets("pastiche", None))
    assert setup.table.successor is None  # the game waits
    assert ben.put("/api/setup/seat/Ben", json={"fields": setup.seat_fields["Ben"]}).status_code == 200
    assert setup.table.successor is not None  # changed: the game begins
    assert setup.path.read_text(encoding="utf-8") == by_hand("pastiche")


def test_a_card_in_a_hand_and_the_gallery_is_told_to_its_owner_once_all_is_entered(tmp_path):
    setup = Setup(tmp_path, "pastiche")
    seats, host = {name: setup.seated(name) for name in setup.seat_fields}, setup.host()
    for name, fields in setup.seat_fields.items():
        assert seats[name].put(f"/api/setup/seat/{name}", json={"fields": fields}).status_code == 200
    gallery = {"gallery": ["lantern-study", "red-mill", "blue-mill", "fog-lamp"], "start": setup.table_fields["start"]}
    assert host.put("/api/setup/table", json={"fields": gallery}).status_code == 200  # Ana's card: not said here
    assert host.get("/api/state").json()["problems"] == []
    said = told(seats["Ana"])
    assert [(f, i) for f, i, _ in said] == [("commissions", 1)] and "gallery" in said[0][2]
    assert setup.table.successor is None
    # a seat naming a card the table shows is refused at once: the table is public
    shown = {"commissions": ["red-mill", "quiet-canal"], "hexes": setup.seat_fields["Ben"]["hexes"]}
    said = problems(seats["Ben"].put("/api/setup/seat/Ben", json={"fields": shown}))
    assert [(p["field"], p["index"]) for p in said] == [("commissions", 0)]
    # twice in one entry
    said = problems(host.put("/api/setup/table", json={"fields": {"gallery": ["red-mill"] * 4, "start": [""] * 3}}))
    assert [(p["field"], p["index"]) for p in said] == [("gallery", 1), ("gallery", 2), ("gallery", 3)]


def test_masterpiece_a_card_in_two_hands_is_taken_then_told_to_both(tmp_path):
    setup = Setup(tmp_path, "masterpiece")
    ana, ben = setup.seated("Ana"), setup.seated("Ben")
    assert ana.put("/api/setup/seat/Ana", json={"fields": setup.seat_fields["Ana"]}).status_code == 200
    hand = {"hand": ["yellow 7", "Pink-7", "blue 9"]}  # Ana's pink 7
    assert ben.put("/api/setup/seat/Ben", json={"fields": hand}).status_code == 200
    assert told(ben) == []
    said = problems(ben.put("/api/setup/seat/Ben", json={"fields": {"hand": ["yellow 7", "yellow 7", "blue 9"]}}))
    assert [(p["field"], p["index"]) for p in said] == [("hand", 1)]  # twice on one phone: said at once


def test_an_entry_changed_on_its_phone_replaces_the_cards_it_had(tmp_path):
    setup = Setup(tmp_path, "canvas")
    host = setup.host()
    first = {"scoring": ["variety", "", "", ""], "market": ["Unashamed", "", "", "", ""]}
    assert host.put("/api/setup/table", json={"fields": first}).status_code == 200
    assert host.put("/api/setup/table", json={"fields": setup.table_fields}).status_code == 200
    values = {f["key"]: f["values"] for f in host.get("/api/state").json()["fields"]}
    assert values == setup.table_fields


def test_a_restarted_setup_goes_on_from_its_file_and_shows_each_seat_only_its_own(tmp_path):
    from pastiche_cli.formats.setupfill import pending

    setup = Setup(tmp_path, "pastiche")
    setup.seated("Ana").put("/api/setup/seat/Ana", json={"fields": setup.seat_fields["Ana"]})
    text = setup.path.read_text(encoding="utf-8")
    assert pending(setup.game, str(setup.path), text, {"catalogue": BOX})
    again = Setup(tmp_path, "pastiche", again=True)
    assert not any(again.table.seats.values())  # every phone joins again
    ana, ben = again.seated("Ana"), again.seated("Ben")
    mine = {f["key"]: f["values"] for f in ana.get("/api/state").json()["fields"] if f["owner"] == "you"}
    assert mine == setup.seat_fields["Ana"]
    assert not held(ben.get("/api/state").text, secrets("pastiche", "Ben"))
    assert ben.get("/api/state").json()["entered"] == {"Ana": True, "Ben": False, "Caro": False}


def test_masterpiece_the_saved_thesis_table_instead_of_typing_it(tmp_path):
    from setups import ROOT

    setup = Setup(tmp_path, "masterpiece", {"theses": str(ROOT / "examples" / "quick" / "theses.yaml")})
    host = setup.host()
    assert host.get("/api/state").json()["saved_theses"] == "theses.yaml"
    assert host.put("/api/setup/table", json={"saved": True}).status_code == 200
    players, _, _, seats = SETUPS["masterpiece"]
    for name, fields in seats.items():
        assert setup.seated(name).put(f"/api/setup/seat/{name}", json={"fields": fields}).status_code == 200
    expected = new_record("masterpiece", players, ["--no-theses"])
    for name in players:
        expected = expected.replace("[FILL-IN, FILL-IN, FILL-IN]", "[" + ", ".join(seats[name]["hand"]) + "]", 1)
    assert setup.path.read_text(encoding="utf-8") == expected
    assert setup.table.successor is not None


def test_bodies_that_are_no_entry_are_400(tmp_path):
    setup = Setup(tmp_path, "pastiche")
    ana = setup.seated("Ana")
    for body in (
        {"fields": []},
        {"fields": {"hexes": "RRYYBB/R"}},
        {"fields": {"hexes": ["RRYYBB/R"]}},  # two hexes
        {"fields": {"hexes": [1, 2]}},
        {"ready": "yes"},
    ):
        assert ana.put("/api/setup/seat/Ana", json=body).status_code == 400, body
    said = problems(ana.put("/api/setup/seat/Ana", json={"fields": {"hexes": ["RRYYBB/R\nmoves: []", "FILL-IN"]}}))
    assert {p["index"] for p in said} == {0, 1}


def test_an_entry_is_written_as_a_hand_writes_it_or_quoted_and_never_as_more_yaml():
    from pastiche_cli.formats.setupfill import loaded, written

    assert written(" RRYYBB/R ") == ("RRYYBB/R", None)
    assert written("pink 3") == ("pink 3", None)
    assert written("{title: A, points: 9}", typed=True) == ("{title: A, points: 9}", None)  # a commission typed
    for word in ("yes", "12", "a: b", "[x]", "null", "Léa's"):  # YAML would read another value, or a list
        text, why = written(word)
        assert why is None and loaded(text) == word, (word, text)
    for bad, typed in (("x # y", False), ("a\nb: c", False), ("{a: 1}", False), ("{a: 1}, {b: 2}", True)):
        assert written(bad, typed)[1] is not None, bad


def test_a_card_the_rules_refuse_only_once_all_is_entered_is_told_to_its_own_phone_not_the_last_to_enter(tmp_path):
    # A typed card's printed points are judged by the rules, which wait for every FILL-IN: the last entry
    # (the host's) made them run. It was refused with Ana's card's title, and nobody could go on.
    setup = Setup(tmp_path, "pastiche")
    ana, host = setup.seated("Ana"), setup.host()
    odd = "{title: Odd Study, artist: Nobody Known, points: 3, palette: [red, blue]}"
    own = {"commissions": [odd, "lantern-study"], "hexes": setup.seat_fields["Ana"]["hexes"]}
    assert ana.put("/api/setup/seat/Ana", json={"fields": own}).status_code == 200
    for name in ("Ben", "Caro"):
        client = setup.seated(name)
        assert client.put(f"/api/setup/seat/{name}", json={"fields": setup.seat_fields[name]}).status_code == 200
    last = host.put("/api/setup/table", json={"fields": setup.table_fields})
    assert last.status_code == 200 and last.json() == {"entered": True, "complete": False}, last.text
    told = host.get("/api/state")
    assert "odd study" not in (last.text + told.text).casefold() and told.json()["problems"] == []
    assert told.json()["entered"] == {"Ana": False, "Ben": True, "Caro": True}
    mine = ana.get("/api/state").json()
    assert [(p["field"], p["index"]) for p in mine["problems"]] == [("commissions", 0)]
    assert "8 to 16 points" in mine["problems"][0]["message"]
    fixed = {"commissions": ["orchard-in-fog", ""], "hexes": ["", ""]}
    assert ana.put("/api/setup/seat/Ana", json={"fields": fixed}).json() == {"entered": True, "complete": True}


def test_an_entry_that_makes_the_file_unreadable_is_told_what_the_reader_says_not_that_another_is_wrong(tmp_path):
    setup = Setup(tmp_path, "pastiche")
    ana = setup.seated("Ana")
    merged = "{title: Odd Study, artist: Nobody Known, points: 9, palette: [red, blue], <<: {points: 16}}"
    said = problems(ana.put("/api/setup/seat/Ana", json={"fields": {"commissions": [merged, "lantern-study"]}}))
    assert len(said) == 1 and "merge key" in said[0]["message"], said
