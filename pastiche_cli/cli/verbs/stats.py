"""`pastiche stats`: what the kept plays say, per player and game, per game, and head to head
(kernel/plays.py works it out; docs/history.md)."""

from __future__ import annotations

import click

from pastiche_cli.cli.keeping import game_option
from pastiche_cli.cli.shell import output_options

BAR = 10  # the cells of a full bar


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
    from pastiche_cli.cli.keeping import highest_wins, history_failed, open_history
    from pastiche_cli.cli.shell import abort, echo, emit_json
    from pastiche_cli.formats.history import HistoryError
    from pastiche_cli.kernel.plays import statistics
    from pastiche_cli.kernel.problems import EXIT_USAGE

    if len(players) > 2:
        abort("--player is given once (that player's rows) or twice (the two head to head)", EXIT_USAGE)
    with open_history() as history:
        try:
            plays = history.plays(game)
        except HistoryError as exc:
            history_failed(exc)
    pair = (players[0], players[1]) if len(players) == 2 else None
    if players:
        wanted = {p.casefold() for p in players}
        plays = [p for p in plays if any(s.name.casefold() in wanted for s in p.seats)]
    found = statistics(plays, highest_wins, pair)
    rows = [p for p in found.players if not players or p.name.casefold() in {n.casefold() for n in players}]
    if as_json:
        emit_json(
            {
                "plays": len(plays),
                "players": [_player_json(p) for p in rows],
                "games": [_game_json(g) for g in found.games],
                "head_to_head": [h._asdict() for h in found.head_to_head],
            }
        )
        return
    if not plays:
        echo("No plays kept yet" + (" with them" if players else "") + ": `pastiche keep FILE` keeps a finished game.")
        return
    _draw(rows, found, fmt, pair, highest_wins)


def _player_json(p) -> dict:
    out = p._asdict()
    out["win_rate"] = round(p.win_rate, 4)
    out["average"] = round(p.average, 2)
    out["margin"] = round(p.margin, 2)
    out["places"] = {str(k): v for k, v in p.places.items()}
    return out


def _game_json(g) -> dict:
    out = g._asdict()
    out["winning_average"] = round(g.winning_average, 2)
    return out


def bar(percent: int, fmt: str) -> str:
    """A share in whole percents drawn as a bar beside its percentage in a terminal (rich), the
    percentage alone elsewhere."""
    said = f"{percent}%"
    if fmt != "rich":
        return said
    full = (percent * BAR + 50) // 100
    return "█" * full + "░" * (BAR - full) + f" {said}"


def _number(x: float) -> str:
    return f"{x:.1f}".removesuffix(".0")


def _draw(rows, found, fmt: str, pair, highest_wins) -> None:
    from pastiche_cli.cli.shell import echo, resolve_format

    fmt = resolve_format(fmt)
    _players(rows, fmt)
    echo("")
    _games(found, fmt, highest_wins)
    if pair is not None:
        echo("")
        _together(found, fmt, pair)


def _players(rows, fmt: str) -> None:
    from pastiche_cli.cli.shell import table
    from pastiche_cli.kernel.plays import percent
    from pastiche_cli.kernel.ranking import ordinal

    table(
        ["player", "game", "plays", "wins", "win rate", "average", "best", "worst", "behind the winner", "places"],
        [
            [
                p.name,
                p.game,
                p.plays,
                p.wins,
                bar(percent(p.wins, p.plays), fmt),
                _number(p.average),
                p.best,
                p.worst,
                _number(p.margin),
                ", ".join(f"{ordinal(k)} ×{n}" for k, n in p.places.items()),
            ]
            for p in rows
        ],
        fmt,
        title="Players (points are each game's own; behind the winner: points on average)",
        align=["left", "left", "right", "right", "left", "right", "right", "right", "right", "left"],
        wrap_columns=(9,),
    )


def _games(found, fmt: str, highest_wins) -> None:
    from pastiche_cli.cli.keeping import step_words
    from pastiche_cli.cli.shell import table
    from pastiche_cli.kernel.plays import percents

    fewest = [g.game for g in found.games if not highest_wins(g.game)]  # Artline: paintings left in hand
    table(
        ["game", "plays", "winning score", "range", "decided by"],
        [
            [
                g.game,
                g.plays,
                _number(g.winning_average) + (" (fewest win)" if g.game in fewest else ""),
                f"{g.winning_low}-{g.winning_high}",
                ", ".join(
                    f"{step_words(g.game, step)} {bar(share, fmt)}"
                    for step, share in zip(g.decided_by, percents(list(g.decided_by.values())))
                ),
            ]
            for g in found.games
        ],
        fmt,
        title="Games (the winning score: its average and range; how often each step decided first place)"
        + (f"; {' and '.join(fewest)}: the paintings left in hand, the fewest win" if fewest else ""),
        align=["left", "right", "right", "right", "left"],
        wrap_columns=(4,),
    )


def _together(found, fmt: str, pair) -> None:
    from pastiche_cli.cli.shell import echo, table
    from pastiche_cli.kernel.plays import percents

    if not found.head_to_head:
        echo(f"{pair[0]} and {pair[1]} have not sat at the same table in the plays kept.")
        return
    first, second = found.head_to_head[0].first, found.head_to_head[0].second
    table(
        ["game", "plays together", f"{first} ahead", f"{second} ahead", "level", "averages"],
        [
            [
                h.game,
                h.plays,
                bar(shares[0], fmt) + f" ({h.first_ahead})",
                bar(shares[1], fmt) + f" ({h.second_ahead})",
                h.level,
                f"{_number(h.first_average)} : {_number(h.second_average)}",
            ]
            for h in found.head_to_head
            for shares in [percents([h.first_ahead, h.second_ahead, h.level])]
        ],
        fmt,
        title=f"{first} against {second} (ahead: placed higher)",
        align=["left", "right", "left", "left", "right", "right"],
    )
