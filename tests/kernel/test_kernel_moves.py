"""What every game's `judge` and `apply` share (kernel/moves.py): the player a move names, and a refused move."""

from typing import NamedTuple

import pytest

from pastiche_cli.kernel.moves import IllegalMove, MoveError, allowed, seated
from pastiche_cli.kernel.verdict import Verdict


class Table(NamedTuple):
    names: tuple[str, ...]

    def player(self, name):
        return name if name in self.names else None


def test_a_move_names_a_player_at_the_table():
    assert seated(Table(("Ana", "Ben")), "Ben") == "Ben"
    with pytest.raises(MoveError, match="no player 'Dee' in the position"):
        seated(Table(("Ana", "Ben")), "Dee")


def test_a_refused_move_is_not_applied_and_carries_its_verdict():
    no = Verdict(False, "game.turn", "it is Ben's turn")
    with pytest.raises(IllegalMove) as caught:
        allowed(lambda position, move: no, Table(()), "Ana end")
    assert caught.value.verdict is no and str(caught.value) == "Ana end: it is Ben's turn [game.turn]"
    yes = Verdict(True, "game.turn", "Ana ends the turn")
    assert allowed(lambda position, move: yes, Table(()), "Ana end") is yes
