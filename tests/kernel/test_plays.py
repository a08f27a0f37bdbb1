"""What `stats` works out of kept plays (kernel/plays.py), on worked examples: a game where the highest
points win and one (Artline) where the fewest paintings in hand do."""

from __future__ import annotations

import pytest

from pastiche_cli.kernel.plays import Play, Seat, head_to_head, percent, percents, statistics


def game(kind: str, decided: str, *seats: tuple[str, int, int]) -> Play:
    top = min(place for _, _, place in seats)
    return Play(
        kind,
        "2025-01-01 20:00:00",
        "x",
        "position",
        decided,
        tuple(Seat(n, p, place, place == top) for n, p, place in seats),
        {},
        "",
    )


PLAYS = [
    game("pastiche", "total", ("Ana", 50, 1), ("Ben", 40, 2), ("Caro", 30, 3)),
    game("pastiche", "completed", ("ana", 42, 2), ("Ben", 42, 1)),
    game("pastiche", "total", ("Ana", 44, 1), ("Caro", 20, 2)),
    game("artline", "hand", ("Ana", 2, 2), ("Ben", 0, 1)),
    game("artline", "hand", ("Ana", 0, 1), ("Ben", 3, 2)),
]


def highest(name: str) -> bool:
    return name != "artline"


def row(stats, name, kind):
    return next(p for p in stats.players if p.name.casefold() == name.casefold() and p.game == kind)


def test_per_player_and_game_a_name_in_any_case_being_one_player():
    stats = statistics(PLAYS, highest)
    ana = row(stats, "Ana", "pastiche")
    assert (ana.name, ana.plays, ana.wins, ana.win_rate, ana.best, ana.worst) == ("Ana", 3, 2, 2 / 3, 50, 42)
    assert ana.average == pytest.approx((50 + 42 + 44) / 3)
    assert ana.margin == pytest.approx((0 + 0 + 0) / 3)  # 42 behind Ben's 42: level on points, second on the step
    assert ana.places == {1: 2, 2: 1}
    caro = row(stats, "Caro", "pastiche")
    assert caro.margin == pytest.approx(((50 - 30) + (44 - 20)) / 2)


def test_where_the_fewest_win_best_is_the_lowest_and_the_margin_counts_the_other_way():
    stats = statistics(PLAYS, highest)
    ben = row(stats, "Ben", "artline")
    assert (ben.best, ben.worst, ben.wins) == (0, 3, 1)
    assert ben.margin == pytest.approx((0 + 3) / 2)  # 3 paintings more than Ana's 0
    artline = next(g for g in stats.games if g.game == "artline")
    assert (artline.winning_low, artline.winning_high, artline.winning_average) == (0, 0, 0)


def test_per_game_the_winning_score_and_how_often_each_step_decided():
    pastiche = next(g for g in statistics(PLAYS, highest).games if g.game == "pastiche")
    assert (pastiche.plays, pastiche.winning_low, pastiche.winning_high) == (3, 42, 50)
    assert pastiche.winning_average == pytest.approx((50 + 42 + 44) / 3)
    assert pastiche.decided_by == {"total": 2, "completed": 1}


def test_head_to_head_counts_who_placed_ahead_in_the_plays_both_sat_in():
    duel = head_to_head(PLAYS, "pastiche", "ana", "ben")
    assert (duel.first, duel.second, duel.plays, duel.first_ahead, duel.second_ahead, duel.level) == (
        "Ana",
        "Ben",
        2,
        1,
        1,
        0,
    )
    assert [d.game for d in statistics(PLAYS, highest, ("Ana", "Ben")).head_to_head] == ["artline", "pastiche"]
    assert statistics(PLAYS, highest, ("Ana", "Nobody")).head_to_head == ()


def test_no_plays_no_rows():
    assert statistics([], highest) == ((), (), ())


@pytest.mark.parametrize(
    "counts, shares",
    [
        ([1, 1, 1], [34, 33, 33]),
        ([1, 3, 4], [13, 37, 50]),  # round-half-even said 12, 38, 50; here the larger remainder first
        ([5, 2, 1], [63, 25, 12]),
        ([1, 1, 1, 1, 1, 1, 1], [15, 15, 14, 14, 14, 14, 14]),
        ([3], [100]),
        ([0, 0], [0, 0]),
    ],
)
def test_shares_in_whole_percents_add_up_to_100(counts, shares):
    assert percents(counts) == shares
    assert sum(shares) in (0, 100)


def test_one_share_rounds_a_half_up():
    assert [percent(1, 8), percent(5, 8), percent(1, 3), percent(2, 3), percent(0, 0)] == [13, 63, 33, 67, 0]
