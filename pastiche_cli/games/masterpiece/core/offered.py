"""The moves a page offers a Masterpiece player now (kernel/replay.py's `Rules.candidates`), the rules judge each.

Listed: the end flag with each card in hand (all the player may do when the flag is due); each presentable
thesis in the way `options` shows (owing fewest, the gifts the lowest hand cards left), most points first,
at most PRESENTS; each card a review may take; the top of the discard pile. Research from the deck is
never listed: the cards drawn are known only to the player, who types them.
"""

from __future__ import annotations

from pastiche_cli.games.masterpiece.core import moves
from pastiche_cli.games.masterpiece.core.deck import Card, sorted_cards
from pastiche_cli.games.masterpiece.core.options import Option, options
from pastiche_cli.games.masterpiece.core.position import Player, Position
from pastiche_cli.kernel.words import listed, plural

PRESENTS = 8  # the theses offered at most, most points first


def offered(position: Position, name: str, flag_only: bool = False) -> list[tuple[moves.Move, str]]:
    """(move, note) for each move the page may offer `name` now, best first; `flag_only`: the flag is due."""
    player = position.player(name)
    if player is None:
        return []
    found: list[tuple[moves.Move, str]] = [
        (moves.Flag(name, card), f"lays the end flag with {_w(card)}") for card in sorted_cards(player.hand)
    ]
    if flag_only:
        return found
    ranked = sorted((o for o in options(position, player) if o.presentable), key=lambda o: -o.thesis.points)
    found += [_present(player, option) for option in ranked[:PRESENTS]]
    for owner in position.players:
        for published in owner.published:
            for card in published.cards:
                left = len(published.cards) - 1
                then = "accepted" if left == 1 else f"{plural(left, 'card')} left"
                note = f"takes {_w(card)} from under {owner.name}'s {published.thesis} ({then})"
                found.append((moves.Review(name, owner.name, published.thesis, card), note))
    if position.discard:
        top = position.discard[-1]
        found.append((moves.TakeDiscard(name, top), f"takes {_w(top)} from the discard pile"))
    return found


def _present(player: Player, option: Option) -> tuple[moves.Move, str]:
    """The present of `option`'s way shown, each card cited from another player paid with a hand card left."""
    assert option.best is not None  # a presentable option has its way
    cards = option.best.cards
    hand = [card for card, source in cards if source.owner is None]
    cites = [(source.owner, card) for card, source in cards if source.owner is not None]
    owed = [owner for owner, _ in cites if owner != player.name]
    spare = [card for card in sorted_cards(player.hand) if card not in hand]
    gifts = list(zip(owed, spare))
    thesis = option.thesis
    note = f"presents {thesis.id} for {plural(thesis.points, 'point')} with {listed(_w(c) for c, _ in cards)}"
    if gifts:
        note += f", giving {listed(f'{_w(card)} to {to}' for to, card in gifts)}"
    return moves.Present(player.name, thesis.id, hand, cites, gifts), note


def _w(card: Card) -> str:
    return moves.card_word(card)
