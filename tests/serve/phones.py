"""The table in real phones (tests/serve/test_phones.py): a bundled record replayed in-process, for what
each seat must see and must not see after each move; a `pastiche serve` process whose output is read as
it comes; and a phone (a page in its own browser context) that taps and types as a player would,
counting both.

What a seat must not see is computed, never listed: after a move, every card under one of the game's
secret keys (`GAME.view.secret`) in another seat's entry of its own view, less any name the seat may see
for another reason (in its own view, its log, or the page before any state: a card named in a public
move, a colour in the bank, the example in the move field).
"""

from __future__ import annotations

import itertools
import json
import pathlib
import re
import threading
import time

from test_server import ROOT, Server

from pastiche_cli.formats.reading import read_any
from pastiche_cli.kernel.moves import MoveSyntaxError

SHOTS = ROOT / "docs" / "serve"
RATE = 20  # requests a second from one browser (serve/guard.py): a page paces its taps below it
PLAYS, ANSWERS, LOOKS = 14, 8, 5  # the requests a played move, an answer and a look may make a page send

# One look at a page: its DOM (with the pictures it holds as data: URLs decoded, so a board drawn for
# the table is read too; without the map of every card's chip colour, which names the whole deck), its
# hand, its log and scores as shown, and /api/state as the page fetches it.
LOOK = """async () => {
  const decoded = [...document.querySelectorAll('img[src^="data:"]')].map((img) => {
    const [head, body] = img.src.split(',', 2);
    return head.endsWith(';base64') ? atob(body) : decodeURIComponent(body);
  });
  const page = document.documentElement.cloneNode(true);  // the deck's colours aside: every card's name,
  page.querySelectorAll('[data-chips]').forEach((e) => e.removeAttribute('data-chips'));  // the same for all
  const text = (id) => (document.getElementById(id) || {innerText: ''}).innerText;
  const words = (id) => [...document.querySelectorAll('#' + id + ' *')].filter((e) => !e.children.length)
    .map((e) => e.textContent).join('\\n');  // each chip a line of its own
  const seen = {
    dom: page.outerHTML + '\\n' + decoded.join('\\n'),
    hand: words('hand'), scores: text('scores'), verdict: text('verdict'),
    log: [...document.querySelectorAll('#log ol.moves li')].map((li) => li.textContent),
    report: [...document.querySelectorAll('#scores a')].map((a) => a.getAttribute('href')),
  };
  const answer = await fetch('/api/state', {credentials: 'same-origin'});
  seen.status = answer.status;
  seen.state = await answer.text();
  return seen;
}"""


OPTIONS = """async () => {
  const answer = await fetch('/api/moves/options', {credentials: 'same-origin'});
  return answer.status === 200 ? await answer.json() : null;
}"""


def leaves(value) -> list[str]:
    """The names a value of the view shows: a card with a title is its title; lists and objects, their parts."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [str(value["title"])] if "title" in value else [s for v in value.values() for s in leaves(v)]
    if isinstance(value, list):
        return [s for v in value for s in leaves(v)]
    return []


def spellings(card: str) -> set[str]:
    """A card as the view names it and as the notation does ("pink 7" and "pink-7")."""
    return {card, card.replace(" ", "-")}


def said(card: str, text: str) -> bool:
    """`card` (in either spelling) stands in `text` as a name of its own, not inside a longer one."""
    return any(re.search(rf"(?<![\w/+=-]){re.escape(s)}(?![\w/+=-])", text) for s in spellings(card))


class Expected:
    """The bundled record replayed in-process: after each move, what each seat (None: the host) sees."""

    def __init__(self, game, source: pathlib.Path):
        self.game, self.view, self.rules = game, game.view, game.rules
        _, _, _, self.replay, _, _ = read_any(game, str(source), source.read_text(encoding="utf-8"), {})
        assert self.replay.stop is None and self.replay.over, f"{source.name} does not replay to its end"
        self.steps = self.replay.steps
        self.moves = [str(step.move) for step in self.steps]
        self.players = [entry["name"] for entry in self.view.of(self.replay.setup)["players"]]
        self.chrome = ""  # the page as served, before any state (set once a phone has fetched it)

    def position(self, n: int):
        return self.steps[n - 1].after if n else self.replay.setup

    def over(self, n: int) -> bool:
        return n == len(self.steps)

    def shown(self, n: int, seat: str | None) -> dict:
        return self.view.of(self.position(n), seat, open_hands=self.over(n))

    def log(self, n: int, seat: str | None) -> list[str]:
        """The moves as `seat` may see them (at the end, as written)."""
        told = (lambda step, _: str(step.move)) if self.over(n) else self.view.move_text
        return [told(step, seat) for step in self.steps[:n]]

    def own(self, n: int, seat: str) -> list[str]:
        """The names of the seat's own entry its hand shows: its secret cards (or all, in a game without any)."""
        entry = next(e for e in self.shown(n, seat)["players"] if e["name"] == seat)
        keys = self.view.secret or [k for k in entry if k != "name"]
        return [card for key in keys for card in leaves(entry.get(key))]

    def forbidden(self, n: int, seat: str | None) -> set[str]:
        """The other seats' secret cards that `seat` must not meet anywhere after `n` moves."""
        if self.over(n):
            return set()
        others = [p for p in self.players if p != seat]
        secret = {card for p in others for card in self.own(n, p)} if self.view.secret else set()
        legit = json.dumps(self.shown(n, seat), ensure_ascii=False) + "\n".join(self.log(n, seat)) + self.chrome
        return {card for card in secret if not said(card, legit)}

    def consent(self, i: int) -> tuple[str, dict[str, bool]]:
        """Move i+1 as its player proposes it (before the answers) and the answers the record holds."""
        before = self.steps[i].before
        move = self.rules.parse_move(self.moves[i], before)
        asks = self.rules.consents(before, move)
        if not asks:
            return self.moves[i], {}
        for said_yes in itertools.product([True, False], repeat=len(asks)):
            answers = dict(zip(asks, said_yes))
            if str(self.rules.answered(move, answers)) == self.moves[i]:
                return str(self.rules.answered(move, dict.fromkeys(asks, True))), answers
        raise AssertionError(f"no answers of {asks} make {self.moves[i]}")

    def illegal(self, i: int) -> tuple[str, str] | None:
        """A later move of move i+1's player that the rules refuse here, and the rule they cite (or None)."""
        before, player = self.steps[i].before, self.steps[i].move.player
        for step in self.steps[i + 1 :]:
            if step.move.player != player or str(step.move) == self.moves[i]:
                continue
            try:
                move = self.rules.parse_move(str(step.move), before)
            except MoveSyntaxError:
                continue
            verdict = self.rules.judge_next(before, False, move)
            if not verdict.legal:
                return str(move), verdict.rule
        return None


class Process(Server):
    """`pastiche serve FILE` whose terminal output is read as it comes (a long game fills no pipe)."""

    def __init__(self, path: pathlib.Path):
        super().__init__(path)
        self.said: list[str] = []
        streams = (self.process.stdout, self.process.stderr)
        self.readers = [threading.Thread(target=self._read, args=(s,), daemon=True) for s in streams]
        for reader in self.readers:
            reader.start()

    def _read(self, stream) -> None:
        for line in stream:
            self.said.append(line)

    def stop(self):  # type: ignore[override]
        import signal

        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(timeout=10)
        except Exception:
            self.process.kill()
            self.process.wait()
        for reader in self.readers:
            reader.join(5)
        return self.process.returncode


class Phone:
    """One page in a browser context of its own (its own cookies): a player's phone or the host's screen."""

    def __init__(self, context, seat: str | None):
        self.context, self.seat = context, seat
        context.set_default_timeout(10_000)
        self.page = context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(error.message))
        self.taps = self.keys = self.offered = 0  # taps and keys, and the moves played by their option
        self.sent: list[float] = []  # when the page sent each request, for `pace`
        self.page.on("request", lambda _: self.sent.append(time.monotonic()))
        self.waited = 0.0

    def pace(self, costs: int) -> None:
        """Before an action that makes the page send up to `costs` requests, wait until they fit under the
        server's limit (RATE a second from one browser) beside those of the last second: a robot taps faster
        than a player, and each state the page is told of costs it three requests (its state, its options,
        its picture), twice over for a move it plays (its own refetch and the event's)."""
        self.page.wait_for_timeout(0)  # the requests the page sent meanwhile, counted
        while True:
            now = time.monotonic()
            self.sent = [t for t in self.sent if now - t < 1.0]
            if len(self.sent) + costs < RATE:
                return
            wait = 1.0 - (now - self.sent[0]) + 0.01
            self.page.wait_for_timeout(1000 * wait)
            self.waited += wait

    def tap(self, locator) -> None:
        locator.tap()
        self.taps += 1

    def type(self, text: str) -> None:
        """Tap the move field and type TEXT into it (what was left there cleared first, as a player would)."""
        self.page.fill("#move", "")
        self.tap(self.page.locator("#move"))
        self.page.keyboard.type(text)
        self.keys += len(text)

    def option(self, text: str, n: int) -> bool:
        """Tap the button of TEXT where the page offers the moves this seat may play (/api/moves/options,
        asked as the page asks it: a tap checks the move), then Play; whether it was offered."""
        offered = self.page.evaluate(OPTIONS)
        if not offered or offered.get("moves") != n or text not in [o["move"] for o in offered["options"]]:
            return False
        self.tap(self.page.locator(f"#options button.option[data-move={json.dumps(text, ensure_ascii=False)}]").first)
        self.page.locator("#verdict .legal", has_text=text).wait_for()
        self.tap(self.page.locator("#send"))
        self.offered += 1
        return True

    def play(self, text: str, n: int) -> None:
        """Play TEXT after n moves: its option's button when the page offers one, else typed and Play tapped."""
        self.pace(PLAYS)
        if not self.option(text, n):
            self.type(text)
            self.tap(self.page.locator("#send"))

    def moves_shown(self, n: int) -> None:
        """Wait until the page's move list holds n moves (or say what the page says instead)."""
        from playwright.sync_api import TimeoutError as Timeout

        try:
            self.page.wait_for_function("(n) => document.querySelectorAll('#log ol.moves li').length === n", arg=n)
        except Timeout:
            said = self.page.evaluate(
                "[...document.querySelectorAll('#status, #verdict, #log li.last')].map((e) => e.innerText)"
            )
            raise AssertionError(
                f"{self.seat or 'the host'}'s page never showed move {n}: {said} {self.errors}"
            ) from None

    def look(self) -> dict:
        self.pace(LOOKS)  # a refetch told by an event may be on its way too
        return self.page.evaluate(LOOK)

    def shot(self, name: str) -> None:
        """The page's viewport from its top (a tap may have scrolled it), as docs/serve/NAME.png."""
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.page.evaluate("window.scrollTo(0, 0)")
        self.page.screenshot(path=str(SHOTS / f"{name}.png"))
