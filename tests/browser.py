"""Opening a page we write in a real headless browser (Debian's Chromium), for the tests of every game's pages.

`browse` gives the page's DOM, its console lines, the requests it made and a screenshot. Without
/usr/bin/chromium a test that needs it skips, saying so; with CI=true it fails instead.
"""

from __future__ import annotations

import json
import os
import pathlib
import struct
import subprocess
import tempfile
import zlib

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
    "--enable-logging=stderr",
    "--v=0",
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
    """Open the page in headless Chromium: its DOM, its console lines, the requests it made, a screenshot."""
    with tempfile.TemporaryDirectory() as profile:
        folder = pathlib.Path(profile)
        netlog = folder / "net.json"
        args = [CHROMIUM, *FLAGS, f"--user-data-dir={folder / 'profile'}", f"--log-net-log={netlog}"]
        if screenshot:
            args += [f"--screenshot={folder / 'shot.png'}", "--window-size=1280,1400"]
        else:
            args += ["--dump-dom"]
        done = subprocess.run(args + [page.as_uri()], capture_output=True, text=True, timeout=120, cwd=folder)
        console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line]
        requests = []
        if netlog.exists():
            log = json.loads(netlog.read_text(encoding="utf-8", errors="replace") or "{}")
            names = {v: k for k, v in log.get("constants", {}).get("logEventTypes", {}).items()}
            for event in log.get("events", []):
                params = event.get("params") or {}
                # The browser's own service requests say "not an origin"; the page's carry its origin.
                if (
                    names.get(event.get("type")) == "URL_REQUEST_START_JOB"
                    and "url" in params
                    and params.get("initiator") != "not an origin"
                    and not str(params.get("url", "")).startswith(("file:", "data:"))
                ):
                    requests.append(params.get("url"))
        shot = (folder / "shot.png").read_bytes() if (folder / "shot.png").exists() else None
        return Browsed(done.stdout, console, requests, shot)


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows of an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, header = 8, b"", None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        body = data[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    step = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    rows, previous, stride = [], bytearray(width * step), width * step
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - step] if i >= step else 0
            up = previous[i]
            corner = previous[i - step] if i >= step else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, [bytes(r[i : i + 3]) for r in rows for i in range(0, stride, step)]


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

    def open(self, page: pathlib.Path | str, *, width: int, height: int, mobile: bool, fragment: str = "") -> Tab:
        """A new tab at this viewport (a phone's: mobile emulation, touch, a phone's user agent), the page loaded."""
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

    def evaluate(self, expression: str):
        """The value of a script expression in the page (JSON-able)."""
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True})
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
