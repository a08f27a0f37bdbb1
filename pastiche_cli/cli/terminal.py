"""The terminal, as rich reads and draws it: one Console per stream (stdout, stderr), made when first needed.

rich decides everything about a terminal: whether it is one (FORCE_COLOR and TTY_COMPATIBLE say so
into a pipe), its colours (NO_COLOR, TERM=dumb, COLORTERM, TERM's 256color), its width and height,
and whether its encoding can write box lines. pastiche asks rich only when something is drawn for a
terminal: `drawn()` answers the one question rich's import would otherwise be paid for, "is this
stream a terminal at all?", by rich's own rule (rich.console.Console.is_terminal), so a pipe and
`--json` never import rich. Everything written here is text already made `shell.safe`; the Console
is made with markup, emoji codes and highlighting off, so a name holding `[bold]` or `:smile:` is
shown as it is written.

Prose is broken between words by `wrap` (continuations indented two more than their line), measured
in terminal columns as rich measures them, and then drawn by the Console.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Iterable, Sequence

# The Console of each stream, with the stream it was made for (a test's runner swaps the streams).
_consoles: dict[bool, tuple[object, object]] = {}
# The stdout `board --colour` asked colour of where rich would draw none (a pipe), if any.
_forced: object = None


def _stream(err: bool):
    return sys.stderr if err else sys.stdout


def drawn(err: bool = False) -> bool:
    """Is stdout (stderr) drawn for a terminal? rich's rule, read without importing rich:
    TTY_COMPATIBLE=0/1 says no/yes, a set FORCE_COLOR says yes unless empty, else the stream's isatty."""
    if not err and _forced is not None and _forced is sys.stdout:
        return True
    env = os.environ
    compatible = env.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    if "FORCE_COLOR" in env:
        return env["FORCE_COLOR"] != ""
    try:
        return bool(_stream(err).isatty())
    except (AttributeError, ValueError):
        return False


def force_colour() -> None:
    """Draw colour on stdout even into a pipe (`board --colour`); called before anything is drawn."""
    global _forced
    _forced = sys.stdout
    _consoles.pop(False, None)


def console(err: bool = False):
    """The rich Console of stdout (stderr): made once per stream, writing under the SafeStream guard
    (whose `trusted` stream takes text already made safe), markup, emoji and highlighting off."""
    stream = _stream(err)
    made = _consoles.get(err)
    if made is not None and made[0] is stream:
        return made[1]
    from rich.console import Console

    new = Console(
        file=getattr(stream, "trusted", stream),
        markup=False,
        emoji=False,
        highlight=False,
        force_terminal=True if (not err and _forced is stream) else None,
    )
    _consoles[err] = (stream, new)
    return new


def columns(width: int | None = None, err: bool = False) -> int | None:
    """The columns to fit: `width` (--width) when given, the terminal's when the stream is drawn for
    one (rich's reading of it), else None: a pipe has no limit."""
    if width is not None:
        return width
    return max(20, console(err).width) if drawn(err) else None


def rows() -> int | None:
    """The lines a terminal shows at once (rich's reading), or None when stdout is not drawn for one."""
    return console().height if drawn() else None


def cell_len(text: str) -> int:
    """The columns `text` takes on a terminal: 2 for a wide (CJK) character, 0 for a combining one.

    rich's measure once rich is loaded (a terminal); else wcwidth's, the one tabulate aligns by."""
    if text.isascii():
        return len(text)
    if "rich.cells" in sys.modules:
        from rich.cells import cell_len as rich_len

        return rich_len(text)
    from wcwidth import wcswidth

    n = wcswidth(text)
    return n if n >= 0 else len(text)


def wrap(line: str, width: int | None, indent: int | None = None) -> list[str]:
    """`line` broken at spaces into lines of at most `width` columns, never inside a word.

    Continuation lines are indented like the line, plus two (or `indent`); a word wider than the
    line stays whole."""
    if width is None or len(line) <= width and line.isascii() or cell_len(line) <= width:
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


def fit_prose(text: str, err: bool = False) -> str:
    """Text bound for a stream, each line wider than the terminal broken between words (`wrap`); as
    it is when the stream is not drawn for a terminal. The SafeStream guard calls it on every write,
    so every command's prose fits without each line being routed by hand."""
    if not drawn(err):
        return text
    width = columns(None, err)
    return "\n".join(piece for line in text.split("\n") for piece in wrap(line, width))


def print_lines(lines: Iterable, err: bool = False) -> None:
    """Draw lines on the terminal: each a str or a rich Text, already fitted, never cut or re-wrapped.

    One Text of them all, printed once: the same bytes as a print a line (rich renders a Text line
    by line), without rich's cost of a print (about 20 us each: the board's picture is 44 lines)."""
    from rich.text import Text

    texts = [line if isinstance(line, Text) else Text(line) for line in lines]
    if texts:
        console(err).print(Text("\n").join(texts), overflow="ignore", crop=False, no_wrap=True)


# --- tables ------------------------------------------------------------------------------------


def boxed_width(widths: Sequence[int]) -> int:
    """Columns a rich table (its default box) of these column widths takes: a space each side of a
    cell, and the bars."""
    return sum(widths) + 3 * len(widths) + 1


def draw_table(
    headers: Sequence[str],
    cells: Sequence[Sequence[str]],
    align: Sequence[str],
    title: str | None,
    wrap_columns: Sequence[int] = (),
    width: int | None = None,
) -> None:
    """A table as rich's Table draws it (its default box: a heavy frame round the bold header), the
    title in italics above it, left-justified; each column as wide as its widest cell, or, within
    `width`, the cells of `wrap_columns` wrapped between words by rich's rule (the caller made sure
    every word fits)."""
    console().print(_Table(headers, cells, align, title, wrap_columns), crop=False, width=width)


_WORD = re.compile(r"\s*\S+\s*")  # a word and the spaces after it, as rich's wrap reads them


class _Table:
    """rich.table.Table(title=title, title_justify="left") of these columns and rows, laid out by
    Table's own rule and drawn with rich's pieces (its box, styles and Console), byte for byte what
    Table writes (tests/cli/test_table_as_rich.py holds it). Table measures every cell through its
    layout engine, twice when the table is narrowed, and renders each through it again: the 324
    placements of `moves --all` took 130 ms, nearly twice the command's import floor. Here a cell is
    measured once, and one that fits its column, or wraps between words, is laid as a string; a cell
    Table would cut or fold is rendered by rich as Table renders it.

    Cells are `shell.safe` text, one line each (`shell.table` makes them so)."""

    def __init__(self, headers, cells, align, title, wrap_columns):
        self.headers = list(headers)
        self.cells = cells
        self.align = list(align)
        self.title = title
        self.wraps = [i in wrap_columns for i in range(len(self.headers))]

    def __rich_console__(self, console, options):
        from rich.box import HEAVY_HEAD
        from rich.segment import Segment

        if not self.headers:
            yield Segment("\n")
            return
        edges = len(self.headers) + 1  # the bars: one each side and one between columns
        widths = self._widths(options.max_width - edges)
        options = options.update(width=sum(widths) + edges, highlight=False, height=None)
        if self.title:
            title = console.render_str(self.title, style="table.title", highlight=False)
            yield from console.render(title, options.update(justify="left"))
        box = HEAVY_HEAD.substitute(options, safe=console.safe_box)
        out = _Joined()
        out.add(box.get_top(widths) + "\n")
        bold = console.get_style("table.header")
        header = self._cells(console, options, widths, self.headers, bold)
        out.row(header, widths, (box.head_left, box.head_vertical, box.head_right), bold, top=False)
        out.add(box.get_row(widths, "head", edge=True) + "\n")
        for i, row in enumerate(self.cells):
            last = i == len(self.cells) - 1
            bars = (
                (box.foot_left, box.foot_vertical, box.foot_right)
                if last
                else (box.mid_left, box.mid_vertical, box.mid_right)
            )
            line = self._simple_row(row, widths, bars)
            if line is not None:
                out.add(line)
            else:
                out.row(self._cells(console, options, widths, row, None), widths, bars, None, top=True)
        out.add(box.get_bottom(widths) + "\n")
        yield from out.segments()

    def _widths(self, room: int) -> list[int]:
        """Each column's width, padding included, as Table finds it within `room` columns: the widest
        cell, and when the table is wider than `room`, the widest wrapping columns narrowed first."""
        if room < 3:  # no room for a cell inside its padding: every column as wide as the room, or 1
            widths = [max(room, 1)] * len(self.headers)
        else:
            widest = [_text_width(h) for h in self.headers]
            for row in self.cells:
                widest = [max(w, _text_width(c)) for w, c in zip(widest, row)]
            widths = [min(w + 2, room) for w in widest]
        if sum(widths) > room:
            widths = _collapse(widths, self.wraps, room)
            if sum(widths) > room:  # Table's last resort: every column narrowed evenly
                widths = _ratio_reduce(sum(widths) - room, [1] * len(widths), widths, widths)
        return widths

    def _simple_row(self, row: Sequence[str], widths: list[int], bars: tuple[str, str, str]) -> str | None:
        """A row of short ASCII cells, each on one line within its column, as one line of text (most
        rows of most tables); None for a row rich or `_laid` must lay out."""
        left, bar, right = bars
        parts = []
        for text, width, how in zip(row, widths, self.align):
            room = width - 2 - len(text)
            if room < 0 or width < 3 or not text.isascii() or not text.isprintable() or text.endswith(" "):
                return None
            if how == "left":
                parts.append(f" {text}{' ' * room} ")
            elif how == "right":
                parts.append(f" {' ' * room}{text} ")
            else:
                return None
        return f"{left}{bar.join(parts)}{right}\n"

    def _cells(self, console, options, widths: list[int], row: Sequence[str], style) -> list[list]:
        """Each cell's lines: strings for a cell laid here, else rich's lines of segments."""
        return [
            _laid(text, width, how, wraps, style) or _rendered(console, options, text, width, how, not wraps, style)
            for text, width, how, wraps in zip(row, widths, self.align, self.wraps)
        ]


class _Joined:
    """The segments of a table, unstyled text joined into one string where Table yields many (rich
    writes an unstyled segment as it is, so the bytes are the same)."""

    def __init__(self) -> None:
        self.parts: list = []
        self.plain: list[str] = []

    def add(self, text: str) -> None:
        self.plain.append(text)

    def add_segment(self, segment) -> None:
        if not segment.style:
            self.plain.append(segment.text)
            return
        if self.plain:
            self.parts.append("".join(self.plain))
            self.plain = []
        self.parts.append(segment)

    def row(self, cells: list[list], widths: list[int], bars: tuple[str, str, str], style, top: bool) -> None:
        """A row of cells between its bars, each cell's lines top-aligned (the header's bottom-aligned)
        and as wide as its column, as Table shapes them."""
        from rich.segment import Segment

        left, bar, right = bars
        height = max(len(c) for c in cells)
        if style is None and all(c and isinstance(c[0], str) for c in cells):  # every cell laid here
            for n in range(height):
                line = bar.join(c[n] if n < len(c) else " " * w for c, w in zip(cells, widths))
                self.plain.append(f"{left}{line}{right}\n")
            return
        align = Segment.align_top if top else Segment.align_bottom
        shaped = [
            Segment.set_shape(
                align([[Segment(line, style)] if isinstance(line, str) else line for line in c], w, height, style),
                w,
                max(1, height),
            )
            for c, w in zip(cells, widths)
        ]
        for n in range(max(1, height)):
            self.plain.append(left)
            for k, lines in enumerate(shaped):
                if k:
                    self.plain.append(bar)
                for segment in lines[n]:
                    self.add_segment(segment)
            self.plain.append(right + "\n")

    def segments(self):
        from rich.segment import Segment

        if self.plain:
            self.parts.append("".join(self.plain))
        for part in self.parts:
            yield Segment(part) if isinstance(part, str) else part


def _text_width(text: str) -> int:
    """The columns a cell's text takes, as rich measures it (its widest line, control codes dropped)."""
    if text.isprintable():
        return cell_len(text)
    from rich.cells import cell_len as rich_len
    from rich.text import Text

    return max(map(rich_len, Text(text).plain.splitlines()), default=0)


def _laid(text: str, width: int, how: str, wraps: bool, style) -> list | None:
    """The lines of a cell as Table draws them, when they can be laid as text (a space of padding
    each side): a cell that fits its column, or, in a wrapping column, an ASCII one whose every word
    fits, broken where rich breaks it. None when rich must render it (a cell to cut or fold)."""
    inner = width - 2
    if inner < 1 or how not in ("left", "right", "center") or not text.isprintable() or text.endswith(" "):
        return None
    if cell_len(text) <= inner:
        lines = [text]
    elif wraps and text.isascii() and text == text.lstrip() and max(map(len, text.split())) <= inner:
        lines = _broken(text, inner)
    else:
        return None
    laid = [_justified(line, inner, how) for line in lines]
    if style is None:
        return [f" {line} " for line in laid]
    from rich.segment import Segment

    return [[Segment(" ", style), Segment(line, style), Segment(" ", style)] for line in laid]


def _broken(text: str, width: int) -> list[str]:
    """ASCII text whose every word fits `width`, broken into lines as rich's wrap breaks it (a word
    goes to the next line when it does not fit what is left of this one), without the spaces at a break."""
    lines, start, used = [], 0, 0
    for word in _WORD.finditer(text):
        if width - used >= len(word.group().rstrip()):
            used += len(word.group())
        elif used and word.start():
            lines.append(text[start : word.start()].rstrip())
            start, used = word.start(), len(word.group())
    lines.append(text[start:].rstrip())
    return lines


def _justified(line: str, width: int, how: str) -> str:
    room = width - cell_len(line)
    if how == "left":
        return line + " " * room
    if how == "right":
        return " " * room + line
    return " " * (room // 2) + line + " " * (room - room // 2)


def _rendered(console, options, text: str, width: int, how: str, no_wrap: bool, style) -> list:
    """A cell's lines as Table renders them: the text padded by a space each side, within its width."""
    from rich.padding import Padding

    cell = options.update(width=width, justify=how, no_wrap=no_wrap, overflow="ellipsis", height=None, highlight=False)
    return console.render_lines(Padding(text, (0, 1, 0, 1)), cell, style=style)


def _collapse(widths: list[int], wraps: list[bool], room: int) -> list[int]:
    """rich Table's narrowing of a table wider than `room`: the widest wrapping column down to the
    next widest, and again, until it fits or no wrapping column is left to narrow."""
    excess = sum(widths) - room
    while excess > 0 and any(wraps) and sum(widths) > 0:
        widest = max(w for w, wrap in zip(widths, wraps) if wrap)
        next_widest = max(w if wrap and w != widest else 0 for w, wrap in zip(widths, wraps))
        ratios = [1 if wrap and w == widest else 0 for w, wrap in zip(widths, wraps)]
        if not any(ratios) or widest == next_widest:
            break
        widths = _ratio_reduce(excess, ratios, [min(excess, widest - next_widest)] * len(widths), widths)
        excess = sum(widths) - room
    return widths


def _ratio_reduce(total: int, ratios: list[int], maximums: list[int], values: list[int]) -> list[int]:
    """rich's ratio_reduce: `total` taken from `values` in proportion to `ratios`, at most `maximums` each."""
    ratios = [ratio if most else 0 for ratio, most in zip(ratios, maximums)]
    total_ratio = sum(ratios)
    if not total_ratio:
        return values[:]
    left, result = total, []
    for ratio, most, value in zip(ratios, maximums, values):
        if ratio and total_ratio > 0:
            taken = min(most, round(ratio * left / total_ratio))
            result.append(value - taken)
            left -= taken
            total_ratio -= ratio
        else:
            result.append(value)
    return result


# --- words in colour ---------------------------------------------------------------------------

SWATCH = "\u25a0"  # ■, drawn in a word's colour just before the word
_JOIN = "\u00a0"  # between a swatch and its word while lines are wrapped: they stay together


def _words(styles: dict[str, str], padded: bool = False) -> re.Pattern:
    """Each word of `styles` standing alone, with the swatch before it if it has one: not a part of a
    rule id, a file's name or a hyphenated word (`trade.bank.gray`, `blue-game.yaml`, `games/red`);
    `padded`: and the run of three or more spaces after it, if any (a column's padding)."""
    return _pattern(tuple(styles), padded)


@functools.cache
def _pattern(words: tuple[str, ...], padded: bool) -> re.Pattern:
    """`_words`' pattern, built once a run for each set of words (it was built again for every line)."""
    names = "|".join(map(re.escape, sorted(words, key=len, reverse=True)))
    alone = f"(?<![\\w./\\\\-])({names})(?![\\w/\\\\-]|\\.\\w)"
    return re.compile(f"(?:{SWATCH}{_JOIN})?{alone}" + ("( {3,})?" if padded else ""))


def _colour_of(style: str) -> str | None:
    """The colour word of a style ("#1f5fbf" of "bold #1f5fbf"), or None."""
    return next((w for w in style.split() if w not in ("bold", "italic", "dim", "underline")), None)


@functools.cache
def _coloured(styles: tuple[tuple[str, str], ...]) -> frozenset[str]:
    """The words of `styles` that have a colour (a swatch is drawn before them), found once a run."""
    return frozenset(word for word, style in styles if _colour_of(style))


def swatches_shown(err: bool = False) -> bool:
    """Whether swatches are drawn: the terminal shows colour (not NO_COLOR, not TERM=dumb) and its
    encoding can write ■."""
    con = console(err)
    if con.no_color or con.color_system is None:
        return False
    try:
        SWATCH.encode(con.encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def swatched(line: str, styles: dict[str, str]) -> str:
    """`line` with a swatch (joined to its word) before each word of `styles` that has a colour:
    what `marked` draws, to be measured and wrapped first. A word padded to a column gives the swatch
    two of its spaces, so the columns after it stay where the rows below have theirs."""
    coloured = _coloured(tuple(styles.items()))
    if not coloured:
        return line

    def put(m: re.Match) -> str:
        word, pad = m.group(1), m.group(2) or ""
        return f"{SWATCH}{_JOIN}{word}{pad[2:]}" if word in coloured else m.group(0)

    return _words(styles, padded=True).sub(put, line)


def marked(line: str, styles: dict[str, str]):
    """A line (from `swatched` or not) as rich Text: each word of `styles` in the terminal's own
    foreground with the style's bold or italic, so it reads on dark and light backgrounds alike, and
    the style's colour on the swatch just before it."""
    from rich.text import Text

    text = Text()
    at = 0
    for match in _words(styles).finditer(line):
        text.append(line[at : match.start()])
        word = match.group(1)
        style = styles[word]
        colour = _colour_of(style)
        if match.group(0).startswith(SWATCH):
            text.append(SWATCH, style=colour)
            text.append(" ")
        text.append(word, style=" ".join(w for w in style.split() if w != colour) or None)
        at = match.end()
    text.append(line[at:])
    return text


def runs_text(runs: Sequence[tuple[str, str | None]]):
    """rich Text from (text, style) runs (a style None: unstyled)."""
    from rich.text import Text

    text = Text()
    for part, style in runs:
        text.append(part, style=style)
    return text
