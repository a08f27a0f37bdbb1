"""`pastiche rules [TOPIC]`: the rules in the project's own words, by id, prefix or word."""

from __future__ import annotations

import os
import shutil
import textwrap

import click

from pastiche_cli.games.pastiche.core import rulebook
from pastiche_cli.cli.shell import emit_json, output_options
from pastiche_cli.games.pastiche.commands._tab import complete_rule_topic


def _width() -> int:
    """78 columns, narrower only in a narrower terminal (so piped output is the same everywhere)."""
    import sys

    if not sys.stdout.isatty():
        return 78
    return max(40, min(78, shutil.get_terminal_size((80, 24)).columns - 2))


def _styled(text: str, **style) -> str:
    return text if os.environ.get("NO_COLOR") else click.style(text, **style)


def _para(label: str, text: str, width: int, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, width=width, initial_indent=f"{indent}{label}",
                         subsequent_indent=indent + " " * len(label)) or [indent + label]


def render(rule: rulebook.Rule, width: int) -> list[str]:
    """One entry in words: heading, source, summary, open question, example, see-also."""
    lines = [_styled(rule.id, bold=True) + f" — {rule.title}"]
    lines += _para("Rulebook: ", rule.source, width)
    lines += _para("", rule.summary, width)
    if rule.open_question:
        lines.append("  Open question — the rulebook allows two readings:")
        for r in rule.readings:
            mark = " (default)" if r.default else ""
            lines += _para("- ", f"{r.reading} [house_rules: {r.setting}]{mark}", width, indent="    ")
    if rule.is_group:
        listed = rulebook.members(rule.id)
        if listed:
            lines += _para("Rules: ", ", ".join(m.id for m in listed), width)
    lines += _para("Example: ", rule.example, width)
    if rule.see:
        lines.append(f"  See also: {', '.join(rule.see)}")
    return lines


def index_lines() -> list[str]:
    """Every id with its title, one line each, groups first."""
    table = rulebook.rules()
    width = max(len(i) for i in table)
    out = []
    for rule in table.values():
        label = rule.title + ("  (open question)" if rule.open_question else "")
        if rule.is_group and out:
            out.append("")
        out.append(f"{rule.id.ljust(width)}  {label}")
    return out


@click.command("rules")
@click.argument("topic", required=False, shell_complete=complete_rule_topic)
@click.option("--all", "show_all", is_flag=True, help="Show every entry in full (without TOPIC).")
@output_options(tables=False)
def command(topic: str | None, show_all: bool, as_json: bool) -> None:
    """The rules in the project's own words, each with its rulebook section and a worked example.

    TOPIC is a rule id (trade.bank.primary), a group or prefix (trade, trade.bank) or a word
    (bisque). Without TOPIC: the list of every id. Every verdict the tool gives names one of these ids.

    \b
    Example:
      pastiche rules                     # every rule id, one line each
      pastiche rules score.tiebreak      # one rule in full
      pastiche rules trade               # the trading rules
      pastiche rules bisque              # every rule that mentions bisque
    """
    found = rulebook.lookup(topic)
    if found.how == "none":
        from pastiche_cli.kernel.suggest import hint

        offer = hint(found.suggestion, style="sentence")
        raise click.BadParameter(f"no rule or word matches '{topic}'.{offer} 'pastiche rules' lists every id.",
                                 param_hint="'TOPIC'")
    if as_json:
        emit_json({"topic": topic, "matched_by": found.how,
                   "rules": [r.as_json() for r in found.matches]})
        return
    if found.how == "all" and not show_all:
        for line in index_lines():
            click.echo(line)
        click.echo("")
        click.echo("Show one in full: pastiche rules ID (or a prefix such as 'trade', or a word such as "
                   "'bisque'); all of them: pastiche rules --all")
        return
    width = _width()
    blocks = ["\n".join(render(r, width)) for r in found.matches]
    click.echo("\n\n".join(blocks))
