"""kernel/problems.py: a problem located where a value of the file says, and the exit code of several
files' checks, the worst of theirs (README's table)."""

from typing import NamedTuple

import pytest

from pastiche_cli.kernel.problems import (
    EXIT_BAD_CATALOGUE,
    EXIT_BAD_FILE,
    EXIT_BREAKS_RULES,
    EXIT_OK,
    EXIT_USAGE,
    RULES,
    WARNING,
    Problem,
    exit_code,
    problem_at,
    worst,
)


class Loc(NamedTuple):
    line: int
    column: int


def test_a_problem_is_a_rules_error_where_its_loc_says():
    problem = problem_at(Loc(3, 7), "card-twice", "pink 3 is in two places")
    assert problem == Problem(RULES, "card-twice", "pink 3 is in two places", 3, 7)
    assert problem.located("game.yaml") == "game.yaml:3:7: error: pink 3 is in two places"
    assert exit_code([problem]) == 4


def test_a_warning_says_so_and_breaks_no_rule():
    problem = problem_at(Loc(1, 2), "features-alike", "two features differ only slightly", WARNING)
    assert problem.severity == "warning" and exit_code([problem]) == 0


@pytest.mark.parametrize(
    "codes, expected",
    [
        ([], EXIT_OK),
        ([EXIT_OK, EXIT_OK], EXIT_OK),
        ([EXIT_OK, EXIT_BREAKS_RULES], EXIT_BREAKS_RULES),
        ([EXIT_BREAKS_RULES, EXIT_BAD_CATALOGUE], EXIT_BAD_CATALOGUE),  # 5 outranks 4
        ([EXIT_BAD_CATALOGUE, EXIT_BAD_FILE, EXIT_BREAKS_RULES], EXIT_BAD_FILE),  # 3 outranks the larger 4 and 5
        ([EXIT_OK, EXIT_USAGE], EXIT_USAGE),  # a code outside the ranking: the largest
    ],
)
def test_worst_ranks_an_unreadable_file_first_then_a_catalogue_then_the_rules(codes, expected):
    assert worst(codes) == expected
