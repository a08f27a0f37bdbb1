"""Who has won (the first to an empty hand) or, while the game goes on, who is closest."""

from __future__ import annotations

from typing import NamedTuple

from pastiche_cli.games.artline.core.placement import game_over
from pastiche_cli.games.artline.core.position import Player, Position
from pastiche_cli.games.artline.core.rule_ids import ARTLINE_WIN
from pastiche_cli.kernel.ranking import rank

STEPS = ("hand",)  # the one ranking step: fewer paintings in hand is better


class Standing(NamedTuple):
    player: Player
    rank: int


class Result(NamedTuple):
    over: bool  # someone has emptied their hand
    players: tuple[Standing, ...]  # best first; ties in turn order
    winners: tuple[str, ...]  # the player with an empty hand (none while the game goes on)
    closest: tuple[str, ...]  # the players with the fewest paintings in hand
    decided_by: str  # "hand", or "shared" when first place is shared
    rule: str = ARTLINE_WIN
    provisional: bool = False  # the game is not over: no winner yet, the standing may change (`score --json` says)


def standing(position: Position) -> Result:
    """Who has won, or who is closest (a record's end position says it all)."""
    ranking = rank(position.players, [(-p.hand,) for p in position.players], STEPS)
    placed = tuple(Standing(item.item, item.rank) for item in ranking.placed)
    closest = tuple(p.name for p in ranking.winners)
    winner = game_over(position)
    over = winner is not None
    winners = (winner,) if winner is not None else ()
    return Result(over, placed, winners, closest, ranking.decided_by, provisional=not over)
