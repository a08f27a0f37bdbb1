"""Masterpiece's Tab completion: click `shell_complete` callbacks for its commands (built on cli/tab.py).

    --player NAME          the players of the FILE on the command line
    present --thesis ID    the thesis ids of the file's table (and the saved catalogue it draws on)
    present --cards CARDS  the cards in the --player's hand, as card ids (pink-3), after each comma too
    present --cite O:CARD  a player, then the cards under that player's accepted theses
    present --give O:CARD  a player, then the --player's hand cards
    review --from O:THESIS a player, then that player's published theses
    review --take CARD     the cards under the thesis --from names (every published card without it)

bash splits a word at ':' (COMP_WORDBREAKS), so the OWNER: forms complete in zsh and fish only
(cli/tab.owner_prefixed offers nothing in bash). A callback never raises.
"""

from __future__ import annotations

import click

from pastiche_cli.cli.tab import chosen_player, complete_file_player, items, owner_prefixed, position_path, replace

__all__ = [
    "complete_cite",
    "complete_file_player",
    "complete_from",
    "complete_gift",
    "complete_hand_cards",
    "complete_review_take",
    "complete_thesis",
]


def card_id(card) -> str:
    """A card as the command line writes it: one word, `pink-3`."""
    return f"{card.suit}-{card.value}"


def _position(ctx: click.Context):
    path = position_path(ctx)
    if path is None:
        return None
    try:
        from pastiche_cli.formats.yamlio import read_text
        from pastiche_cli.games.masterpiece.game import GAME

        theses = ctx.params.get("theses") if ctx is not None else None
        return GAME.load_text(path, read_text(path), {"theses": theses} if theses else {})[0]
    except Exception:  # completion must never fail loudly
        return None


def _player(ctx: click.Context, name: str | None = None):
    position = _position(ctx)
    return position, (position.player(name or chosen_player(ctx)) if position is not None else None)


def complete_thesis(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """The thesis ids of the position's table (present --thesis)."""
    position = _position(ctx)
    return items((t.id for t in position.theses), incomplete) if position is not None else []


def complete_hand_cards(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """The --player's hand cards as ids, comma-separated: completes the part after the last comma."""
    _, player = _player(ctx)
    if player is None:
        return []
    done, _, last = incomplete.rpartition(",")
    listed = [w.strip().lower() for w in done.split(",")] if done else []
    left = [card_id(c) for c in player.hand]
    for word in listed:
        if word in left:
            left.remove(word)
    prefix = done + "," if done else ""
    return [replace(item, prefix + item.value) for item in items(left, last)]


def complete_cite(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """OWNER:CARD, a card under OWNER's accepted thesis (present --cite)."""
    position = _position(ctx)

    def cards(owner: str):
        player = position.player(owner) if position is not None else None
        return [card_id(c) for a in player.accepted for c in a.cards] if player is not None else []

    return owner_prefixed(ctx, incomplete, cards)


def complete_gift(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """OWNER:CARD, a card of the --player's hand given to OWNER (present --give)."""
    _, player = _player(ctx)
    return owner_prefixed(ctx, incomplete, lambda owner: [card_id(c) for c in player.hand] if player else [])


def complete_from(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """OWNER:THESIS, a thesis OWNER has published, under review (review --from)."""
    position = _position(ctx)

    def theses(owner: str):
        player = position.player(owner) if position is not None else None
        return [p.thesis for p in player.published] if player is not None else []

    return owner_prefixed(ctx, incomplete, theses)


def complete_review_take(ctx: click.Context, param: click.Parameter, incomplete: str) -> list:
    """The cards under the thesis --from names (review --take); every published card without --from."""
    position = _position(ctx)
    if position is None:
        return []
    owner, _, thesis = str(ctx.params.get("from_text") or "").partition(":")
    cards = []
    for player in position.players:
        if owner and player.name.casefold() != owner.strip().casefold():
            continue
        for published in player.published:
            if not thesis or published.thesis == thesis.strip():
                cards += [card_id(c) for c in published.cards]
    return items(cards, incomplete)
