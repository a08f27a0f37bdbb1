"""Has the end been triggered, and how many turns remain? (SPEC 4.5; rulebook "End of the Game")."""

from typing import NamedTuple

from pastiche_cli.games.pastiche.core import colours
from pastiche_cli.games.pastiche.core.position import Position
from pastiche_cli.games.pastiche.core.rule_ids import END_ROUND, END_TRIGGER


class EndVerdict(NamedTuple):
    triggered: bool
    threshold: int
    threshold_source: str  # "printed" (by player count) or "house rule"
    points: tuple[tuple[str, int], ...]  # each player's completed commission points, turn order
    triggered_by: tuple[str, ...]  # turn order
    current: str | None  # whose turn the file says it is
    turns_left: int | None  # turns after the current one before the game ends
    last_player: str  # the player whose turn ends the game
    rule: str


def printed_threshold(players: int) -> int:
    """The completed commission points that trigger the end, as printed for this many players."""
    table = colours.end_thresholds()
    return table[min(max(players, min(table)), max(table))]


def threshold_for(position: Position) -> tuple[int, str]:
    if position.house_rules.end_threshold is not None:
        return position.house_rules.end_threshold, "house rule"
    return printed_threshold(len(position.players)), "printed"


def reached_too_early(position: Position) -> tuple[str, ...]:
    """[end.round] Later players in turn order already at the threshold: the game would have ended a round ago."""
    if position.turn is None:
        return ()
    current = position.player(position.turn.player)
    if current is None:
        return ()
    threshold, _ = threshold_for(position)
    return tuple(p.name for p in position.players[current.index + 1 :] if p.completed_points >= threshold)


def end_verdict(position: Position) -> EndVerdict:
    threshold, source = threshold_for(position)
    points = tuple((p.name, p.completed_points) for p in position.players)
    by = tuple(name for name, pts in points if pts >= threshold)
    current = None
    turns_left = None
    if position.turn is not None:
        player = position.player(position.turn.player)
        if player is not None:
            current = player.name
            if by:
                turns_left = len(position.players) - 1 - player.index
    last = position.players[-1].name if position.players else ""
    return EndVerdict(
        bool(by), threshold, source, points, by, current, turns_left, last, END_ROUND if by else END_TRIGGER
    )
