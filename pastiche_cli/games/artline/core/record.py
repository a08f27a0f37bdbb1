"""Replaying an Artline record: the deal, then every move in order (kernel/replay.py's one replay)."""

from __future__ import annotations

from pastiche_cli.games.artline.core import moves
from pastiche_cli.games.artline.core.offered import offered
from pastiche_cli.games.artline.core.placement import game_over
from pastiche_cli.games.artline.core.position import Position
from pastiche_cli.games.artline.core.rule_ids import ARTLINE_WIN
from pastiche_cli.games.artline.core.validate import rule_problems
from pastiche_cli.kernel.replay import Rules
from pastiche_cli.kernel.verdict import Verdict


class ArtlineRules(Rules):
    """Artline's record: the first player starts when the setup does not say, and the first empty hand ends it."""

    def start(self, setup: Position) -> Position:
        if setup.turn is not None or not setup.players:
            return setup
        return setup.with_(turn=setup.players[0].name)

    def candidates(self, position: Position, player: str):
        """core/offered.py's moves: the spots that open no gallery, a discard, the draw."""
        return offered(position, player)

    def end_triggered(self, position: Position) -> bool:
        """(artline.win) The end comes at once: the game is over as soon as one hand is empty."""
        return game_over(position) is not None

    def ends_game(self, before: Position, move, after: Position) -> bool:
        return game_over(before) is None and game_over(after) is not None

    def consents(self, position: Position, move) -> tuple[str, ...]:
        """(artline.unclear) A feature announced is put to the other players: can they identify it?"""
        if isinstance(move, moves.Place) and (move.row or move.column):
            return tuple(p.name for p in position.players if p.name != move.player)
        return ()

    def question(self, move) -> str:
        """(artline.unclear) Accept: I can identify it; decline: I cannot."""
        features = " and ".join(f'"{f}"' for f in (move.row, move.column) if f)
        return f"Can you identify {features} in this painting? Accept if you can, decline if you cannot."

    def answered(self, move, answers: dict[str, bool]):
        """The vote recorded on the move: `unclear N`, N the players who could not identify the features."""
        return move._replace(unclear=sum(not said for said in answers.values()))

    def over_verdict(self, position: Position) -> Verdict:
        why = f"the game is over: {game_over(position)} has no paintings in hand and has won, so no move may follow"
        return Verdict(False, ARTLINE_WIN, why)


RULES = ArtlineRules(moves, rule_problems)
