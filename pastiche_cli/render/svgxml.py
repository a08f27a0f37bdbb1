"""Every game's SVG written as well-formed XML, whatever the names in it hold: control characters, which
XML 1.0 cannot write and ElementTree writes raw, are shown as escapes (U+0007 as \\x07, as the terminal does).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

# XML 1.0 forbids C0 controls but tab, newline and carriage return, lone surrogates and U+FFFE/U+FFFF;
# C1 controls are allowed but invisible, so they are shown too, and so are the bidi controls (U+202E
# turns the rest of a line around: a name could make a move read backwards).
_UNWRITABLE = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff\ufffe\uffff]"
)


def _shown(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def xml_safe(text: str) -> str:
    """`text` with every character XML cannot hold (or would hold invisibly) written as an escape."""
    return _UNWRITABLE.sub(_shown, text)


def clean(root: ET.Element) -> ET.Element:
    """The tree with every text, tail and attribute value made writable (in place)."""
    for node in root.iter():
        if node.text:
            node.text = xml_safe(node.text)
        if node.tail:
            node.tail = xml_safe(node.tail)
        for key, value in node.attrib.items():
            node.attrib[key] = xml_safe(value)
    return root


def document(root: ET.Element) -> str:
    """The SVG as a file's text: the XML declaration, the tree indented and well-formed."""
    ET.indent(clean(root))
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
