"""Masterpiece's own options and loading: --theses, CARDS, OWNER:CARD, --player, the position checked."""

from __future__ import annotations

from typing import Callable

import click

from pastiche_cli.cli.shell import fail, report_problems
from pastiche_cli.games.masterpiece.core.position import Position
from pastiche_cli.kernel.problems import WARNING, Problem
from pastiche_cli.cli.shell import find_player  # noqa: F401 - the commands find players through here


def theses_option(f: Callable) -> Callable:
    return click.option(
        "--theses", "theses", metavar="FILE", type=click.Path(dir_okay=False, path_type=str),
        help="A thesis catalogue for ids the file does not define (default: your saved one, "
             "$PASTICHE_MASTERPIECE_THESES or $XDG_DATA_HOME/pastiche/masterpiece-theses.yaml).")(f)


def load(path: str, theses: str | None = None, *, as_json: bool = False) -> tuple[Position, list[Problem]]:
    """The position, checked; on any error, every problem (located) and exit 3 or 4."""
    from pastiche_cli.games.masterpiece.formats.loader import all_problems

    position, problems = all_problems(path, theses)
    errors = [p for p in problems if p.kind != WARNING]
    if errors or position is None:
        from pastiche_cli.games.masterpiece.formats.catalogue import SAVED

        fail(path, problems, as_json, SAVED)
    warnings = [p for p in problems if p.kind == WARNING]
    report_problems(path, warnings)
    return position, warnings


def find_thesis(position: Position, thesis_id: str, option: str = "--thesis"):
    thesis = position.thesis(thesis_id.strip())
    if thesis is None:
        from pastiche_cli.kernel.suggest import hint, suggest

        ids = [t.id for t in position.theses]
        offer = hint(suggest(thesis_id, ids), f" Theses: {', '.join(ids)}.", "sentence")
        raise click.BadParameter(f"no thesis '{thesis_id}' in the table.{offer}", param_hint=f"'{option}'")
    return thesis


def parse_card_option(text: str, option: str):
    from pastiche_cli.games.masterpiece.core.deck import CardError, parse_card

    try:
        return parse_card(text)
    except CardError as exc:
        raise click.BadParameter(str(exc), param_hint=f"'{option}'")


def parse_cards(text: str, option: str) -> tuple:
    """CARDS: comma-separated, `pink-3,blue-9` or `pink 3, blue 9`."""
    words = [w.strip() for w in text.split(",")]
    if not any(words):
        raise click.BadParameter("no cards given (CARDS is comma-separated, e.g. pink-3,blue-9)",
                                 param_hint=f"'{option}'")
    if any(not w for w in words):
        raise click.BadParameter(f"an empty card in '{text}' (CARDS is comma-separated, e.g. pink-3,blue-9)",
                                 param_hint=f"'{option}'")
    return tuple(parse_card_option(w, option) for w in words)


def parse_owner_card(position: Position, text: str, option: str):
    """OWNER:CARD (for --cite and --give): the player, then a card."""
    owner, sep, card = text.partition(":")
    if not sep or not owner.strip() or not card.strip():
        raise click.BadParameter(f"'{text}' should be OWNER:CARD, like Ben:blue-9", param_hint=f"'{option}'")
    player = find_player(position, owner, option)
    return player.name, parse_card_option(card, option)
