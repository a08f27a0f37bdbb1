"""Whose turn it is [masterpiece.turn], the turns owed after the trigger [masterpiece.end.turns], and the next turn."""

from pastiche_cli.games.masterpiece.core.endgame import turns_after, turns_spent
from pastiche_cli.games.masterpiece.core.position import EndRecord, Position
from pastiche_cli.games.masterpiece.core.rule_ids import END_TURNS, TURN
from pastiche_cli.kernel.turns import next_playing, next_seat


def turn_refusal(position: Position, player: str, own_turn: str) -> tuple[str, str] | None:
    """(rule, reason) when `player` may not move now (`own_turn`: which move is one's own turn), else None."""
    turn = position.turn
    if turn is not None and turn.player != player:
        return TURN, f"it is {turn.player}'s turn, not {player}'s: {own_turn}"
    done = turns_spent(position, player)
    return (END_TURNS, done) if done else None


def after_turn(position: Position, mover: str, trigger: str | bool, takes_turn: bool) -> Position:
    """Record a trigger, count a turn taken after the trigger, and pass the turn on."""
    record = position.end
    if takes_turn and record is not None and record.triggered_by is not None:
        taken = dict(record.turns_taken)
        taken[mover] = taken.get(mover, 0) + 1
        record = record._replace(
            turns_taken=tuple((p.name, taken[p.name]) for p in position.players if p.name in taken)
        )
    if trigger and (record is None or record.triggered_by is None):
        record = record._replace(triggered_by=trigger) if record else EndRecord(trigger)  # type: ignore[arg-type]
    if record is not None and record.over is False and record.triggered_by is not None:
        if all(record.taken(p.name) >= turns_after(p.name == record.triggered_by) for p in position.players):
            record = record._replace(over=True)  # the file said "not over": this turn was the last owed
    turn = position.turn
    if takes_turn and turn is not None and turn.player == mover:
        turn = turn._replace(player=next_to_move(position, mover, record))
    return position._replace(end=record, turn=turn)


def next_to_move(position: Position, mover: str, record: EndRecord | None) -> str:
    """Who moves after `mover`: the next in turn order, once the end is triggered the next with a turn owed."""
    names = [p.name for p in position.players]
    if record is not None and record.triggered_by is not None:
        trigger, taken = record.triggered_by, record.taken
        owed = next_playing(names, mover, lambda n: taken(n) < turns_after(n == trigger))
        if owed is not None:
            return owed
    return next_seat(names, mover)
