"""Masterpiece's own options for its commands: --theses, CARDS, OWNER:CARD, --player, a thesis."""

from __future__ import annotations

from collections.abc import Callable

import click

from pastiche_cli.cli.shell import find_player, found_or_refused  # noqa: F401 - the commands find players here
from pastiche_cli.cli.shell import player_option as cli_player_option
from pastiche_cli.cli.tab import complete_file_player
from pastiche_cli.games.masterpiece.core.position import Position


def theses_option(f: Callable) -> Callable:
    from pastiche_cli.games.masterpiece import commands

    return commands.TERMINAL.options(f)


def find_thesis(position: Position, thesis_id: str, option: str = "--thesis"):
    ids = [t.id for t in position.theses]
    return found_or_refused(position.thesis(thesis_id.strip()), thesis_id, ids, ("thesis", "table", "Theses"), option)


def parse_card_option(text: str, option: str):
    from pastiche_cli.games.masterpiece.core.deck import CardError, parse_card

    try:
        return parse_card(text)
    except CardError as exc:
        raise click.BadParameter(str(exc), param_hint=f"'{option}'") from exc


def parse_cards(text: str, option: str) -> tuple:
    """CARDS: comma-separated, `pink-3,blue-9` or `pink 3, blue 9`."""
    words = [w.strip() for w in text.split(",")]
    if not any(words):
        raise click.BadParameter(
            "no cards given (CARDS is comma-separated, e.g. pink-3,blue-9)", param_hint=f"'{option}'"
        )
    if any(not w for w in words):
        raise click.BadParameter(
            f"an empty card in '{text}' (CARDS is comma-separated, e.g. pink-3,blue-9)", param_hint=f"'{option}'"
        )
    return tuple(parse_card_option(w, option) for w in words)


def parse_owner_card(position: Position, text: str, option: str):
    """OWNER:CARD (for --cite and --give): the player, then a card."""
    owner, sep, card = text.partition(":")
    if not sep or not owner.strip() or not card.strip():
        raise click.BadParameter(f"'{text}' should be OWNER:CARD, like Ben:blue-9", param_hint=f"'{option}'")
    player = find_player(position, owner, option)
    return player.name, parse_card_option(card, option)


def option(flag: str, dest: str | None, metavar: str, complete: Callable, help_text: str, **more) -> Callable:
    """An option of a Masterpiece command, with its metavar and Tab completion."""
    return click.option(
        *(flag, dest) if dest else (flag,), metavar=metavar, shell_complete=complete, help=help_text, **more
    )


def player_option(help_text: str) -> Callable:
    return cli_player_option(help_text, complete_file_player, required=True)


def held(game, loaded, move, verdict, apply: bool):
    """The --apply move as the record judges it (None without --apply), and whether the move is legal then."""
    if not (apply and verdict.legal):
        return None, verdict.legal
    judged = game.rules.judge_next(loaded.position, loaded.is_record and loaded.over, move)
    return judged, judged.legal
