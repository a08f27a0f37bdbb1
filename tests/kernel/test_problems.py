"""A problem located where a value of the file says (kernel/problems.py)."""

from typing import NamedTuple

from pastiche_cli.kernel.problems import RULES, WARNING, Problem, exit_code, problem_at


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
