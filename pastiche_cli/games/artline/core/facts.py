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
    players, start = raw["players"], raw["start"]
    at = (start["at"][0], start["at"][1])
    facing, orientations = start["orientation"], tuple(raw["orientations"])
    return Facts(raw["cards"], raw["hand"], players["min"], players["max"], at, facing, raw["draw"], orientations)
