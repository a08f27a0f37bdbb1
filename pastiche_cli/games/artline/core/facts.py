"""Artline's printed facts (data/artline/facts.json): the deck, the hand, the players, the start."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from pastiche_cli.facts import game_data


class Facts(NamedTuple):
    cards: int  # paintings in the box
    hand: int  # dealt to each player
    min_players: int
    max_players: int
    start: tuple[int, int]  # where the starting painting lies
    start_orientation: str
    draw: int  # paintings drawn at the end of a turn
    orientations: tuple[str, ...]


@cache
def facts() -> Facts:
    raw = game_data("artline", "facts.json")
    return Facts(
        raw["cards"],
        raw["hand"],
        raw["players"]["min"],
        raw["players"]["max"],
        (raw["start"]["at"][0], raw["start"]["at"][1]),
        raw["start"]["orientation"],
        raw["draw"],
        tuple(raw["orientations"]),
    )
