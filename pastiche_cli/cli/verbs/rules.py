"""`pastiche rules [TOPIC]` for every game: its rules in the project's own words, by id, prefix or word.

One command, served from the game's data/NAME/rules.json: the entries (kernel/rulebook.py) and how
the game presents them, under the file's "reference" key (the help, the examples the index offers,
what the sources are called, the ids' prefix). The drawing of an entry is written once, here.

`python -m pastiche_cli.cli.verbs.rules GAME` prints a game's reference as Markdown (docs/rules.md is
Pastiche's, checked by a test).
"""

from __future__ import annotations

import os
import sys
import textwrap

import click

from pastiche_cli.cli.shell import echo_styled, emit_json, output_options
from pastiche_cli.kernel.rulebook import Rule, Rulebook, book


def _width() -> int:
    """78 columns, narrower only in a narrower terminal (so piped output is the same everywhere)."""
    from pastiche_cli.cli.terminal import columns

    shown = columns()
    return 78 if shown is None else max(40, min(78, shown - 2))


def _para(label: str, text: str, width: int, indent: str = "  ") -> list[str]:
    return textwrap.wrap(
        text, width=width, initial_indent=f"{indent}{label}", subsequent_indent=indent + " " * len(label)
    ) or [indent + label]


def render(rule: Rule, width: int, text_name: str = "rulebook") -> list:
    """One entry in words: heading (its id in bold where a terminal shows it: (text, style) runs),
    source, summary, open question, example, see-also."""
    lines: list = [((rule.id, "bold"), (f" — {rule.title}", None))]
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


def index_lines(rulebook: Rulebook) -> list[str]:
    """Every id with its title, one line each, groups first."""
    table = rulebook.table
    width = max(len(i) for i in table)
    out = []
    for rule in table.values():
        label = rule.title + ("  (open question)" if rule.open_question else "")
        if rule.is_group and out:
            out.append("")
        out.append(f"{rule.id.ljust(width)}  {label}")
    return out


def answer(rulebook: Rulebook, topic: str | None, show_all: bool, as_json: bool, game_option: str = "") -> None:
    """Print what TOPIC names (or the index), or fail with a did-you-mean (exit 2)."""
    reference = rulebook.reference
    found = rulebook.lookup(topic)
    again = f"pastiche rules{game_option}"
    if found.how == "none":
        from pastiche_cli.kernel.suggest import hint

        offer = hint(found.suggestion, style="sentence")
        raise click.BadParameter(
            f"no rule or word matches '{topic}'.{offer} '{again}' lists every id.", param_hint="'TOPIC'"
        )
    if as_json:
        out = {"topic": topic, "matched_by": found.how, "rules": [r.as_json() for r in found.matches]}
        if game_option:
            out = {"game": rulebook.game, **out}
        emit_json(out)
        return
    if found.how == "all" and not show_all:
        for line in index_lines(rulebook):
            click.echo(line)
        click.echo("")
        word = f", or a word such as '{reference.example_word}'" if reference.example_word else ""
        prefix = reference.example_prefix or next((r.id for r in rulebook.table.values() if r.is_group), "")
        click.echo(f"Show one in full: {again} ID (or a prefix such as '{prefix}'{word}); all of them: {again} --all")
        return
    width = _width()
    lines: list = []
    for r in found.matches:
        lines += ([""] if lines else []) + render(r, width, reference.text_name)
    echo_styled(lines)


def serves(game) -> bool:
    """Whether the game has a rules reference (data/NAME/rules.json) to serve."""
    from pastiche_cli.facts import data_dir

    return os.path.isfile(os.path.join(data_dir(), game.name, "rules.json"))


def command_for(game) -> click.Command:
    """The `rules` command of a game (a games.Game). Its name is shown in hints (`pastiche rules --game
    canvas`); the shared command line strips `--game` before the command sees its arguments."""
    from pastiche_cli import games
    from pastiche_cli.cli.tab import rule_topics

    def rulebook() -> Rulebook:
        return book(game.name)

    game_option = "" if game.name == games.DEFAULT else f" --game {game.name}"

    @click.command("rules", help=rulebook().reference.help)
    @click.argument("topic", required=False, shell_complete=rule_topics(rulebook))
    @click.option("--all", "show_all", is_flag=True, help="Show every entry in full (without TOPIC).")
    @output_options(tables=False)
    def command(topic: str | None, show_all: bool, as_json: bool) -> None:
        answer(rulebook(), topic, show_all, as_json, game_option)

    return command


def markdown(game: str) -> str:
    """A game's whole reference as Markdown, as `python -m pastiche_cli.cli.verbs.rules GAME` prints it."""
    rulebook = book(game)
    return rulebook.as_markdown(
        rulebook.reference.title, f"python -m pastiche_cli.cli.verbs.rules {game}", rulebook.reference.source
    )


if __name__ == "__main__":
    from pastiche_cli import games

    print(markdown(sys.argv[1] if len(sys.argv) > 1 else games.DEFAULT), end="")
