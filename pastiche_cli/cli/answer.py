"""An answer render/ told (render/answer.py), shown in a terminal: its JSON or its text, then its aside."""

from __future__ import annotations

from collections.abc import Callable

from pastiche_cli.cli.shell import echo, echo_verbatim, emit_json, err, json_text, resolve_format
from pastiche_cli.cli.tables import echo_lines, echo_styled, table
from pastiche_cli.cli.terminal import wrap


def show(told, as_json: bool, fmt: str = "auto", styles: Callable[[], dict[str, str] | None] | None = None) -> None:
    """An answer render/ told: its JSON, or its text block by block (`styles()` marked), then its aside on stderr."""
    from pastiche_cli.render.answer import Lines, Listing, Runs, Table

    if as_json:
        emit_listing(told.json) if isinstance(told.json, Listing) else emit_json(told.json)
    else:
        fmt = resolve_format(fmt)
        for block in told.text:
            if isinstance(block, Table):
                table(
                    *block[:2],
                    fmt,
                    title=block.title,
                    align=block.align,
                    wrap_columns=block.wrap_columns,
                    width=block.width,
                )
            elif isinstance(block, Lines):
                echo_lines(block.lines, fmt, styles() if styles is not None and fmt == "rich" else None, block.width)
            elif isinstance(block, Runs):
                echo_styled(block.lines)
            elif block.lines:
                echo("\n".join(piece for line in block.lines for piece in wrap(line, block.width)))
    if told.aside:
        err(told.aside)


def emit_listing(listing) -> None:
    """A render/told.Listing as JSON: its head's keys, then its list an item a line."""
    lines = ["{"] + [f"  {json_text(k, None)}: {json_text(v, None)}," for k, v in listing.head.items()]
    if listing.items:
        lines.append(f"  {json_text(listing.key, None)}: [")
        lines.append(",\n".join("    " + json_text(item, None) for item in listing.items))
        lines.append("  ]")
    else:
        lines.append(f"  {json_text(listing.key, None)}: []")
    lines.append("}")
    echo_verbatim("\n".join(lines))
