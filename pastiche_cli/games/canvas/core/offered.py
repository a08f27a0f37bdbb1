"""The moves a page offers a Canvas player now (kernel/replay.py's `Rules.candidates`), the rules judge each.

Listed: the paintings of three hand cards in core/best.py's order (most points added first), at most
PAINTINGS; a take from each market slot only once the deck is empty. While the deck holds cards a take
names the card drawn to refill slot 5, which only the table sees: the player types it.
"""

from __future__ import annotations

from pastiche_cli.games.canvas.core import moves
from pastiche_cli.games.canvas.core.best import options
from pastiche_cli.games.canvas.core.cards import CARDS_PER_PAINTING
from pastiche_cli.games.canvas.core.position import Position
from pastiche_cli.kernel.words import plural

PAINTINGS = 10  # the paintings offered at most, most points added first


def offered(position: Position, name: str) -> list[tuple[moves.Move, str]]:
    """(move, note) for each move the page may offer `name` now, best first."""
    player = position.player(name)
    if player is None:
        return []
    found: list[tuple[moves.Move, str]] = []
    if len(player.hand) >= CARDS_PER_PAINTING:
        for option in options(position, player)[:PAINTINGS]:
            note = f"paints {', '.join(option.words)} (bottom to top): {plural(option.gain, 'point')} more"
            found.append((moves.Paint(name, option.words), note))
    if position.market is not None and not moves.deck(position):
        for slot, held in enumerate(position.market, 1):
            found.append((moves.Take(name, slot), f"takes {held.card} from slot {slot}"))
    return found
