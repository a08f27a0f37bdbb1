"""Every game's record page (`replay --html`), opened in headless Chromium: it loads with no console
message and no request, names its game, shows a frame per turn and, for a finished game, the scores."""

from __future__ import annotations

import json
import pathlib
from collections import Counter

import pytest
from click.testing import CliRunner

from browser import browse, need_chromium, png_pixels
from pastiche_cli.cli.root import root

ROOT = pathlib.Path(__file__).resolve().parents[2]
RECORDS = sorted(p for p in (ROOT / "examples" / "records").rglob("*.yaml") if not p.stem.endswith("-broken"))


@pytest.fixture(scope="module", params=RECORDS, ids=lambda p: str(p.relative_to(ROOT / "examples" / "records")))
def page(request, tmp_path_factory):
    out = tmp_path_factory.mktemp("pages") / "game.html"
    result = CliRunner().invoke(root, ["replay", str(request.param), "--html", str(out)])
    assert result.exit_code == 0, result.output
    replayed = json.loads(CliRunner().invoke(root, ["replay", str(request.param), "--json"]).stdout)
    return request.param, out, replayed


def test_the_page_holds_every_move_and_the_final_scores(page):
    record, out, replayed = page
    text = out.read_text(encoding="utf-8")
    assert text.count('<tr data-frame="') == len(replayed["moves"])
    assert '<table id="scores">' in text
    for player in replayed["scores"]["players"]:
        assert f"<td>{player['name']}</td>" in text
    winners = " and ".join(replayed["scores"]["winners"])
    assert f"<b>{winners}</b>" in text


def test_the_page_opens_in_chromium_with_no_console_message_and_no_request(page, tmp_path):
    need_chromium()
    record, out, replayed = page
    seen = browse(out)
    assert seen.console == [] and seen.requests == []
    assert f"game record: {record.name}</title>" in seen.dom
    frames = seen.dom.count('class="frame" id="frame-')
    assert frames >= 2 and seen.dom.count(" hidden=") == frames - 1      # the script ran: one frame shown
    shot = browse(out, screenshot=True).screenshot
    assert shot, "no screenshot was written"
    (tmp_path / "shot.png").write_bytes(shot)
    width, height, pixels = png_pixels(shot)
    colours = Counter(pixels)
    assert len(colours) > 50
    _, background = colours.most_common(1)[0]
    assert len(pixels) - background > len(pixels) // 20
