"""A table of phones in a real Chromium (Playwright driving Debian's /usr/bin/chromium) against a real
`pastiche serve` process, for each bundled record of every game: every player's phone (390x844, touch,
a browser context of its own) joins and claims its seat by tapping its name, the host's screen
(1280x900) opens the host link, and the record's moves are played to the end from the phones, each by
tapping its option where the page offers one or by typing it and tapping Play; a move that needs
another seat is answered on the asked phones as the record says. After each move every page is looked
at: its move list as that seat may see it, its own hand, and no other seat's secret card in its DOM or
its /api/state. An illegal move and a stale one are refused on the page; at the end the file holds
the bundled moves, scores as the bundled record does, and every phone shows the final scores and the
report link. With PASTICHE_SCREENSHOTS=1 the pages are written to docs/serve/ as PNG files.
"""

from __future__ import annotations

import json
import os
import pathlib
import re

import every_game
import pytest
from browser import PHONE_AGENT, chromium, need_chromium
from phones import ANSWERS, PLAYS, Expected, Phone, Process, said
from served import record_moves

from pastiche_cli import games

RECORDS = [
    pytest.param(game, path, id=f"{game.name}-{path.stem}")
    for game in every_game.GAMES
    for path in every_game.records(game)
]
SHOOT = os.environ.get("PASTICHE_SCREENSHOTS") == "1"


def pictured(registered) -> pathlib.Path:
    """The record a game's screenshots are taken from: its first with a move put to another seat."""
    game = games.declared(registered)
    found = every_game.records(registered)
    for path in found:
        expected = Expected(game, path)
        if any(expected.consent(i)[1] for i in range(len(expected.moves))):
            return path
    return found[0]


@pytest.fixture
def contexts():
    """The browser contexts a test opens, each closed at its end (a phone's cookies go with it)."""
    made: list = []
    yield made
    for context in made:
        context.close()


@pytest.fixture
def serving():
    """The servers a test starts, each stopped at its end, passed or failed."""
    started: list[Process] = []
    yield started
    for server in started:
        server.stop()


class Night:
    """A game night: the served file, its expected course, every player's phone and the host's screen."""

    def __init__(self, registered, source, tmp_path, contexts: list, serving: list):
        self.expected = Expected(games.declared(registered), source)
        empty, self.bundled = record_moves(source)
        assert self.bundled == self.expected.moves, "the bundled record is written as the rules write it"
        self.source, self.path = source, tmp_path / source.name
        self.path.write_text(empty, encoding="utf-8")
        self.server = Process(self.path)
        serving.append(self.server)
        browser = chromium().browser
        for _ in self.expected.players:
            phone = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}
            contexts.append(browser.new_context(**phone, has_touch=True, user_agent=PHONE_AGENT))
        contexts.append(browser.new_context(viewport={"width": 1280, "height": 900}))
        self.phones = {seat: Phone(context, seat) for seat, context in zip(self.expected.players, contexts)}
        self.host = Phone(contexts[-1], None)
        self.efforts: list[tuple[int, int]] = []  # the taps and keys of each move
        self.guarded = 0  # the other seats' cards looked for, and not found, on every page after every move
        self.shots: set[str] | None = set() if SHOOT and source == pictured(registered) else None

    def pages(self) -> list[Phone]:
        return [*self.phones.values(), self.host]

    def shoot(self, phone: Phone, moment: str) -> None:
        """A screenshot of the page at this moment (once), when this run takes them."""
        if self.shots is not None and moment not in self.shots:
            self.shots.add(moment)
            phone.shot(f"{self.expected.game.name}-{moment}")

    def sit(self) -> None:
        """Every phone opens the join link and taps its name; the host's screen opens the host link."""
        for seat, phone in self.phones.items():
            phone.page.goto(self.server.join)
            if not self.expected.chrome:
                served = phone.page.evaluate("async () => (await fetch('/')).text()")
                self.expected.chrome = re.sub(r'data-chips="[^"]*"', "", served)  # as LOOK reads a page
            phone.tap(phone.page.locator("#seats button", has_text=re.compile(f"^{re.escape(seat)}$")))
            phone.page.wait_for_selector("#hand h2")
        self.host.page.goto(self.server.host)
        self.check(0)

    def check(self, n: int) -> None:
        """Every page after n moves: its move list as its seat may see it, its own hand, and no card of
        another seat's in its DOM or its state."""
        expected = self.expected
        for phone in self.pages():
            phone.moves_shown(n)
            seen, seat = phone.look(), phone.seat
            who = seat or "the host"
            assert seen["status"] == 200, seen["state"]
            state = json.loads(seen["state"])
            assert state["moves"] == n and state["you"] == seat
            assert seen["log"] == expected.log(n, seat), f"the moves after move {n}, as {who} sees them"
            stated = json.dumps(state, ensure_ascii=False)
            hidden = expected.forbidden(n, seat)
            self.guarded += len(hidden)
            for card in hidden:
                assert not said(card, seen["dom"]), f"{who} sees {card} on the page after move {n}"
                assert not said(card, stated), f"{who} gets {card} in its state after move {n}"
            if seat is not None:
                assert f"{seat} (you)" in seen["hand"]
                for card in expected.own(n, seat):
                    assert said(card, seen["hand"]), f"{seat}'s hand shows {card} after move {n}"
            assert phone.errors == []

    def effort(self) -> tuple[int, int]:
        return sum(p.taps for p in self.pages()), sum(p.keys for p in self.pages())

    def phone_of(self, i: int) -> Phone:
        return self.phones[self.expected.steps[i].move.player]

    def play(self, i: int) -> None:
        """Move i+1 from its player's phone, answered on the asked phones as the record says."""
        before = self.effort()
        proposed, answers = self.expected.consent(i)
        self.phone_of(i).play(proposed, i)
        for asked, accept in answers.items():
            phone = self.phones[asked]
            button = phone.page.locator("#proposals button", has_text="Accept" if accept else "Decline")
            button.wait_for()
            self.shoot(phone, "phone-proposal")
            phone.pace(ANSWERS)
            phone.tap(button)
        self.check(i + 1)
        after = self.effort()
        self.efforts.append((after[0] - before[0], after[1] - before[1]))

    def refused(self, i: int) -> bool:
        """A move the rules refuse, typed on move i+1's player's phone: refused with its rule, the file as it was."""
        found = self.expected.illegal(i)
        if found is None:
            return False
        text, rule = found
        phone, written = self.phone_of(i), self.path.read_bytes()
        phone.pace(PLAYS)
        phone.type(text)
        phone.tap(phone.page.locator("#send"))
        verdict = phone.page.locator("#verdict")
        verdict.locator(".refused").wait_for()
        assert verdict.inner_text().startswith("Refused: " + text)
        assert verdict.locator("button.rule-link").inner_text() == rule
        assert self.path.read_bytes() == written
        self.check(i)
        return True

    def stale(self, i: int) -> None:
        """Move i+1 written by another program (as `pastiche play` appends it), then played on the page:
        "the table moved on", and every page catches up with the file."""
        phone = self.phone_of(i)
        phone.pace(PLAYS)
        phone.type(self.expected.moves[i])
        held: list = []  # the page's own refetches, held until Play is answered: the server looks at the
        phone.page.route(
            "**/api/state", lambda route: held.append(route)
        )  # file twice a second: it may tell the page first
        with self.path.open("a", encoding="utf-8") as file:
            file.write(f"  - {self.expected.moves[i]}\n")
        phone.tap(phone.page.locator("#send"))
        phone.page.locator("#verdict", has_text="The table moved on").wait_for()
        for route in held:
            route.continue_()
        phone.page.unroute("**/api/state")
        self.check(i + 1)
        assert record_moves(self.path)[1] == self.bundled[: i + 1]

    def end(self) -> None:
        """The file holds the bundled moves and scores as the bundled record; every phone shows the final
        scores and the report link, which opens."""
        assert record_moves(self.path)[1] == self.bundled
        assert every_game.score(self.path) == every_game.score(self.source)
        for phone in self.pages():
            seen = phone.look()
            assert seen["scores"].startswith("Final scores") and seen["report"] == ["/report"], seen["scores"]
        self.shoot(self.phones[self.expected.players[0]], "phone-end")
        self.shoot(self.host, "host-end")
        report = self.host.context.new_page()
        answer = report.goto(self.server.join.rsplit("/join/", 1)[0] + "/report")
        assert answer is not None and answer.status == 200
        assert self.expected.moves[-1] in report.content()
        report.close()


@pytest.mark.parametrize(("registered", "source"), RECORDS)
def test_a_table_of_phones_plays_the_bundled_record_to_its_end(registered, source, tmp_path, contexts, serving):
    need_chromium()
    night = Night(registered, source, tmp_path, contexts, serving)
    night.sit()
    moves = night.expected.moves
    middle = len(moves) // 2
    refused = False
    for i in range(len(moves)):
        refused = refused or (i > 0 and night.refused(i))
        if i == middle:
            night.stale(i)
            continue
        night.play(i)
        if i == middle - 1:
            night.shoot(night.phone_of(middle), "phone-midgame")
            night.shoot(night.host, "host-midgame")
    assert refused, "some move of the record could be refused somewhere"
    assert night.guarded or not night.expected.view.secret, "some seat held a card the others must not see"
    night.end()
    taps, keys = zip(*night.efforts)
    offered = sum(phone.offered for phone in night.pages())
    waited = sum(phone.waited for phone in night.pages())
    said = f"{len(moves)} moves ({offered} by their option), {sum(taps)} taps, {sum(keys)} keys ({max(keys)} at most)"
    print(f"{registered.name} {source.name}: {said}; {waited:.1f} s paced")
