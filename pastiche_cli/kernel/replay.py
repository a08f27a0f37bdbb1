"""Replaying a game record, for every game: the setup, then every move judged and applied in order.

The first move that fails stops the replay with its number and verdict; a game overrides `Rules`' hooks."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any, NamedTuple

from pastiche_cli.kernel.moves import MoveError, MoveSyntaxError
from pastiche_cli.kernel.problems import NOWHERE, Places
from pastiche_cli.kernel.verdict import Verdict

SYNTAX, ILLEGAL, UNUSABLE = "syntax", "illegal", "unusable"


class Step(NamedTuple):
    """One move of the record, legal, with the positions on either side of it."""

    n: int  # moves are numbered from 1 in file order
    move: Any
    verdict: Verdict
    before: Any
    after: Any
    triggers_end: bool  # this move made the game's end triggered
    ends_game: bool  # this move was the last of the game


class Stop(NamedTuple):
    """The move that stopped the replay: not in the notation, refused by the rules, or unusable here."""

    n: int
    text: str
    kind: str  # SYNTAX, ILLEGAL or UNUSABLE
    reason: str
    rule: str | None = None  # the deciding rule id, for ILLEGAL
    column: int = 0  # 0-based place in the move's text where it goes wrong, for SYNTAX
    verdict: Verdict | None = None

    def message(self) -> str:
        """`move N: reason [rule]`, the located message's text after `FILE:LINE:COL: `."""
        return f"move {self.n}: {self.reason}" + (f" [{self.rule}]" if self.rule else "")


class Replay(NamedTuple):
    setup: Any  # as the record starts (Rules.start applied)
    steps: tuple[Step, ...]
    stop: Stop | None = None

    @property
    def final(self):
        """The position after the last legal move (the setup when there is none)."""
        return self.steps[-1].after if self.steps else self.setup

    @property
    def over(self) -> bool:
        """The game is finished: its scores are final and no move may follow."""
        return bool(self.steps) and self.steps[-1].ends_game

    def position_after(self, n: int):
        """The position after move n (0: the setup)."""
        return self.steps[n - 1].after if n else self.setup


class Option(NamedTuple):
    """A move a player may play now, as a page offers it: its canonical text (what the record would get)
    and a short note in words ("takes orange, olive and green")."""

    move: str
    note: str


class Rules:
    """A game's moves as a record sees them; a game overrides the hooks its record needs (Pastiche: the end round)."""

    def __init__(self, moves: ModuleType, consistency: Callable[[Any, Places], list] | None = None):
        self.moves = moves
        self._consistency = consistency  # the rule checks of a position (core/validate.py's)

    def parse_move(self, text: str, position):
        return self.moves.parse_move(text, position)

    def judge(self, position, move) -> Verdict:
        return self.moves.judge(position, move)

    def apply(self, position, move):
        return self.moves.apply(position, move)

    # --- hooks -----------------------------------------------------------------------------------

    def start(self, setup):
        """The position the first move is made on (a setup that names no turn: the first player's)."""
        return setup

    def judge_in_record(self, position, move) -> Verdict:
        """The verdict on a move made at a record's end (a record may know more than a position file)."""
        return self.judge(position, move)

    def end_triggered(self, position) -> bool:
        """Has the game's end been triggered in this position (play may go on to the end of a round)?"""
        return False

    def ends_game(self, before, move, after) -> bool:
        """Is this move the last of the game?"""
        return False

    def finish(self, before, move, after, verdict: Verdict):
        """The position and verdict of the move that ends the game (by default, as they are)."""
        return after, verdict

    def over_verdict(self, position) -> Verdict:
        """The refusal of any move once the game is over."""
        return Verdict(False, getattr(self.moves, "OVER_RULE", "end"), "the game is over, so no move may follow")

    def consistency(self, position, places: Places = NOWHERE) -> list:
        """The rule checks of a position (`check`'s problems), for a record's setup, located through `places`."""
        return self._consistency(position, places) if self._consistency else []

    def whose_turn(self, position) -> str | None:
        """The player whose turn it is, where the position says (for grouping moves into turns)."""
        turn = getattr(position, "turn", None)
        return getattr(turn, "player", turn)

    def consents(self, position, move) -> tuple[str, ...]:
        """The other players a move needs an answer from before it is made (a trade with one of them; a
        vote of the table); by default none."""
        return ()

    def question(self, move) -> str:
        """What the players a move needs are asked, in words (by default whether they accept it)."""
        return "Do you accept this move?"

    def judge_proposal(self, position, over: bool, move) -> Verdict:
        """A move put to other players, judged as its proposer knows the table (by default as any move): what
        only those asked know is for their answer, and the judge after it, to settle."""
        return self.judge_next(position, over, move)

    def answered(self, move, answers: dict[str, bool]):
        """The move the answers make (`answers`: player -> yes), or None when they decline it: by default
        made when everyone asked said yes."""
        return move if all(answers.values()) else None

    def mover(self, position) -> str | None:
        """The player who moves next, the one options are for: by default whose turn it is."""
        return self.whose_turn(position)

    def candidates(self, position, player: str) -> Iterable[tuple[Any, str]]:
        """The moves (value, note) the game can list for `player` now, best first, bounded; `options` judges
        them. By default none: a game whose moves are all drawn or named by the players lists nothing."""
        return ()

    def options(self, position, player: str | None, over: bool = False) -> tuple[Option, ...]:
        """The moves `player` may play now where the game can list them, each judged legal by `judge_next`
        first: none once the game is over, and none for a player who does not move next. A move whose
        content the table cannot know (a card drawn from a hidden deck) is never listed: it is typed."""
        if over or player is None or self.mover(position) != player:
            return ()
        found: dict[str, Option] = {}
        for move, note in self.candidates(position, player):
            try:
                legal = self.judge_next(position, over, move).legal
            except MoveError:
                continue
            text = str(move)
            if legal and text not in found:
                found[text] = Option(text, note)
        return tuple(found.values())

    def judge_next(self, position, over: bool, move) -> Verdict:
        """The verdict on a move at a record's end: none once the game is over, else the record's judge."""
        return self.over_verdict(position) if over else self.judge_in_record(position, move)

    def replay(self, setup, texts: Sequence[str]) -> Replay:
        """Every move of `texts` (the game's notation) judged and applied in order, up to the first that fails."""
        position = self.start(setup)
        first = position
        steps: list[Step] = []
        over = False
        for n, text in enumerate(texts, 1):
            try:
                move = self.parse_move(text, position)
            except MoveSyntaxError as exc:
                return Replay(first, tuple(steps), Stop(n, text, SYNTAX, str(exc), column=exc.column))
            try:
                verdict = self.judge_next(position, over, move)
                if not verdict.legal:
                    return Replay(
                        first, tuple(steps), Stop(n, text, ILLEGAL, verdict.reason, verdict.rule, verdict=verdict)
                    )
                after, verdict, over = self.advance(position, move, verdict)
            except MoveError as exc:  # e.g. a place in a record whose setup has no board
                return Replay(first, tuple(steps), Stop(n, text, UNUSABLE, str(exc)))
            triggers = not self.end_triggered(position) and self.end_triggered(after)
            steps.append(Step(n, move, verdict, position, after, triggers, over))
            position = after
        return Replay(first, tuple(steps))

    def advance(self, position, move, verdict: Verdict):
        """(the position after a legal move, its verdict, whether it ended the game), as a record makes it."""
        after = self.apply(position, move)
        if self.ends_game(position, move, after):
            after, verdict = self.finish(position, move, after, verdict)
            return after, verdict, True
        return after, verdict, False

    def ends_turn(self, step: Step) -> bool:
        """Does this step close a turn (the next move is another player's, or the game is over)?"""
        return step.ends_game or self.whose_turn(step.after) != self.whose_turn(step.before)
