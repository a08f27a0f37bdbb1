"""The moves a page offers a Pastiche player now (kernel/replay.py's `Rules.candidates`), the rules judge each.

Bounded and ranked, never every move there is:
* the mixing phase: the best PLACEMENTS placements of the hexes in hand, as `pastiche moves` ranks them
  (core/placements.py), each with its best take;
* the painting phase: a completion of each commission in hand and in the gallery, a swap of each hand
  commission for each gallery one, and at most TRADES bank trades, each buying a card the commissions in hand
  still lack (three of a colour held, the pair for bisque or gray, another primary and the cheapest card
  the commissions do not need as the penalty);
* the clean-up: the DISCARDS least costly discards down to the hand limit (core/discard.py), and the end.
A drawn hex or commission comes from a face-down pile the table cannot see, and a trade with another player
is theirs to agree: the player types those.
"""

from __future__ import annotations

from collections import Counter

from pastiche_cli.games.pastiche.core import colours, moves
from pastiche_cli.games.pastiche.core.board import board_of
from pastiche_cli.games.pastiche.core.commission_needs import commission_needs
from pastiche_cli.games.pastiche.core.discard import advise
from pastiche_cli.games.pastiche.core.placements import list_placements, shortfall
from pastiche_cli.games.pastiche.core.position import Commission, Player, Position
from pastiche_cli.games.pastiche.core.trading import three_targets
from pastiche_cli.games.pastiche.core.turns import MIXING
from pastiche_cli.kernel.words import plural

PLACEMENTS = 12  # the placements offered at most, best first
TRADES = 6  # the bank trades offered at most
DISCARDS = 3  # the discards offered at most, least costly first

Offer = tuple[moves.Move, str]


def offered(position: Position, name: str) -> list[Offer]:
    """(move, note) for each move the page may offer `name` now, best first."""
    me = position.player(name)
    if me is None or position.start is None or position.turn is None:
        return []
    if position.turn.phase == MIXING:
        return placements(position, me)
    ending: Offer = (moves.End(name), "ends the turn")
    return [*commission_moves(position, me), *bank_trades(position, me), *discards(position, me), ending]


def _and(items) -> str:
    items = list(items)
    return " and ".join([", ".join(items[:-1]), items[-1]] if len(items) > 1 else items) or "nothing"


def placements(position: Position, me: Player) -> list[Offer]:
    strict = position.house_rules.strict_adjacency
    ranked = list_placements(board_of(position), me.hexes, player=me, bank=position.bank(), strict=strict)
    out: list[Offer] = []
    for found in ranked[:PLACEMENTS]:
        best, laid = found.best, found.placement
        take = None if best.take == "mix" else best.take.partition(":")[2]
        note = f"takes {_and(best.cards)}" + (f" ({plural(best.points, 'point')})" if best.cards else "")
        out.append((moves.Place(me.name, laid.tile, laid.cell, take), note))
    return out


def _key(commission: Commission) -> str:
    return commission.id or commission.title


def commission_moves(position: Position, me: Player) -> list[Offer]:
    out: list[Offer] = []
    for commission in (*me.commissions, *position.gallery):
        note = f"completes {commission.title} ({plural(commission.points, 'point')})"
        out.append((moves.Complete(me.name, _key(commission)), note))
    for mine in me.commissions:
        for theirs in position.gallery:
            out.append((moves.Swap(me.name, _key(mine), _key(theirs)), f"swaps {mine.title} for {theirs.title}"))
    return out


def bank_trades(position: Position, me: Player) -> list[Offer]:
    """Bank trades for the cards the commissions in hand lack, at most TRADES."""
    held, needs = Counter(me.palette), commission_needs(me.commissions)
    out: list[Offer] = []
    for card in colours.as_list(+shortfall(me)):
        for give in _prices(card, held, needs):
            out.append((moves.BankTrade(me.name, give, card), f"trades {_and(colours.as_list(give))} for {card}"))
    return out[:TRADES]


def _prices(card: str, held: Counter, needs: Counter) -> list[Counter]:
    """What the bank could take for `card`, from what is held (the trade's shape by its rule)."""
    pairs = {"bisque": ("yellow", "brown"), "gray": ("black", "white")}
    if card in pairs:
        return [Counter(pairs[card])]
    if colours.group(card) == "primary":
        out = []
        for paid in (c for c in colours.as_list(held) if colours.group(c) == "primary" and c != card):
            rest = held - Counter({paid: 1})
            if rest:
                penalty = min(rest, key=lambda c: (needs.get(c, 0) > 0, colours.value(c), c))
                out.append(Counter({paid: 1}) + Counter({penalty: 1}))
        return list({tuple(sorted(c.elements())): c for c in out}.values())
    if card not in three_targets():
        return []
    return [Counter({colour: 3}) for colour, n in colours.ordered(held) if n >= 3 and colour != card]


def discards(position: Position, me: Player) -> list[Offer]:
    advice = advise(me.palette, me.commissions, position.gallery)
    out: list[Offer] = []
    for option in list(advice.options[:DISCARDS]) if advice.options else []:
        note = f"discards {_and(option.discard)}, keeping {plural(len(option.kept), 'card')}"
        out.append((moves.Discard(me.name, option.discard), note))
    return out
