"""A Masterpiece game record as the replay sees it: the end flag at once after the trigger [masterpiece.end.flag]."""

from __future__ import annotations

from pastiche_cli.games.masterpiece.core import moves
from pastiche_cli.games.masterpiece.core.endgame import end_verdict, has_flag
from pastiche_cli.games.masterpiece.core.offered import offered
from pastiche_cli.games.masterpiece.core.position import Position, Turn
from pastiche_cli.games.masterpiece.core.rule_ids import END_FLAG, END_TURNS
from pastiche_cli.games.masterpiece.core.validate import consistency_problems
from pastiche_cli.kernel.replay import Rules, Step
from pastiche_cli.kernel.verdict import Verdict


def flag_due(position: Position) -> str | None:
    """[masterpiece.end.flag] Who lays the end flag now (the trigger, with a card, before any turn after), or None."""
    record = position.end
    if record is None or record.triggered_by is None or record.over or any(n for _, n in record.turns_taken):
        return None
    player = position.player(record.triggered_by)
    if player is None or not player.hand or has_flag(position, player):
        return None
    return player.name


class MasterpieceRules(Rules):
    """Masterpiece's record: the first player starts, the flag follows the trigger, the owed turns end it."""

    def start(self, setup: Position) -> Position:
        if setup.turn is not None or not setup.players:
            return setup
        return setup._replace(turn=Turn(setup.players[0].name))

    def judge_in_record(self, position: Position, move) -> Verdict:
        due = flag_due(position)
        if due is not None and not (isinstance(move, moves.Flag) and move.player == due):
            why = f"{due} has triggered the end and lays the end flag first, with one card from hand ({due} flag CARD)"
            return Verdict(False, END_FLAG, why, turn_checked=position.turn is not None)
        record = position.end
        taken = sum(n for _, n in record.turns_taken) if record is not None and record.triggered_by is not None else 0
        if isinstance(move, moves.Flag) and due is None and taken > 0:
            since = f"{taken} turn{'s have' if taken != 1 else ' has'} been taken since"
            why = f"the end flag is laid as soon as the end is triggered, and {since}"
            return Verdict(False, END_FLAG, why, turn_checked=position.turn is not None)
        return self.judge(position, move)

    def mover(self, position: Position) -> str | None:
        """The trigger lays the flag before anyone else moves; else the player whose turn it is."""
        return flag_due(position) or self.whose_turn(position)

    def candidates(self, position: Position, player: str):
        """core/offered.py's moves: the flag alone when it is due."""
        return offered(position, player, flag_only=flag_due(position) is not None)

    def end_triggered(self, position: Position) -> bool:
        return end_verdict(position).triggered

    def ends_game(self, before: Position, move, after: Position) -> bool:
        return end_verdict(after).over and not end_verdict(before).over

    def finish(self, before: Position, move, after: Position, verdict: Verdict):
        trigger = after.end.triggered_by  # type: ignore[union-attr]  # the game ended: a record says how
        return after, verdict._replace(
            rule=END_TURNS,
            reason=f"{verdict.reason}; it is the last turn owed after {trigger} triggered the end: the game is over",
            effects=verdict.effects + ("no turn follows; the scores are final",),
        )

    def over_verdict(self, position: Position) -> Verdict:
        trigger = position.end.triggered_by if position.end else None
        why = f"the game is over: every player has taken the turns owed after {trigger} triggered the end"
        return Verdict(False, END_TURNS, f"{why}, so no move may follow")

    def ends_turn(self, step: Step) -> bool:
        """A move that triggers the end keeps its turn open for the flag that follows; the flag closes it."""
        if step.ends_game:
            return True
        if flag_due(step.after) is not None:
            return False
        if isinstance(step.move, moves.Flag):
            return True
        return super().ends_turn(step)


RULES = MasterpieceRules(moves, consistency_problems)
