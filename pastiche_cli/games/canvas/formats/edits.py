"""The change a take makes to a Canvas file (comments kept): derived from the core's Take, never from options."""

from __future__ import annotations

from typing import Mapping

from pastiche_cli.formats.yamledit import Refused, adding_at_end, delete_item, scalar_text
from pastiche_cli.games.canvas.core.turns import Take


def _flow(items, mapping: bool = False):
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    made = CommentedMap(items) if mapping else CommentedSeq(items)
    made.fa.set_flow_style()
    return made


def player_node(data, name: str):
    """The player's mapping in round-trip data, by name: exactly first, then ignoring case."""
    players = data.get("players") if isinstance(data, Mapping) else None
    named = []
    for node in players if isinstance(players, list) else []:
        text = scalar_text(node.get("name")) if isinstance(node, Mapping) else None
        if text is not None:
            named.append((text.strip(), node))
    for wanted in (lambda n: n == name, lambda n: n.casefold() == name.casefold()):
        for n, node in named:
            if wanted(n):
                return node
    raise Refused(f"cannot find player '{name}' in the file")


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
