"""Every table and line of explanation: rich in a terminal, else tabulate; fitted to the width, no value cut."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence

import click

from pastiche_cli.cli.shell import echo_verbatim, resolve_format, safe
from pastiche_cli.cli.terminal import boxed_width, cell_len, columns, drawn, filled, wrap


def table(
    headers: Sequence[str],
    rows: Sequence[Sequence[object]],
    fmt: str,
    *,
    title: str | None = None,
    align: Sequence[str] | None = None,
    width: int | None = None,
    wrap_columns: Sequence[int] = (),
) -> None:
    """Print a table (cells `safe`, one line each): rich or tabulate; one too wide narrowed, no value ever cut."""
    fmt = resolve_format(fmt)
    headers = [_one_line(h) for h in headers]
    cells = [["" if c is None else _one_line(c).strip() for c in row] for row in rows]
    align = list(align) if align else ["left"] * len(headers)
    title = _one_line(title) if title is not None else None
    if fmt in ("rich", "plain"):
        width = columns(width)
        if width is not None and _drawn_narrowed(headers, cells, fmt, align, title, width, wrap_columns):
            return
    if fmt == "rich":
        from pastiche_cli.cli.terminal import draw_table

        draw_table(headers, cells, align, title)
        return
    tabulate = _tabulate(headers, cells)
    colalign = align if cells else None  # tabulate refuses column alignments for a table of no rows
    if fmt == "markdown":
        headers = [h.replace("|", "\\|") for h in headers]
        cells = [[c.replace("|", "\\|") for c in row] for row in cells]
        drawn_table = tabulate(cells, headers, tablefmt="github", colalign=colalign, disable_numparse=True)
        echo_verbatim("\n".join(([f"## {title}", ""] if title else []) + [drawn_table]))
        return
    _plain(tabulate, headers, cells, title, colalign=colalign)


def _plain(tabulate: Callable, headers: list[str], cells: list[list[str]], title: str | None, **how) -> None:
    """Print a plain (tabulate "simple") table under its title."""
    drawn_table = tabulate(cells, headers, tablefmt="simple", disable_numparse=True, **how)
    click.echo("\n".join(([title] if title else []) + [drawn_table]))


def _drawn_narrowed(
    headers: list[str],
    cells: list[list[str]],
    fmt: str,
    align: list[str],
    title: str | None,
    width: int,
    wrap_columns: Sequence[int],
) -> bool:
    """Print a table wider than `width` within it (`wrap_columns` wrapped, else stacked): True when it was wider."""
    widths = _widths(headers, cells, pad=0 if fmt == "rich" else 2)
    needed = boxed_width(widths) if fmt == "rich" else sum(widths) + 2 * (len(widths) - 1)
    if needed <= width:
        return False
    if fmt == "rich" and wrap_columns:
        least = [
            max(_longest_word(c) for c in [h] + [r[i] for r in cells]) if i in wrap_columns else w
            for i, (h, w) in enumerate(zip(headers, widths))
        ]
        if boxed_width(least) <= width:
            from pastiche_cli.cli.terminal import draw_table

            draw_table(headers, cells, align, title, wrap_columns, width)
            return True
    fitted = _narrowed(headers, cells, widths, wrap_columns, width) if fmt == "plain" else None
    if fitted is not None:
        _plain(_tabulate(headers, cells), headers, cells, title, colalign=align, maxcolwidths=fitted)
        return True
    lines = wrap(title, width) if title else []
    click.echo("\n".join(lines + stacked_lines(headers, cells, width)))
    return True


_CELL_BREAKS = str.maketrans({"\n": "\\n", "\t": "\\t"})


def _one_line(text: object) -> str:
    """A cell made `safe` and kept to one line: a newline or tab in a name is shown as \\n or \\t."""
    text = str(text)
    # printable text has no control character, newline or tab: nearly every cell, returned as it is
    return text if text.isprintable() else safe(text).translate(_CELL_BREAKS)


def _tabulate(headers: Sequence[str], cells: Sequence[Sequence[str]]) -> Callable:
    """tabulate's `tabulate`, given wcwidth (and WIDE_CHARS_MODE) only once a table is not ASCII: wcwidth's
    import costs as much as click's and ruamel.yaml's together, for nothing in an ASCII table."""
    wide = not all(text.isascii() for text in [*headers, *(c for row in cells for c in row)])
    module = sys.modules.get("tabulate")
    if module is None:
        if wide:
            import tabulate as module
        else:
            blocked = "wcwidth" not in sys.modules
            if blocked:
                sys.modules["wcwidth"] = None  # type: ignore[assignment]  # tabulate's `import wcwidth` fails
            try:
                import tabulate as module
            finally:
                if blocked:
                    del sys.modules["wcwidth"]
    if wide and getattr(module, "wcwidth", None) is None:
        import wcwidth

        module.wcwidth = wcwidth
        module.WIDE_CHARS_MODE = True
    return module.tabulate


def _narrowed(
    headers: Sequence[str], cells: Sequence[Sequence[str]], widths: list[int], wrap_columns: Sequence[int], width: int
) -> list[int | None] | None:
    """The widest each of `wrap_columns` may be for a plain (tabulate) table to fit `width`, its cells
    wrapped between words (tabulate's maxcolwidths), or None when even the longest words do not fit."""
    if not wrap_columns:
        return None
    widths = list(widths)
    least = {i: max([cell_len(headers[i]) + 2] + [_longest_word(r[i]) for r in cells]) for i in wrap_columns}
    excess = sum(widths) + 2 * (len(widths) - 1) - width
    while excess > 0:
        i = max(wrap_columns, key=lambda k: widths[k] - least[k])
        if widths[i] <= least[i]:
            return None
        widths[i] -= 1
        excess -= 1
    return [widths[i] if i in wrap_columns else None for i in range(len(widths))]


def _longest_word(text: str) -> int:
    return max(map(cell_len, text.split(" ")), default=0)


def _widths(headers: Sequence[str], cells: Sequence[Sequence[str]], pad: int) -> list[int]:
    return [max([cell_len(h) + pad] + [cell_len(r[i]) for r in cells]) for i, h in enumerate(headers)]


def _after(line: str, unit: str) -> str:
    return line + ("" if line.endswith(" ") else " ") + unit


def stacked_lines(headers: Sequence[str], cells: Sequence[Sequence[str]], width: int) -> list[str]:
    """Each row as a record, `header: value` after `header: value`, wrapped within `width` columns
    between values and between the items of a comma list, never inside one; numbered by a "#" column."""
    out = []
    for row in cells:
        units: list[str] = []
        fields = list(zip(headers, row))
        lead = ""
        if fields and fields[0][0] in ("#", ""):
            lead = f"{fields[0][1]}. "
            fields = fields[1:]
        for k, (h, v) in enumerate(fields):
            parts = v.split(", ") if v else [""]
            parts = [p + ("," if j < len(parts) - 1 else "") for j, p in enumerate(parts)]
            parts[0] = f"{h}: {parts[0]}".rstrip()
            if k < len(fields) - 1:
                parts[-1] += ";"
            units += parts
        lines = filled(units, width, lead, " " * max(len(lead), 2), _after)
        out += [line.rstrip() if line == lead and k < len(lines) - 1 else line for k, line in enumerate(lines)]
    return out


_MARKDOWN_SPECIAL = str.maketrans({ch: "\\" + ch for ch in "\\*_<>|"})


def markdown_list(lines: Iterable[str]) -> list[str]:
    """Lines as Markdown lists: each line an item nested by its indentation (two spaces a level), a blank line
    a new list; what Markdown would read as emphasis or HTML (`*`, `_`, `<`) escaped, `code` kept."""
    out: list[str] = []
    for line in lines:
        if not line.strip():
            if out and out[-1] != "":
                out.append("")
            continue
        body = line.lstrip(" ")
        level = (len(line) - len(body)) // 2
        out.append("  " * level + "- " + body.translate(_MARKDOWN_SPECIAL))
    while out and out[-1] == "":
        out.pop()
    return out


def echo_lines(lines: Iterable[str], fmt: str, styles: dict[str, str] | None = None, width: int | None = None) -> None:
    """Print lines of explanation, wrapped within `width` columns (a terminal's when not given); in a rich
    terminal each word of `styles` marked (`terminal.marked`: never a card name drawn dark on dark)."""
    fmt = resolve_format(fmt)
    if fmt == "markdown":
        echo_verbatim("\n".join(markdown_list(safe(line) for line in lines)))
        return
    width = columns(width)
    if fmt != "rich" or not styles:
        shown = [piece for line in lines for piece in wrap(safe(line), width)]
        if shown:  # written at once: a write a line cost a replay's 216 lines 6 ms in a terminal
            click.echo("\n".join(shown))
        return
    from pastiche_cli.cli import terminal

    swatches = terminal.swatches_shown()
    out = []
    for line in lines:
        shown = safe(line)
        if swatches:
            shown = terminal.swatched(shown, styles)
        out += [terminal.marked(piece, styles) for piece in wrap(shown, width)]
    terminal.print_lines(out)


def echo_styled(lines: Iterable[str | Sequence[tuple[str, str | None]]]) -> None:
    """Print lines (each text or (text, rich style) runs, made `safe`, fitting already), styled in a terminal."""
    if not drawn():
        shown = [line if isinstance(line, str) else "".join(part for part, _ in line) for line in lines]
        if shown:
            click.echo("\n".join(shown))
        return
    from pastiche_cli.cli import terminal

    terminal.print_lines(
        (safe(line) if isinstance(line, str) else terminal.runs_text([(safe(p), s) for p, s in line])) for line in lines
    )
