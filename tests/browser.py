"""Opening a page we write in a real headless browser (Debian's Chromium, driven by Playwright), for the
tests of every game's pages.

One browser serves the whole run (`chromium()`, started on first use, one per test worker, closed at
exit), each page in a tab of its own in the context for its size (`Chromium.open`: a phone's with
touch and a phone's pixels, or a desktop's); the tests drive it with Playwright's own calls (`tab.page.evaluate`,
`.keyboard.press`, `.click`, `.emulate_media`). `browse` gives a page's DOM, its console lines, the
requests it made and a screenshot; `png_colours` counts a screenshot's colours. Playwright drives
/usr/bin/chromium and never a browser of its own (no `playwright install`). Without /usr/bin/chromium,
or without Playwright (the `test` extra), a test that needs them skips, saying so; with CI=true it fails.
Playwright's sync API leaves its event loop set as the running one in the worker's main thread: a test
that calls asyncio.run() on a worker after a page test would be refused (none does).
"""

from __future__ import annotations

import atexit
import base64
import importlib.util
import os
import pathlib
from collections import Counter
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:  # imported where a browser starts: need_chromium runs without Playwright
    from playwright.sync_api import BrowserContext, Page, Request

CHROMIUM = "/usr/bin/chromium"


def need_chromium() -> None:
    if not os.path.exists(CHROMIUM):
        missing, install, ci = CHROMIUM, "apt-get install chromium", "Debian's chromium package"
    elif importlib.util.find_spec("playwright") is None:
        missing, install, ci = "Playwright for Python", "pip install '.[test]'", "the test extra"
    else:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{missing} is missing on CI: .ci/run installs {ci}")
    pytest.skip(f"{missing} is not installed ({install}) so the page is not opened in a browser")


PHONE = {"width": 390, "height": 844, "mobile": True}
DESKTOP = {"width": 1280, "height": 900, "mobile": False}
PHONE_AGENT = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/120.0.0.0 Mobile Safari/537.36"
)


class Tab:
    """One page (`page`, Playwright's) and what it said on its console, the exceptions it threw and
    the requests it made (but for file:, data: and about: ones)."""

    def __init__(self, page: Page):
        self.page = page
        self.console: list[str] = []
        self.errors: list[str] = []
        self.requests: list[str] = []
        page.on("console", lambda message: self.console.append(f"{message.type}: {message.text}"))
        page.on("pageerror", lambda error: self.errors.append(error.stack or error.message))
        page.on("request", self._request)

    def _request(self, request: Request) -> None:
        if not request.url.startswith(("file:", "data:", "about:")):
            self.requests.append(request.url)

    def close(self) -> None:
        self.page.close()


class Chromium:
    """Debian's Chromium, headless, launched once by Playwright; one context for each size of page."""

    def __init__(self) -> None:
        from playwright.sync_api import sync_playwright

        self.playwright = sync_playwright().start()
        self.browser = self.playwright.chromium.launch(executable_path=CHROMIUM)
        self.contexts: dict[tuple[int, int, bool, bool], BrowserContext] = {}

    def open(
        self,
        page: pathlib.Path | str,
        *,
        width: int,
        height: int,
        mobile: bool,
        fragment: str = "",
        scripts: bool = True,
    ) -> Tab:
        """The page loaded in a new tab of the context for this viewport (a phone's: mobile emulation,
        touch, two pixels a point, a phone's user agent); without `scripts`, as a browser with
        JavaScript off."""
        size = (width, height, mobile, scripts)
        if size not in self.contexts:
            self.contexts[size] = self.browser.new_context(
                viewport={"width": width, "height": height},
                device_scale_factor=2 if mobile else 1,
                is_mobile=mobile,
                has_touch=mobile,
                user_agent=PHONE_AGENT if mobile else None,
                java_script_enabled=scripts,
            )
        tab = Tab(self.contexts[size].new_page())
        url = page.as_uri() if isinstance(page, pathlib.Path) else page
        tab.page.goto(url + fragment)
        return tab

    def close(self) -> None:
        self.browser.close()
        self.playwright.stop()


_BROWSER: list[Chromium] = []


def chromium() -> Chromium:
    """The run's one browser (started on first use, closed when the tests end); skips without Chromium."""
    need_chromium()
    if not _BROWSER:
        _BROWSER.append(Chromium())
        atexit.register(_BROWSER[0].close)
    return _BROWSER[0]


class Browsed:
    def __init__(self, dom: str, console: list[str], requests: list[str], screenshot: bytes | None):
        self.dom, self.console, self.requests, self.screenshot = dom, console, requests, screenshot


def browse(page: pathlib.Path, *, screenshot: bool = False) -> Browsed:
    """Open the page in the run's one headless Chromium: its DOM once loaded, its console lines and
    script errors, the requests it made, and (with `screenshot`) a 1280x1400 picture of it."""
    width, height = (1280, 1400) if screenshot else (800, 600)
    tab = chromium().open(page, width=width, height=height, mobile=False)
    try:
        dom = tab.page.evaluate("document.documentElement.outerHTML")
        shot = tab.page.screenshot() if screenshot else None
        return Browsed(dom, tab.console + tab.errors, tab.requests, shot)
    finally:
        tab.close()


COUNT_COLOURS = """(png) => new Promise(function (done, failed) {
  var picture = new Image();
  picture.onerror = function () { failed(new Error('not a picture')); };
  picture.onload = function () {
    var canvas = document.createElement('canvas');
    canvas.width = picture.naturalWidth;
    canvas.height = picture.naturalHeight;
    var context = canvas.getContext('2d', {colorSpace: 'srgb'});
    context.drawImage(picture, 0, 0);
    var data = context.getImageData(0, 0, canvas.width, canvas.height).data, counts = {};
    for (var i = 0; i < data.length; i += 4) {
      var key = ((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]).toString(16).padStart(6, '0');
      counts[key] = (counts[key] || 0) + 1;
    }
    done({width: canvas.width, height: canvas.height, counts: counts});
  };
  picture.src = 'data:image/png;base64,' + png;
})"""


def png_colours(data: bytes) -> tuple[int, int, Counter[bytes]]:
    """Width, height and how many pixels of each RGB colour a PNG has, decoded by the run's Chromium."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    tab = chromium().open("about:blank", width=200, height=200, mobile=False)
    try:
        found = tab.page.evaluate(COUNT_COLOURS, base64.b64encode(data).decode("ascii"))
    finally:
        tab.close()
    counts = Counter({bytes.fromhex(colour): n for colour, n in found["counts"].items()})
    return found["width"], found["height"], counts
