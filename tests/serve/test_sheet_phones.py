"""Score entry from phones in a real Chromium (Playwright driving Debian's /usr/bin/chromium) against a real
`pastiche serve --sheet OUT` process, for every game's bundled sheet: the host's screen (1280x900) sets the
sheet's keys by tapping them; every player's phone (390x844, touch, a browser context of its own) claims its
seat and taps its line, each phone a step in turn with the others, so the lines are entered at once; the host
sees who has entered, the scores and the winner with its rule, and OUT scores as the bundled sheet. For the
4-player Pastiche finish each line takes at most 20 taps and keys, counted. A typo, a card a field cannot hold
and a card named on two phones are each shown beside their field. PASTICHE_SCREENSHOTS=1 writes docs/serve/."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time

import pytest
import test_phones
from browser import PHONE_AGENT, chromium, need_chromium
from phones import Phone
from sheet_phones import SheetProcess, new_sheet, steps_for
from sheets import BUNDLED, QUICK, bundled

from pastiche_cli import games

SHOOT = os.environ.get("PASTICHE_SCREENSHOTS") == "1"
MOST_TAPS = 20  # taps and keys a line of the bundled 4-player Pastiche finish may take (issue 32)


contexts, serving = test_phones.contexts, test_phones.serving  # the browser contexts and servers, closed at the end


def score_json(path) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "pastiche_cli", "score", str(path), "--json"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def verdict(game, path) -> str:
    """The winner line `score` says for a sheet (the teller's score table)."""
    from pastiche_cli.formats.reading import read_sheet

    position = read_sheet(game, str(path), path.read_text(encoding="utf-8"), {})[0]
    return game.teller.score_table(position).verdict


class Evening:
    """A sheet served to the table: the host's screen and a phone for every player, seated."""

    def __init__(self, game_name: str, tmp_path, contexts: list, serving: list):
        need_chromium()
        for extra in ("box.yaml", "theses.yaml"):
            shutil.copy(QUICK / extra, tmp_path / extra)
        self.game = games.declared(games.known()[game_name])
        self.keys, self.lines = bundled(game_name)
        self.folder, self.out = tmp_path, tmp_path / "friday.sheet"
        more = ["--catalogue", str(tmp_path / "box.yaml")] if game_name == "pastiche" else []
        self.server = SheetProcess(*new_sheet(self.out, game_name, list(self.lines), *more))
        serving.append(self.server)
        browser = chromium().browser
        phone = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}
        self.phones: dict[str, Phone] = {}
        for name in self.lines:
            contexts.append(browser.new_context(**phone, has_touch=True, user_agent=PHONE_AGENT))
            self.phones[name] = Phone(contexts[-1], name)
        contexts.append(browser.new_context(viewport={"width": 1280, "height": 900}))
        self.host = Phone(contexts[-1], None)
        self.host.page.goto(self.server.host)
        for name, seat in self.phones.items():
            seat.page.goto(self.server.join)
            seat.page.locator("#seats button.seat", has_text=name).tap()
            seat.page.locator("#entry:not([hidden])").wait_for()

    def set_keys(self) -> None:
        """The host taps the keys the bundled sheet gives (a file beside OUT, the scoring cards) and sets them."""
        page = self.host.page
        for key, value in self.keys.items():
            if key == "catalogue":  # --catalogue FILE beside OUT: in the sheet already
                assert page.locator("#key-catalogue").input_value() == value
                continue
            for word in value.split():
                page.locator(f'#keys button.pick[data-word="{self.key_word(key, word)}"]').click()
            if key != "theses":  # a file is set by its tap; the scoring cards, once all are tapped
                page.locator(f"#keys button:text('Set {key}')").click()
            page.wait_for_function("(k) => document.getElementById('key-' + k[0]).value === k[1]", arg=[key, value])

    def key_word(self, key: str, word: str) -> str:
        if key != "scoring":
            return word
        from pastiche_cli.games.canvas.core import cards

        return next(n for n in cards.scoring_cards() if n.casefold().startswith(word.casefold()))

    def enter_all(self) -> tuple[dict[str, int], float]:
        """Every phone taps its line, a step each in turn: the taps and keys of each line, and the time from the
        last Send to the host's final scores."""
        plans = {name: steps_for(self.game, self.keys, self.folder, line) for name, line in self.lines.items()}
        counts = dict.fromkeys(plans, 0)
        last_sent = 0.0
        while any(plans.values()):
            for name, plan in plans.items():
                if not plan:
                    continue
                phone, step = self.phones[name], plan.pop(0)
                if step[1] == "#send":
                    phone.pace(6)
                    last_sent = time.monotonic()
                if step[0] == "tap":
                    phone.tap(phone.page.locator(step[1]).first)
                    counts[name] += 1
                else:
                    phone.tap(phone.page.locator(step[1]))
                    phone.page.keyboard.type(step[2])
                    counts[name] += 1 + len(step[2])
        for phone in self.phones.values():
            phone.page.locator("#said", has_text="Sent").wait_for()
        self.host.page.locator("#scores h2", has_text="Final scores").wait_for()
        return counts, time.monotonic() - last_sent


@pytest.mark.parametrize("game_name", list(BUNDLED))
def test_every_phone_enters_its_line_at_once_and_the_host_sees_the_scores(game_name, tmp_path, contexts, serving):
    evening = Evening(game_name, tmp_path, contexts, serving)
    evening.set_keys()
    if SHOOT and game_name == "pastiche":
        ana = evening.phones["Ana"]
        for step in steps_for(evening.game, evening.keys, tmp_path, evening.lines["Ana"])[:7]:
            ana.page.locator(step[1]).first.tap()
        ana.shot("sheet-phone")
        ana.page.locator("#clear").tap()
    counts, final = evening.enter_all()
    expected = score_json(BUNDLED[game_name])
    assert score_json(evening.out) == expected
    host = evening.host.page
    shown = host.locator("#scores").inner_text()
    for entry in expected["players"]:
        assert entry["name"] in shown
    winner = host.locator("#scores .winner").inner_text()
    assert winner == verdict(evening.game, BUNDLED[game_name]) and "[" in winner  # the rule that decided it
    assert "provisional" not in shown or expected["provisional"]
    assert host.locator("#entered li.in").count() == len(evening.lines)
    print(f"\n{game_name}: taps and keys per line {counts}; last line sent to the host's final scores {final:.2f} s")
    if game_name == "pastiche":
        assert max(counts.values()) <= MOST_TAPS, counts
    if SHOOT:
        evening.host.shot(f"sheet-host-{game_name}" if game_name != "pastiche" else "sheet-host")
    assert any("entered a line" in line for line in evening.server.said)
    for phone in [*evening.phones.values(), evening.host]:
        assert phone.errors == []


def test_a_typo_a_wrong_card_and_a_card_named_on_two_phones_are_shown_beside_their_field(tmp_path, contexts, serving):
    evening = Evening("pastiche", tmp_path, contexts, serving)
    ana, ben = evening.phones["Ana"].page, evening.phones["Ben"].page
    # Ana sends her line; Ben names one of her completed commissions among his
    ana.locator('.field[data-key="completed"] button.pick[data-word="red-mill"]').tap()
    ana.locator("#send").tap()
    ana.locator("#said", has_text="Sent").wait_for()
    ben.locator('.field[data-key="hand"] button.pick[data-word="red-mill"]').tap()
    # a typo typed in the filter box, added as typed with Enter
    ben.locator("#filter-completed").fill("orchrd")
    ben.locator("#filter-completed").press("Enter")
    # a commission where the palette goes: a card the catalogue has that this field cannot hold
    ben.locator("#filter-palette").fill("lantern-study")
    ben.locator("#filter-palette").press("Enter")
    ben.locator("#send").tap()
    ben.locator("#said", has_text="Not sent").wait_for()
    said = {
        key: ben.locator(f'.field[data-key="{key}"] .problem').all_inner_texts()
        for key in ("completed", "hand", "palette")
    }
    assert any("did you mean 'orchard-in-fog'" in s for s in said["completed"]), said
    assert any("palette card 'lantern-study'" in s for s in said["palette"]), said
    if SHOOT:
        evening.phones["Ben"].shot("sheet-problems")
    # the names read, the cards are judged: the commission Ana holds too is said beside Ben's hand
    ben.locator('.field[data-key="completed"] button.taken', has_text="orchrd").tap()
    ben.locator('.field[data-key="palette"] button.taken', has_text="lantern-study").tap()
    ben.locator("#send").tap()
    ben.locator('.field[data-key="hand"] .problem').wait_for()
    said = ben.locator('.field[data-key="hand"] .problem').all_inner_texts()
    assert any("Ana" in s and "Red Mill" in s for s in said), said
    assert ben.locator('.field[data-key="completed"] .problem').count() == 0
    assert "red-mill" not in evening.out.read_text().split("Ben:")[1].split("\n")[0]
