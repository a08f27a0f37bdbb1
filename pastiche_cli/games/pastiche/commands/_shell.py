"""Pastiche's own options and loading, for its commands: --catalogue, CARDS, COMMISSION, --player, the position checked.

What all games share (output switches, messages, tables) is cli/shell.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

import click

from pastiche_cli.cli import shell as _shell
from pastiche_cli.cli.shell import find_player  # noqa: F401 - the commands find players through here
from pastiche_cli.games.pastiche.core.commissions import CommissionStatus, find_commission, suggest_commission
from pastiche_cli.games.pastiche.core.position import Position
from pastiche_cli.kernel.problems import Problem


def catalogue_option(f: Callable) -> Callable:
    from pastiche_cli.games.pastiche import commands

    return commands.TERMINAL.options(f)


def parse_cards(
    text: str, option: str, *, allow_empty: bool = False, commission_names: Iterable[str] = ()
) -> tuple[Counter, tuple[str, ...]]:
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
        raise click.BadParameter(
            "no cards given (CARDS is a comma-separated list, e.g. teal,teal,teal)", param_hint=f"'{option}'"
        )
    return cards, tuple(offered)


def pick(candidates: list[CommissionStatus], text: str, option: str = "COMMISSION") -> CommissionStatus:
    """The commission named by title or id, or a usage error with a "did you mean"."""
    found = find_commission(candidates, text)
    if found is None:
        from pastiche_cli.kernel.suggest import hint

        names = ", ".join(f"'{s.commission.title}'" for s in candidates) or "none"
        offer = hint(suggest_commission(candidates, text), f" The commissions are: {names}.", "sentence")
        raise click.BadParameter(f"no commission '{text}' in the hand or the gallery.{offer}", param_hint=option)
    return found


def read(
    path: str,
    catalogue: str | None = None,
    *,
    as_json: bool = False,
    needs: Iterable[str] = (),
    fatal: Iterable[str] = (),
):
    """The file (a position, or a record replayed once), checked: the shared load (cli/game.py), kernel.game.Loaded."""
    from pastiche_cli.cli.game import load
    from pastiche_cli.games.pastiche.game import GAME

    return load(GAME, path, {"catalogue": catalogue}, as_json=as_json, needs=needs, fatal=fatal)


def load(path: str, catalogue: str | None = None, **checks) -> tuple[Position, list[Problem]]:
    """The position, checked as `read` checks it (`as_json`, `needs`, `fatal`); on any error, report
    every problem (located) and exit 3 or 4. Warnings are printed on stderr and returned. `needs` are
    keys the command cannot do without, such as "board.start" or "players.palette"; `fatal` are warning
    codes that this command cannot answer through (score and "missing-artist-bonus"): they count as
    format errors here.
    """
    loaded = read(path, catalogue, **checks)
    return loaded.position, loaded.warnings


def player_option(help_text: str) -> Callable:
    """--player NAME, optional: by default the player whose turn the file's `turn:` names (`whose`)."""
    from pastiche_cli.games.pastiche.commands._tab import complete_player

    return click.option(
        "--player",
        "player_name",
        metavar="NAME",
        shell_complete=complete_player,
        help=f"{help_text} Default: the player to move (the file's `turn:`).",
    )


def whose(position: Position, name: str | None):
    """(the player, the words that say where the name came from): --player NAME, else the file's turn.

    The words are "whose turn it is (the file's `turn:`)" when the turn decided, else None; a file
    that names no turn needs --player (a usage error, exit 2)."""
    if name is not None:
        return find_player(position, name), None
    player = position.player(position.turn.player) if position.turn is not None else None
    if player is None:
        raise click.UsageError("say who with --player NAME (the file does not say whose turn it is: no `turn:`)")
    return player, "whose turn it is (the file's `turn:`)"


def echo_lines(lines: Iterable[str], fmt: str = "auto") -> None:
    """Print lines of explanation (Markdown lists with --format markdown); in a rich terminal each card
    name is bold, with a swatch in its colour beside it (docs/terminal.md, Colour)."""
    fmt = _shell.resolve_format(fmt)
    if fmt != "rich":
        _shell.echo_lines(lines, fmt)
        return
    from pastiche_cli.games.pastiche.core.colours import card_kinds

    _shell.echo_lines(lines, fmt, {name: f"bold {kind.display}" for name, kind in card_kinds().items() if kind.display})
