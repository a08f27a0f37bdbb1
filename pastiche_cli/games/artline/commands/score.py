"""`pastiche score FILE` for an Artline file: the winner (the first empty hand), or who is closest."""

from __future__ import annotations

import click

from pastiche_cli.cli.shell import emit_json, output_options, position_argument, resolve_format, table
from pastiche_cli.games.artline.commands._shell import load
from pastiche_cli.games.artline.core.rule_ids import ARTLINE_WIN
from pastiche_cli.games.artline.core.standing import Result, standing


def score_json(result: Result) -> dict:
    """spec 4: players (name, hand, rank), winners, decided_by; and whether the game is over."""
    return {"players": [{"name": s.player.name, "hand": s.player.hand, "rank": s.rank} for s in result.players],
            "winners": list(result.winners), "decided_by": result.decided_by, "over": result.over,
            "closest": list(result.closest), "rule": result.rule}


def _paintings(n: int) -> str:
    return f"{n} painting{'' if n == 1 else 's'}"


def verdict_lines(result: Result) -> list[str]:
    """The answer in words, with the rule and the derivation."""
    if result.over:
        name = result.winners[0]
        return [f"Winner: {name}, the first player with no paintings in hand; the game is over [{ARTLINE_WIN}]"]
    fewest = result.players[0].player.hand
    names = list(result.closest)
    who = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    shared = ", sharing the lead" if result.decided_by == "shared" else ""
    return [f"No winner yet: every player still holds paintings, so the game goes on [{ARTLINE_WIN}].",
            f"Closest: {who}, with {_paintings(fewest)} in hand{shared} (fewer paintings in hand is closer)."]


@click.command("score")
@position_argument
@output_options
def command(position: str, as_json: bool, fmt: str) -> None:
    """The winner of an Artline game (the first to an empty hand), or who is closest, with every hand.

    \b
    Example:
      pastiche score examples/positions/artline/finished.yaml
      pastiche score game.yaml --json
    """
    pos, _ = load(position, as_json=as_json)
    result = standing(pos)
    if as_json:
        emit_json(score_json(result))
        return
    fmt = resolve_format(fmt)
    rows = []
    for s in result.players:
        shared = sum(1 for o in result.players if o.rank == s.rank) > 1
        rows.append([f"{s.rank}{'=' if shared else ''}", s.player.name, s.player.hand])
    title = f"Hands ({len(rows)} players, fewest first" + ("; = marks a shared place)" if any(
        r[0].endswith("=") for r in rows) else ")")
    table(["place", "player", "in hand"], rows, fmt, title=title, align=["left", "left", "right"], compact=True)
    click.echo("")
    for line in verdict_lines(result):
        click.echo(line)
