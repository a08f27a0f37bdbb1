"""Pastiche's record rules (SPEC 8): the hooks of the one replay (kernel/replay.py) it overrides."""

from __future__ import annotations

from pastiche_cli.games.pastiche.core import moves
from pastiche_cli.games.pastiche.core.endgame import end_verdict
from pastiche_cli.games.pastiche.core.offered import offered
from pastiche_cli.games.pastiche.core.position import Position, Turn
from pastiche_cli.games.pastiche.core.rule_ids import END_ROUND, PLACE
from pastiche_cli.games.pastiche.core.turns import MIXING
from pastiche_cli.games.pastiche.core.validate import consistency_problems
from pastiche_cli.kernel.moves import seated
from pastiche_cli.kernel.multiset import Multiset
from pastiche_cli.kernel.replay import Rules, Step
from pastiche_cli.kernel.verdict import Verdict


class PasticheRules(Rules):
    def start(self, setup: Position) -> Position:
        """The setup, with the start player's mixing phase when it does not say whose turn it is."""
        if setup.turn is not None or not setup.players:
            return setup
        return setup._replace(turn=Turn(setup.players[0].name, MIXING))

    def judge_in_record(self, position: Position, move) -> Verdict:
        verdict = moves.judge(position, move)
        if verdict.legal and isinstance(move, moves.Place):
            held = _unheld_hex(position, move)
            if held is not None:
                return Verdict(False, PLACE, held, detail=verdict.detail)
        return verdict

    def candidates(self, position: Position, player: str):
        """core/offered.py's moves, bounded and ranked: the best placements, completions, swaps, bank trades for
        the cards the commissions lack, the least costly discards, the end."""
        return offered(position, player)

    def end_triggered(self, position: Position) -> bool:
        return end_verdict(position).triggered

    def ends_game(self, before: Position, move, after: Position) -> bool:
        """[end.round] Is this the `end` of the last turn of the game (the last player's, the end triggered)?"""
        return (
            isinstance(move, moves.End)
            and bool(before.players)
            and before.players[-1].name.casefold() == move.player.casefold()
            and end_verdict(before).triggered
        )

    def finish(self, before: Position, move, after: Position, verdict: Verdict):
        # The game is over: no next turn begins, the last one stays the position's turn.
        return (
            after._replace(turn=before.turn),
            verdict._replace(
                rule=END_ROUND,
                reason=f"{move.player}'s turn ends, the last of the end round: the game is over",
                effects=("no turn follows; the scores are final",),
            ),
        )

    def consents(self, position: Position, move) -> tuple[str, ...]:
        """(trade.player) A trade with another player needs that player's yes."""
        return (move.other,) if isinstance(move, moves.PlayerTrade) else ()

    def question(self, move) -> str:
        return f"Do you accept this trade with {move.player}?"

    def judge_proposal(self, position: Position, over: bool, move) -> Verdict:
        """A player trade judged before the other answers as if they held what they are asked for: whether they
        do is their secret, told by their answer and judged once they accept."""
        other = position.player(move.other) if isinstance(move, moves.PlayerTrade) else None
        if other is not None:
            asked = Multiset({**other.palette, **{c: other.palette.get(c, 0) + n for c, n in move.receive.items()}})
            position = position.with_players(other._replace(palette=asked))
        return self.judge_next(position, over, move)

    def over_verdict(self, position: Position) -> Verdict:
        why = f"the end round finished with {position.players[-1].name}'s turn, so no move may follow"
        return Verdict(False, END_ROUND, f"the game is over: {why}")

    def ends_turn(self, step: Step) -> bool:
        return isinstance(step.move, moves.End)


RULES = PasticheRules(moves, consistency_problems)


def _unheld_hex(position: Position, move: moves.Place) -> str | None:
    """[place] In a record a player who holds hexes lays one of them."""
    from pastiche_cli.games.pastiche.core.board import same_hex
    from pastiche_cli.games.pastiche.core.notation import parse_hex

    me = seated(position, move.player)
    if not me.hexes or any(same_hex(parse_hex(t), move.hex) for t in me.hexes):
        return None  # (a record whose setup leaves a player's hexes out does not follow them)
    holds = ", ".join(me.hexes) or "no hex"
    return f"{me.name} does not hold {move.hex} in any rotation (holds {holds}); a player lays one of their own hexes"
