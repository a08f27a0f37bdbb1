"""Pastiche's own options, for its commands: --catalogue, CARDS, COMMISSION, --player, whose turn."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

import click

from pastiche_cli.cli.shell import find_player  # noqa: F401 - the commands find players through here
from pastiche_cli.cli.shell import player_option as cli_player_option
from pastiche_cli.games.pastiche.core.commissions import CommissionStatus, find_commission, suggest_commission
from pastiche_cli.games.pastiche.core.position import Position


def catalogue_option(f: Callable) -> Callable:
    from pastiche_cli.games.pastiche import commands

    return commands.TERMINAL.options(f)


def parse_cards(
    text: str, option: str, *, allow_empty: bool = False, commission_names: Iterable[str] = ()
) -> tuple[Counter, tuple[str, ...]]:
    """CARDS as a multiset, plus the names that are commission cards (never traded); else a usage error."""
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


def player_option(help_text: str, required: bool = False) -> Callable:
    """--player NAME; unless `required`, by default the player whose turn the file's `turn:` names (`whose`)."""
    from pastiche_cli.games.pastiche.commands._tab import complete_player

    said = help_text if required else f"{help_text} Default: the player to move (the file's `turn:`)."
    return cli_player_option(said, complete_player, "player_name", required)


def whose(position: Position, name: str | None):
    """(the player, whether the file's turn chose them): --player NAME, else the file's `turn:`, else exit 2."""
    if name is not None:
        return find_player(position, name), False
    player = position.player(position.turn.player) if position.turn is not None else None
    if player is None:
        raise click.UsageError("say who with --player NAME (the file does not say whose turn it is: no `turn:`)")
    return player, True


def cards_option(name: str, dest: str, help_text: str, multiple: bool = False) -> Callable:
    """A CARDS option (comma-separated card names), completed from the cards held."""
    from pastiche_cli.games.pastiche.commands._tab import complete_cards

    return click.option(name, dest, multiple=multiple, metavar="CARDS", shell_complete=complete_cards, help=help_text)


def commission_option(name: str, dest: str, metavar: str, help_text: str) -> Callable:
    """A required COMMISSION option (a title or id), completed from the position's commissions."""
    from pastiche_cli.games.pastiche.commands._tab import complete_commission

    return click.option(name, dest, required=True, metavar=metavar, shell_complete=complete_commission, help=help_text)
