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
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--enable-logging=stderr", "--v=0"]


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
        done = subprocess.run(args + [page.as_uri()], capture_output=True, text=True, timeout=120,
                              cwd=folder)
        console = [line for line in done.stderr.splitlines() if ":CONSOLE" in line]
        requests = []
        if netlog.exists():
            log = json.loads(netlog.read_text(encoding="utf-8", errors="replace") or "{}")
            names = {v: k for k, v in log.get("constants", {}).get("logEventTypes", {}).items()}
            for event in log.get("events", []):
                params = event.get("params") or {}
                # The browser's own service requests say "not an origin"; the page's carry its origin.
                if names.get(event.get("type")) == "URL_REQUEST_START_JOB" and "url" in params and \
                        params.get("initiator") != "not an origin" and \
                        not str(params.get("url", "")).startswith(("file:", "data:")):
                    requests.append(params.get("url"))
        shot = (folder / "shot.png").read_bytes() if (folder / "shot.png").exists() else None
        return Browsed(done.stdout, console, requests, shot)


def png_pixels(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows of an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, header = 8, b"", None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
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
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
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
    return width, height, [bytes(r[i:i + 3]) for r in rows for i in range(0, stride, step)]
