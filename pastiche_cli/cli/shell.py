"""What every command shares: output switches, safe text, messages (stderr; data to stdout), problems, writing -o."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import NoReturn

import click

from pastiche_cli.cli.terminal import drawn, fit_prose
from pastiche_cli.kernel.problems import EXIT_BAD_CATALOGUE, EXIT_BAD_FILE, EXIT_BREAKS_RULES, FORMAT, Problem, sort_key

FORMATS = ("auto", "rich", "plain", "markdown")


_APPLY_FLAGS = ("apply", "apply_", "do_apply")


def position_argument(f: Callable) -> Callable:
    """The POSITION argument (`-` reads stdin; with --apply, a usage error before anything is judged)."""
    import functools

    @functools.wraps(f)
    def refusing_stdin_apply(*args, **kwargs):
        if kwargs.get("position") == "-" and any(kwargs.get(flag) for flag in _APPLY_FLAGS):
            refuse_stdin("-")
        return f(*args, **kwargs)

    # readable=False: an unreadable file is reported by the loader, located as a missing one is (exit 3)
    return click.argument("position", type=click.Path(dir_okay=True, readable=False, path_type=str))(
        refusing_stdin_apply
    )


def refuse_stdin(path: str) -> None:
    """A move is recorded in the file it was read from, which stdin is not: a usage error (exit 2)."""
    if path == "-":
        raise click.UsageError(
            "--apply (and play, undo) record the move in the position's file; a position "
            "read from stdin ('-') has no file to write: name the file instead"
        )


def output_options(f: Callable | None = None, *, tables: bool = True) -> Callable:
    """--json (`as_json`) and --format (`fmt`); with tables=False --json alone, so no --format is ignored."""

    def decorate(f: Callable) -> Callable:
        if tables:
            f = click.option(
                "--format",
                "fmt",
                type=click.Choice(FORMATS),
                default="auto",
                show_default=True,
                help="Tables: rich in a terminal, plain text when piped; markdown for a forum post.",
            )(f)
        return click.option("--json", "as_json", is_flag=True, help="Answer in JSON (stable keys).")(f)

    return decorate if f is None else decorate(f)


def brief_option(f: Callable) -> Callable:
    """`score --brief`, for every game: the table and the winner line, without the derivation (--json unchanged)."""
    return click.option(
        "--brief",
        is_flag=True,
        help="The score table and the winner line only, without the derivation (--json is unchanged).",
    )(f)


def written_file_option(*names: str, metavar: str, help: str, force: str, callback=None) -> Callable:
    """An option naming a file the command writes (-o, --svg, --html, --qr, --to-position), then its --force."""

    def decorate(f: Callable) -> Callable:
        f = click.option("--force", is_flag=True, help=force)(f)
        path = click.Path(dir_okay=False, path_type=str)
        return click.option(*names, metavar=metavar, type=path, callback=callback, help=help)(f)

    return decorate


# -o/--output FILE and --force, for a command that writes a new file (`new`): stdout by default, and with
# `-o -`, as everywhere; an existing FILE only with --force (`write_output`).
output_file_options = written_file_option(
    "-o",
    "--output",
    metavar="FILE",
    callback=lambda _ctx, _param, value: None if value == "-" else value,
    help="Write to FILE (default, or -: stdout).",
    force="Overwrite FILE if it exists.",
)

# --to-position OUT and --force, for `score`: the full position file a short sheet stands for
# (formats/sheet.py), written to OUT as -o writes (never over a file without --force).
to_position_options = written_file_option(
    "--to-position",
    "to_position",
    metavar="OUT",
    help="POSITION is a short sheet (docs/quick.md): also write the full position file it stands for to OUT.",
    force="With --to-position, overwrite OUT if it exists.",
)


def write_sheet_position(position: str, loaded, out: str | None, force: bool, as_json: bool) -> bool:
    """`score SHEET --to-position OUT`: the sheet's full position to OUT; True when it went to stdout (`-`)."""
    if out is None:
        return False
    from pastiche_cli.kernel.problems import EXIT_USAGE

    if out == "-" and as_json:
        abort("--to-position - writes the position to stdout, where --json writes the answer; choose one", EXIT_USAGE)

    if loaded.written is None:
        abort(
            f"{position} is not a short sheet, so --to-position has nothing to write: a sheet is named "
            "*.sheet or starts with the line `sheet` (docs/quick.md)",
            EXIT_USAGE,
        )
    if write_output(out, loaded.written, force, reads=(position,) if position != "-" else ()):
        return True
    err(f"Wrote {out}: the full position of {shown_name(position)}")
    return False


def width_option(f: Callable) -> Callable:
    """--width N: the columns to fit (default: the terminal's width in a terminal, no limit in a pipe)."""
    return click.option(
        "--width",
        "width",
        type=click.IntRange(min=20),
        metavar="COLUMNS",
        help="Fit the output to COLUMNS (default: the terminal's width; no limit when piped).",
    )(f)


def format_commands_in_full(group: click.Group, ctx: click.Context, formatter: click.HelpFormatter) -> None:
    """A group's command list with each summary whole, wrapped under itself (click would cut it with "...")."""
    rows = []
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if cmd is None or cmd.hidden:
            continue
        rows.append((name, cmd.get_short_help_str(limit=10_000)))
    if rows:
        with formatter.section("Commands"):
            formatter.write_dl(rows)


# C0 controls but tab and newline, DEL, and C1 controls: ESC starts a sequence that can retitle the
# window, clear the screen or hide a link; BEL rings; C1 (U+0080-U+009F) are 8-bit escapes (CSI is
# U+009B). Line and paragraph separators and the bidirectional overrides are shown escaped too, so a
# name cannot reorder or split the line it is printed in, and so is a byte-order mark inside a name.
_UNSAFE = "".join(chr(c) for c in (*range(0x00, 0x09), *range(0x0B, 0x20), 0x7F, *range(0x80, 0xA0)))
_UNSAFE += "\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff"


def _escape_char(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


_ESCAPES = {ord(ch): _escape_char(ch) for ch in _UNSAFE}


def safe(text: object) -> str:
    """`text` with every control character but newline and tab escaped (ESC as \\x1b), as every string is printed."""
    text = str(text)
    # Every character escaped is non-printable (Cc, Cf, Zl, Zp), so printable text is returned as is:
    # the common case, a table cell, costs one C-level scan.
    return text if text.isprintable() else text.translate(_ESCAPES)


_JSON_ESCAPES = {ord(ch): f"\\u{ord(ch):04x}" for ch in _UNSAFE}


def json_text(data: object, indent: int | None = 2) -> str:
    """`data` as JSON, every control character \\u-escaped (json leaves C1 and line separators raw): the same value."""
    return json.dumps(data, indent=indent, ensure_ascii=False).translate(_JSON_ESCAPES)


class ClosedPipe(Exception):
    """The reader of stdout went away (`| head -1`): a quiet end in `main()`, not an OSError click makes exit 1."""


class _Passthrough:
    """A stream's writes as they are, a closed pipe raised as ClosedPipe (rich and our colour)."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            raise ClosedPipe() from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise ClosedPipe() from None

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


class _SafeBytes(_Passthrough):
    """The bytes under a SafeStream (click writes bytes there): decoded, made `safe`, encoded."""

    def write(self, data: bytes) -> int:
        text = bytes(data).decode("utf-8", "surrogateescape")
        super().write(safe(text).encode("utf-8", "surrogateescape"))
        return len(data)


class SafeStream(_Passthrough):
    """A stream behind a guard: control characters escaped, a line wider than the terminal broken between words
    (even click's usage errors); what rich draws, JSON and Markdown go through `trusted`, as they are."""

    def __init__(self, stream, err: bool = False):
        super().__init__(stream)
        self.trusted = _Passthrough(stream)
        self._err = err
        raw = getattr(stream, "buffer", None)
        self.buffer = _SafeBytes(raw) if raw is not None else None

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError("a text stream")  # how click tells a text stream from a binary one
        super().write(fit_prose(safe(text), self._err))
        return len(text)


def trusted_stdout():
    """The real stdout under a SafeStream guard (for what rich draws, JSON, Markdown), else stdout."""
    return getattr(sys.stdout, "trusted", sys.stdout)


def echo_verbatim(text: str, nl: bool = True) -> None:
    """Print text already made safe as it is, never broken to the terminal's width (JSON, Markdown, a file)."""
    click.echo(text, file=trusted_stdout(), nl=nl)


def echo_file(text: str) -> None:
    """Print a file's whole text on stdout, made `safe` and never broken, so what is copied is the file."""
    echo_verbatim(safe(text), nl=False)


def guard_streams() -> None:
    """Put a SafeStream in front of stdout and stderr; a character stdout cannot encode is shown as "?"."""
    if not isinstance(sys.stdout, SafeStream):
        if getattr(sys.stdout, "errors", None) == "strict":
            try:
                sys.stdout.reconfigure(errors="replace")
            except (AttributeError, ValueError, OSError):
                pass
        sys.stdout = SafeStream(sys.stdout)
    if not isinstance(sys.stderr, SafeStream):
        sys.stderr = SafeStream(sys.stderr, err=True)


def echo(message: str = "", nl: bool = True) -> None:
    """Print a line of the answer on stdout, made `safe`."""
    click.echo(safe(message), nl=nl)


def err(message: str = "") -> None:
    click.echo(safe(message), err=True)


def abort(message: str, code: int) -> NoReturn:
    """The one way a command gives up: a message on stderr and the exit code of SPEC 6.1."""
    err(f"pastiche: {message}")
    sys.exit(code)


def emit_json(data: object) -> None:
    echo_verbatim(json_text(data))


def shown_name(filename: str) -> str:
    """How a file is named in a message: `-` (stdin) as <stdin>, as compilers do."""
    return "<stdin>" if filename == "-" else filename


def report_problems(filename: str, problems: Sequence[Problem]) -> None:
    for p in sorted(problems, key=sort_key):
        err(p.located(shown_name(filename)))


def fail(filename: str, problems: list[Problem], as_json: bool, saved: tuple[str, str] | None = None) -> NoReturn:
    """Report every problem, located (as JSON when asked), and exit as `exit_for` says (5: with `saved`'s words)."""
    if as_json:
        from pastiche_cli.render.problems import problems_json

        emit_json(problems_json(sorted(problems, key=sort_key)))
    report_problems(filename, problems)
    code = exit_for(filename, problems)
    if code == EXIT_BAD_CATALOGUE:
        err(broken_saved_message(next(p.file for p in problems if p.kind == FORMAT), saved))
    sys.exit(code)


def exit_for(filename: str, problems: Sequence[Problem]) -> int:
    """The exit code: 3 if a file the user named does not fit the format, 5 if only one pastiche found, 4, else 0."""
    from pastiche_cli.kernel.problems import WARNING

    formats = [p for p in problems if p.kind == FORMAT]
    if formats:
        found_by_pastiche = all(p.file and p.file != filename and not _named_on_command_line(p.file) for p in formats)
        return EXIT_BAD_CATALOGUE if found_by_pastiche else EXIT_BAD_FILE
    return EXIT_BREAKS_RULES if any(p.kind != WARNING for p in problems) else 0


def _named_on_command_line(path: str) -> bool:
    """Did the user name this file (an argument or option of the command running)?"""
    ctx = click.get_current_context(silent=True)
    target = os.path.abspath(path)
    while ctx is not None:
        for value in ctx.params.values():
            for v in value if isinstance(value, (tuple, list)) else (value,):
                if isinstance(v, str) and os.path.abspath(v) == target:
                    return True
        ctx = ctx.parent
    return False


def broken_saved_message(path: str, saved: tuple[str, str] | None) -> str:
    """The last line when a file found, not named, cannot be read (exit 5); `saved`: ("saved catalogue", option)."""
    if saved is None:
        return (
            f"pastiche: {path}, a file read without being named, cannot be read "
            f"(every problem is above) [exit {EXIT_BAD_CATALOGUE}]"
        )
    what, option = saved
    return (
        f"pastiche: your {what} {path} cannot be read (every problem is above); fix it "
        f"there, or name another with {option} [exit {EXIT_BAD_CATALOGUE}]"
    )


def write_output(
    output: str, text: str, force: bool, reads: Iterable[str] = (), unwritable: int = EXIT_BAD_FILE
) -> bool:
    """Write a new file the user named, atomically; `-` is stdout (True then). Never over an existing file without
    --force, a file the command `reads`, or anything but a regular file (exit 2); a place that cannot be written
    exits `unwritable` (3; `board --svg` has always said 2)."""
    from pastiche_cli.formats.safewrite import WriteRefused, same_file
    from pastiche_cli.formats.yamlio import atomic_write
    from pastiche_cli.kernel.problems import EXIT_USAGE

    if output == "-":
        echo_file(text)
        return True
    for source in reads:
        if same_file(output, source):
            abort(f"{output} is the file this command reads ({source}); write to another file", EXIT_USAGE)
    if os.path.exists(output) and not force:
        abort(f"{output} exists; pass --force to overwrite it", EXIT_USAGE)
    try:
        atomic_write(output, text)
    except WriteRefused as exc:
        abort(f"cannot write {output}: {exc}", EXIT_USAGE)
    except OSError as exc:
        abort(f"cannot write {output}: {exc.strerror or exc}", unwritable)
    return False


def write_picture(
    svg_path: str,
    text: str,
    force: bool,
    *,
    as_json: bool = False,
    reads: Iterable[str] = (),
    unwritable: int = EXIT_BAD_FILE,
) -> bool:
    """`--svg FILE`: the picture to FILE (write_output), or to stdout with `-` (True then; not with --json)."""
    from pastiche_cli.kernel.problems import EXIT_USAGE

    if svg_path == "-":
        if as_json:
            abort("--svg - writes the picture to stdout, where --json writes the answer; choose one", EXIT_USAGE)
        click.echo(text, nl=False)
        return True
    write_output(svg_path, text, force, reads, unwritable)
    return False


def resolve_format(fmt: str) -> str:
    """`auto` as rich (stdout drawn for a terminal, FORCE_COLOR included) or plain (a pipe)."""
    if fmt != "auto":
        return fmt
    return "rich" if drawn() else "plain"


def find_player(position, name: str, option: str = "--player"):
    """The named player (`position.player(name)`), or a usage error (exit 2) with a did-you-mean."""
    names = [p.name for p in position.players]
    return found_or_refused(position.player(name.strip()), name, names, ("player", "position", "Players"), option)


def player_option(help: str, complete: Callable, dest: str | None = None, required: bool = False) -> Callable:
    """--player NAME, completed by `complete` (the game's: the players of the file on the command line)."""
    names = ("--player", dest) if dest else ("--player",)
    return click.option(*names, required=required, metavar="NAME", shell_complete=complete, help=help)


def found_or_refused(found, name: str, known: list[str], words: tuple[str, str, str], option: str):
    """`found`, else a usage error (exit 2) with a did-you-mean over `known`; `words`: (kind, where, list's head)."""
    if found is None:
        from pastiche_cli.kernel.suggest import hint, suggest

        kind, where, listed = words
        offer = hint(suggest(name, known), f" {listed}: {', '.join(known)}.", "sentence")
        raise click.BadParameter(f"no {kind} '{name}' in the {where}.{offer}", param_hint=f"'{option}'")
    return found


def parse_players(text: str, problem: Callable[[list[str]], str | None]) -> list[str]:
    """`--players Ana,Ben,Caro` as names in turn order; the game's `problem` with them a usage error (exit 2)."""
    from pastiche_cli.kernel.names import name_problem

    names = [n.strip() for n in text.split(",")]
    if any(not n for n in names):
        raise click.BadParameter("a player's name is empty (write --players Ana,Ben,Caro)", param_hint="'--players'")
    for name in names:  # the rule every game's reader keeps, so that the file written reads back
        found = name_problem(name)
        if found:
            raise click.BadParameter(f"the name '{safe(name[:40])}' {found}", param_hint="'--players'")
    found = problem(names)
    if found:
        raise click.BadParameter(found, param_hint="'--players'")
    return names


def seated(names: list[str], start: str) -> list[str]:
    """`new --start NAME`: the players in turn order with NAME (any case) first, or a usage error."""
    from pastiche_cli.kernel.names import seating

    found = seating(names, start)
    if found is None:
        from pastiche_cli.kernel.suggest import hint, suggest

        offer = hint(suggest(start, names), f" Players: {', '.join(names)}.", "sentence")
        raise click.BadParameter(f"'{start}' is not one of the players.{offer}", param_hint="'--start'")
    return found
