"""`pastiche replay --html`: one self-contained page, opened in a real headless browser (Debian's Chromium).

The page at its last turn is screenshotted (it must not be blank) and its DOM dumped (the title and
the score table's text must be there); the browser's console must show no message from the page and
its network log no request the page made. Each check is first shown to catch a page that does wrong
(a control page with a console error and a fetch), so a passing test means something.
Without /usr/bin/chromium the browser tests skip, saying so; with CI=true they fail instead.
"""

from __future__ import annotations

import pathlib
import re

import pytest
from browser import browse, need_chromium, png_colours
from click.testing import CliRunner

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
    assert text.count('<p id="bgstats"><a href="https://app.bgstatsapp.com/') == 1  # a link out, not a fetch
    text = re.sub(r'<p id="bgstats">.*?</p>', "", text)
    assert text.startswith("<!DOCTYPE html>")
    assert "Content-Security-Policy" in text and "default-src 'none'" in text
    for fetching in ("<link", "<img", "<iframe", " src=", " href=", "url(", "@import"):
        assert fetching not in text, fetching
    # the only URL is the SVG namespace, which is a name, not a fetch
    assert text.count("http://") == text.count('xmlns="http://www.w3.org/2000/svg"')
    assert "https://" not in text


def test_the_page_has_the_scores_every_turn_and_every_move(page):
    text = page.read_text(encoding="utf-8")
    assert text.count('<section class="frame"') == 7  # the setup and six turns
    assert text.count("<svg") == 2  # the board, drawn once, and the score race
    assert text.count('<tr data-frame="') == 31  # every move, with its verdict
    assert "Winner: <b>Ana</b>" in text and "[score.bonus]" in text


def test_the_board_is_drawn_once_each_hex_shown_from_the_move_that_laid_it(page):
    text = page.read_text(encoding="utf-8")
    start = text.index('<figure class="board"')
    board = text[start : text.index("</figure>", start)]
    laid = {}
    for n, line in enumerate(
        ln for ln in (RECORDS / "two-player-game.yaml").read_text().splitlines() if ln.startswith("  - ")
    ):
        if " place " in line:
            laid[line.split(" at ")[1].split()[0]] = n + 1
    for at, n in laid.items():
        assert board.count(f" at {at}, laid by ") == 1  # each hex once
        assert f'<g data-s="{n}-31">\n    <title>' in board and f" at {at}, laid by " in board
    assert board.count("(starting piece)") == 3


def test_the_race_is_each_players_completed_points_after_every_move(page):
    text = page.read_text(encoding="utf-8")
    assert (
        '<title id="race-title">Score race, completed commission points after each move: Ana 28, Ben 20; '
        "the end at 20</title>"
    ) in text


def test_what_a_move_yields_and_spends_is_colour_chips_with_their_names(page):
    text = page.read_text(encoding="utf-8")
    # move 27: Ben takes orange, orange, scarlet, purple (SPEC 8's example record)
    item = text[text.index('<li data-step="27">') : text.index('<li data-step="28">')]
    chips = [c.split(">")[1] for c in item.split('<span class="chip')[1:]]
    assert sorted(chips) == sorted(["orange</span", "orange</span", "scarlet</span", "purple</span"])
    # the colours are the cards' own (data/pastiche/cards.json's display), the ink the one that reads on it
    assert "{background:#f28e1c;color:#000}" in text and "{background:#6a2c91;color:#fff}" in text
    assert "Hands after this turn" in text


def test_an_unfinished_game_says_there_are_no_final_scores_yet_and_shows_the_standings(tmp_path):
    text = (RECORDS / "two-player-game.yaml").read_text(encoding="utf-8")
    unfinished = tmp_path / "game.yaml"
    unfinished.write_text(text[: text.index("  # turn 4")], encoding="utf-8")
    out = tmp_path / "game.html"
    assert CliRunner().invoke(root, ["replay", str(unfinished), "--html", str(out)]).exit_code == 0
    page = out.read_text(encoding="utf-8")
    assert "No final scores: the game is not over yet" in page
    assert 'Standings so far<span class="badge">provisional</span>' in page and '<table id="standings">' in page
    assert '<table id="scores">' not in page


def test_html_refuses_to_overwrite_without_force_as_every_written_file_does(tmp_path):
    out = tmp_path / "game.html"
    out.write_text("mine\n")
    record = str(RECORDS / "two-player-game.yaml")
    refused = CliRunner().invoke(root, ["replay", record, "--html", str(out)])
    assert refused.exit_code == 2 and "exists; pass --force" in refused.stderr and out.read_text() == "mine\n"
    assert CliRunner().invoke(root, ["replay", record, "--html", str(out), "--force"]).exit_code == 0
    svg = tmp_path / "board.svg"
    svg.write_text("mine\n")
    position = str(RECORDS.parent / "positions" / "board-midgame-4p.yaml")
    refused = CliRunner().invoke(root, ["board", position, "--svg", str(svg)])
    assert refused.exit_code == 2 and "exists; pass --force" in refused.stderr and svg.read_text() == "mine\n"
    assert CliRunner().invoke(root, ["board", position, "--svg", str(svg), "--force"]).exit_code == 0


def test_a_two_hundred_move_game_gives_a_page_under_a_megabyte(tmp_path):
    from long_game import greedy_game

    record = tmp_path / "long.yaml"
    record.write_text(greedy_game(200), encoding="utf-8")
    out = tmp_path / "long.html"
    result = CliRunner().invoke(root, ["replay", str(record), "--html", str(out)])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert page.count('<tr data-frame="') == 198  # played to the last hex
    assert out.stat().st_size < 1_000_000
    assert page.count(", laid by ") == page.count(" place ") // 2  # each laid hex drawn once


def test_no_page_is_written_for_a_record_that_stops(tmp_path):
    out = tmp_path / "game.html"
    result = CliRunner().invoke(root, ["replay", str(RECORDS / "two-player-game-broken.yaml"), "--html", str(out)])
    assert result.exit_code == 1 and not out.exists()


def test_the_checks_catch_a_page_that_logs_errors_and_fetches(tmp_path):
    need_chromium()
    control = tmp_path / "control.html"
    control.write_text(
        "<!DOCTYPE html><html><head><title>control</title></head><body>"
        '<img src="http://127.0.0.1:9/nothing.png"><script>console.error("seen")</script>'
        "</body></html>",
        encoding="utf-8",
    )
    seen = browse(control)
    assert "error: seen" in seen.console, seen.console
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
    assert page.stat().st_size < 300_000


def test_the_screenshot_at_the_last_turn_is_not_blank(page, tmp_path):
    need_chromium()
    seen = browse(page, screenshot=True)
    assert seen.screenshot, "no screenshot was written"
    (tmp_path / "shot.png").write_bytes(seen.screenshot)
    width, height, colours = png_colours(seen.screenshot)
    assert (width, height) == (1280, 1400)
    assert len(colours) > 50  # text, tables and the board, not one flat fill
    # the dabs of the board are drawn: their red, yellow and blue (render/svg.py's fills) are on screen
    for fill in ("d1262b", "f5c518", "1f56b8"):
        assert colours[bytes.fromhex(fill)] > 100, fill
    _, background = colours.most_common(1)[0]
    assert width * height - background > width * height // 20  # more than a twentieth of the page is drawn on
