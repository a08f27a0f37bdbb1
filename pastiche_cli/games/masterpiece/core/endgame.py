"""Turns and the end: whose turn [masterpiece.turn], who reached the threshold, the end flag, the turns owed after."""

from typing import NamedTuple

from pastiche_cli.games.masterpiece.core.deck import facts
from pastiche_cli.games.masterpiece.core.position import EndRecord, Player, Position
from pastiche_cli.games.masterpiece.core.rule_ids import END, END_FLAG, END_TURNS, HOUSE_END_THRESHOLD_STRICT, TURN
from pastiche_cli.kernel.turns import next_playing, next_seat
from pastiche_cli.kernel.words import plural


def threshold() -> int:
    return facts()["end_threshold"]["points"]


def turns_after(is_trigger: bool) -> int:
    raw = facts()["turns_after_trigger"]
    return raw["trigger"] if is_trigger else raw["others"]


def thesis_points(position: Position, player: Player, with_flag: bool = True) -> int:
    """The points of the player's accepted theses (ids not in the table count nothing: the loader refuses them)."""
    total = 0
    for a in player.accepted:
        thesis = position.thesis(a.thesis)
        if thesis is not None and (with_flag or not thesis.is_flag):
            total += thesis.points
    return total


def reaches(position: Position, points: int) -> bool:
    """[masterpiece.end] 15 or more by default; more than 15 with end_threshold_strict."""
    return reaches_threshold(points, position.house.end_threshold_strict)


def reaches_threshold(points: int, strict: bool = False) -> bool:
    """[masterpiece.end] Accepted points (the flag not counted) that trigger the end."""
    return points > threshold() if strict else points >= threshold()


def has_flag(position: Position, player: Player) -> bool:
    """The player has the end flag on the table."""
    return any(position.is_flag(entry.thesis) for entry in player.accepted + player.published)


def already_triggered(position: Position) -> bool:
    """[masterpiece.end] The file names a trigger, or someone's points (no flag) reach the threshold."""
    if position.end is not None and position.end.triggered_by is not None:
        return True
    return any(reaches(position, thesis_points(position, p, with_flag=False)) for p in position.players)


def turns_spent(position: Position, name: str) -> str | None:
    """[masterpiece.end.turns] Why a player has no turn left (every turn owed after the trigger taken), or None."""
    record = position.end
    if record is not None and record.over:
        return "the game is over: the file says every turn owed after the end was triggered has been taken"
    if record is None or record.triggered_by is None:
        return None
    allowed = turns_after(name == record.triggered_by)
    if record.taken(name) < allowed:
        return None
    return f"{name} has taken the {plural(allowed, 'turn')} left after {record.triggered_by} triggered the end"


class EndVerdict(NamedTuple):
    triggered: bool
    triggered_by: str | None  # None when not triggered, or when several reached it and the file does not say
    recorded: bool  # the file's `end:` names the trigger (else it is inferred)
    threshold: int
    strict: bool
    points: tuple[tuple[str, int], ...]  # accepted points without the flag, by player in turn order
    reached: tuple[str, ...]
    turns_left: tuple[tuple[str, int], ...]  # per player, when the trigger is known
    flag: str  # "published", "due", "no-card", "not-laid" (over without it), "not-yet" (no trigger), "unknown"
    over: bool  # every turn after the trigger has been taken (counted, or as the file's `end: {over: true}` says)
    rule: str
    notes: tuple[str, ...] = ()

    @property
    def need(self) -> str:
        """The accepted points that trigger the end, in words: `15`, or `more than 15` by the house rule."""
        return f"more than {self.threshold}" if self.strict else f"{self.threshold}"


def end_verdict(position: Position) -> EndVerdict:
    """[masterpiece.end] Who triggered the end, the turns each player still has after it, and the end flag."""
    points = tuple((p.name, thesis_points(position, p, with_flag=False)) for p in position.players)
    reached = tuple(name for name, pts in points if reaches(position, pts))
    record = position.end
    recorded = record.triggered_by if record and record.triggered_by else None
    # The file says the game is over: no turn is left to count, and who was first matters no more.
    said_over = bool(record and record.over and (reached or recorded))
    trigger, notes = _trigger(recorded, reached, said_over)
    triggered = bool(reached) or recorded is not None
    left: tuple = ()  # the turns each player has left
    flag, over = "unknown" if triggered else "not-yet", False
    if trigger is not None:
        taken = record.taken if record is not None else lambda name: 0
        left = tuple((p.name, max(0, turns_after(p.name == trigger) - taken(p.name))) for p in position.players)
        flag, over = _flag(position, trigger), all(n == 0 for _, n in left)
        if position.flag() is None:
            notes.append(
                f"the thesis table has no end flag: add `{{id: end-flag, requirement: flag, points: 1}}` "
                f"to record it [{END_FLAG}]"
            )
    if record is not None and record.over is not None and triggered:
        over = record.over  # the file says (validate.py holds it to the turns it counts)
    if said_over:
        left = tuple((p.name, 0) for p in position.players)
        flag = "not-laid" if flag == "due" else flag
    strict, limit = position.house.end_threshold_strict, threshold()
    if strict:
        notes.append(f"house rule: the end needs more than {limit} points [{HOUSE_END_THRESHOLD_STRICT}]")
    return EndVerdict(
        triggered, trigger, recorded is not None, limit, strict, points, reached, left, flag, over, END, tuple(notes)
    )


def _trigger(recorded: str | None, reached: tuple[str, ...], said_over: bool) -> tuple[str | None, list[str]]:
    """Who triggered the end (as recorded, else the only player at the threshold), with how to record it."""
    if recorded is not None:
        return recorded, []
    if len(reached) == 1:
        note = (
            f"{reached[0]} is the only player at the threshold, so the trigger; add "
            f"`end: {{triggered_by: {reached[0]}}}` to count the turns taken since [{END_TURNS}]"
        )
        return reached[0], [] if said_over else [note]
    if len(reached) > 1 and not said_over:
        note = (
            f"{' and '.join(reached)} have reached the threshold; the file does not say who was first: "
            f"add `end: {{triggered_by: NAME}}` [{END}]"
        )
        return None, [note]
    return None, []


def _flag(position: Position, trigger: str) -> str:
    """[masterpiece.end.flag] The trigger's end flag: published, due (a card in hand to lay it with), or no card."""
    player = position.player(trigger)
    if player is not None and has_flag(position, player):
        return "published"
    return "due" if player is not None and player.hand else "no-card"


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
        taken = dict(record.turns_taken) | {mover: record.taken(mover) + 1}
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
