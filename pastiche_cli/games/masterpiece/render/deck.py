"""`deck`'s answer: the 49 cards by suit, and the copies of each value."""

from __future__ import annotations

from pastiche_cli.games.masterpiece.core.rule_ids import DECK
from pastiche_cli.render.answer import BLANK, Plain, Table, Told


def deck_told(d) -> Told:
    suits_json = [{"name": s.name, "low": s.low, "high": s.high} for s in d.suits]
    answer = {"rule": DECK, "total": len(d.cards), "suits": suits_json}
    answer["copies"] = {str(v): d.copies(v) for v in d.values}
    answer["cards"] = [str(c) for c in d.cards]
    rows = [[s.name, f"{s.low}-{s.high}", s.high - s.low + 1] for s in d.suits]
    title = f"The deck: {len(d.cards)} cards, each unique [{DECK}]"
    suits = Table(["suit", "values", "cards"], rows, title, ["left", "left", "right"])
    copies = Plain(["copies per value: " + ", ".join(f"{v}: {d.copies(v)}" for v in d.values)])
    return Told(answer, (suits, BLANK, copies))
