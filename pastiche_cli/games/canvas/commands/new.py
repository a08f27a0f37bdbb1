"""`pastiche new --game canvas --players Ana,Ben [--scenario first-game]`: a commented starting position."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import echo_file, err, output_file_options, parse_players, write_output
from pastiche_cli.formats.nodes import PLACEHOLDER
from pastiche_cli.formats.yamledit import plain_or_quoted
from pastiche_cli.games.canvas.core import cards
from pastiche_cli.games.canvas.core.rule_ids import HOUSE_UNITY
from pastiche_cli.games.canvas.core.setup import Setup, names_problem, new_game

COMMENT_COLUMN = 40


def render(game: Setup) -> str:
    """The set-up as a commented Canvas position, FILL-IN where the table decides."""

    def line(code: str, comment: str = "") -> str:
        return f"{code.ljust(COMMENT_COLUMN - 1)} # {comment}" if comment else code

    n = len(game.players)
    out = [
        f"# A new {n}-player game of Canvas. Replace every {PLACEHOLDER} with what is on the table, then run",
        f"# `pastiche check` on this file: it lists each {PLACEHOLDER} left, by line.",
        "game: canvas",
    ]
    if game.scoring:
        out.append(line(f"scoring: [{', '.join(game.scoring)}]", f"scenario {game.scenario.name}"))
        if "emphasis" in game.scoring:
            out.append(f"# emphasis stands for the card the rules text calls Unity [{HOUSE_UNITY}]")
    else:
        out.append(line(f"scoring: [{', '.join([PLACEHOLDER] * 4)}]", "the four face-up scoring cards"))
        out.append(f"# the cards: {', '.join(cards.scoring_cards())}")
    out.append(line("players:", "in turn order; the first starts"))
    for name in game.players:
        out += [
            f"  - name: {plain_or_quoted(name)}",
            line(f"    inspiration: {game.tokens}", "tokens left"),
            line("    hand: []", "art cards in hand, by title word"),
            line("    paintings: []", "each [BOTTOM, MIDDLE, TOP]"),
        ]
    out.append(line("market:", "slot 1 (furthest from the deck) first"))
    out += [f"  - {PLACEHOLDER}"] * game.market_slots
    out += [
        line("# house_rules:", "the open questions: `pastiche rules --game canvas house`"),
        line("#   hierarchy: tone", "or texture-strict (the early rules text)"),
        line("#   bonus_ribbon_points: 2", "or 1 (the early rules text)"),
        "",
    ]
    return "\n".join(out)


@click.command("new")
@click.option(
    "--players", "players_text", required=True, metavar="NAMES", help="1 to 5 names, comma-separated, in turn order."
)
@click.option("--scenario", metavar="NAME", help="A published set of scoring cards (first-game).")
@output_file_options
@click.option(
    "--record",
    "as_record",
    is_flag=True,
    help="Start a game record (setup: and moves:) to play move by move, instead of a position.",
)
def command(players_text: str, scenario: str | None, output: str | None, force: bool, as_record: bool) -> None:
    """Write a starting Canvas position: 4 tokens each, empty hands, FILL-IN for the cards on the table.

    With --scenario the scoring cards are those of a published set; without it, the four cards the
    group lays out are left as FILL-IN. `pastiche check FILE` then lists every FILL-IN still to do.

    \b
    Example:
      pastiche new --game canvas --players Ana,Ben --scenario first-game -o game.yaml
      pastiche check game.yaml
      pastiche new --game canvas --players Ana,Ben --record -o game.yaml
    """
    names = parse_players(players_text, names_problem)
    chosen = None
    if scenario is not None:
        chosen = cards.scenarios().get(scenario.strip().lower())
        if chosen is None:
            from pastiche_cli.kernel.suggest import hint, suggest

            known = list(cards.scenarios())
            offer = hint(suggest(scenario.lower(), known), "", "sentence")
            raise click.BadParameter(
                f"no scenario '{scenario}'.{offer} The published sets in our rules text: {', '.join(known)}.",
                param_hint="'--scenario'",
            )
    text = render(new_game(names, chosen))
    if as_record:
        from pastiche_cli.formats.record import starting_record
        from pastiche_cli.games.canvas.game import GAME

        text = starting_record(text, GAME.name)
    if output is None:
        echo_file(text)
        return
    write_output(output, text, force)
    err(
        f"Wrote {output} ({len(names)} player{'' if len(names) == 1 else 's'}). Next: replace each {PLACEHOLDER}, "
        f"then run `pastiche check {output}`."
    )
