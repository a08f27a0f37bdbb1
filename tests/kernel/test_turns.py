"""Turn order round the table, for every game (kernel/turns.py)."""

import pytest

from pastiche_cli.kernel.turns import next_playing, next_seat, seat
from pastiche_cli.kernel.words import plural

NAMES = ["Ana", "Ben", "Caro"]


@pytest.mark.parametrize(("name", "after"), [("Ana", "Ben"), ("Ben", "Caro"), ("Caro", "Ana"), ("caro", "Ana")])
def test_the_turn_goes_round_the_table(name, after):
    assert next_seat(NAMES, name) == after


def test_a_name_as_written_comes_before_one_in_another_case():
    assert seat(["ana", "Ana", "Ben"], "Ana") == 1
    assert seat(["ana", "Ana", "Ben"], "ANA") == 0


def test_a_player_no_longer_playing_is_passed_over_and_the_mover_comes_last():
    assert next_playing(NAMES, "Ana", lambda n: n != "Ben") == "Caro"
    assert next_playing(NAMES, "Ana", lambda n: n == "Ana") == "Ana"
    assert next_playing(NAMES, "Ana", lambda n: False) is None


def test_an_unknown_player_has_no_seat():
    with pytest.raises(ValueError):
        seat(NAMES, "Dee")


@pytest.mark.parametrize(("n", "words"), [(0, "0 cards"), (1, "1 card"), (2, "2 cards")])
def test_plural(n, words):
    assert plural(n, "card") == words
    assert plural(n, "copy", "copies") == words.replace("cards", "copies").replace("card", "copy")
