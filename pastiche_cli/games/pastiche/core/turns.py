"""Whose turn, which phase: the one rule every move is checked against (SPEC 4, 8; rulebook "Turn Order")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pastiche_cli.games.pastiche.core.position import Position, Turn
from pastiche_cli.games.pastiche.core.rule_ids import PLACE, TRADE
from pastiche_cli.kernel.turns import next_seat
from pastiche_cli.kernel.verdict import Verdict

MIXING, PAINTING, CLEANUP, END = "mixing", "painting", "cleanup", "end"
PHASES = (MIXING, PAINTING, CLEANUP)
PHASE_WORDS = {MIXING: "mixing", PAINTING: "painting", CLEANUP: "clean-up"}
NO_TURN = "the file has no 'turn:', so whose turn and which phase it is could not be checked"


class TurnCheck(NamedTuple):
    """Whether the file's `turn:` allows an action now; `checked` is False when the file has no turn."""

    allowed: bool
    checked: bool
    rule: str
    reason: str
    note: str | None = None

    def refused(self, detail=None) -> Verdict:
        """The verdict on a move this check does not allow."""
        return Verdict(False, self.rule, self.reason, turn_checked=self.checked, detail=detail)

    def notes(self, *more: str | None) -> tuple[str, ...]:
        """A verdict's notes: this check's note, if any, and the `more` given."""
        return tuple(n for n in (self.note, *more) if n)


def check_turn(turn: Turn | None, players: Sequence[str], phase: str, rule: str, action: str) -> TurnCheck:
    """May `action`, a move of `phase`, happen now, on one of `players`' turns? `rule` is cited if not."""
    if turn is None:
        return TurnCheck(True, False, rule, "", NO_TURN)
    current = turn.player
    if current.casefold() not in [p.casefold() for p in players]:
        return TurnCheck(False, True, rule, _not_their_turn(current, players, phase, action))
    now = turn.phase
    if now is None:
        assumed = PHASE_WORDS[PAINTING if phase == END else phase]
        why = f"the file gives {current}'s turn but not its phase; the {assumed} phase is assumed"
        return TurnCheck(True, True, rule, "", why)
    if phase == MIXING and now != MIXING:
        why = f"{players[0]} is in the {now} phase; a hex is laid in the mixing phase, once a turn"
        return TurnCheck(False, True, rule, why)
    if phase == PAINTING and now != PAINTING:
        why = f"{action} only in the painting phase, and {current}'s turn is in the {now} phase"
        return TurnCheck(False, True, TRADE if rule.startswith(TRADE) else rule, why)
    if phase in (CLEANUP, END) and now == MIXING:  # SPEC 8: a turn begins with exactly one place
        why = f"{action} only once the turn's hex is laid, and {current}'s turn is still in the mixing phase"
        return TurnCheck(False, True, PLACE, why)
    return TurnCheck(True, True, rule, "")


def _not_their_turn(current: str, players: Sequence[str], phase: str, action: str) -> str:
    if phase == MIXING:
        return f"it is {current}'s turn, not {players[0]}'s; a hex is laid on one's own turn"
    if len(players) > 1:
        return f"the player to move ({current}) must be one of the two traders"
    if phase == PAINTING:
        return f"{action} only in their own turn's painting phase, and it is {current}'s turn"
    if phase == CLEANUP:
        return f"{action} only at the end of their own turn, and it is {current}'s turn"
    return f"{action} only on their own turn, and it is {current}'s turn"


def turn_after(turn: Turn | None, phase: str, position: Position, player: str) -> Turn | None:
    """The turn once a move of `phase` by `player` is made (an unknown phase stays unknown)."""
    if phase == END:
        return Turn(next_player(position, player), MIXING, False)
    if turn is None or turn.phase is None:
        return turn
    if phase == MIXING:  # the hex is laid: painting begins, and no swap has been made in it yet
        return turn._replace(phase=PAINTING, swapped=False)
    if phase == CLEANUP:
        return turn._replace(phase=CLEANUP)
    return turn


def next_player(position: Position, player: str) -> str:
    """The name of the player after `player` in turn order."""
    return next_seat([p.name for p in position.players], player)


def hand_limit_timing(turn: Turn | None, name: str) -> tuple[bool, str | None]:
    """[cleanup.hand-limit] Is the hand limit enforced on `name` now? With a note when it is not."""
    if turn is None:
        return False, "the file has no 'turn:'; the limit applies at the end of the player's own turn"
    if turn.player.casefold() != name.casefold():
        return False, (
            f"it is {turn.player}'s turn; {name}'s limit is enforced only at the end of "
            f"{name}'s own turn, so nothing must be discarded now"
        )
    if turn.phase not in (None, CLEANUP):
        return False, (
            f"{name}'s turn is in the {turn.phase} phase; the limit is checked at the end of the "
            "turn, in the clean-up phase, and trades or completions may still bring the hand down"
        )
    return True, None
