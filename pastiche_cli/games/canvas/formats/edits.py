"""The change a take makes to a Canvas file (comments kept): derived from the core's Take, never from options."""

from __future__ import annotations

from typing import Mapping

from pastiche_cli.formats.yamledit import Refused, adding_at_end, delete_item, scalar_text
from pastiche_cli.games.canvas.core.turns import Take
from pastiche_cli.formats.yamledit import named_player_node


def _flow(items, mapping: bool = False):
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    made = CommentedMap(items) if mapping else CommentedSeq(items)
    made.fa.set_flow_style()
    return made


def player_node(data, name: str):
    """The player's mapping in round-trip data, by name: exactly first, then ignoring case."""
    return named_player_node(data, name)


def record_take(data, name: str, take: Take, drawn: str | None) -> list[str]:
    """Move the taken card to the hand, pay and gain tokens, slide the market; `drawn` refills slot 5."""
    node = player_node(data, name)
    market = data.get("market")
    if not isinstance(market, list) or len(market) < take.slot:
        raise Refused("the file's market is not the one judged")
    for i in range(take.slot - 1):          # one token on each card passed over
        entry = market[i]
        tokens = take.market_after[i].tokens
        if isinstance(entry, Mapping):
            entry["tokens"] = tokens
        else:
            market[i] = _flow({"card": scalar_text(entry), "tokens": tokens}, mapping=True)
    delete_item(data, "market", take.slot - 1)
    notes = []
    if drawn is not None:
        adding_at_end(market, lambda: market.append(drawn))
    else:
        notes.append("slot 5 is now empty: add the card drawn from the deck at the end of `market:`")
    hand = node.get("hand")
    if hand is None:
        node["hand"] = _flow([take.card])
    else:
        adding_at_end(hand, lambda: hand.append(take.card))
    node["inspiration"] = take.inspiration_after
    return notes
