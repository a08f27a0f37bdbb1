"""Every game's record page (`replay --html`), opened in headless Chromium at a phone's size (390x844,
mobile emulation) and a desktop's (1280x900): it loads with no console message, no script error and
no request; nothing is wider than the screen and no text box is squeezed; the score race is drawn and
titled with the scores; stepping goes one move a key press, `#move-N` opens move N and the race's
marker follows; every picture in it is well-formed SVG.

One browser serves the run (tests/browser.py: chromium()); each page is opened once per size.
"""

from __future__ import annotations

import html
import json
import pathlib
import re
import xml.etree.ElementTree as ET

import every_game
import pytest
from browser import DESKTOP, PHONE, browse, chromium, need_chromium, png_colours
from click.testing import CliRunner

from pastiche_cli.cli.root import root

ROOT = pathlib.Path(__file__).resolve().parents[2]
RECORDS = sorted(p for p in (ROOT / "examples" / "records").rglob("*.yaml") if not p.stem.endswith("-broken"))


def game_of(record: pathlib.Path):
    return next(game for game in every_game.GAMES if record in every_game.records(game))


SIZES = {"phone": PHONE, "desktop": DESKTOP}

# A text element: an HTML element (not inside an SVG) with text of its own, laid out as a box (block,
# list item, table cell, grid or flex item: not inline), and shown. Each must be at least 90 px wide.
SQUEEZED = """(function () {
  var out = [], all = document.body.querySelectorAll('*');
  for (var i = 0; i < all.length; i++) {
    var e = all[i];
    if (e.closest('svg')) { continue; }
    var own = false;
    for (var c = e.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3 && c.textContent.trim()) { own = true; break; }
    }
    if (!own) { continue; }
    var display = getComputedStyle(e).display;
    if (display.indexOf('inline') === 0 || display === 'none' || display === 'contents') { continue; }
    var box = e.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) { continue; }
    if (box.width < 90) {
      out.push(e.tagName + ' ' + Math.round(box.width) + 'px: ' + e.textContent.trim().slice(0, 40));
    }
  }
  return out;
})()"""

STATE = """(function () {
  var m = document.getElementById('race-marker');
  var shown = document.querySelectorAll('section.frame:not([hidden])');
  return {step: Number(document.getElementById('step').value), marker: m ? Number(m.getAttribute('x1')) : null,
          frame: shown.length === 1 ? shown[0].id : null, hash: location.hash,
          current: Array.prototype.map.call(document.querySelectorAll('li.current'),
                                            function (e) { return 'move-' + e.getAttribute('data-step'); })};
})()"""


def rid(p: pathlib.Path) -> str:
    return str(p.relative_to(ROOT / "examples" / "records"))


@pytest.fixture(scope="module", params=RECORDS, ids=rid)
def page(request, tmp_path_factory):
    out = tmp_path_factory.mktemp("pages") / "game.html"
    result = CliRunner().invoke(root, ["replay", str(request.param), "--html", str(out)])
    assert result.exit_code == 0, result.output
    replayed = json.loads(CliRunner().invoke(root, ["replay", str(request.param), "--json"]).stdout)
    return request.param, out, replayed


@pytest.fixture(scope="module")
def tabs(page):
    """The page open at both sizes, in the run's one browser."""
    need_chromium()
    browser = chromium()
    opened = {name: browser.open(page[1], **size) for name, size in SIZES.items()}
    yield opened
    for tab in opened.values():
        tab.close()


def test_replay_html_prints_one_line_not_the_playthrough(page, tmp_path):
    record, _, _ = page
    out = tmp_path / "game.html"
    result = CliRunner().invoke(root, ["replay", str(record), "--html", str(out)])
    assert result.exit_code == 0 and result.stdout == f"Wrote {out}\n", result.output


def test_the_page_holds_every_move_and_the_final_scores(page):
    _, out, replayed = page
    text = out.read_text(encoding="utf-8")
    assert text.count('<tr data-frame="') == len(replayed["moves"])
    assert '<table id="scores">' in text
    for player in replayed["scores"]["players"]:
        assert f"<td>{player['name']}</td>" in text
    winners = " and ".join(replayed["scores"]["winners"])
    assert f"<b>{winners}</b>" in text
    for move in replayed["moves"]:
        assert f'<li data-step="{move["n"]}"><code>{html.escape(move["move"])}</code>' in text


def test_every_picture_in_the_page_is_well_formed_svg(page):
    text = page[1].read_text(encoding="utf-8")
    pictures = re.findall(r"<svg\b.*?</svg>", text, flags=re.DOTALL)
    assert len(pictures) == 2  # the table, drawn once, and the score race
    for svg in pictures:
        ET.fromstring(svg if "xmlns=" in svg else svg.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1))


def test_the_page_grows_with_the_moves_not_with_moves_times_table(page):
    out = page[1]
    assert out.stat().st_size < 300_000
    text = out.read_text(encoding="utf-8")
    assert text.count("<svg") == 2


def test_the_page_opens_in_chromium_with_no_console_message_and_no_request(page, tmp_path):
    need_chromium()
    record, out, _ = page
    seen = browse(out)
    assert seen.console == [] and seen.requests == []
    assert f"game record: {record.name}</title>" in seen.dom
    frames = seen.dom.count('class="frame" id="frame-')
    assert frames >= 2 and seen.dom.count(" hidden=") == frames - 1  # the script ran: one frame shown
    shot = browse(out, screenshot=True).screenshot
    assert shot, "no screenshot was written"
    (tmp_path / "shot.png").write_bytes(shot)
    width, height, colours = png_colours(shot)
    assert len(colours) > 50
    _, background = colours.most_common(1)[0]
    assert width * height - background > width * height // 20


@pytest.mark.parametrize("size", SIZES)
def test_at_each_size_nothing_is_wider_than_the_screen_nor_squeezed_and_no_script_fails(tabs, size):
    opened, tab = tabs[size], tabs[size].page
    assert opened.errors == [] and opened.console == [] and opened.requests == []
    assert tab.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    assert tab.evaluate(SQUEEZED) == []
    # the score race: an inline SVG titled with each player's count at the end
    title = tab.evaluate("document.querySelector('#race-chart > title').textContent")
    assert title.startswith("Score race")
    names = tab.evaluate(
        "Array.prototype.map.call(document.querySelectorAll('#scores tbody tr td:nth-child(2)'),"
        " function (e) { return e.textContent; })"
    )
    assert names and all(name in title for name in names)
    # the chart is on screen at its size, and the controls a thumb needs are touch-sized
    assert tab.evaluate("document.getElementById('race-chart').getBoundingClientRect().width") > 300
    heights = tab.evaluate(
        "Array.prototype.map.call(document.querySelectorAll('.stepper button'),"
        " function (b) { return b.getBoundingClientRect().height; })"
    )
    assert len(heights) == 4 and min(heights) >= 44


def test_one_arrow_key_is_one_step_and_the_marker_follows(tabs, page):
    _, _, replayed = page
    moves = len(replayed["moves"])
    tab = tabs["desktop"].page
    tab.evaluate("document.getElementById('step').focus()")
    start = tab.evaluate(STATE)
    assert start["step"] == moves and start["current"] == [f"move-{moves}"]
    tab.keyboard.press("ArrowLeft")
    tab.keyboard.press("ArrowLeft")
    after = tab.evaluate(STATE)
    assert after["step"] == moves - 2 and after["current"] == [f"move-{moves - 2}"]
    assert after["marker"] < start["marker"]
    tab.keyboard.press("ArrowRight")
    one = tab.evaluate(STATE)
    assert one["step"] == moves - 1 and one["hash"] == f"#move-{moves - 1}"
    step_width = tab.evaluate("Number(document.getElementById('race-chart').getAttribute('data-dx'))")
    assert one["marker"] - after["marker"] == pytest.approx(step_width, abs=0.11)
    # whatever has the focus: a button, then nothing
    tab.evaluate("document.getElementById('next').focus()")
    tab.keyboard.press("ArrowLeft")
    assert tab.evaluate(STATE)["step"] == moves - 2
    tab.evaluate("document.activeElement.blur()")
    tab.keyboard.press("ArrowRight")
    assert tab.evaluate(STATE)["step"] == moves - 1
    tab.keyboard.press("Home")
    tab.evaluate("document.getElementById('step').focus()")
    tab.keyboard.press("Shift+ArrowRight")  # a turn at a time: to the end of this turn
    turned = tab.evaluate(STATE)
    assert turned["step"] == moves


def test_a_link_to_move_n_opens_move_n(page):
    need_chromium()
    _, out, replayed = page
    n = max(1, len(replayed["moves"]) // 2)
    opened = chromium().open(out, **PHONE, fragment=f"#move-{n}")
    tab = opened.page
    try:
        state = tab.evaluate(STATE)
        assert state["step"] == n and state["current"] == [f"move-{n}"]
        assert state["frame"] == tab.evaluate(f"document.querySelector('li[data-step=\"{n}\"]').closest('section').id")
        # the board is in view, and the marker is where move n is
        top = tab.evaluate("document.getElementById('board').getBoundingClientRect().top")
        assert -2 <= top < PHONE["height"] / 2
        x0, dx = tab.evaluate(
            "[Number(document.getElementById('race-chart').getAttribute('data-x0')),"
            " Number(document.getElementById('race-chart').getAttribute('data-dx'))]"
        )
        assert state["marker"] == pytest.approx(x0 + n * dx, abs=0.11)
        assert opened.errors == []
    finally:
        opened.close()


# The picture's text as drawn: each text and tspan's font size times the picture's scale on screen
# (its own CTM where it is shown, the picture's where its part is hidden at this step), smallest first.
TEXT_SIZES = """(function () {
  var svg = document.querySelector('#board svg'), out = [];
  var scale = svg.getScreenCTM().a;
  svg.querySelectorAll('text, tspan').forEach(function (t) {
    if (!t.textContent.trim()) { return; }
    var m = t.getScreenCTM(), k = m ? Math.hypot(m.a, m.b) : scale;
    out.push([parseFloat(getComputedStyle(t).fontSize) * k, t.textContent.trim().slice(0, 40)]);
  });
  return out.sort(function (a, b) { return a[0] - b[0]; });
})()"""


def test_on_a_phone_the_pictures_text_reads_without_zooming(tabs):
    """Every game's picture, at 390 px, has no text under 9 px."""
    sizes = tabs["phone"].page.evaluate(TEXT_SIZES)
    assert sizes, "the picture has no text"
    small = [f"{size:.1f} px: {text}" for size, text in sizes if size < 9]
    assert small == [], small


def test_a_tapped_move_brings_its_board_into_view(tabs):
    tab = tabs["phone"].page
    tab.click("#moves tbody tr:first-child")
    assert tab.evaluate(STATE)["step"] == 1
    top = tab.evaluate("document.getElementById('board').getBoundingClientRect().top")
    assert -2 <= top < PHONE["height"] / 2
    tab.click("#next")
    assert tab.evaluate(STATE)["step"] == 2


def test_printed_the_page_is_a_score_sheet(tabs):
    tab = tabs["phone"].page
    tab.emulate_media(media="print")
    try:
        shown = tab.evaluate(
            "(function () { function d(s) { var e = document.querySelector(s);"
            " return e ? getComputedStyle(e).display : null; }"
            " return [d('#game'), d('#scores'), d('#moves'), d('#race')]; })()"
        )
        assert shown == ["none", "table", "table", "block"]
    finally:
        tab.emulate_media(media="null")


# What of the scores a reader sees: each breakdown's text, and whether it is shown (not only laid out).
BREAKDOWNS = """Array.prototype.map.call(document.querySelectorAll('#result details > pre'),
  function (e) { return [e.textContent, e.checkVisibility()]; })"""


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("scripts", [True, False], ids=["script", "no-script"])
def test_printed_each_breakdown_is_open_with_or_without_the_script(page, scripts):
    """Issue 33, item 19: the page's `beforeprint` handler opened the breakdowns, so a browser with
    JavaScript off printed them collapsed; the print style opens them, whatever runs."""
    need_chromium()
    record, out, replayed = page
    opened = chromium().open(out, **DESKTOP, scripts=scripts)
    tab = opened.page
    try:
        on_screen = tab.evaluate(BREAKDOWNS)
        assert all(not shown for _, shown in on_screen)  # collapsed on a screen, as before
        tab.emulate_media(media="print")
        printed = tab.evaluate(BREAKDOWNS)
        assert len(printed) == every_game.facts(game_of(record)).PAGE_BREAKDOWNS  # Artline's standing needs none
        assert all(shown for _, shown in printed), printed
        assert all(_words(breakdown) for breakdown, _ in printed), printed
        shown = tab.evaluate("document.getElementById('result').innerText")  # what is rendered, not only laid out
        for breakdown, _ in printed:
            assert _words(breakdown) in _words(shown)
        assert "Winner" in shown and replayed["scores"]["winners"][0] in shown
    finally:
        opened.close()


@pytest.mark.parametrize("record", RECORDS, ids=rid)
def test_an_unfinished_game_shows_its_standings_so_far_marked_provisional(record, tmp_path):
    lines = record.read_text(encoding="utf-8").splitlines(keepends=True)
    moves = [i for i, line in enumerate(lines) if line.startswith("  - ")]
    half = tmp_path / record.name
    half.write_text("".join(lines[: moves[len(moves) // 2]]), encoding="utf-8")
    out = tmp_path / "half.html"
    result = CliRunner().invoke(root, ["replay", str(half), "--html", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "No final scores: the game is not over yet" in text and '<table id="scores">' not in text
    assert 'Standings so far<span class="badge">provisional</span>' in text and '<table id="standings">' in text
    assert '<svg id="race-chart"' in text


def test_an_inline_script_the_page_did_not_write_does_not_run(page, tmp_path):
    """The policy pins the page's one script by its hash (issue 23: `script-src 'unsafe-inline'` would have
    run any script a future change let a name inject); the page's own script still runs."""
    need_chromium()
    _, out, _ = page
    text = out.read_text(encoding="utf-8")
    injected = tmp_path / "injected.html"
    evil = "<script>document.documentElement.setAttribute('data-pwned', 'yes')</script>"
    injected.write_text(text.replace("</body>", evil + "</body>", 1), encoding="utf-8")
    seen = browse(injected)
    assert 'data-pwned="yes"' not in seen.dom and "data-pwned" in seen.dom  # there, and never run
    frames = seen.dom.count('class="frame" id="frame-')
    assert frames >= 2 and seen.dom.count(" hidden=") == frames - 1  # the page's own script ran
