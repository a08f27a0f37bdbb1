"""`pastiche stats`: what the kept plays say, per player and game, per game, and head to head
(kernel/plays.py works it out; docs/history.md)."""

from __future__ import annotations

import click

from pastiche_cli.cli.keeping import game_option
from pastiche_cli.cli.shell import output_options


@click.command("stats")
@game_option
@click.option(
    "--player",
    "players",
    metavar="NAME",
    multiple=True,
    help="Only this player's rows; twice (--player Ana --player Ben): the two head to head too.",
)
@output_options
def command(game: str | None, players: tuple[str, ...], as_json: bool, fmt: str) -> None:
    """What your kept plays say: per player and game (plays, wins, win rate, average, best and worst
    points, how far behind the winner on average, places), per game (the winning score's average and
    range, how often each tiebreak step decided first place), and two players head to head.

    Points are each game's own (Artline's are the paintings left in hand: fewer is better), so every
    row is one game's.

    \b
    Example:
      pastiche stats
      pastiche stats --game pastiche --player Ana --player Ben
      pastiche stats --json
    """
    from pastiche_cli.cli.answer import show
    from pastiche_cli.cli.keeping import highest_wins, open_history, step_words
    from pastiche_cli.cli.shell import abort, resolve_format
    from pastiche_cli.kernel.plays import statistics
    from pastiche_cli.kernel.problems import EXIT_USAGE
    from pastiche_cli.render.plays import stats_told

    if len(players) > 2:
        abort("--player is given once (that player's rows) or twice (the two head to head)", EXIT_USAGE)
    with open_history() as history:
        plays = history.plays(game)
    pair = (players[0], players[1]) if len(players) == 2 else None
    if players:
        wanted = {p.casefold() for p in players}
        plays = [p for p in plays if any(s.name.casefold() in wanted for s in p.seats)]
    found = statistics(plays, highest_wins, pair)
    rows = [p for p in found.players if not players or p.name.casefold() in {n.casefold() for n in players}]
    fewest = [g.game for g in found.games if not highest_wins(g.game)]  # Artline: paintings left in hand
    show(
        stats_told(len(plays), rows, found, pair, resolve_format(fmt), step_words, fewest, bool(players)), as_json, fmt
    )
