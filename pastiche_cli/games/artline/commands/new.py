"""`pastiche new --game artline --players Ana,Ben`: a commented starting position, dealt as the rules say."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import echo_file, err, output_file_options, parse_players, write_output
from pastiche_cli.formats.yamledit import plain_or_quoted
from pastiche_cli.games.artline.core.facts import facts
from pastiche_cli.games.artline.core.position import Position
from pastiche_cli.games.artline.core.rule_ids import ARTLINE_SETUP
from pastiche_cli.games.artline.core.setup import names_problem, new_game

COMMENT_COLUMN = 40


def render(game: Position) -> str:
    def line(code: str, comment: str = "") -> str:
        return f"{code.ljust(COMMENT_COLUMN - 1)} # {comment}" if comment else code

    f = facts()
    start = game.table[0]
    out = [
        f"# A new game of Artline for {len(game.players)} players, dealt as the rules text says [{ARTLINE_SETUP}]:",
        f"# {f.hand} paintings each, one face up at [{start.at[0]}, {start.at[1]}], the other {game.deck} in the deck.",
        "# After each turn: pastiche artline place THIS-FILE --player NAME --at X,Y --apply",
        "# (or pastiche artline discard THIS-FILE --player NAME --apply); then pastiche board THIS-FILE.",
        "game: artline",
        line("players:", "in turn order, clockwise; the first starts"),
        *[f"  - {{name: {plain_or_quoted(p.name)}, hand: {p.hand}}}" for p in game.players],
        "table:",
        line(f"  - {{at: [{start.at[0]}, {start.at[1]}], orientation: {start.orientation}}}", "the starting painting"),
        line("galleries: []", "{row: Y, feature: TEXT, opened_by: NAME}"),
        f"deck: {game.deck}",
        line("discard: 0", "paintings discarded so far"),
        f"turn: {{player: {plain_or_quoted(game.turn)}}}",
        line("# bounds: {columns: 8, rows: 5}", "the table's size in cells, if the group sets one"),
        "",
    ]
    return "\n".join(out)


@click.command("new")
@click.option(
    "--players",
    "players_text",
    required=True,
    metavar="NAMES",
    help="2 to 5 names, comma-separated, in turn order (clockwise).",
)
@click.option("--start", metavar="NAME", help="The start player (default: the first name); the others follow in order.")
@click.option(
    "--record",
    "as_record",
    is_flag=True,
    help="Start a game record (setup: and moves:) to play move by move, instead of a position.",
)
@output_file_options
def command(players_text: str, start: str | None, as_record: bool, output: str | None, force: bool) -> None:
    """Write the starting position of a new Artline game: five paintings each, the start, the deck.

    The rules text lets the player who last visited an art exhibition begin: name them with --start.
    With --record, a game record instead: the deal as its setup, then `pastiche play FILE "MOVE"`.

    \b
    Example:
      pastiche new --game artline --players Ana,Ben,Caro -o game.yaml
      pastiche check game.yaml
      pastiche new --game artline --players Ana,Ben --record -o game.yaml
    """
    names = parse_players(players_text, names_problem)
    if start is not None:
        folded = [n.casefold() for n in names]
        if start.strip().casefold() not in folded:
            from pastiche_cli.kernel.suggest import hint, suggest

            offer = hint(suggest(start, names), f" Players: {', '.join(names)}.", "sentence")
            raise click.BadParameter(f"'{start}' is not one of the players.{offer}", param_hint="'--start'")
        i = folded.index(start.strip().casefold())
        names = names[i:] + names[:i]
    text = render(new_game(names))
    if as_record:
        from pastiche_cli.formats.record import starting_record
        from pastiche_cli.games.artline.game import GAME

        text = starting_record(text, GAME.name)
    if output is None:
        echo_file(text)
        return
    write_output(output, text, force)
    err(f"Wrote {output} ({len(names)} players, {names[0]} starts). Next: pastiche check {output}")
