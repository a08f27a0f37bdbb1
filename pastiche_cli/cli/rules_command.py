"""`pastiche rules [TOPIC]` for any game: the rules in the project's own words, by id, prefix or word.

Each game makes its command with `rules_command(book, ...)`; the drawing of an entry is written once here.
"""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from typing import Callable

import click

from pastiche_cli.cli.shell import emit_json, output_options
from pastiche_cli.kernel.rulebook import Rule, Rulebook


def _width() -> int:
    """78 columns, narrower only in a narrower terminal (so piped output is the same everywhere)."""
    if not sys.stdout.isatty():
        return 78
    return max(40, min(78, shutil.get_terminal_size((80, 24)).columns - 2))


def _styled(text: str, **style) -> str:
    return text if os.environ.get("NO_COLOR") else click.style(text, **style)


def _para(label: str, text: str, width: int, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, width=width, initial_indent=f"{indent}{label}",
                         subsequent_indent=indent + " " * len(label)) or [indent + label]


def render(rule: Rule, width: int, text_name: str = "rulebook") -> list[str]:
    """One entry in words: heading, source, summary, open question, example, see-also."""
    lines = [_styled(rule.id, bold=True) + f" — {rule.title}"]
    lines += _para(text_name[0].upper() + text_name[1:] + ": ", rule.source, width)
    lines += _para("", rule.summary, width)
    if rule.open_question:
        lines.append(f"  Open question — the {text_name} allows two readings:")
        for r in rule.readings:
            mark = " (default)" if r.default else ""
            lines += _para("- ", f"{r.reading} [house_rules: {r.setting}]{mark}", width, indent="    ")
    if rule.is_group and rule.members:
        lines += _para("Rules: ", ", ".join(rule.members), width)
    lines += _para("Example: ", rule.example, width)
    if rule.see:
        lines.append(f"  See also: {', '.join(rule.see)}")
    return lines


def index_lines(book: Rulebook) -> list[str]:
    """Every id with its title, one line each, groups first."""
    table = book.table
    width = max(len(i) for i in table)
    out = []
    for rule in table.values():
        label = rule.title + ("  (open question)" if rule.open_question else "")
        if rule.is_group and out:
            out.append("")
        out.append(f"{rule.id.ljust(width)}  {label}")
    return out


def answer(book: Rulebook, topic: str | None, show_all: bool, as_json: bool, *, game_option: str = "",
           example_prefix: str = "", example_word: str = "", text_name: str = "rulebook") -> None:
    """Print what TOPIC names (or the index), or fail with a did-you-mean (exit 2)."""
    found = book.lookup(topic)
    again = f"pastiche rules{game_option}"
    if found.how == "none":
        from pastiche_cli.kernel.suggest import hint

        offer = hint(found.suggestion, style="sentence")
        raise click.BadParameter(f"no rule or word matches '{topic}'.{offer} '{again}' lists every id.",
                                 param_hint="'TOPIC'")
    if as_json:
        out = {"topic": topic, "matched_by": found.how, "rules": [r.as_json() for r in found.matches]}
        if game_option:
            out = {"game": book.game, **out}
        emit_json(out)
        return
    if found.how == "all" and not show_all:
        for line in index_lines(book):
            click.echo(line)
        click.echo("")
        word = f", or a word such as '{example_word}'" if example_word else ""
        prefix = example_prefix or next((r.id for r in book.table.values() if r.is_group), "")
        click.echo(f"Show one in full: {again} ID (or a prefix such as '{prefix}'{word}); "
                   f"all of them: {again} --all")
        return
    width = _width()
    blocks = ["\n".join(render(r, width, text_name)) for r in found.matches]
    click.echo("\n\n".join(blocks))


def rules_command(book: Callable[[], Rulebook], *, game: str, help_text: str, complete: Callable | None = None,
                  example_prefix: str = "", example_word: str = "", text_name: str = "rules text") -> click.Command:
    """The `rules` command of one game. `game` is shown in hints (`pastiche rules --game canvas`); the
    shared command line strips `--game` before the game's command sees its arguments."""
    game_option = "" if game == "pastiche" else f" --game {game}"

    @click.command("rules", help=help_text)
    @click.argument("topic", required=False, shell_complete=complete)
    @click.option("--all", "show_all", is_flag=True, help="Show every entry in full (without TOPIC).")
    @output_options(tables=False)
    def command(topic: str | None, show_all: bool, as_json: bool) -> None:
        answer(book(), topic, show_all, as_json, game_option=game_option, example_prefix=example_prefix,
               example_word=example_word, text_name=text_name)

    return command
