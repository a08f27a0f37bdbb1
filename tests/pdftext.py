"""The text of a PDF that Chromium printed (`Page.printToPDF`), for the tests of what a printed page shows.

Enough of PDF for Chromium's own output, with the standard library: each object's stream inflated,
each font's ToUnicode map (`bfchar` and `bfrange`), and the `Tj` and `TJ` runs of the content streams
read through the map of the font set by `Tf`; a text object's runs are one line until a `Td` moves down.
"""

from __future__ import annotations

import re
import zlib

OBJECT = re.compile(rb"(?:^|\s)(\d+) 0 obj\b")
LENGTH = re.compile(rb"/Length\s+(\d+)(?!\s+\d+\s+R)")
FONTS = re.compile(rb"/Font\s*<<(.*?)>>", re.S)
FONT_REF = re.compile(rb"/(\w+)\s+(\d+) 0 R")
TO_UNICODE = re.compile(rb"/ToUnicode\s+(\d+) 0 R")
BFCHAR = re.compile(rb"beginbfchar(.*?)endbfchar", re.S)
BFRANGE = re.compile(rb"beginbfrange(.*?)endbfrange", re.S)
HEX = re.compile(rb"<([0-9A-Fa-f]*)>")
# in a content stream: a font chosen, a run of glyphs shown (one hex string, or an array of them), a
# move to another line (Td with a vertical step), the end of a text object
SHOWN = re.compile(rb"/(\w+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj|\[([^\]]*)\]\s*TJ|[-\d.]+\s+(-?[\d.]+)\s+Td|\b(ET)\b")


def _unicode(hex_text: bytes) -> str:
    return bytes.fromhex(hex_text.decode("ascii")).decode("utf-16-be")


def _glyph_map(cmap: bytes) -> dict[int, str]:
    out: dict[int, str] = {}
    for block in BFCHAR.findall(cmap):
        codes = HEX.findall(block)
        for code, text in zip(codes[::2], codes[1::2]):
            out[int(code, 16)] = _unicode(text)
    for block in BFRANGE.findall(cmap):
        codes = HEX.findall(block)
        for low, high, first in zip(codes[::3], codes[1::3], codes[2::3]):
            start = ord(_unicode(first))
            for i, code in enumerate(range(int(low, 16), int(high, 16) + 1)):
                out[code] = chr(start + i)
    return out


def _objects(data: bytes) -> tuple[dict[int, bytes], dict[int, bytes]]:
    """Each object's dictionary, and its stream's bytes (inflated) where it has one, read by /Length
    (a font file's bytes may hold "endobj")."""
    bodies, streams = {}, {}
    at = 0
    while (found := OBJECT.search(data, at)) is not None:
        n, start = int(found.group(1)), found.end()
        end = data.find(b"endobj", start)
        opens = data.find(b"stream", start)
        if 0 <= opens < end and (length := LENGTH.search(data, start, opens)) is not None:
            head = data[start:opens]
            first = opens + len(b"stream") + (2 if data[opens + 6 : opens + 8] == b"\r\n" else 1)
            raw = data[first : first + int(length.group(1))]
            streams[n] = zlib.decompress(raw) if b"/FlateDecode" in head else raw
            end = data.find(b"endobj", first + len(raw))
        else:
            head = data[start:end]
        bodies[n] = head
        at = end + len(b"endobj")
    return bodies, streams


def pdf_text(data: bytes) -> str:
    """Every run of text the PDF shows, a line each, in the order its pages draw them."""
    bodies, streams = _objects(data)

    fonts: dict[bytes, dict[int, str]] = {}
    for body in bodies.values():
        for table in FONTS.findall(body):
            for name, ref in FONT_REF.findall(table):
                to_unicode = TO_UNICODE.search(bodies.get(int(ref), b""))
                if to_unicode is not None:
                    fonts[name] = _glyph_map(streams.get(int(to_unicode.group(1)), b""))
    lines = [""]
    for n, content in sorted(streams.items()):
        if b"/Length1" in bodies[n] or (b"Tj" not in content and b"TJ" not in content):  # a font file, or no text
            continue
        glyphs: dict[int, str] = {}
        for font, single, array, down, end in SHOWN.findall(content):
            if font:
                glyphs = fonts.get(font, {})
            elif end or (down and float(down) != 0):
                lines.append("")
            elif not down:
                codes = b"".join([single] if single else HEX.findall(array))  # an array's strings are one run
                lines[-1] += "".join(glyphs.get(int(codes[i : i + 4], 16), "?") for i in range(0, len(codes), 4))
    return "\n".join(line for line in lines if line)
