"""A commission card of the catalogue told (`pastiche catalogue show`, `list --json`): as JSON and in full."""

from __future__ import annotations

from pastiche_cli.games.pastiche.core.rule_ids import SCORE_BONUS
from pastiche_cli.render.answer import Plain, Told


def card_json(cid: str, card) -> dict:
    out = {"id": cid, "title": card.title, "artist": card.artist, "points": card.points, "palette": list(card.palette)}
    out["artist_bonus"] = card.artist_bonus
    return out


def card_said(cid: str, card) -> str:
    """A card in one line, as `add` says it."""
    return f"{cid}: {card.label()}, palette {', '.join(card.palette)}"


def card_told(cid: str, card, pair) -> Told:
    """One card in full, with its artist's other card and the pair's bonus (`pair`: core.catalogue.pair_of's)."""
    paired = None
    if pair is not None:
        bonus = pair.bonus
        paired = {"partner": pair.partner_id, "summed_points": bonus.summed_points, "table_bonus": bonus.table}
        paired["printed_bonus"] = bonus.printed
    lines = [
        f"{cid}: {card.title}",
        f"  artist:       {card.artist}",
        f"  points:       {card.points}",
        f"  palette:      {', '.join(card.palette)}",
        f"  artist bonus: {'not given' if card.artist_bonus is None else card.artist_bonus}",
    ]
    if pair:
        lines.append(
            f"  pair:         with {pair.partner_id} ({pair.partner.title}, {pair.partner.points}): "
            f"{pair.bonus.summed_points} points, bonus {pair.bonus.bonus} [{SCORE_BONUS}]"
        )
    else:
        lines.append(f"  pair:         the catalogue has no other card by {card.artist}")
    return Told({**card_json(cid, card), "pair": paired}, [Plain(lines)])
