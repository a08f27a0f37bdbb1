"""Replaying a Canvas game record: kernel/replay.py's replay, a take naming the card refilling slot 5 [canvas.take]."""

from __future__ import annotations

from pastiche_cli.games.canvas.core import moves
from pastiche_cli.games.canvas.core.cards import PAINTINGS_PER_PLAYER
from pastiche_cli.games.canvas.core.offered import offered
from pastiche_cli.games.canvas.core.position import Position
from pastiche_cli.games.canvas.core.rule_ids import END, TAKE
from pastiche_cli.games.canvas.core.turns import end_state, first_turn
from pastiche_cli.games.canvas.core.validate import consistency_problems
from pastiche_cli.kernel.replay import Rules, Step
from pastiche_cli.kernel.verdict import Verdict


class CanvasRules(Rules):
    """Canvas's record: one action a turn, finished players passed over, the end when all have painted three."""

    def start(self, setup: Position) -> Position:
        if setup.turn is not None or not setup.players:
            return setup
        return setup._replace(turn=first_turn(setup))

    def judge_in_record(self, position: Position, move) -> Verdict:
        if end_state(position).over:
            return self.over_verdict(position)
        verdict = self.judge(position, move)
        if verdict.legal and isinstance(move, moves.Take) and move.refill is None:
            left = len(moves.deck(position))
            if left:
                why = f"the deck still holds {left} art card{'' if left == 1 else 's'}, so the card drawn to refill "
                why += f"slot 5 is part of the take: name it ('{moves.Take(move.player, move.slot, 'WORD')}' in a "
                why += "record, --draw WORD with take --apply)"
                return Verdict(False, TAKE, why, turn_checked=verdict.turn_checked, detail=verdict.detail)
        return verdict

    def candidates(self, position: Position, player: str):
        """core/offered.py's moves: the best paintings, and the slots once the deck is empty."""
        return offered(position, player)

    def end_triggered(self, position: Position) -> bool:
        return end_state(position).over

    def ends_game(self, before: Position, move, after: Position) -> bool:
        return not end_state(before).over and end_state(after).over

    def finish(self, before: Position, move, after: Position, verdict: Verdict):
        why = f"{move.player} completes a third painting: every player has now completed {PAINTINGS_PER_PLAYER}, "
        effects = verdict.effects + ("no turn follows; the scores are final",)
        return after, verdict._replace(rule=END, reason=why + "so the game is over", effects=effects)

    def over_verdict(self, position: Position) -> Verdict:
        return Verdict(
            False,
            END,
            f"the game is over: every player has completed {PAINTINGS_PER_PLAYER} paintings, so no move may follow",
        )

    def ends_turn(self, step: Step) -> bool:
        """Every move is a whole turn [canvas.turn], even when the same player moves again (the others finished)."""
        return True


RULES = CanvasRules(moves, consistency_problems)
