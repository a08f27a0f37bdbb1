"""Replaying a game record: the table as set up, then every move judged and applied in order (SPEC 8).

Pure, as python-chess's pgn replays through Board.push: each move is read in the notation
(moves.parse_move), judged and applied by core/moves.py with the rule ids it cites, and the first
move the rules refuse stops the replay with its number and verdict. Where each move is written in
the file is the formats layer's business (formats/record.py): here a move is its number and text.

Three rules belong to the record as a whole rather than to one move: a setup without `turn:`
starts with the start player's mixing phase (the first player in turn order starts); the `end`
of the last turn of the end round [end.round] passes the turn to nobody (the position after it
keeps that last turn, in its clean-up phase, so `end` says no turns are left and `check` accepts
it); and after it no move may follow.
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from pastiche_cli.games.pastiche.core import moves
from pastiche_cli.games.pastiche.core.endgame import end_verdict
from pastiche_cli.games.pastiche.core.position import Position, Turn
from pastiche_cli.games.pastiche.core.rule_ids import END_ROUND, PLACE
from pastiche_cli.games.pastiche.core.turns import MIXING
from pastiche_cli.kernel.verdict import Verdict

SYNTAX, ILLEGAL, UNUSABLE = "syntax", "illegal", "unusable"


class Step(NamedTuple):
    """One move of the record, legal, with the positions on either side of it."""
    n: int                       # moves are numbered from 1 in file order
    move: moves.Move
    verdict: Verdict
    before: Position
    after: Position
    triggers_end: bool           # [end.trigger] this move made the end triggered
    ends_game: bool              # [end.round] this move was the last of the game


class Stop(NamedTuple):
    """The move that stopped the replay: not in the notation, refused by the rules, or unusable here."""
    n: int
    text: str
    kind: str                    # SYNTAX, ILLEGAL or UNUSABLE
    reason: str
    rule: str | None = None      # the deciding rule id, for ILLEGAL
    column: int = 0              # 0-based place in the move's text where it goes wrong, for SYNTAX
    verdict: Verdict | None = None

    def message(self) -> str:
        """`move N: reason [rule]`, the located message's text after `FILE:LINE:COL: `."""
        return f"move {self.n}: {self.reason}" + (f" [{self.rule}]" if self.rule else "")


class Replay(NamedTuple):
    setup: Position              # as the record starts (with the default turn when the file gives none)
    steps: tuple[Step, ...]
    stop: Stop | None = None

    @property
    def final(self) -> Position:
        """The position after the last legal move (the setup when there is none)."""
        return self.steps[-1].after if self.steps else self.setup

    @property
    def over(self) -> bool:
        """The end round is over: the game is finished and the scores are final."""
        return bool(self.steps) and self.steps[-1].ends_game

    def position_after(self, n: int) -> Position:
        """The position after move n (0: the setup)."""
        return self.steps[n - 1].after if n else self.setup


def starting(setup: Position) -> Position:
    """The setup, with the start player's mixing phase when it does not say whose turn it is."""
    if setup.turn is not None or not setup.players:
        return setup
    return setup._replace(turn=Turn(setup.players[0].name, MIXING))


def ends_the_game(before: Position, move: moves.Move) -> bool:
    """[end.round] Is this the `end` of the last turn of the game?

    The end round finishes with the turn of the player just before the start player, that is the
    last in turn order; the end must have been triggered by then.
    """
    return (isinstance(move, moves.End) and bool(before.players)
            and before.players[-1].name.casefold() == move.player.casefold()
            and end_verdict(before).triggered)


def replay(setup: Position, texts: Sequence[str]) -> Replay:
    """Every move of `texts` (the notation of SPEC 8) judged and applied in order, up to the first that fails."""
    position = starting(setup)
    first = position
    steps: list[Step] = []
    over = False
    for n, text in enumerate(texts, 1):
        try:
            move = moves.parse_move(text, position)
        except moves.MoveSyntaxError as exc:
            return Replay(first, tuple(steps), Stop(n, text, SYNTAX, str(exc), column=exc.column))
        try:
            verdict = judge_next(position, over, move)
            if not verdict.legal:
                return Replay(first, tuple(steps), Stop(n, text, ILLEGAL, verdict.reason, verdict.rule,
                                                        verdict=verdict))
            after = moves.apply(position, move)
        except moves.MoveError as exc:   # e.g. a place in a record whose setup has no board.start
            return Replay(first, tuple(steps), Stop(n, text, UNUSABLE, str(exc)))
        over = ends_the_game(position, move)
        if over:   # the game is over: no next turn begins, the last one stays the position's turn
            after = after._replace(turn=position.turn)
            verdict = verdict._replace(rule=END_ROUND, reason=f"{move.player}'s turn ends, the last of the end "
                                                              "round: the game is over",
                                       effects=("no turn follows; the scores are final",))
        triggers = not end_verdict(position).triggered and end_verdict(after).triggered
        steps.append(Step(n, move, verdict, position, after, triggers, over))
        position = after
    return Replay(first, tuple(steps))


def judge_next(position: Position, over: bool, move: moves.Move) -> Verdict:
    """The verdict on a move made at the end of a record: [end.round] none once the game is over, else the core's."""
    if over:
        return Verdict(False, END_ROUND, f"the game is over: the end round finished with "
                                         f"{position.players[-1].name}'s turn, so no move may follow")
    verdict = moves.judge(position, move)
    if verdict.legal and isinstance(move, moves.Place):
        held = _unheld_hex(position, move)
        if held is not None:
            return Verdict(False, PLACE, held, detail=verdict.detail)
    return verdict


def _unheld_hex(position: Position, move: moves.Place) -> str | None:
    """[place] In a record a player who holds hexes lays one of them.

    (A position file may leave hexes out, and `place` then only notes it; a record's setup lists them
    and its draws keep them, so a hex not held is a move that cannot have happened.)"""
    from pastiche_cli.games.pastiche.core.board import same_hex
    from pastiche_cli.games.pastiche.core.notation import parse_hex

    me = moves._player(position, move.player)
    if not me.hexes or any(same_hex(parse_hex(t), move.hex) for t in me.hexes):
        return None        # (a record whose setup leaves a player's hexes out does not follow them)
    holds = ", ".join(me.hexes) or "no hex"
    return f"{me.name} does not hold {move.hex} in any rotation (holds {holds}); a player lays one of their own hexes"


def card_total(position: Position) -> int:
    """Every palette card counted where it is: in hands and in the bank (the 131 of the box, SPEC 1.1)."""
    return sum(position.in_hands().values()) + sum(position.bank().values())
