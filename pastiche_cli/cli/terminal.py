"""The terminal as rich reads and draws it: one Console per stream, made when first needed, markup, emoji and
highlighting off (`[bold]` in a name is shown as written); `drawn()` asks rich's rule without importing rich."""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence

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
    """The columns to fit: `width` (--width), else the terminal's (as rich reads it), else None (a pipe)."""
    if width is not None:
        return width
    return max(20, console(err).width) if drawn(err) else None


def rows() -> int | None:
    """The lines a terminal shows at once (rich's reading), or None when stdout is not drawn for one."""
    return console().height if drawn() else None


def cell_len(text: str) -> int:
    """The columns `text` takes on a terminal: rich's measure once rich is loaded, else wcwidth's (tabulate's)."""
    if text.isascii():
        return len(text)
    if "rich.cells" in sys.modules:
        from rich.cells import cell_len as rich_len

        return rich_len(text)
    from wcwidth import wcswidth

    n = wcswidth(text)
    return n if n >= 0 else len(text)


def wrap(line: str, width: int | None, indent: int | None = None) -> list[str]:
    """`line` broken at spaces within `width` (a longer word whole), continuations indented two (`indent`) more."""
    if width is None or len(line) <= width and line.isascii() or cell_len(line) <= width:
        return [line]
    lead = len(line) - len(line.lstrip(" "))
    pad = " " * (lead + 2 if indent is None else indent)
    return filled(line[lead:].split(" "), width, line[:lead], pad, lambda now, word: f"{now} {word}")


def filled(pieces: Iterable[str], width: int, first: str, pad: str, joined: Callable[[str, str], str]) -> list[str]:
    """`pieces` laid in lines of at most `width` columns, as many as fit on each: the first line starts with
    `first`, each next one with `pad`; `joined(line, piece)` puts the next piece on a line of words."""
    out, current = [], first
    for piece in pieces:
        candidate = joined(current, piece) if current.strip() else current + piece
        if cell_len(candidate) <= width or not current.strip():
            current = candidate
        else:
            out.append(current)
            current = pad + piece
    out.append(current)
    return out


def fit_prose(text: str, err: bool = False) -> str:
    """Text for a stream, each line wider than the terminal broken between words (SafeStream's, on every write)."""
    if not drawn(err):
        return text
    width = columns(None, err)
    return "\n".join(piece for line in text.split("\n") for piece in wrap(line, width))


def print_lines(lines: Iterable, err: bool = False) -> None:
    """Draw lines (str or rich Text, already fitted) as one Text printed once: the bytes of a print a line,
    without rich's cost of a print (about 20 us each: the board's picture is 44 lines)."""
    from rich.text import Text

    texts = [line if isinstance(line, Text) else Text(line) for line in lines]
    if texts:
        console(err).print(Text("\n").join(texts), overflow="ignore", crop=False, no_wrap=True)


def boxed_width(widths: Sequence[int]) -> int:
    """Columns a rich table (its default box) of these column widths takes: a space each side, and the bars."""
    return sum(widths) + 3 * len(widths) + 1


def draw_table(
    headers: Sequence[str],
    cells: Sequence[Sequence[str]],
    align: Sequence[str],
    title: str | None,
    wrap_columns: Sequence[int] = (),
    width: int | None = None,
) -> None:
    """A rich table, the title in italics above it; within `width`, the cells of `wrap_columns` wrapped by rich.
    Runs of one-line rows go to Table stacked (`_stacked`): row by row, `moves --all` took 130 ms of layout."""
    from rich.table import Table

    def grid(rows: Iterable[Sequence[str]], title: str | None = title) -> Table:
        table = Table(title=title, title_justify="left")
        for i, (header, how) in enumerate(zip(headers, align)):
            table.add_column(header, justify=how, no_wrap=i not in wrap_columns)
        for row in rows:
            table.add_row(*row)
        return table

    drawing = console()
    widths = [max(map(cell_len, column)) for column in zip(headers, *cells)]
    if boxed_width(widths) <= (drawing.width if width is None else min(width, drawing.width)):
        wraps = [False] * len(cells)  # the table fits at its widest: no cell is wrapped nor cut
    else:
        wraps = _wrapping(grid, headers, cells, width)
    console().print(grid(_stacked(cells, wraps)), crop=False, width=width)


def _wrapping(grid, headers, cells, width) -> list[bool]:
    """Which rows hold a cell rich wraps or cuts (longer than its column): a table of the widest cells and
    longest words, drawn, gives Table's widths (its top edge, between the box's dividers)."""
    from rich.box import HEAVY_HEAD

    columns = list(zip(headers, *cells))
    widest = [max(column, key=cell_len) for column in columns]
    wordiest = [max(column, key=lambda text: max(map(cell_len, text.split()), default=0)) for column in columns]
    probe = console()
    with probe.capture() as captured:
        probe.print(grid([widest, wordiest], None), crop=False, width=width)
    box = HEAVY_HEAD.substitute(probe.options, safe=probe.safe_box)
    top = captured.get().split("\n", 1)[0]
    room = [cell_len(part) - 2 for part in top[1:-1].split(box.top_divider)]
    return [any(cell_len(text) > most for text, most in zip(row, room)) for row in cells]


def _stacked(cells: Sequence[Sequence[str]], wraps: Sequence[bool]) -> list[Sequence[str]]:
    """The rows as Table is given them: each run of one-line rows as one row of stacked lines, drawn byte for
    byte as the rows one by one; a row that wraps, and an all-empty row, stay rows of their own."""
    out: list[Sequence[str]] = []
    run: list[Sequence[str]] = []
    for row, wrapped in zip(cells, wraps):
        if wrapped or not any(row):
            out += _run(run) + [row]
            run = []
        else:
            run.append(row)
    return out + _run(run)


def _run(rows: list[Sequence[str]]) -> list[Sequence[str]]:
    return [["\n".join(column) for column in zip(*rows)]] if rows else []


SWATCH = "\u25a0"  # ■, drawn in a word's colour just before the word
_JOIN = "\u00a0"  # between a swatch and its word while lines are wrapped: they stay together


def _words(styles: dict[str, str], padded: bool = False) -> re.Pattern:
    """Each word of `styles` standing alone (not in `trade.bank.gray`, `blue-game.yaml`, `games/red`), with the
    swatch before it if any; `padded`: and the run of three or more spaces after it (a column's padding)."""
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
    """Whether swatches are drawn: the terminal shows colour (not NO_COLOR, TERM=dumb) and can write ■."""
    con = console(err)
    if con.no_color or con.color_system is None:
        return False
    try:
        SWATCH.encode(con.encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def swatched(line: str, styles: dict[str, str]) -> str:
    """`line` with a swatch before each word of `styles` that has a colour, to be wrapped, then `marked`; a word
    padded to a column gives the swatch two of its spaces, so the columns after it stay in place."""
    coloured = _coloured(tuple(styles.items()))
    if not coloured:
        return line

    def put(m: re.Match) -> str:
        word, pad = m.group(1), m.group(2) or ""
        return f"{SWATCH}{_JOIN}{word}{pad[2:]}" if word in coloured else m.group(0)

    return _words(styles, padded=True).sub(put, line)


def marked(line: str, styles: dict[str, str]):
    """A line as rich Text: each word of `styles` in the terminal's own foreground, bold or italic as styled (read on
    dark and light alike), the style's colour on the swatch before it."""
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
