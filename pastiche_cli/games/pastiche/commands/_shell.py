"""Pastiche's own options and loading, for its commands: --catalogue, CARDS, --player, the position checked.

What all games share (output switches, messages, tables) is cli/shell.py.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Iterable

import click

from pastiche_cli.cli.shell import fail, report_problems
from pastiche_cli.cli import shell as _shell
from pastiche_cli.games.pastiche.core.position import Position
from pastiche_cli.kernel.problems import FORMAT, WARNING, Problem
from pastiche_cli.cli.shell import find_player  # noqa: F401 - the commands find players through here


def catalogue_option(f: Callable) -> Callable:
    return click.option(
        "--catalogue", "catalogue", metavar="FILE", type=click.Path(dir_okay=False, path_type=str),
        help="Commission cards by id (default: the file's own catalogue, then your saved one).")(f)


def parse_cards(text: str, option: str, *, allow_empty: bool = False,
                commission_names: Iterable[str] = ()) -> tuple[Counter, tuple[str, ...]]:
    """CARDS (comma-separated names) as a multiset, plus any names that are commission cards.

    Unknown names are a usage error with a "did you mean"; commission names are returned apart so
    the verdict can say commissions are never traded.
    """
    from pastiche_cli.games.pastiche.core import colours

    cards, unknown = colours.parse_cards(text)
    folded = {" ".join(n.casefold().split()): n for n in commission_names}
    offered: list[str] = []
    for name in unknown:
        key = " ".join(name.casefold().split())
        if key not in folded:
            raise click.BadParameter(colours.unknown_card_message(name), param_hint=f"'{option}'")
        offered.append(folded[key])
    if not cards and not offered and not allow_empty:
        raise click.BadParameter("no cards given (CARDS is a comma-separated list, e.g. teal,teal,teal)",
                                 param_hint=f"'{option}'")
    return cards, tuple(offered)


def load(path: str, catalogue: str | None = None, *, as_json: bool = False,
         needs: Iterable[str] = (), fatal: Iterable[str] = ()) -> tuple[Position, list[Problem]]:
    """The position, checked; on any error, report every problem (located) and exit 3 or 4.

    Warnings are printed on stderr and returned. `needs` are keys the command cannot do without,
    such as "board.start" or "players.palette"; `fatal` are warning codes that this command cannot
    answer through (score and "missing-artist-bonus"): they count as format errors here.
    """
    from pastiche_cli.games.pastiche.formats.loader import all_problems

    position, problems = all_problems(path, catalogue)
    fatal = set(fatal)
    problems = [p._replace(kind=FORMAT) if p.kind == WARNING and p.code in fatal else p for p in problems]
    if position is not None:
        problems = problems + missing_keys(position, needs)
    errors = [p for p in problems if p.kind != WARNING]
    stopped = [p for p in errors if p.code == "illegal-move"]
    if stopped and len(errors) == 1:   # a record whose replay stops: SPEC 8's one located line, exit 4
        from pastiche_cli.games.pastiche.formats.record import located
        from pastiche_cli.kernel.problems import EXIT_BREAKS_RULES

        if as_json:
            _shell.emit_json({"problems": [stopped[0].as_json()]})
        _shell.err(located(path, stopped[0]))
        raise SystemExit(EXIT_BREAKS_RULES)
    if errors or position is None:
        from pastiche_cli.games.pastiche.formats.catalogue import SAVED

        fail(path, problems, as_json, SAVED)
    warnings = [p for p in problems if p.kind == WARNING]
    report_problems(path, warnings)
    return position, warnings


def missing_keys(position: Position, needs: Iterable[str]) -> list[Problem]:
    """Problems for keys a command needs that the file lacks, each naming the key."""
    out = []
    for need in needs:
        if need.startswith("players."):
            key = need.split(".", 1)[1]
            for p in position.players:
                if key not in p.keys:
                    out.append(Problem(FORMAT, "missing-key",
                                       f"{p.name} has no '{key}' (this command needs players[].{key}; "
                                       f"write `{key}: []` if there are none)", p.loc.line, p.loc.column))
        elif need not in position.keys:
            out.append(Problem(FORMAT, "missing-key", f"this command needs '{need}', which the file lacks"))
    return out


def record_over_of(path: str, catalogue: str | None, as_json: bool) -> bool:
    """Whether a game record's end round is over (its scores final, no move may follow), by replaying it."""
    from pastiche_cli.games.pastiche.commands.replay import read

    return read(path, catalogue, as_json).replay.over


def echo_lines(lines: Iterable[str], fmt: str) -> None:
    """Print lines of explanation; in a rich terminal, card names are drawn in their colours."""
    from pastiche_cli.games.pastiche.core.colours import card_kinds

    _shell.echo_lines(lines, fmt, {name: f"bold {kind.display}" for name, kind in card_kinds().items() if kind.display})
