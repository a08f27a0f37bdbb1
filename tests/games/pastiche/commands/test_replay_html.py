"""`pastiche replay --html`: one self-contained page, opened in a real headless browser (Debian's Chromium).

The page at its last turn is screenshotted (it must not be blank) and its DOM dumped (the title and
the score table's text must be there); the browser's console must show no message from the page and
its network log no request the page made. Each check is first shown to catch a page that does wrong
(a control page with a console error and a fetch), so a passing test means something.
Without /usr/bin/chromium the browser tests skip, saying so; with CI=true they fail instead.
"""

from __future__ import annotations

import pathlib
from collections import Counter

import pytest
from click.testing import CliRunner

from browser import browse, need_chromium, png_pixels
from pastiche_cli.cli.root import root

RECORDS = pathlib.Path(__file__).resolve().parents[4] / "examples" / "records"
@pytest.fixture(scope="module")
def page(tmp_path_factory) -> pathlib.Path:
    out = tmp_path_factory.mktemp("html") / "game.html"
    result = CliRunner().invoke(root, ["replay", str(RECORDS / "two-player-game.yaml"), "--html", str(out)])
    assert result.exit_code == 0, result.output
    return out


def test_the_page_is_self_contained(page):
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>")
    assert "Content-Security-Policy" in text and "default-src 'none'" in text
    for fetching in ("<link", "<img", "<iframe", " src=", " href=", "url(", "@import"):
        assert fetching not in text, fetching
    # the only URL is the SVG namespace, which is a name, not a fetch
    assert text.count("http://") == text.count('xmlns="http://www.w3.org/2000/svg"')
    assert "https://" not in text


def test_the_page_has_the_scores_every_turn_and_every_move(page):
    text = page.read_text(encoding="utf-8")
    assert text.count('<section class="frame"') == 7          # the setup and six turns
    assert text.count("<svg") == 7
    assert text.count('<tr data-frame="') == 31                # every move, with its verdict
    assert "Winner: <b>Ana</b>" in text and "[score.bonus]" in text


def test_an_unfinished_game_says_there_are_no_final_scores_yet(tmp_path):
    text = (RECORDS / "two-player-game.yaml").read_text(encoding="utf-8")
    unfinished = tmp_path / "game.yaml"
    unfinished.write_text(text[:text.index("  # turn 4")], encoding="utf-8")
    out = tmp_path / "game.html"
    assert CliRunner().invoke(root, ["replay", str(unfinished), "--html", str(out)]).exit_code == 0
    assert "No final scores: the game is not over yet" in out.read_text(encoding="utf-8")


def test_no_page_is_written_for_a_record_that_stops(tmp_path):
    out = tmp_path / "game.html"
    result = CliRunner().invoke(root, ["replay", str(RECORDS / "two-player-game-broken.yaml"), "--html", str(out)])
    assert result.exit_code == 1 and not out.exists()


def test_the_checks_catch_a_page_that_logs_errors_and_fetches(tmp_path):
    need_chromium()
    control = tmp_path / "control.html"
    control.write_text('<!DOCTYPE html><html><head><title>control</title></head><body>'
                       '<img src="http://127.0.0.1:9/nothing.png"><script>console.error("seen")</script>'
                       "</body></html>", encoding="utf-8")
    seen = browse(control)
    assert any('"seen"' in line for line in seen.console)
    assert seen.requests == ["http://127.0.0.1:9/nothing.png"]


def test_the_page_opens_in_chromium_with_no_console_message_and_no_request(page):
    need_chromium()
    seen = browse(page)
    assert seen.console == []
    assert seen.requests == []
    dom = seen.dom
    assert "<title>Pastiche game record: two-player-game.yaml</title>" in dom
    # the score table's text, as the browser has it
    assert '<table id="scores">' in dom
    for cell in ("<td>Ana</td>", "<b>32</b>", "<td>Ben</td>", "<b>23</b>"):
        assert cell in dom
    # the script has run: the last turn is shown, every other one hidden
    assert 'id="frame-6" data-title="Turn 6: Ben">' in dom or 'id="frame-6" data-title="Turn 6: Ben" >' in dom
    assert dom.count('class="frame" id="frame-') == 7 and dom.count(" hidden=") == 6
    assert "Turn 6: Ben (7 of 7)" in dom


def test_the_screenshot_at_the_last_turn_is_not_blank(page, tmp_path):
    need_chromium()
    seen = browse(page, screenshot=True)
    assert seen.screenshot, "no screenshot was written"
    (tmp_path / "shot.png").write_bytes(seen.screenshot)
    width, height, pixels = png_pixels(seen.screenshot)
    assert (width, height) == (1280, 1400)
    colours = Counter(pixels)
    assert len(colours) > 50                                  # text, tables and the board, not one flat fill
    # the dabs of the board are drawn: their red, yellow and blue (render/svg.py's fills) are on screen
    for fill in ("d1262b", "f5c518", "1f56b8"):
        assert colours[bytes.fromhex(fill)] > 100, fill
    _, background = colours.most_common(1)[0]
    assert len(pixels) - background > len(pixels) // 20      # more than a twentieth of the page is drawn on
