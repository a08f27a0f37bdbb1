"""Opening a page we write in a real headless browser (Debian's Chromium), for the tests of every game's pages.

One browser serves the whole run (`chromium()`, started on first use, one per test worker), each page
in a tab of its own: `browse` gives a page's DOM, its console lines, the requests it made and a
screenshot; `png_colours` counts a screenshot's colours. Without /usr/bin/chromium a test that needs
it skips, saying so; with CI=true it fails instead.
"""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import tempfile
from collections import Counter

import pytest

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def need_chromium() -> None:
    if os.path.exists(CHROMIUM):
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{CHROMIUM} is missing on CI: .ci/run installs Debian's chromium package")
    pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium) so the page is not opened in a browser")


class Browsed:
    def __init__(self, dom: str, console: list[str], requests: list[str], screenshot: bytes | None):
        self.dom, self.console, self.requests, self.screenshot = dom, console, requests, screenshot


def browse(page: pathlib.Path, *, screenshot: bool = False) -> Browsed:
    """Open the page in the run's one headless Chromium: its DOM once loaded, its console lines and
    script errors, the requests it made, and (with `screenshot`) a 1280x1400 picture of it."""
    size = {"width": 1280, "height": 1400} if screenshot else {"width": 800, "height": 600}
    tab = chromium().open(page, **size, mobile=False)
    try:
        dom = tab.evaluate("document.documentElement.outerHTML")
        shot = tab.screenshot() if screenshot else None
        return Browsed(dom, tab.console + tab.errors, list(tab.requests), shot)
    finally:
        tab.close()


COUNT_COLOURS = """new Promise(function (done, failed) {
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
  picture.src = 'data:image/png;base64,%s';
})"""


def png_colours(data: bytes) -> tuple[int, int, Counter[bytes]]:
    """Width, height and how many pixels of each RGB colour a PNG has, decoded by the run's Chromium."""
    import base64

    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    tab = chromium().open("about:blank", width=200, height=200, mobile=False)
    try:
        found = tab.evaluate(COUNT_COLOURS % base64.b64encode(data).decode("ascii"), wait=True)
    finally:
        tab.close()
    counts = Counter({bytes.fromhex(colour): n for colour, n in found["counts"].items()})
    return found["width"], found["height"], counts


# --- one Chromium driven over the DevTools protocol (--remote-debugging-pipe) -----------------------
#
# For what --dump-dom cannot do: a phone's viewport with mobile emulation, evaluating script in the
# page, pressing keys, tapping, screenshots at a size. One browser serves every test of a run (it is
# started on first use and closed at exit); each page is opened in a tab of its own.

PHONE = {"width": 390, "height": 844, "mobile": True}
DESKTOP = {"width": 1280, "height": 900, "mobile": False}
PHONE_AGENT = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/120.0.0.0 Mobile Safari/537.36"
)
KEYS = {
    "ArrowRight": 39,
    "ArrowLeft": 37,
    "ArrowUp": 38,
    "ArrowDown": 40,
    "Home": 36,
    "End": 35,
    "PageUp": 33,
    "PageDown": 34,
    "Tab": 9,
}


class BrowserError(Exception):
    pass


class Chromium:
    """A headless Chromium over a pipe: commands in as NUL-ended JSON on its fd 3, answers and events on fd 4."""

    def __init__(self, timeout: float = 60.0):
        import fcntl

        self.timeout = timeout
        self.profile = tempfile.TemporaryDirectory()
        to_browser, self._write = os.pipe()
        self._read, from_browser = os.pipe()
        # the browser's ends, kept out of the way of fds 3 and 4 until the child puts them there
        child_in = fcntl.fcntl(to_browser, fcntl.F_DUPFD_CLOEXEC, 20)
        child_out = fcntl.fcntl(from_browser, fcntl.F_DUPFD_CLOEXEC, 20)
        os.close(to_browser)
        os.close(from_browser)

        def pipes_on_3_and_4():
            os.dup2(child_in, 3)
            os.dup2(child_out, 4)

        self.process = subprocess.Popen(
            [
                CHROMIUM,
                *FLAGS,
                "--remote-debugging-pipe",
                "--hide-scrollbars",
                "--mute-audio",
                f"--user-data-dir={self.profile.name}/profile",
                "about:blank",
            ],
            preexec_fn=pipes_on_3_and_4,
            close_fds=False,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=self.profile.name,
        )
        os.close(child_in)
        os.close(child_out)
        self._buffer = b""
        self._next = 0
        self.tabs: dict[str, Tab] = {}

    def _receive(self) -> dict:
        import select

        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._read], [], [], self.timeout)
            if not ready:
                raise BrowserError(f"Chromium said nothing for {self.timeout} s")
            chunk = os.read(self._read, 1 << 20)
            if not chunk:
                raise BrowserError("Chromium closed its pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def _dispatch(self, message: dict) -> None:
        tab = self.tabs.get(message.get("sessionId", ""))
        if tab is not None and "method" in message:
            tab.event(message["method"], message.get("params", {}))

    def call(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        self._next += 1
        ask = {"id": self._next, "method": method, "params": params or {}}
        if session:
            ask["sessionId"] = session
        os.write(self._write, json.dumps(ask).encode() + b"\0")
        while True:
            message = self._receive()
            if message.get("id") == self._next:
                if "error" in message:
                    raise BrowserError(f"{method}: {message['error']}")
                return message.get("result", {})
            self._dispatch(message)

    def wait_for(self, tab: Tab, method: str) -> dict:
        while True:
            for i, (name, params) in enumerate(tab.pending):
                if name == method:
                    del tab.pending[: i + 1]
                    return params
            self._dispatch(self._receive())

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
        """A new tab at this viewport (a phone's: mobile emulation, touch, a phone's user agent), the page
        loaded; without `scripts`, as a browser with JavaScript turned off loads it."""
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        tab = Tab(self, target, session, width, height)
        self.tabs[session] = tab
        scale = 2 if mobile else 1
        tab.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile},
        )
        if mobile:
            tab.call("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
            tab.call("Emulation.setUserAgentOverride", {"userAgent": PHONE_AGENT})
        if not scripts:
            tab.call("Emulation.setScriptExecutionDisabled", {"value": True})
        for domain in ("Runtime", "Log", "Network", "Page"):
            tab.call(f"{domain}.enable")
        url = page.as_uri() if isinstance(page, pathlib.Path) else page
        tab.call("Page.navigate", {"url": url + fragment})
        self.wait_for(tab, "Page.loadEventFired")
        return tab

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self.call("Browser.close")
            except (BrowserError, OSError):
                pass
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for fd in (self._read, self._write):
            try:
                os.close(fd)
            except OSError:
                pass
        self.profile.cleanup()


class Tab:
    """One page: what it said on its console, the exceptions it threw, the requests it made."""

    def __init__(self, browser: Chromium, target: str, session: str, width: int, height: int):
        self.browser, self.target, self.session = browser, target, session
        self.width, self.height = width, height
        self.console: list[str] = []
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.pending: list[tuple[str, dict]] = []

    def event(self, method: str, params: dict) -> None:
        if method == "Runtime.consoleAPICalled":
            self.console.append(
                params.get("type", "")
                + ": "
                + " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
            )
        elif method == "Log.entryAdded":
            entry = params.get("entry", {})
            self.console.append(f"{entry.get('level')}: {entry.get('text')}")
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            self.errors.append(details.get("exception", {}).get("description") or details.get("text", ""))
        elif method == "Network.requestWillBeSent":
            url = params.get("request", {}).get("url", "")
            if not url.startswith(("file:", "data:", "about:")):
                self.requests.append(url)
        else:
            self.pending.append((method, params))
            del self.pending[:-50]

    def call(self, method: str, params: dict | None = None) -> dict:
        return self.browser.call(method, params, self.session)

    def evaluate(self, expression: str, wait: bool = False):
        """The value of a script expression in the page (JSON-able); with `wait`, of the promise it gives."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": wait})
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def key(self, key: str, shift: bool = False) -> None:
        """One press of a key, as a keyboard gives it (keydown, keyup) to what has the focus."""
        code = KEYS[key]
        base = {
            "key": key,
            "code": key,
            "windowsVirtualKeyCode": code,
            "nativeVirtualKeyCode": code,
            "modifiers": 8 if shift else 0,
        }
        self.call("Input.dispatchKeyEvent", {"type": "rawKeyDown", **base})
        self.call("Input.dispatchKeyEvent", {"type": "keyUp", **base})

    def click(self, selector: str) -> None:
        """A mouse click (press and release) at the middle of the first element the selector finds."""
        box = self.evaluate(
            f"(function(){{var e=document.querySelector({json.dumps(selector)});"
            "e.scrollIntoView({block:'center'});var r=e.getBoundingClientRect();"
            "return [r.left+r.width/2, r.top+r.height/2];})()"
        )
        for kind in ("mousePressed", "mouseReleased"):
            self.call(
                "Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left", "clickCount": 1}
            )

    def screenshot(self, full_page: bool = False) -> bytes:
        import base64

        params: dict = {"format": "png"}
        if full_page:
            size = self.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
            params.update(
                captureBeyondViewport=True,
                clip={"x": 0, "y": 0, "width": size[0], "height": min(size[1], 16000), "scale": 1},
            )
        return base64.b64decode(self.call("Page.captureScreenshot", params)["data"])

    def close(self) -> None:
        self.browser.tabs.pop(self.session, None)
        self.browser.call("Target.closeTarget", {"targetId": self.target})


_BROWSER: list[Chromium] = []


def chromium() -> Chromium:
    """The run's one browser (started on first use, closed when the tests end); skips without Chromium."""
    need_chromium()
    if not _BROWSER or _BROWSER[0].process.poll() is not None:
        import atexit

        _BROWSER[:] = [Chromium()]
        atexit.register(_BROWSER[0].close)
    return _BROWSER[0]
