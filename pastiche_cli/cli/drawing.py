"""Drawing for a terminal: boxed tables in rich's look and words marked in colour, without rich.

Importing rich's console and table costs about 60 ms, more than the rest of a command (issue 13:
every command within 1.2x its own import floor, in a terminal too). What pastiche draws is small
and fixed (a table with a bold header, a card name with a coloured swatch), so it is drawn here,
as rich would draw it: `tests/cli/test_drawing.py` checks the tables against rich's own rendering.

Colour follows rich's reading of the terminal: none when stdout is not a terminal or TERM is dumb,
no colour (bold and italic still) under NO_COLOR, true colour when COLORTERM says so, 256 colours
when TERM does, else the 8 standard colours. Everything drawn here is text already made `safe`.
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from collections.abc import Sequence

# rich's HEAVY_HEAD box (a heavy frame round the header, light lines round the rows) and the ASCII
# box rich falls back to where the output cannot encode those: each (top, header row, rule under
# the header, row, bottom), a line being (left, fill, between columns, right).
_BOXES = {
    "unicode": (
        ("┏", "━", "┳", "┓"),
        ("┃", " ", "┃", "┃"),
        ("┡", "━", "╇", "┩"),
        ("│", " ", "│", "│"),
        ("└", "─", "┴", "┘"),
    ),
    "ascii": (
        ("+", "-", "-", "+"),
        ("|", " ", "|", "|"),
        ("|", "-", "+", "|"),
        ("|", " ", "|", "|"),
        ("+", "-", "-", "+"),
    ),
}

_RESET = "\x1b[0m"


def cell_len(text: str) -> int:
    """The columns `text` takes on a terminal: 2 for a wide (CJK) character, 0 for a combining one."""
    if text.isascii():
        return len(text)
    return sum(_char_len(ch) for ch in text)


def _char_len(ch: str) -> int:
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def wrap(line: str, width: int | None, indent: int | None = None) -> list[str]:
    """`line` broken at spaces into lines of at most `width` columns, never inside a word.

    Continuation lines are indented like the line, plus two; a word wider than the line stays whole.
    """
    if width is None or cell_len(line) <= width:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    pad = " " * (lead + 2 if indent is None else indent)
    out, current = [], line[:lead]
    for word in line[lead:].split(" "):
        candidate = f"{current} {word}" if current.strip() else current + word
        if cell_len(candidate) <= width or not current.strip():
            current = candidate
        else:
            out.append(current)
            current = pad + word
    out.append(current)
    return out


def unicode_ok(stream) -> bool:
    """Whether the stream's encoding can write the box lines and the swatch (a terminal set to
    Latin-1 cannot: its tables are drawn in ASCII, as rich draws them, and no swatch is drawn)."""
    try:
        "┏━┃│■".encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def colours(stream=None) -> str | None:
    """How much colour the stream's terminal takes: None (not a terminal, or TERM=dumb), "none"
    (NO_COLOR: bold and italic only), "standard" (16 colours), "256" or "truecolor"."""
    stream = sys.stdout if stream is None else stream
    forced = os.environ.get("FORCE_COLOR")
    is_terminal = bool(forced) or (hasattr(stream, "isatty") and stream.isatty())
    if not is_terminal or os.environ.get("TERM", "").lower() in ("dumb", "unknown"):
        return None
    if os.environ.get("NO_COLOR"):
        return "none"
    if os.environ.get("COLORTERM", "").strip().lower() in ("truecolor", "24bit"):
        return "truecolor"
    term = os.environ.get("TERM", "").lower()
    return "256" if term.endswith("256color") else "standard"


# --- styles -----------------------------------------------------------------------------------


def sgr(style: str, mode: str | None) -> str:
    """The escape that starts `style` ("bold", "italic", "#rrggbb", joined by spaces) in `mode`;
    "" when the terminal takes no style."""
    if mode is None:
        return ""
    codes = []
    for word in style.split():
        if word == "bold":
            codes.append("1")
        elif word == "italic":
            codes.append("3")
        elif word == "default" and mode != "none":
            codes.append("39")
        elif word.startswith("#") and mode != "none":
            codes.append(_foreground(tuple(int(word[i : i + 2], 16) for i in (1, 3, 5)), mode))
        elif word in _NAMED and mode != "none":
            codes.append(str(30 + _NAMED.index(word)))
    return f"\x1b[{';'.join(codes)}m" if codes else ""


def colour_of(style: str) -> str | None:
    """The colour word of a style ("#1f5fbf" of "bold #1f5fbf", "red" of "bold red"), or None."""
    return next((w for w in style.split() if w.startswith("#") or w in _NAMED), None)


def styled(text: str, style: str, mode: str | None) -> str:
    start = sgr(style, mode)
    return f"{start}{text}{_RESET}" if start and text else text


def _foreground(rgb: tuple[int, ...], mode: str) -> str:
    r, g, b = rgb
    if mode == "truecolor":
        return f"38;2;{r};{g};{b}"
    if mode == "256":
        return f"38;5;{_eight_bit(rgb)}"
    nearest = min(range(16), key=lambda i: _redmean(rgb, _STANDARD[i]))
    return str(30 + nearest if nearest < 8 else 90 + nearest - 8)


_NAMED = ("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white")
# The 16 standard colours (8, then their bright forms) as the VGA palette draws them (the table of
# ANSI escape codes, Wikipedia), the values rich assumes too; the 6x6x6 cube and grey ramp of 256.
_STANDARD = [
    (0, 0, 0),
    (170, 0, 0),
    (0, 170, 0),
    (170, 85, 0),
    (0, 0, 170),
    (170, 0, 170),
    (0, 170, 170),
    (170, 170, 170),
    (85, 85, 85),
    (255, 85, 85),
    (85, 255, 85),
    (255, 255, 85),
    (85, 85, 255),
    (255, 85, 255),
    (85, 255, 255),
    (255, 255, 255),
]
_CUBE = (0, 95, 135, 175, 215, 255)


def _distance(a: Sequence[int], b: Sequence[int]) -> int:
    return sum((x - y) ** 2 for x, y in zip(a, b))


def _redmean(a: Sequence[int], b: Sequence[int]) -> float:
    """How far apart two colours look: the "redmean" weighting of the RGB distance."""
    mean = (a[0] + b[0]) / 2
    dr, dg, db = a[0] - b[0], a[1] - b[1], a[2] - b[2]
    return (2 + mean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - mean) / 256) * db * db


def _eight_bit(rgb: tuple[int, ...]) -> int:
    steps = [min(range(6), key=lambda i: abs(_CUBE[i] - c)) for c in rgb]
    cube = 16 + 36 * steps[0] + 6 * steps[1] + steps[2]
    grey_step = min(range(24), key=lambda i: abs(8 + 10 * i - sum(rgb) // 3))
    grey = (8 + 10 * grey_step,) * 3
    return cube if _distance(rgb, [_CUBE[s] for s in steps]) <= _distance(rgb, grey) else 232 + grey_step


# --- tables ------------------------------------------------------------------------------------


def boxed_width(widths: Sequence[int]) -> int:
    """Columns a boxed table of these column widths takes: a space each side of a cell, and bars."""
    return sum(widths) + 3 * len(widths) + 1


def boxed_lines(
    headers: Sequence[str],
    cells: Sequence[Sequence[str]],
    align: Sequence[str],
    mode: str | None,
    title: str | None = None,
    ascii_only: bool = False,
) -> list[str]:
    """A table as rich draws it by default (HEAVY_HEAD box, header bold, title italic above it and
    wrapped within the table's width), each column as wide as its widest cell; `mode` as
    `colours()` gives it; `ascii_only` for an output that cannot encode the box lines."""
    widths = [max([cell_len(h)] + [cell_len(row[i]) for row in cells]) for i, h in enumerate(headers)]
    top, head, under, body, bottom = _BOXES["ascii" if ascii_only else "unicode"]

    def rule(parts: tuple[str, str, str, str]) -> str:
        left, line, cross, right = parts
        return left + cross.join(line * (w + 2) for w in widths) + right

    def row(values: Sequence[str], bars: tuple[str, str, str, str], style: str = "") -> str:
        left, _, middle, right = bars
        inner = (f" {styled(pad(v, w, a), style, mode)} " for v, w, a in zip(values, widths, align))
        return left + middle.join(inner) + right

    lines = [styled(t, "italic", mode) for t in wrap(title, boxed_width(widths), indent=0)] if title else []
    lines += [rule(top), row(headers, head, "bold"), rule(under)]
    lines += [row(values, body) for values in cells]
    lines.append(rule(bottom))
    return lines


def pad(text: str, width: int, how: str) -> str:
    """`text` padded with spaces to `width` terminal columns: "left", "right" or "center"."""
    space = width - (len(text) if text.isascii() else cell_len(text))
    if space <= 0:
        return text
    if how == "right":
        return " " * space + text
    if how == "center":
        return " " * (space // 2) + text + " " * (space - space // 2)
    return text + " " * space


# --- words in colour ---------------------------------------------------------------------------

SWATCH = "\u25a0"  # ■, drawn in a word's colour just before the word
_JOIN = "\u00a0"  # between a swatch and its word while lines are wrapped: they stay together


def _words(styles: dict[str, str]) -> re.Pattern:
    names = "|".join(map(re.escape, sorted(styles, key=len, reverse=True)))
    return re.compile(f"(?:{SWATCH}{_JOIN})?\\b({names})\\b")


def swatched(line: str, styles: dict[str, str], mode: str | None) -> str:
    """`line` with a swatch (joined to its word) before each word of `styles` that has a colour,
    when the terminal shows colour: what `marked` will draw, to be measured and wrapped first."""
    if mode in (None, "none") or not styles:
        return line
    coloured = {word for word, style in styles.items() if colour_of(style)}
    return _words(styles).sub(lambda m: f"{SWATCH}{_JOIN}{m.group(1)}" if m.group(1) in coloured else m.group(0), line)


def marked(line: str, styles: dict[str, str], mode: str | None) -> str:
    """A line from `swatched` drawn: each word of `styles` in the terminal's own foreground (and the
    style's bold or italic), so it reads on dark and light backgrounds alike, and the style's colour
    on the swatch just before it."""
    if mode is None or not styles:
        return line

    def draw(match: re.Match) -> str:
        style = styles[match.group(1)]
        colour = colour_of(style)
        plain = " ".join(w for w in style.split() if w != colour)
        word = styled(match.group(1), f"{plain} default".strip(), mode)
        if not match.group(0).startswith(SWATCH):
            return word
        return f"{styled(SWATCH, colour, mode)} {word}"

    return _words(styles).sub(draw, line)
