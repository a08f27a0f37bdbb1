"""The Jinja2 environment of pastiche's pages: render/templates/, their style and scripts render/static/.

Every value a template writes is escaped by `escape` (control and bidi characters shown) unless it is a Markup
already (a picture, a page's own style or script). Imported only where a page is written.
"""

from __future__ import annotations

import base64
import hashlib
import html
import os
import re
from functools import cache

import jinja2
from markupsafe import Markup

from pastiche_cli.render.svgxml import xml_safe

HERE = os.path.dirname(os.path.abspath(__file__))


def escape(text: object) -> str:
    """Text for the page: HTML-escaped, and every control, bidi control or byte that was not UTF-8 (a file
    name's) shown as its escape (`\\x1b`, `\\u202e`), so no name can reorder or hide what the page says."""
    return html.escape(xml_safe(str(text)))


def css_string(text: object) -> Markup:
    """A CSS string literal (for a `content:`): quotes, backslashes, line ends and '<' escaped."""
    body = "".join(ch if ch.isalnum() or ch in " .,:;()-_/+#%&'" else f"\\{ord(ch):x} " for ch in xml_safe(str(text)))
    return Markup(f'"{body}"')


def spaceless(text: str) -> Markup:
    """The markup with the template's line breaks between tags taken out (a drawing written on one line)."""
    return Markup(re.sub(r">\n\s*<", "><", str(text)))


def _written(value: object) -> object:
    """What a template writes of a value: the value escaped, unless it is markup already."""
    return value if hasattr(value, "__html__") else Markup(escape(value))


@cache
def environment() -> jinja2.Environment:
    """The templates, autoescaped, laid out as written (a block tag's own line break is not output); made
    once, each template compiled once and again when its file changes."""
    made = jinja2.Environment(
        loader=jinja2.FileSystemLoader(os.path.join(HERE, "templates")),
        autoescape=True,
        finalize=_written,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    made.filters.update(css_string=css_string, spaceless=spaceless, sha256=sha256)
    made.globals["static"] = static
    return made


def static(name: str) -> Markup:
    """A style sheet or script of render/static/, as written there."""
    with open(os.path.join(HERE, "static", name), encoding="utf-8") as handle:
        return Markup(handle.read())


def sha256(text: str) -> str:
    """The base64 SHA-256 of a script, as a Content-Security-Policy pins it."""
    return base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
