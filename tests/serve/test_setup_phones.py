"""A new game set up on the phones, in a real Chromium (Playwright driving Debian's /usr/bin/chromium)
against a real `pastiche serve --new OUT` process, for every game: every player's phone (390x844, touch,
a browser context of its own) joins and taps its name, the host's screen (1280x900) opens the host link;
the host enters what the table shows and each phone its own dealt cards, by tapping the cards offered
(a filter box narrows them) or typing them. At every step no page's DOM (its text, its boxes' values; the
list of cards offered, which names the whole box on every page alike, aside) nor its /api/state as it
fetches it holds a card dealt to another seat, and the host's neither. A typo and a card named on two
phones are shown beside their field. At the end OUT is the record `pastiche new --record` writes with the
same cards filled in by hand, and every page has become the live table. With PASTICHE_SCREENSHOTS=1 the
Pastiche setup's pages are written to docs/serve/setup-phone.png and setup-host.png.
"""

from __future__ import annotations

import json
import os
import re
import sys

import pytest
import test_phones
from browser import PHONE_AGENT, chromium, need_chromium
from live import Live
from phones import Phone
from setups import BOX, SETUPS, by_hand, secrets

contexts, serving = test_phones.contexts, test_phones.serving  # every browser context closed, every server stopped

SHOOT = os.environ.get("PASTICHE_SCREENSHOTS") == "1"
LOOKS = 6  # the requests a look may cost a page, an event's refetch on its way beside it

# One look at a page: its DOM without the cards offered (the same on every page: the whole box), the
# values of its boxes (typed or put there by the page, which the DOM's markup does not hold), and its
# state as it fetches it.
LOOK = """async () => {
  const page = document.documentElement.cloneNode(true);
  page.querySelectorAll('.choices').forEach((e) => e.remove());
  const boxes = [...document.querySelectorAll('input')].filter((e) => !e.closest('.choices')).map((e) => e.value);
  const answer = await fetch('/api/state', {credentials: 'same-origin'});
  return {dom: page.outerHTML + '\\n' + boxes.join('\\n'), status: answer.status, state: await answer.text()};
}"""


ENTERED = """(seat) => [...document.querySelectorAll('#progress li')]
  .some((li) => li.textContent.startsWith(seat + ':') && li.querySelector('.entered'))"""


def named(card: str, text: str) -> bool:
    """`card` stands in `text` as a name of its own (a hex code, a commission id, "pink 7")."""
    return re.search(rf"(?<![\w/+-]){re.escape(card)}(?![\w/+-])", text, re.IGNORECASE) is not None


class SetupNight:
    """A new game set up from the phones: the server, every player's phone and the host's screen."""

    def __init__(self, game: str, tmp_path, contexts: list, serving: list):
        self.game = game
        self.players, options, self.table, self.seats = SETUPS[game]
        self.path = tmp_path / "friday.yaml"
        argv = [sys.executable, "-m", "pastiche_cli", "serve", "--new", str(self.path), "--game", game]
        self.server = Live(argv + ["--players", ",".join(self.players), *options])
        serving.append(self.server)
        browser = chromium().browser
        for _ in self.players:
            phone = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}
            contexts.append(browser.new_context(**phone, has_touch=True, user_agent=PHONE_AGENT))
        contexts.append(browser.new_context(viewport={"width": 1280, "height": 900}, has_touch=True))  # a touch screen
        self.phones = {seat: Phone(context, seat) for seat, context in zip(self.players, contexts)}
        self.host = Phone(contexts[-1], None)
        self.guarded = 0  # other seats' cards looked for, and not found, on every page at every step

    def pages(self) -> list[Phone]:
        return [*self.phones.values(), self.host]

    def sit(self) -> None:
        for seat, phone in self.phones.items():
            phone.page.goto(self.server.join)
            phone.tap(phone.page.locator("#seats button", has_text=re.compile(f"^{re.escape(seat)}$")))
            phone.page.wait_for_selector("#mine:not([hidden])")
        self.host.page.goto(self.server.host)
        self.host.page.wait_for_selector("#progress li")

    def check(self, step: str) -> None:
        """Every page: no card dealt to another seat in its DOM or its state (the host: no seat's at all)."""
        for phone in self.pages():
            phone.pace(LOOKS)
            seen = phone.page.evaluate(LOOK)
            who = phone.seat or "the host"
            assert seen["status"] == 200, seen["state"]
            state = json.loads(seen["state"])
            own = {v.casefold() for f in state.get("fields", []) if f["owner"] == "you" for v in f["values"]}
            hidden = {card for card in secrets(self.game, phone.seat) if card.casefold() not in own}  # its own words
            self.guarded += len(hidden)
            for card in hidden:
                assert not named(card, seen["dom"]), f"{who} sees {card} on the page {step}"
                assert not named(card, json.dumps(state)), f"{who} gets {card} in its state {step}"
            assert phone.errors == [], (who, phone.errors)

    def fill(self, phone: Phone, form: str, fields: dict[str, list[str]]) -> None:
        """Each card tapped where the page offers it (its name typed into the filter first), else typed."""
        page = phone.page
        for key, cards in fields.items():
            box = page.locator(f"#{form} fieldset[data-key={key}]")
            for i, card in enumerate(cards):
                offered = box.locator(
                    "button.choice", has_text=re.compile(rf"^{re.escape(label(self.game, key, card))}$")
                )
                if box.locator(".choices input.filter").count():
                    phone.tap(box.locator(".choices input.filter"))
                    page.keyboard.type(card.split("-")[0][:6])
                    phone.keys += len(card.split("-")[0][:6])
                slot = box.locator(f"#f-{key}-{i}")
                if slot.count() and slot.input_value():  # a card there already: the tap replaces it
                    phone.tap(slot)
                if offered.count():
                    phone.tap(offered)
                    box.locator(".choices input.filter").fill("")
                    continue
                if not slot.count():
                    phone.tap(box.locator("button", has_text="One more"))
                if box.locator(".choices input.filter").count():
                    box.locator(".choices input.filter").fill("")  # not offered: the filter cleared, the card typed
                phone.tap(slot)
                slot.fill("")
                page.keyboard.type(card)
                phone.keys += len(card)

    def enter_table(self) -> None:
        host = self.host
        host.pace(LOOKS)
        if self.table:
            self.fill(host, "board-form", self.table)
            host.tap(host.page.locator("#board-form button[type=submit]"))
        else:
            host.tap(host.page.locator("#board-form button.primary"))
        host.page.wait_for_selector("#progress li:first-child .entered")

    def enter_seat(self, seat: str) -> None:
        phone = self.phones[seat]
        phone.pace(LOOKS)
        if self.seats[seat]:
            self.fill(phone, "mine-form", self.seats[seat])
            phone.tap(phone.page.locator("#mine-form button[type=submit]"))
        else:
            phone.tap(phone.page.locator("#mine-form button.primary"))


def label(game: str, key: str, card: str) -> str:
    """The words of the button that offers `card` (a commission: its title and points, from the box)."""
    if game != "pastiche" or key not in ("gallery", "commissions"):
        return card
    from pastiche_cli.games.pastiche.formats.loader import read_catalogue_file

    found = read_catalogue_file(BOX).get(card)
    if found is None:  # not in the box (a typo): typed
        return card
    return f"{found.title} ({found.points})"


@pytest.mark.parametrize("game", list(SETUPS))
def test_a_new_game_set_up_from_the_phones(game, tmp_path, contexts, serving):
    need_chromium()
    night = SetupNight(game, tmp_path, contexts, serving)
    night.sit()
    night.check("once every phone has joined")
    if game == "pastiche":
        refused_on_the_page(night)
    night.enter_table()
    night.check("after the host's entry")
    if game == "pastiche" and SHOOT:
        night.host.shot("setup-host")
    for seat in night.players:
        night.enter_seat(seat)
        if seat != night.players[-1]:
            night.phones[seat].page.wait_for_function(ENTERED, arg=seat)
            night.check(f"after {seat}'s entry")
    for phone in night.pages():  # each page has become the live table
        phone.page.wait_for_selector("#log", timeout=15_000)
    assert night.path.read_text(encoding="utf-8") == by_hand(game)
    assert night.guarded > 0 or game in ("canvas", "artline")
    news = "".join(night.server.said)
    assert "setup complete" in news
    assert not any(named(card, news) for card in secrets(game, None))


def refused_on_the_page(night: SetupNight) -> None:
    """A typo shown beside its field, nothing written; a card named on two phones taken without a word (a
    refusal would tell the second phone what the first holds)."""
    ana, ben = night.phones["Ana"], night.phones["Ben"]
    ana.pace(LOOKS)
    night.fill(ana, "mine-form", {"commissions": ["harbour-at-dsk", "lantern-study"]})
    ana.tap(ana.page.locator("#mine-form button[type=submit]"))
    ana.page.locator("#p-commissions-0", has_text="did you mean 'harbour-at-dusk'").wait_for()
    if SHOOT:
        ana.shot("setup-phone")
    ana.page.locator("#f-commissions-0").fill("orchard-in-fog")
    ana.tap(ana.page.locator("#mine-form button[type=submit]"))
    ana.page.locator("#status", has_text="Entered").wait_for()
    ben.pace(LOOKS)
    ben.page.locator("#f-commissions-0").fill("lantern-study")  # Ana's: taken, and said to both only once
    ben.tap(ben.page.locator("#mine-form button[type=submit]"))  # all is entered (serve/setup.py `masked`)
    ben.page.locator("#status", has_text="Entered").wait_for()
    assert not ben.page.locator("#p-commissions-0").inner_text().strip()  # a refusal would say Ana holds it
    # the card Ben typed is his own words on his page; once it is reloaded, nothing of Ana's is there
    ben.pace(LOOKS)
    ben.page.reload()
    ben.page.wait_for_selector("#mine:not([hidden]) #f-commissions-0")
    night.check("after the refusals")


def test_a_card_the_rules_refuse_once_all_is_entered_is_marked_on_its_own_phone_only(tmp_path, contexts, serving):
    # The rules judge a typed card's printed points only when nothing is left to fill in: the last entry
    # (the host's) made them run; Ana's phone is told beside her card, the host's screen not what it is.
    need_chromium()
    night = SetupNight("pastiche", tmp_path, contexts, serving)
    night.sit()
    odd = "{title: Odd Study, artist: Nobody Known, points: 3, palette: [red, blue]}"
    night.seats = {**night.seats, "Ana": {**night.seats["Ana"], "commissions": [odd, "lantern-study"]}}
    for seat in night.players:
        night.enter_seat(seat)
        night.phones[seat].page.wait_for_function(ENTERED, arg=seat)
    night.enter_table()
    ana, host = night.phones["Ana"], night.host
    ana.page.locator("#p-commissions-0", has_text="8 to 16 points").wait_for()
    assert "f-commissions-0" in ana.page.eval_on_selector("#f-commissions-0.wrong", "e => e.id")
    assert "odd study" not in host.page.content().casefold()
    assert not host.page.evaluate(ENTERED, "Ana")
    ana.pace(LOOKS)
    ana.page.locator("#f-commissions-0").fill("orchard-in-fog")
    ana.tap(ana.page.locator("#mine-form button[type=submit]"))
    for phone in night.pages():  # each page has become the live table
        phone.page.wait_for_selector("#log", timeout=15_000)
