"""[cleanup.hand-limit] The limit is enforced at the end of the player's own turn, in the clean-up phase."""

import pytest

from pastiche_cli.games.pastiche.core.position import Turn
from pastiche_cli.games.pastiche.core.turns import hand_limit_timing


@pytest.mark.parametrize(
    "turn, over, must, note",
    [
        (Turn("Ana", "cleanup"), 2, True, None),
        (Turn("ana", None), 1, True, None),  # no phase given: it may be the clean-up
        (Turn("Ana", "cleanup"), 0, False, None),  # within the limit: nothing to discard
        (Turn("Ana", "painting"), 2, False, "in the painting phase"),
        (
            Turn("Ben", "cleanup"),
            2,
            False,
            "it is Ben's turn; Ana's limit is enforced only at the end of Ana's own turn",
        ),
        (None, 2, False, "the file has no 'turn:'"),
    ],
)
def test_hand_limit_timing_table(turn, over, must, note):
    enforced, why_not = hand_limit_timing(turn, "Ana")
    assert (over > 0 and enforced) is must
    assert (why_not is None) if note is None else (note in why_not)
