"""`pastiche rules [TOPIC]` for every game, from its data/NAME/rules.json (the entries, and under "reference" how
it presents them); `python -m pastiche_cli.cli.verbs.rules GAME` prints it as Markdown (docs/rules.md)."""

from __future__ import annotations

import os
import sys

import click

from pastiche_cli.cli.answer import show
from pastiche_cli.cli.shell import output_options
from pastiche_cli.kernel.rulebook import Rulebook, book


def _width() -> int:
    """78 columns, narrower only in a narrower terminal (so piped output is the same everywhere)."""
    from pastiche_cli.cli.terminal import columns

    shown = columns()
    return 78 if shown is None else max(40, min(78, shown - 2))


def answer(rulebook: Rulebook, topic: str | None, show_all: bool, as_json: bool, game_option: str = "") -> None:
    """Print what TOPIC names (or the index), or fail with a did-you-mean (exit 2)."""
    from pastiche_cli.render.rules import rules_told

    found = rulebook.lookup(topic)
    again = f"pastiche rules{game_option}"
    if found.how == "none":
        from pastiche_cli.kernel.suggest import hint

        offer = hint(found.suggestion, style="sentence")
        raise click.BadParameter(
            f"no rule or word matches '{topic}'.{offer} '{again}' lists every id.", param_hint="'TOPIC'"
        )
    show(rules_told(rulebook, topic, found, show_all, again, bool(game_option), None if as_json else _width), as_json)


def serves(game) -> bool:
    """Whether the game has a rules reference (data/NAME/rules.json) to serve."""
    from pastiche_cli.facts import data_dir

    return os.path.isfile(os.path.join(data_dir(), game.name, "rules.json"))


def command_for(game) -> click.Command:
    """The `rules` command of a game (its hints say `pastiche rules --game canvas`; the root strips --game)."""
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
